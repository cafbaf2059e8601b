/**
 * A board's content script (phpBB, XenForo, vBulletin, Gamers' Plane): the same features as
 * RPOL's, started once the page is parsed (a board's thread and game ids are read from its page,
 * not its address). Each board's own entry passes its forum; nothing of another forum is in it.
 */
import { browser } from 'wxt/browser';
import { uiLocale } from '../../components/locale';
import type { Forum } from '../../lib/forums/forum';
import { whenParsed } from '../../lib/reading/feed';
import { draftKey } from '../../lib/settings/defaults';
import { answerRequests, askDuelContext, askSettings } from '../shared/messages';
import { isStopBoard } from '../shared/protocol';
import { type RunningPage, runPage } from './run';

/** Read this page as one of `forum`'s, until the extension is gone or the user removes the board. */
export async function startBoard(forum: Forum): Promise<void> {
  await new Promise<void>((ok) => whenParsed(document, ok));
  performance.mark('spark-scribe:start');
  const info = forum.threadInfo(document, location.href);
  const threadKey = draftKey(location.host, info.gameId, info.threadId);
  const [settings, duel] = await Promise.all([askSettings(info.gameId, threadKey), askDuelContext(threadKey)]);
  performance.mark('spark-scribe:settings');
  let page: RunningPage | null = runPage(forum, forum.detect(document, location.href, uiLocale()), settings, duel);
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
