/**
 * One page, read: its context, the thread's reading on a thread page, and the features its kind
 * picks, each started with `init(context, signal)`. `stop()` aborts the signal: every feature
 * cleans up, and nothing that answers later (the extras, the background) puts anything in.
 */
import type { Forum, PageDetection } from '../../lib/forums/forum';
import type { PageSettings } from '../../lib/settings/defaults';
import { NO_DUEL_CONTEXT } from '../shared/messages/duel';
import type { TabRequest as Request } from '../shared/messages/tab';
import { FEATURES } from './features';
import { createPageContext, type DuelContext, markAllRead, type PageContext, type PageKeys } from './page-context';
import { type PostSource, readThread } from './reading';

export interface RunningPage {
  answer(r: Request): unknown;
  stop(): void;
  /** The page's context (for the tests). */
  readonly context: PageContext;
}

export function runPage(
  forum: Forum,
  detection: PageDetection,
  settings: PageSettings,
  keys: PageKeys,
  duel: DuelContext = NO_DUEL_CONTEXT,
  source: PostSource = {},
): RunningPage {
  const controller = new AbortController();
  const signal = controller.signal;
  const ctx = createPageContext({ forum, detection, settings, keys, duel }, controller);
  if (detection.kind === 'thread') ctx.reading = readThread(ctx, source, signal);
  for (const feature of FEATURES) {
    if ((feature.on && !feature.on.includes(detection.kind)) || (feature.enabled && !feature.enabled(settings))) continue;
    feature.init(ctx, signal);
  }
  // Pages with nothing to read in parts: every moment the benchmarks name is now.
  if (detection.kind === 'old-layout' || detection.kind === 'unsupported') markAllRead();
  ctx.reading?.start();
  return {
    answer(r) {
      const answer = ctx.answers[r.type] as ((r: Request) => unknown) | undefined;
      return answer?.(r);
    },
    stop: () => controller.abort(),
    context: ctx,
  };
}
