/**
 * How a page gets its settings and a thread's duel context before it reads its first post: from
 * the background's kept copy (../shared/page-start.ts), read straight from storage, and asked of
 * the background only when the copy cannot tell.
 */
import { browser } from 'wxt/browser';
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from '../../lib/settings/defaults';
import { checkDuelContext, type DuelContextAnswer, type duelContext, NO_DUEL_CONTEXT } from '../shared/messages/duel';
import { checkSettings, type settings as settingsMessage } from '../shared/messages/settings';
import { checkPageStart, duelFrom, PAGE_START_KEY, SETTINGS_SAVED_AT_KEY, seenKey, seenOf, settingsFrom, speak } from '../shared/page-start';
import { send } from '../shared/transport';

/**
 * The settings of a page of thread `threadKey` (validated by the background), with the catalogue
 * of the page's language; defaults when the background cannot answer.
 */
async function askSettings(threadKey: string): Promise<PageSettings> {
  const answer = await send<typeof settingsMessage>('settings', { threadKey }, checkSettings);
  speak(answer);
  return answer?.settings ?? DEFAULT_PAGE_SETTINGS;
}

/** How a page gets its settings and a thread's duel context before it reads its first post. */
export interface PageStartReader {
  settings(threadKey: string): Promise<PageSettings>;
  /** The duel's context of thread `threadKey`, with the seen rolls kept for `rollsKey` (../shared/page-start's rollsKeyOf). */
  duel(threadKey: string, rollsKey: string): Promise<DuelContextAnswer>;
}

/**
 * Read the background's kept copy of what a page needs (../shared/page-start) and the seen rolls
 * kept for the thread the address names (`rollsKey`), in one storage read begun now; a thread the
 * page's header names otherwise has its seen rolls read then. Whatever the copy cannot tell (it is
 * missing or older than the settings, or the thread's game has page sheets) is asked of the background.
 */
export function readPageStart(rollsKey: string): PageStartReader {
  const seenHere = seenKey(rollsKey);
  const read = browser.storage.local.get([PAGE_START_KEY, SETTINGS_SAVED_AT_KEY, seenHere]).then(
    (all: Record<string, unknown>) => ({ start: checkPageStart(all[PAGE_START_KEY], all[SETTINGS_SAVED_AT_KEY]), seen: all[seenHere] }),
    () => ({ start: null, seen: undefined }),
  );
  const seenOfThread = (key: string): Promise<unknown> =>
    key === rollsKey
      ? read.then((r) => r.seen)
      : browser.storage.local.get(seenKey(key)).then(
          (all: Record<string, unknown>) => all[seenKey(key)],
          () => undefined,
        );
  return {
    async settings(threadKey) {
      const { start } = await read;
      return start ? settingsFrom(start, threadKey) : askSettings(threadKey);
    },
    async duel(threadKey, key) {
      const [{ start }, seen] = await Promise.all([read, seenOfThread(key)]);
      return (
        (start && duelFrom(start, seen, threadKey, key)) ?? {
          ...((await send<typeof duelContext>('duel-context', { threadKey }, checkDuelContext)) ?? NO_DUEL_CONTEXT),
          seenTips: seenOf(seen),
        }
      );
    },
  };
}
