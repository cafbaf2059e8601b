import { browser } from 'wxt/browser';
import { judgeTablePosts } from '../../lib/games/tables';
import { answerDrawerRelay, answerDuelContextRequests, answerLogCache, answerSettingsRequests, answerTableRequests } from '../shared/messages';
import { addSeenRolls, readBoundSheet, readDuelStarts, readPageSheets, readSeenRolls, readSettings, writePageSheet } from '../shared/storage';
import { parseSheetText } from '../../lib/spark/sheet';

export default defineBackground(() => {
  // The content script stays small: it asks here for settings, validated with zod on the way out.
  answerSettingsRequests(async () => (await readSettings()).settings);
  // Match logs and deals in a thread are judged here: the game engines stay out of the content script.
  answerTableRequests(judgeTablePosts);
  answerLogCache();
  // The in-page drawer's frame reaches its own tab only, through here.
  answerDrawerRelay(browser.runtime.getURL('/' as never).replace(/\/$/, ''));
  // The duel's context: the user's bound sheet, and where the user marked that new duels start.
  answerDuelContextRequests(
    async (threadKey) => ({
      seenTips: await readSeenRolls(threadKey),
      bound: (await readBoundSheet())?.text ?? null,
      sheets: await readPageSheets(threadKey.split('/')[1] ?? ''),
      newDuelAt: await readDuelStarts(threadKey),
    }),
    async (gi, text) => {
      const name = parseSheetText(text).sheet.name?.replace(/\s+/g, ' ').trim();
      if (name) await writePageSheet(gi, name.slice(0, 120), text);
    },
    addSeenRolls,
  );
  // Chrome: the toolbar button opens the side panel. (Firefox shows its sidebar from the sidebar menu.)
  const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } }).sidePanel;
  sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
});
