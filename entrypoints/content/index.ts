/**
 * The RPOL content script: reads the page (posts as they appear), puts a badge beside each roll
 * and sheet, and answers the side panel (summary, jump, insert into the reply box). What it does
 * on a page is its features' (./features), run by the page's kind.
 */
import { browser } from 'wxt/browser';
import { uiLocale } from '../../components/locale';
import { RPOL } from '../../lib/forums/rpol/forum';
import { RPOL_CONTENT_MATCHES } from '../../lib/forums/rpol/hosts';
import { feedPosts, whenParsed } from '../../lib/reading/feed';
import { draftKey } from '../../lib/settings/defaults';
import { siteKey } from '../../lib/settings/keys';
import { answerRequests } from '../shared/transport';
import { readPageStart } from './page-start';
import { type RunningPage, runPage } from './run';

export default defineContentScript({
  matches: RPOL_CONTENT_MATCHES,
  // At document_start, so that what the page needs is read before the first post is parsed, and a
  // thread's posts are read and badged as the page parses, in the frames that first show them.
  // (The script does no work at its top level and uses the browser's own API: its evaluation is
  // what holds the parser.)
  runAt: 'document_start',
  // No broadcast to the page, and no stopping on a page's event: page scripts cannot shut us down.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    const forum = RPOL;
    const here = new URL(location.href);
    const gameId = here.searchParams.get('gi');
    const threadId = here.searchParams.get('ti');
    const threadKey = draftKey(here.host, gameId, threadId);
    // What the page read is kept by names its scheme (lib/settings/keys' siteKey); RPOL's by the
    // whole thread (rollsKeyOf: its thread ids are numbered within the game).
    const rollsKey = draftKey(siteKey(here), gameId, threadId);
    // What the page needs before its first post (settings, the duel's context): one storage read.
    const keys = { threadKey, rollsKey };
    const start = readPageStart(rollsKey);
    const settingsReady = start.settings(threadKey);
    const contextReady = start.duel(threadKey, rollsKey);
    const thread = here.pathname.endsWith('/display.cgi');
    // A thread is read as it parses: each post once the parser has gone past it, so that the
    // screen's badges are in the page's first frames, long before DOMContentLoaded on a long page.
    const feed = thread && document.readyState === 'loading' ? feedPosts(document, forum.posts) : null;
    if (feed) await feed.started;
    else await new Promise<void>((ok) => whenParsed(document, ok));
    performance.mark('spark-scribe:start');
    const settings = await settingsReady;
    performance.mark('spark-scribe:settings');
    // The language: the one the background chose and sent the catalogue of, with the settings.
    let detection = forum.detect(document, location.href, uiLocale());
    if (feed && detection.kind !== 'thread') {
      // Not a page of posts after all (an old layout, an error page): decided on the whole page.
      feed.stop();
      await new Promise<void>((ok) => whenParsed(document, ok));
      detection = forum.detect(document, location.href, uiLocale());
    }
    const duel = await contextReady;
    performance.mark('spark-scribe:context');
    let page: RunningPage;
    // Posts that turn out to be out of page order once the page is parsed (a layout whose posts
    // are not siblings): the page is read again, whole, from the top.
    const again = () =>
      queueMicrotask(() => {
        page.stop();
        page = runPage(forum, forum.detect(document, location.href, uiLocale()), settings, keys, duel);
      });
    page = runPage(forum, detection, settings, keys, duel, { feed: detection.kind === 'thread' ? feed : null, onDisorder: again });
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
