import '../../lib/i18n/all';
import { browser } from 'wxt/browser';
import { applyLocale, browserLanguages } from '../shared/locale';
import { uiLocale } from '../../components/locale';
import { judgeTablePosts } from '../../lib/games/registry';
import { askTab } from '../shared/transport';
import { EXTRAS_FILE } from '../shared/extras';
import { boardKeeper } from './boards';
import { backgroundHandlers } from './handlers';
import { tellPrivateChanges } from './private-changes';
import { directArea } from '../shared/storage/private-area';
import { answerBackground } from './handlers/handler';
import { addSeenRolls, keepThreadPages, moveOldSeenRolls, onSettingsChanged, readThreadPages, writePageSheet } from '../shared/storage';
import { duelBaseReader, duelContextReader, keepPageStart, settingsReader } from './page-start-copy';
import { parseSheetText } from '../../lib/spark/sheet';
import { keepTurns, keepTurnsPage } from './turns';
import { keepChecking } from './turns-check';

/** Open or close the in-page drawer on the active tab (a page Spark Scribe reads answers; any other does not). */
async function toggleDrawerOnActiveTab(): Promise<void> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id !== undefined) await askTab(tab.id, 'drawer', {}, { frameId: 0 });
}

/** Put the reader's extras into a frame. Chrome: the scripting API; Firefox (MV2): the tabs API, at once even while the page parses. */
async function injectExtras(tabId: number, frameId: number): Promise<void> {
  const scripting = (
    browser as unknown as {
      scripting?: { executeScript(i: { target: { tabId: number; frameIds: number[] }; files: string[]; injectImmediately: boolean }): Promise<unknown> };
    }
  ).scripting;
  if (scripting) await scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [EXTRAS_FILE], injectImmediately: true });
  else
    await (browser.tabs as unknown as { executeScript(t: number, d: { file: string; frameId: number; runAt: string }): Promise<unknown> }).executeScript(
      tabId,
      { file: EXTRAS_FILE, frameId, runAt: 'document_start' },
    );
}

type ShownTab = { id?: number; url?: string; pendingUrl?: string };
/** A tab showing (or on its way to) a page Spark Scribe reads: only then is its address readable here. */
const readsPage = (tab?: ShownTab): boolean => /^https?:/.test(tab?.pendingUrl ?? tab?.url ?? '');
/** How long after the welcome page opens a tab it covered may still be on its way to a page. */
const SETTLING_MS = 5000;

/**
 * The welcome page, in front, unless the window shows a page Spark Scribe reads: an install as the
 * browser starts (sync, a policy, a fresh profile) with that page restored or just opened. Put in
 * front of it, the welcome page would send it to the background, where the browser draws it once a
 * second: the drawer's first frame is then missing from what a click is aimed at (the click is
 * lost), and each control in it waits for a frame to be drawn. So it is opened behind, and brought
 * in front only over a tab that shows no such page; if that tab goes on to one at once, it is
 * shown again.
 */
async function openWelcome(): Promise<void> {
  const welcome = await browser.tabs.create({ url: browser.runtime.getURL('/welcome.html' as never), active: false });
  const [covered] = (await browser.tabs.query({ active: true, windowId: welcome.windowId })) as ShownTab[];
  if (readsPage(covered) || welcome.id === undefined) return;
  await browser.tabs.update(welcome.id, { active: true });
  const id = covered?.id;
  if (id === undefined) return;
  let done = false;
  const showAgain = () => {
    if (done) return;
    done = true;
    browser.tabs.onUpdated.removeListener(onUpdated);
    void browser.tabs
      .get(welcome.id!)
      .then(async (w: { active?: boolean }) => {
        if (w.active) await browser.tabs.update(id, { active: true });
      })
      .catch(() => {});
  };
  const onUpdated = (tab: number, _change: unknown, shown: ShownTab) => {
    if (tab === id && readsPage(shown)) showAgain();
  };
  browser.tabs.onUpdated.addListener(onUpdated);
  setTimeout(() => {
    done = true;
    browser.tabs.onUpdated.removeListener(onUpdated);
  }, SETTLING_MS);
  // It may have gone on to its page while the welcome page came in front, before the listener.
  const now = (await browser.tabs.get(id).catch(() => null)) as ShownTab | null;
  if (readsPage(now ?? undefined)) showAgain();
}

export default defineBackground(() => {
  // The content script stays small: the settings are validated with zod here (kept between
  // changes), and what every page load waits for before its first post is kept ready in storage
  // for it to read at once; pages that cannot use that copy ask here.
  const settings = settingsReader();
  const duelBase = duelBaseReader();
  keepPageStart(settings, duelBase, browserLanguages);
  // An earlier version kept every thread's seen rolls in one object: each thread's goes to its own key.
  void moveOldSeenRolls().catch(() => {});
  // The background writes words too (the games' verdicts on table posts): in the UI's language.
  void settings()
    .then((s) => applyLocale(s.language))
    .catch(() => {});
  onSettingsChanged((s) => applyLocale(s.language));
  // The boards the user added: each read with its software's script, for as long as the browser allows its origin.
  const boards = boardKeeper();
  void settings()
    .then((s) => boards.sync(s))
    .catch(() => {});
  onSettingsChanged((s) => void boards.sync(s));
  // The Turns view's checks of followed threads: on the schedule set in Options, and Check now.
  const checker = keepChecking({ settings, duelContext: duelContextReader(duelBase) });
  answerBackground(
    backgroundHandlers({
      settings,
      languages: browserLanguages,
      // Match logs and deals in a thread are judged here: the game engines stay out of the content script.
      judge: (posts, thread) => judgeTablePosts(posts, thread, uiLocale()),
      // The duel's context: the user's bound sheet, and where the user marked that new duels start.
      duelContext: duelContextReader(duelBase),
      async keepPageSheet(game, text) {
        const name = parseSheetText(text).sheet.name?.replace(/\s+/g, ' ').trim();
        if (name) await writePageSheet(game, name.slice(0, 120), text);
      },
      addSeenRolls,
      // The reader's extras (the roll detail, the sheet audit, ...), put into a tab when its page needs them.
      injectExtras,
      readHere: boards.readHere,
      // The in-page drawer's frame reaches its own tab only, through here.
      extensionOrigin: browser.runtime.getURL('/' as never).replace(/\/$/, ''),
      // A thread's other pages, read by its pages: kept here (validated, capped), asked for by a page.
      readThreadPages: (key) => readThreadPages(key),
      keepThreadPages: (key, more) => keepThreadPages(key, more),
      keepTurnsPage,
      checkTurnsNow: () => checker.checkNow(),
      // The games' private data, for the drawer's panel (its frame may be refused the database).
      privateArea: directArea,
    }),
  );
  tellPrivateChanges();
  // The Turns view: the toolbar badge, the notifications, the toolbar button's choice.
  keepTurns();
  // Chrome: the toolbar button opens the side panel. Firefox: it shows or hides the sidebar.
  const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } }).sidePanel;
  sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
  const sidebar = (browser as unknown as { sidebarAction?: { toggle(): Promise<void> } }).sidebarAction;
  const action = (browser as unknown as { browserAction?: { onClicked: { addListener(f: () => void): void } } }).browserAction;
  // toggle() must run in the click's own call (a user action): no await before it.
  if (sidebar && action) action.onClicked.addListener(() => void sidebar.toggle().catch(() => {}));
  // Firefox for Android has no sidebar: its menu entry for us opens or closes the in-page drawer.
  else if (action) action.onClicked.addListener(() => void toggleDrawerOnActiveTab());
  // The keyboard command: open or close the in-page drawer on the active RPOL tab.
  browser.commands?.onCommand.addListener((command: string) => {
    if (command === 'toggle-drawer') void toggleDrawerOnActiveTab();
  });
  // First run: what Spark Scribe reads, and where to switch it off.
  browser.runtime.onInstalled.addListener((details: { reason: string }) => {
    if (details.reason === 'install') void openWelcome();
  });
});
