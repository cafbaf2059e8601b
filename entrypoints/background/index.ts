import { browser } from 'wxt/browser';
import { answerSettingsRequests } from '../shared/messages';
import { readSettings } from '../shared/storage';

export default defineBackground(() => {
  // The content script stays small: it asks here for settings, validated with zod on the way out.
  answerSettingsRequests(async () => (await readSettings()).settings);
  // Chrome: the toolbar button opens the side panel. (Firefox shows its sidebar from the sidebar menu.)
  const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } }).sidePanel;
  sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
});
