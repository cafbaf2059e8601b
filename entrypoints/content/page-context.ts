/**
 * What every feature of the content script shares on one page: the forum and the page's kind,
 * the settings, the summary the panel reads, our elements on the page, and the placing of badges
 * as their posts come near the screen (each costs style and layout work: hundreds at once would
 * be a long task). A page is one context; stopping it (read again, or the extension gone) aborts
 * every feature's signal.
 */
import type { Forum, PageDetection, ThreadInfo } from '../../lib/forums/forum';
import type { PageSettings } from '../../lib/settings/defaults';
import type { GameRules } from '../../lib/spark/settings';
import type { PageSummary, RollView } from '../../lib/view';
import type { DuelContextAnswer } from '../shared/messages/duel';
import type { TabRequest as Request } from '../shared/messages/tab';
import type { ThreadReading } from './thread-reading';
import { createHost, shadowRootElement, type Theme } from './mount';
import { themeOf } from '../../components/theme';

export type DuelContext = DuelContextAnswer;

/** An answer for each kind of request the page takes from the panel. */
export type Answers = { [T in Request['type']]?: (r: Extract<Request, { type: T }>) => unknown };

export interface PageContext {
  doc: Document;
  forum: Forum;
  detection: PageDetection;
  info: ThreadInfo;
  settings: PageSettings;
  theme: Theme;
  rules: GameRules;
  /** The thread's key (host/gi/ti): drafts, tables and the post language are kept by it. */
  threadKey: string;
  /** What the thread's seen server rolls are kept by (../shared/page-start's rollsKeyOf). */
  rollsKey: string;
  duel: DuelContext;
  summary: PageSummary;
  /** Our elements on the page, by the id of the roll, sheet or table post they show (the panel jumps to them). */
  hosts: Map<string, HTMLElement>;
  /** The post each roll or sheet stands in (its badges are put in at once when the panel jumps to it). */
  owners: Map<string, Element>;
  /** Put a job (a post's badges) in when the post comes near the screen, or now when it is near. */
  place(post: Element, job: () => void): void;
  /** Run a post's waiting jobs now. */
  flush(post: Element): void;
  /** Mark a post's place on the screen known (the screen's posts are badged at once). */
  near(post: Element): void;
  /** Something the page's "settled" moment waits for (an audit); `done` when it is over. */
  hold(): () => void;
  /** The reading is over: every post read, and what needs the whole page done. */
  readAll(): void;
  /** A note where a post could not be read (`text` is the whole note). */
  badgeFailure(post: number, text: string, where: Element): void;
  /** The thread's reading, on thread pages. */
  reading: ThreadReading | null;
  /** What must be done before the panel's summary is answered (the duel's view, the sheets' audits), in order. */
  beforeSummary: (() => Promise<void>)[];
  /** The features' answers to the panel's requests, by the request's type. */
  answers: Answers;
  /** A roll's view changed after it was read (the dice log's check): its badge shows it. */
  rollUpdated(view: RollView): void;
  readonly stopped: boolean;
}

/** The posts near the screen, and the jobs waiting for the others. */
function makePlacer(settle: () => void) {
  const waiting = new Map<Element, (() => void)[]>();
  /** Posts given to the observer that it has not reported on yet (its first report says where each is). */
  const unreported = new Set<Element>();
  const nearSet = new WeakSet<Element>();
  const flush = (m: Element) => {
    const jobs = waiting.get(m);
    if (!jobs) return;
    waiting.delete(m);
    watchNear?.unobserve(m);
    const wasUnreported = unreported.delete(m);
    for (const job of jobs) job();
    if (wasUnreported) settle();
  };
  const watchNear =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const e of entries) {
              unreported.delete(e.target);
              if (e.isIntersecting) {
                nearSet.add(e.target);
                flush(e.target);
              } else nearSet.delete(e.target);
            }
            settle();
          },
          { rootMargin: '1500px 0px' },
        )
      : null;
  const place = (m: Element, job: () => void) => {
    if (!watchNear || nearSet.has(m)) return job();
    const jobs = waiting.get(m);
    if (jobs) jobs.push(job);
    else {
      waiting.set(m, [job]);
      unreported.add(m);
      watchNear.observe(m);
    }
  };
  return {
    place,
    flush,
    near: (m: Element) => nearSet.add(m),
    pending: () => unreported.size,
    stop() {
      watchNear?.disconnect();
      waiting.clear();
    },
  };
}

/** What the page's thread is kept by (its host) and what the page feeds (its seen rolls: its site, the scheme named), as the script that started the page made them. */
export interface PageKeys {
  threadKey: string;
  rollsKey: string;
}

export interface PageInput {
  forum: Forum;
  detection: PageDetection;
  settings: PageSettings;
  keys: PageKeys;
  duel: DuelContext;
}

/** A page's context; `stop()` aborts its signal (every feature's clean-up). */
export function createPageContext(input: PageInput, controller: AbortController): PageContext {
  const { forum, detection, settings } = input;
  const doc = document;
  const info = forum.threadInfo(doc, location.href);
  let held = 0;
  let allRead = false;
  let settledOnce = false;
  /** The moment the benchmarks and tests wait for: all read, everything held released, and every near post's badges in. */
  const settle = () => {
    if (settledOnce || !allRead || held || placer.pending()) return;
    settledOnce = true;
    performance.mark('spark-scribe:settled');
  };
  const placer = makePlacer(settle);
  controller.signal.addEventListener('abort', () => placer.stop(), { once: true });
  const theme: Theme = themeOf(settings.theme);
  const hosts = new Map<string, HTMLElement>();
  controller.signal.addEventListener('abort', () => {
    for (const h of hosts.values()) h.remove();
  });
  const ctx: PageContext = {
    doc,
    forum,
    detection,
    info,
    settings,
    theme,
    rules: settings.rules,
    ...input.keys,
    duel: input.duel,
    summary: {
      forum: forum.id,
      kind: detection.kind,
      notice: detection.reason,
      url: location.href,
      gameId: info.gameId,
      threadId: info.threadId,
      title: info.title ?? doc.title,
      viewer: info.viewer,
      rolls: [],
      sheets: [],
      // The reply form is at the page's end: looked for when the summary is asked for (panel-answers).
      hasReplyForm: false,
      failures: [],
      tablePosts: [],
      tableChecks: [],
      duel: null,
    },
    hosts,
    owners: new Map(),
    place: placer.place,
    flush: placer.flush,
    near: placer.near,
    hold() {
      held++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        held--;
        settle();
      };
    },
    readAll() {
      allRead = true;
      settle();
    },
    badgeFailure(post, text, where) {
      const { host, shadow } = createHost('failure', { 'data-post': post, 'data-failure': 'true' });
      const note = doc.createElement('span');
      note.className = 'badge t-sheet';
      note.setAttribute('role', 'note');
      note.textContent = `⚠ ${text}`;
      shadowRootElement(shadow, theme).appendChild(note);
      where.insertBefore(host, where.firstChild);
    },
    reading: null,
    beforeSummary: [],
    answers: {},
    rollUpdated: () => {},
    get stopped() {
      return controller.signal.aborted;
    },
  };
  return ctx;
}

/** Pages read in one go (a dice log, a character page): every moment the benchmarks name is now. */
export function markAllRead(): void {
  for (const name of ['spark-scribe:first-screen', 'spark-scribe:read', 'spark-scribe:settled']) performance.mark(name);
}
