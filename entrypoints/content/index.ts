/**
 * The RPOL content script: reads the page once (posts as they appear), puts a badge beside each
 * roll and sheet, and answers the side panel (summary, jump, insert into the reply box).
 */
import { RPOL_CONTENT_MATCHES } from '../../lib/forums/rpol/hosts';
import { detectRpolPage } from '../../lib/forums/rpol/page';
import { browser } from 'wxt/browser';
import { answerRequests, askDuelContext, askSettings } from '../shared/messages';
import { startPage } from './page';
import { warmReader } from './warm';
import { systemTheme } from './mount';
import { draftKey } from '../../lib/settings/defaults';

export default defineContentScript({
  matches: RPOL_CONTENT_MATCHES,
  // At document_start, so that the settings arrive while the page parses, and the posts on screen
  // are read and badged at DOMContentLoaded, before the page's first frame. (The script does no
  // work at its top level and uses the browser's own API: its evaluation is what holds the parser.)
  runAt: 'document_start',
  // No broadcast to the page, and no stopping on a page's event: page scripts cannot shut us down.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    const settingsReady = askSettings();
    const here = new URL(location.href);
    const contextReady = askDuelContext(draftKey(here.host, here.searchParams.get('gi'), here.searchParams.get('ti')));
    if (document.readyState === 'loading') {
      // A thread: warm the reader in a task of its own while the page parses (see warm.ts), unless
      // the page is parsed by then.
      if (here.pathname.endsWith('/display.cgi')) {
        setTimeout(() => {
          if (document.readyState === 'loading') warmReader(systemTheme());
        }, 0);
      }
      await new Promise((ok) => document.addEventListener('DOMContentLoaded', ok, { once: true }));
    }
    performance.mark('spark-scribe:start');
    const settings = await settingsReady;
    performance.mark('spark-scribe:settings');
    // The language: the one the background chose and sent the catalogue of, with the settings.
    const detection = detectRpolPage(document, location.href);
    const context = await contextReady;
    performance.mark('spark-scribe:context');
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
