/**
 * The reader: what the content script loads (a module, while the page parses) to read the page,
 * badge it and answer the side panel. The content script itself only asks the background for the
 * settings and the duel context, and hands their answers over at DOMContentLoaded.
 */
import { detectRpolPage } from '../../lib/forums/rpol/page';
import { browser } from 'wxt/browser';
import { answerRequests, duelContextFromAnswer, settingsFromAnswer } from '../shared/messages';
import { startPage } from './page';

/** Start on a parsed page: `settings` and `context` are the background's raw answers (checked here). */
export function run(settingsAnswer: unknown, contextAnswer: unknown): void {
  performance.mark('spark-scribe:start');
  const settings = settingsFromAnswer(settingsAnswer);
  const context = duelContextFromAnswer(contextAnswer);
  const detection = detectRpolPage(document, location.href);
  const page = startPage(detection, settings, context);
  const stop = answerRequests((r) => page.answer(r));
  // We stop only when the extension itself is gone (updated or removed), which the runtime shows:
  // no event on the page can shut us down.
  const gone = setInterval(() => {
    if (browser.runtime?.id != null) return;
    clearInterval(gone);
    stop();
    page.stop();
  }, 10_000);
}
