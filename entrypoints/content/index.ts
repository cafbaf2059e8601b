/**
 * The RPOL content script: reads the page once (posts as they appear), puts a badge beside each
 * roll and sheet, and answers the side panel (summary, jump, insert into the reply box).
 */
import { RPOL_CONTENT_MATCHES } from '../../lib/forums/rpol/hosts';
import { detectRpolPage } from '../../lib/forums/rpol/page';
import { browser } from 'wxt/browser';
import { answerRequests, askDuelContext, askSettings } from '../shared/messages';
import { startPage } from './page';
import { takeEarly, threadKeyOf } from '../shared/early';

export default defineContentScript({
  matches: RPOL_CONTENT_MATCHES,
  // Once the page is parsed: the requests for settings went out at document_start (early.content.ts),
  // and this script never holds up the parser.
  runAt: 'document_end',
  // No broadcast to the page, and no stopping on a page's event: page scripts cannot shut us down.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    const early = takeEarly(location.href);
    const settingsReady = askSettings(early.settings);
    const contextReady = askDuelContext(threadKeyOf(location.href), early.context);
    if (document.readyState === 'loading') await new Promise((ok) => document.addEventListener('DOMContentLoaded', ok, { once: true }));
    performance.mark('spark-scribe:start');
    const settings = await settingsReady;
    performance.mark('spark-scribe:settings');
    // The language: the one the background chose and sent the catalogue of, with the settings.
    const detection = detectRpolPage(document, location.href);
    const context = await contextReady;
    performance.mark('spark-scribe:context');
    // A task of its own for the first screen: the script's compiling and set-up end one task, and
    // the page may draw in between.
    await new Promise((ok) => setTimeout(ok, 0));
    const page = startPage(detection, settings, context);
    const stop = answerRequests((r) => page.answer(r));
    // WXT's context also ends on an event anyone on the page can dispatch; we stop only when the
    // extension itself is gone (updated or removed), which the runtime shows.
    void ctx;
    const gone = setInterval(() => {
      if (browser.runtime?.id != null) return;
      clearInterval(gone);
      stop();
      page.stop();
    }, 10_000);
  },
});
