/**
 * A board's content script (phpBB, XenForo, vBulletin, Gamers' Plane): the same features and the
 * same reading as RPOL's, started at document_start, so that the posts are read as the parser
 * delivers them and the screen's badges are in the frames that first show them. Each board's own
 * entry passes its forum (a board added in Options gets its software's entry, registered by the
 * background from the stored board: nothing on the page needs to say which software it is).
 */
import { browser } from 'wxt/browser';
import { uiLocale } from '../../components/locale';
import type { Forum, ThreadInfo } from '../../lib/forums/forum';
import { feedPosts, whenParsed } from '../../lib/reading/feed';
import { draftKey } from '../../lib/settings/defaults';
import { siteKey } from '../../lib/settings/keys';
import { rollsKeyOf } from '../shared/page-start';
import { isStopBoard } from '../shared/protocol';
import { answerRequests } from '../shared/transport';
import type { PageKeys } from './page-context';
import { type PageStartReader, readPageStart } from './page-start';
import { type RunningPage, runPage } from './run';

const parsed = () => new Promise<void>((ok) => whenParsed(document, ok));

/** The settings and the duel's context of the thread `info` names, asked for now. */
function ask(start: PageStartReader, forum: Forum, info: ThreadInfo) {
  const keys: PageKeys = { threadKey: draftKey(location.host, info.gameId, info.threadId), rollsKey: rollsKeyOf(forum, siteKey(location), info) };
  return { keys, answers: Promise.all([start.settings(keys.threadKey), start.duel(keys.threadKey, keys.rollsKey)]) };
}

/** Read this page as one of `forum`'s, until the extension is gone or the user removes the board. */
export async function startBoard(forum: Forum): Promise<void> {
  // A board keys its thread by what its page says (the topic's and the forum's ids in its title
  // and breadcrumbs, above the first post). What the page needs is read at once, in one storage
  // read: the kept copy holds every thread's settings and marks, and a topic's seen rolls are kept
  // by its topic id alone, which the address says (its forum's id only the header does). So the
  // header's key, once the first post is parsed, is looked up in what was read (the background is
  // asked only when the copy cannot tell); the posts parsed meanwhile wait in the feed.
  const first = forum.threadInfo(document, location.href);
  const start = readPageStart(rollsKeyOf(forum, siteKey(location), first));
  const early = ask(start, forum, first);
  const feed = document.readyState === 'loading' ? feedPosts(document, forum.posts) : null;
  if (feed) await feed.started;
  else await parsed();
  performance.mark('spark-scribe:start');
  const info = forum.threadInfo(document, location.href);
  const keyed = draftKey(location.host, info.gameId, info.threadId) === early.keys.threadKey ? early : ask(start, forum, info);
  const [settings, duel] = await keyed.answers;
  performance.mark('spark-scribe:settings');
  let detection = forum.detect(document, location.href, uiLocale());
  if (feed && detection.kind !== 'thread') {
    // Not a page of posts after all (an index, an error page): decided on the whole page.
    feed.stop();
    await parsed();
    detection = forum.detect(document, location.href, uiLocale());
  }
  let page: RunningPage | null = null;
  // Posts that turn out to be out of page order once the page is parsed (a style whose posts are
  // not side by side): the page is read again, whole, from the top.
  const again = () =>
    queueMicrotask(() => {
      if (!page) return;
      page.stop();
      page = runPage(forum, forum.detect(document, location.href, uiLocale()), settings, keyed.keys, duel);
    });
  page = runPage(forum, detection, settings, keyed.keys, duel, { feed: detection.kind === 'thread' ? feed : null, onDisorder: again });
  const quit = () => {
    page?.stop();
    page = null;
    stopAnswering();
    browser.runtime.onMessage.removeListener(onStop);
    clearInterval(gone);
  };
  const stopAnswering = answerRequests((r) => page?.answer(r) ?? null);
  // The user removed this board in Options: its badges go at once, and nothing more is read.
  const onStop = (message: unknown, _sender: unknown, reply: (answer: unknown) => void) => {
    if (!isStopBoard(message)) return undefined;
    quit();
    reply({ ok: true });
    return undefined;
  };
  browser.runtime.onMessage.addListener(onStop);
  // Ended only when the extension itself is gone (updated or removed), which the runtime shows.
  const gone = setInterval(() => {
    if (browser.runtime?.id == null) quit();
  }, 10_000);
}
