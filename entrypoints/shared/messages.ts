/**
 * The transport of the messages in ./protocol.ts: asking (each answer through its check) and
 * answering (each message read by its check before its handler sees it). Kept in one module so an
 * upgrade of the browser's messaging touches one place.
 */
import { browser } from 'wxt/browser';
import { setLocale } from '../../components/locale';
import { CATALOGS, checkedCatalog, pickLocale, registerCatalog } from '../../lib/i18n';
import { DEFAULT_PAGE_SETTINGS, type PageSettings, pageSettings } from '../../lib/settings/defaults';
import type { Settings } from '../../lib/settings/schema';
import type { PageSummary, TableCheck, TablePost } from '../../lib/view';
import { checkPageStart, duelFrom, PAGE_START_KEY, pageCatalog, SETTINGS_SAVED_AT_KEY, seenKey, seenOf, settingsFrom } from './page-start';
import {
  type BackgroundAnswer,
  type BackgroundMessage,
  type BackgroundProtocol,
  type BackgroundType,
  type Check,
  checkCachedLog,
  checkDone,
  checkDuelContext,
  checkOk,
  checkRelay,
  checkTableChecks,
  conform,
  type DuelContextAnswer,
  isRecord,
  isTabRequest,
  isText,
  listOf,
  NO_DUEL_CONTEXT,
  type SettingsAnswer,
  type TabAnswer,
  type TabProtocol,
  type TabRequest,
  type TabType,
} from './protocol';
import { errorText } from '../../lib/errors';

export type { DuelContextAnswer, Done as InsertResult, TabRequest as Request } from './protocol';

/** Ask the background; null when it cannot answer or answers in another shape. */
async function send<T extends BackgroundType>(
  type: T,
  fields: BackgroundProtocol[T]['ask'],
  check: Check<BackgroundAnswer<T>>,
): Promise<BackgroundAnswer<T> | null> {
  try {
    return check(await browser.runtime.sendMessage({ ...fields, type }));
  } catch {
    return null; // no background (the extension was updated or switched off)
  }
}

/** Tell the background something whose answer the sender does not use (nothing is lost when it cannot hear). */
async function tell<T extends BackgroundType>(type: T, fields: BackgroundProtocol[T]['ask']): Promise<void> {
  try {
    await browser.runtime.sendMessage({ ...fields, type });
  } catch {
    /* no background: what it keeps is then not kept */
  }
}

/** The page's summary, from a content script of this version: its lists are lists. */
const checkSummary: Check<PageSummary> = (x) =>
  isRecord(x) && isText(x.forum, 40) && isText(x.kind, 40) && ['rolls', 'sheets', 'failures', 'tablePosts', 'tableChecks'].every((k) => Array.isArray(x[k]))
    ? conform<PageSummary>(x, {
        forum: '',
        kind: 'unsupported',
        notice: null,
        url: '',
        gameId: null,
        threadId: null,
        title: null,
        viewer: null,
        rolls: [],
        sheets: [],
        hasReplyForm: false,
        failures: [],
        tablePosts: [],
        tableChecks: [],
        duel: null,
      })
    : null;

const TAB_CHECKS: { [T in TabType]: Check<TabAnswer<T>> } = {
  summary: checkSummary,
  jump: checkOk,
  insert: checkDone,
  refold: checkOk,
  drawer: checkOk,
};

/** Ask a tab's content script, in one frame or in all (null: none there, or it answered in another shape). */
export async function askTab<T extends TabType>(tabId: number, type: T, fields: TabProtocol[T]['ask'], frameId?: number): Promise<TabAnswer<T> | null> {
  try {
    const answer: unknown = await (frameId === undefined
      ? browser.tabs.sendMessage(tabId, { ...fields, type })
      : browser.tabs.sendMessage(tabId, { ...fields, type }, { frameId }));
    return TAB_CHECKS[type](answer);
  } catch {
    return null; // no content script there (not a page we read)
  }
}

/** From the drawer frame: a request for the tab holding it, relayed by the background (which checks the sender). */
export async function askOwnTab<T extends TabType>(session: string, type: T, fields: TabProtocol[T]['ask']): Promise<TabAnswer<T> | null> {
  const request = { ...fields, type } as TabRequest;
  const relayed = await send('relay', { session, request }, checkRelay);
  return relayed?.ok ? TAB_CHECKS[type](relayed.answer) : null;
}

/** From a panel page in a frame: claim this frame as its tab's registered drawer (false: not ours, or claimed already). */
export const claimDrawer = async (nonce: string, session: string): Promise<boolean> => (await send('drawer-check', { nonce, session }, checkOk))?.ok === true;

// ---- The content script's side ----

/**
 * Answer the panel's requests. The answer goes back through `sendResponse` (the content script
 * has the browser's own API, without the polyfill, and Chrome's own listeners answer that way).
 */
export function answerRequests(handler: (r: TabRequest) => Promise<unknown> | unknown): () => void {
  const listener = (message: unknown, _sender: unknown, sendResponse: (answer: unknown) => void) => {
    if (!isTabRequest(message)) return undefined;
    Promise.resolve()
      .then(() => handler(message))
      .then(sendResponse, () => sendResponse(null));
    return true;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

const checkSettings: Check<SettingsAnswer> = (x) =>
  isRecord(x) ? { settings: conform(x.settings, DEFAULT_PAGE_SETTINGS), locale: x.locale === 'it' ? 'it' : 'en', catalog: checkedCatalog(x.catalog) } : null;

/**
 * The settings of a page of game `gameId`, thread `threadKey` (validated by the background), with
 * the catalogue of the page's language; defaults when the background cannot answer.
 */
export async function askSettings(gameId: string | null, threadKey: string): Promise<PageSettings> {
  const answer = await send('settings', { gameId, threadKey }, checkSettings);
  if (answer?.catalog) {
    registerCatalog(answer.locale, answer.catalog);
    setLocale(answer.locale);
  }
  return answer?.settings ?? DEFAULT_PAGE_SETTINGS;
}

/** How a page gets its settings and a thread's duel context before it reads its first post. */
export interface PageStartReader {
  settings(gameId: string | null, threadKey: string): Promise<PageSettings>;
  /** The duel's context of thread `threadKey`, with the seen rolls kept for `rollsKey` (./page-start's rollsKeyOf). */
  duel(threadKey: string, rollsKey: string): Promise<DuelContextAnswer>;
}

/**
 * Read the background's kept copy of what a page needs (./page-start) and the seen rolls kept for
 * the thread the address names (`rollsKey`), in one storage read begun now; a thread the page's
 * header names otherwise has its seen rolls read then. Whatever the copy cannot tell (it is missing
 * or older than the settings, or the thread's game has page sheets) is asked of the background.
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
    async settings(gameId, threadKey) {
      const { start } = await read;
      return start ? settingsFrom(start, gameId, threadKey) : askSettings(gameId, threadKey);
    },
    async duel(threadKey, key) {
      const [{ start }, seen] = await Promise.all([read, seenOfThread(key)]);
      return (start && duelFrom(start, seen, threadKey)) ?? { ...(await askDuelContext(threadKey)), seenTips: seenOf(seen) };
    },
  };
}

/** Ask the background to judge a thread's table posts (the game engines stay out of the content script). */
export const askTableChecks = async (posts: TablePost[], thread: string): Promise<TableCheck[]> =>
  (await send('judge-tables', { posts, thread }, checkTableChecks))?.checks ?? [];

export const askDuelContext = async (threadKey: string): Promise<DuelContextAnswer> =>
  (await send('duel-context', { threadKey }, checkDuelContext)) ?? NO_DUEL_CONTEXT;

/**
 * Tell the background which server rolls this page showed first, kept by `rollsKey` (./page-start's
 * rollsKeyOf) for the thread's other pages; without it, reuse is checked within the page.
 */
export async function tellSeenRolls(rollsKey: string, tips: [string, number][]): Promise<void> {
  if (tips.length) await tell('seen-rolls', { threadKey: rollsKey, tips });
}

/** Keep a sheet read on a character page of game `gi`: the reason when it could not be saved, else null (none when no background hears). */
export const keepPageSheet = async (gi: string, text: string): Promise<string | null> => {
  const r = await send('page-sheet', { gi, text }, checkDone);
  return r && !r.ok ? r.error : null;
};

/** The game's Die Roller log, when the background read it for another thread a moment ago. */
export const askCachedLog = async (gi: string): Promise<string | null> => (await send('cached-log', { gi }, checkCachedLog))?.html ?? null;

export const tellCachedLog = (gi: string, html: string): Promise<void> => tell('cache-log', { gi, html });

/** Ask the background to put the extras into this frame. */
export const askExtras = (): Promise<BackgroundAnswer<'load-extras'> | null> => send('load-extras', {}, checkDone);

/** The key of the message that hands the drawer's frame its nonce. */
export const DRAWER_NONCE = 'sparkScribeDrawer';

/** The content script registers the drawer it is opening, by the nonce it will hand its frame (never where the page can read it). */
export const registerDrawer = async (nonce: string): Promise<boolean> => (await send('drawer-open', { nonce }, checkOk))?.ok === true;

/** The content script's drawer is closed: its registration ends. */
export const endDrawer = (): Promise<void> => tell('drawer-close', {});

// ---- The background's side ----

export interface Sender {
  tab?: { id?: number };
  frameId?: number;
  url?: string;
  id?: string;
  /** Chrome: the sending document (a page, or the panel in a frame). */
  documentId?: string;
}

/** How the background answers one kind of message: the message read by its check, then answered (undefined: not ours to answer). */
interface Handler<T extends BackgroundType> {
  read: Check<BackgroundMessage<T>>;
  answer(message: BackgroundMessage<T>, sender: Sender): Promise<BackgroundAnswer<T>> | undefined;
}
export type Handlers = { [T in BackgroundType]?: Handler<T> };

/** One listener for a group of the background's messages; a message of another type, or of a wrong shape, is left alone. */
export function answerMessages(handlers: Handlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Sender) => {
    if (!isRecord(message) || typeof message.type !== 'string' || !Object.hasOwn(handlers, message.type)) return undefined;
    const handler = handlers[message.type as BackgroundType] as Handler<BackgroundType> | undefined;
    const read = handler?.read(message);
    return read ? handler!.answer(read, sender) : undefined;
  });
}

const isGame = (x: unknown): x is string => isText(x, 9) && /^\d{1,9}$/.test(x);
const isThreadKey = (x: unknown): x is string => isText(x, 200);
/** A nonce or a session: 128 random bits in hex. */
const isSecret = (x: unknown): x is string => isText(x, 100) && /^[\da-f]{32}$/.test(x);

/**
 * Put the extras (entrypoints/shared/extras.ts) into the frame whose reader asks. Only our
 * content script on a forum's page we read can ask (`readHere`: the forums' own sites and the
 * boards the user added): runtime messages come from the extension's own scripts, and the frame
 * is the sender's own.
 */
export function answerExtrasRequests(inject: (tabId: number, frameId: number) => Promise<void>, readHere: (url: URL) => boolean): void {
  const allowed = (url: string | undefined) => {
    try {
      const u = new URL(url ?? '');
      return (u.protocol === 'https:' || u.protocol === 'http:') && readHere(u);
    } catch {
      return false;
    }
  };
  answerMessages({
    'load-extras': {
      read: () => ({ type: 'load-extras' }),
      answer(_, sender) {
        const tabId = sender.tab?.id;
        if (tabId === undefined || !allowed(sender.url)) return Promise.resolve({ ok: false, error: 'not a page Spark Scribe reads' });
        return inject(tabId, sender.frameId ?? 0).then(
          () => ({ ok: true }),
          (e: unknown) => ({ ok: false, error: errorText(e) }),
        );
      },
    },
  });
}

const isTablePost = (p: unknown): p is TablePost => isRecord(p) && Number.isInteger(p.post) && isText(p.text) && isText(p.author);

/** Judge table posts sent by a content script (every field checked and cut to size: the page wrote them). */
export function answerTableRequests(judge: (posts: TablePost[], thread: string) => TableCheck[]): void {
  answerMessages({
    'judge-tables': {
      read: (m) =>
        isRecord(m) && Array.isArray(m.posts)
          ? {
              type: 'judge-tables',
              posts: listOf(m.posts, isTablePost, 5000)!.map((p) => ({ post: p.post, author: p.author.slice(0, 200), text: p.text.slice(0, 60_000) })),
              thread: isText(m.thread) && /^[\d-]{1,9}\/[\d-]{1,9}$/.test(m.thread) ? m.thread : '-/-',
            }
          : null,
      answer(m) {
        try {
          return Promise.resolve({ checks: judge(m.posts, m.thread) });
        } catch {
          return Promise.resolve({ checks: [] });
        }
      },
    },
  });
}

export function answerDuelContextRequests(
  read: (threadKey: string) => Promise<DuelContextAnswer>,
  keep: (gi: string, text: string) => Promise<void>,
  seen: (threadKey: string, tips: [string, number][]) => Promise<void>,
): void {
  const isTip = (t: unknown): t is [string, number] => Array.isArray(t) && isText(t[0], 20) && Number.isInteger(t[1]) && t[1] > 0;
  answerMessages({
    'seen-rolls': {
      read: (m) =>
        isRecord(m) && isThreadKey(m.threadKey) && Array.isArray(m.tips)
          ? { type: 'seen-rolls', threadKey: m.threadKey, tips: listOf(m.tips, isTip, 4000)! }
          : null,
      answer: (m) => seen(m.threadKey, m.tips).then(() => ({ ok: true })),
    },
    'duel-context': {
      read: (m) => (isRecord(m) && isThreadKey(m.threadKey) ? { type: 'duel-context', threadKey: m.threadKey } : null),
      answer: (m) => read(m.threadKey),
    },
    'page-sheet': {
      read: (m) => (isRecord(m) && isGame(m.gi) && isText(m.text, 60_000) ? { type: 'page-sheet', gi: m.gi, text: m.text } : null),
      answer: (m) =>
        keep(m.gi, m.text).then(
          () => ({ ok: true as const }),
          (e: unknown) => ({ ok: false as const, error: errorText(e).slice(0, 300) }),
        ),
    },
  });
}

/** The origin a message came from, as the browser names its sender ('' for one of the extension's own pages). */
function senderOrigin(sender: Sender): string {
  try {
    return sender.url ? new URL(sender.url).origin : '';
  } catch {
    return '';
  }
}

/**
 * A short memory of each game's dice log (a few minutes, at most a few games), kept by the origin
 * of the page that read it and the game: a plain-http page never feeds the log an https page uses.
 */
export function answerLogCache(ttlMs = 120_000, maxGames = 8): void {
  const cache = new Map<string, { html: string; at: number }>();
  const key = (gi: string, sender: Sender) => `${senderOrigin(sender)} ${gi}`;
  answerMessages({
    'cached-log': {
      read: (m) => (isRecord(m) && isGame(m.gi) ? { type: 'cached-log', gi: m.gi } : null),
      answer(m, sender) {
        const hit = cache.get(key(m.gi, sender));
        return Promise.resolve({ html: hit && Date.now() - hit.at < ttlMs ? hit.html : null });
      },
    },
    'cache-log': {
      read: (m) => (isRecord(m) && isGame(m.gi) && isText(m.html, 2_999_999) ? { type: 'cache-log', gi: m.gi, html: m.html } : null),
      answer(m, sender) {
        cache.set(key(m.gi, sender), { html: m.html, at: Date.now() });
        while (cache.size > maxGames) cache.delete(cache.keys().next().value!);
        return Promise.resolve({ ok: true });
      },
    },
  });
}

/** A page's settings, from the settings validated (zod) when read, with the words of the page's language a page uses. */
export function answerSettingsRequests(read: () => Promise<Settings>, languages: () => readonly string[]): void {
  answerMessages({
    settings: {
      read: (m) => (isRecord(m) && isThreadKey(m.threadKey) ? { type: 'settings', gameId: isGame(m.gameId) ? m.gameId : null, threadKey: m.threadKey } : null),
      answer: (m) =>
        read().then((settings) => {
          const locale = pickLocale(settings.language, languages());
          const catalog = CATALOGS[locale] ?? CATALOGS.en;
          return { settings: pageSettings(settings, m.gameId, m.threadKey), locale, catalog: catalog ? pageCatalog(catalog) : null };
        }),
    },
  });
}

/** The page address a drawer belongs to (its fragment aside: a jump within the page is the same page). */
const pageOf = (url: string | undefined): string | null => {
  try {
    const u = new URL(url ?? '');
    u.hash = '';
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};

interface DrawerRegistration {
  /** What the content script handed its drawer's frame. */
  nonce: string;
  /** The frame that showed it first (the drawer's own: the nonce went to it alone). */
  frameId?: number;
  /** The page (top frame) that made it, and, on Chrome, that page's document. */
  page: string;
  documentId?: string;
  /** The secret of the panel document that claimed the frame (one claim per registration). */
  session?: string;
}

/**
 * The drawers' registrations, one per tab: made by the tab's own content script (top frame) for the
 * frame it made, ended when the drawer closes, when the top frame goes to another page, and when
 * the tab closes. The relay answers only the panel document that claimed its tab's registered
 * frame, and asks only the page that registered it. A frame a page made, or any later document in
 * the drawer's frame, gets nothing: no capability ever travels where the page can read it.
 */
export function answerDrawerRelay(extensionOrigin: string): void {
  const drawers = new Map<number, DrawerRegistration>();
  const ours = (sender: Sender) => sender.id === browser.runtime.id && sender.tab?.id !== undefined;
  const fromOurFrame = (sender: Sender) => typeof sender.url === 'string' && sender.url.startsWith(`${extensionOrigin}/sidepanel.html`);
  const fromTopPage = (sender: Sender) => ours(sender) && !fromOurFrame(sender) && sender.frameId === 0 && pageOf(sender.url) !== null;
  /** The registration this panel document holds, if any. */
  const held = (sender: Sender, session: string) => {
    const d = ours(sender) && fromOurFrame(sender) ? drawers.get(sender.tab!.id!) : undefined;
    return d && d.session !== undefined && d.frameId === sender.frameId && d.session === session ? d : undefined;
  };
  answerMessages({
    'drawer-open': {
      read: (m) => (isRecord(m) && isSecret(m.nonce) ? { type: 'drawer-open', nonce: m.nonce } : null),
      answer(m, sender) {
        if (!fromTopPage(sender)) return undefined;
        drawers.set(sender.tab!.id!, { nonce: m.nonce, page: pageOf(sender.url)!, documentId: sender.documentId });
        return Promise.resolve({ ok: true });
      },
    },
    'drawer-close': {
      read: () => ({ type: 'drawer-close' }),
      answer(_, sender) {
        if (!fromTopPage(sender)) return undefined;
        drawers.delete(sender.tab!.id!);
        return Promise.resolve({ ok: true });
      },
    },
    'drawer-check': {
      read: (m) => (isRecord(m) && isSecret(m.nonce) && isSecret(m.session) ? { type: 'drawer-check', nonce: m.nonce, session: m.session } : null),
      answer(m, sender) {
        if (!ours(sender) || !fromOurFrame(sender) || !sender.frameId) return undefined;
        const d = drawers.get(sender.tab!.id!);
        if (!d || d.nonce !== m.nonce) return Promise.resolve({ ok: false });
        // One claim per opening: the first document to show the nonce, in its frame.
        if (d.session === undefined) {
          d.session = m.session;
          d.frameId = sender.frameId;
        }
        return Promise.resolve({ ok: d.session === m.session && d.frameId === sender.frameId });
      },
    },
    relay: {
      read: (m) => (isRecord(m) && isSecret(m.session) && isTabRequest(m.request) ? { type: 'relay', session: m.session, request: m.request } : null),
      answer(m, sender) {
        if (!ours(sender) || !fromOurFrame(sender)) return undefined;
        const d = held(sender, m.session);
        if (!d) return Promise.resolve({ ok: false });
        // To the page that registered it (Chrome: that very document), never to whatever the tab shows now.
        const to = d.documentId ? { documentId: d.documentId } : { frameId: 0 };
        return browser.tabs.sendMessage(sender.tab!.id!, m.request, to as { frameId: number }).then(
          (answer: unknown) => ({ ok: true, answer }),
          () => ({ ok: false }),
        );
      },
    },
  });
  browser.tabs.onRemoved.addListener((tab: number) => drawers.delete(tab));
  // The top frame goes to another page: that page's drawer is gone. (A reload ends it from the
  // page, on pagehide; the reloaded page's frames have new ids, and on Chrome the relay is pinned
  // to the registering document.)
  browser.tabs.onUpdated.addListener((tab: number, change: { url?: string }) => {
    const d = drawers.get(tab);
    if (d && change.url !== undefined && pageOf(change.url) !== d.page) drawers.delete(tab);
  });
}
