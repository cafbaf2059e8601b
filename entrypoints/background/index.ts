import { browser } from 'wxt/browser';
import { judgeTablePosts } from '../../lib/games/tables';
import { answerSettingsRequests, answerTableRequests } from '../shared/messages';
import { readSettings } from '../shared/storage';

export default defineBackground(() => {
  // The content script stays small: it asks here for settings, validated with zod on the way out.
  answerSettingsRequests(async () => (await readSettings()).settings);
  // Match logs and deals in a thread are judged here: the game engines stay out of the content script.
  answerTableRequests(judgeTablePosts);
  // Chrome: the toolbar button opens the side panel. (Firefox shows its sidebar from the sidebar menu.)
  const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } }).sidePanel;
  sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
});
