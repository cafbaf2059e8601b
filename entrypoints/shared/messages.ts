/**
 * Messages between extension pages (side panel, drawer) and the content script in a tab.
 * Kept in one small module so an upgrade of WXT's messaging touches one place.
 */
import { browser } from 'wxt/browser';
import type { PageSummary, TableCheck, TablePost } from '../../lib/view';
import type { Settings } from '../../lib/settings/schema';
import { DEFAULT_SETTINGS } from '../../lib/settings/defaults';
import { CATALOGS, checkedCatalog, pickLocale, registerCatalog } from '../../lib/i18n';
import { setLocale } from '../../components/locale';
import { isRpolHost } from '../../lib/forums/rpol/page';

export type Request =
  | { type: 'summary' }
  | { type: 'jump'; id: string }
  | { type: 'insert'; text: string }
  | { type: 'refold'; newDuelAt: number[] }
  /** The drawer: open or close it (the keyboard command), or close it from inside its frame (Escape). */
  | { type: 'drawer'; open?: boolean };
export type InsertResult = { ok: true } | { ok: false; error: string };
type Answer<R extends Request> = R extends { type: 'summary' } ? PageSummary : R extends { type: 'insert' } ? InsertResult : { ok: boolean };

export async function askTab<R extends Request>(tabId: number, request: R): Promise<Answer<R> | null> {
  try {
    return ((await browser.tabs.sendMessage(tabId, request)) as Answer<R>) ?? null;
  } catch {
    return null; // no content script there (not an RPOL page)
  }
}

/**
 * In the content script: answer the panel's requests. The answer goes back through `sendResponse`
 * (the content script has the browser's own API, without the polyfill, and Chrome's own listeners
 * answer that way).
 */
export function answerRequests(handler: (r: Request) => Promise<unknown> | unknown): () => void {
  const listener = (message: unknown, _sender: unknown, sendResponse: (answer: unknown) => void) => {
    const r = message as Request;
    if (!r || typeof r !== 'object' || !('type' in r) || !REQUEST_TYPES.has(String(r.type))) return undefined;
    Promise.resolve()
      .then(() => handler(r))
      .then(sendResponse, () => sendResponse(null));
    return true;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

/**
 * The content script's settings: the background reads and validates them (zod) and answers.
 * Defaults when the background cannot answer.
 */
export async function askSettings(): Promise<Settings> {
  try {
    const answer = (await browser.runtime.sendMessage({ type: 'settings' })) as { settings?: Settings; locale?: unknown; catalog?: unknown } | undefined;
    // With the settings, the catalogue of the page's language (the content script carries none).
    const catalog = checkedCatalog(answer?.catalog);
    if (catalog && (answer?.locale === 'en' || answer?.locale === 'it')) {
      registerCatalog(answer.locale, catalog);
      setLocale(answer.locale);
    }
    return answer?.settings ?? DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Ask the background to judge a thread's table posts (the game engines stay out of the content script). */
export async function askTableChecks(posts: TablePost[], thread: string): Promise<TableCheck[]> {
  try {
    const answer = (await browser.runtime.sendMessage({ type: 'judge-tables', posts, thread })) as { checks?: TableCheck[] } | undefined;
    return Array.isArray(answer?.checks) ? answer.checks : [];
  } catch {
    return [];
  }
}

/** A page of RPOL's own hosts, over http(s): the only pages whose reader may ask for the extras. */
function onRpol(url: string | undefined): boolean {
  try {
    const u = new URL(url ?? '');
    return (u.protocol === 'https:' || u.protocol === 'http:') && isRpolHost(u.hostname);
  } catch {
    return false;
  }
}

/**
 * In the background: put the extras (entrypoints/shared/extras.ts) into the frame whose reader asks.
 * Only our content script on an RPOL page can ask: runtime messages come from the extension's own
 * scripts, and the frame is the sender's own.
 */
export function answerExtrasRequests(inject: (tabId: number, frameId: number) => Promise<void>): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: { tab?: { id?: number }; frameId?: number; url?: string }) => {
    const m = message as { type?: unknown };
    if (!m || typeof m !== 'object' || m.type !== 'load-extras') return undefined;
    const tabId = sender.tab?.id;
    if (tabId === undefined || !onRpol(sender.url)) return Promise.resolve({ ok: false, error: 'not an RPOL page' });
    return inject(tabId, sender.frameId ?? 0).then(
      () => ({ ok: true }),
      (e: unknown) => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
  });
}

/** In the background: judge table posts sent by a content script (every field checked: the page wrote them). */
export function answerTableRequests(judge: (posts: TablePost[], thread: string) => TableCheck[]): void {
  browser.runtime.onMessage.addListener((message: unknown) => {
    const m = message as { type?: unknown; posts?: unknown; thread?: unknown };
    if (!m || typeof m !== 'object' || m.type !== 'judge-tables' || !Array.isArray(m.posts)) return undefined;
    const posts = m.posts
      .filter(
        (p): p is TablePost =>
          !!p &&
          typeof p === 'object' &&
          Number.isInteger((p as TablePost).post) &&
          typeof (p as TablePost).text === 'string' &&
          typeof (p as TablePost).author === 'string',
      )
      .slice(0, 5000)
      .map((p) => ({ post: p.post, author: p.author.slice(0, 200), text: p.text.slice(0, 60_000) }));
    try {
      const thread = typeof m.thread === 'string' && /^[\d-]{1,9}\/[\d-]{1,9}$/.test(m.thread) ? m.thread : '-/-';
      return Promise.resolve({ checks: judge(posts, thread) });
    } catch {
      return Promise.resolve({ checks: [] });
    }
  });
}

/** The duel's context for a thread: the user's bound sheet and the posts marked as new duels. */
export interface DuelContextAnswer {
  /** Server rolls seen on the thread's other pages: [tipKey, post]. */
  seenTips: [string, number][];
  bound: string | null;
  /** Sheets read on this game's character pages. */
  sheets: string[];
  newDuelAt: number[];
}

export async function askDuelContext(threadKey: string): Promise<DuelContextAnswer> {
  try {
    const answer = (await browser.runtime.sendMessage({ type: 'duel-context', threadKey })) as Partial<Record<keyof DuelContextAnswer, unknown>> | undefined;
    return {
      seenTips: Array.isArray(answer?.seenTips)
        ? (answer.seenTips as unknown[]).filter((t): t is [string, number] => Array.isArray(t) && typeof t[0] === 'string' && Number.isInteger(t[1]))
        : [],
      bound: typeof answer?.bound === 'string' ? answer.bound : null,
      sheets: Array.isArray(answer?.sheets) ? answer.sheets.filter((t): t is string => typeof t === 'string') : [],
      newDuelAt: Array.isArray(answer?.newDuelAt) ? answer.newDuelAt.filter((n): n is number => Number.isInteger(n)) : [],
    };
  } catch {
    return { seenTips: [], bound: null, sheets: [], newDuelAt: [] };
  }
}

/** Tell the background which server rolls this page showed first (kept for the thread's other pages). */
export async function tellSeenRolls(threadKey: string, tips: [string, number][]): Promise<void> {
  if (!tips.length) return;
  try {
    await browser.runtime.sendMessage({ type: 'seen-rolls', threadKey, tips });
  } catch {
    /* no background: reuse is then checked within this page only */
  }
}

/** Tell the background about a sheet read on a character page of game `gi`. */
export async function tellPageSheet(gi: string, text: string): Promise<void> {
  try {
    await browser.runtime.sendMessage({ type: 'page-sheet', gi, text });
  } catch {
    /* the background is not there: nothing is kept */
  }
}

export function answerDuelContextRequests(
  read: (threadKey: string) => Promise<DuelContextAnswer>,
  keep: (gi: string, text: string) => Promise<void>,
  seen: (threadKey: string, tips: [string, number][]) => Promise<void>,
): void {
  browser.runtime.onMessage.addListener((message: unknown) => {
    const m = message as { type?: unknown; threadKey?: unknown; gi?: unknown; text?: unknown; tips?: unknown };
    if (!m || typeof m !== 'object') return undefined;
    if (m.type === 'seen-rolls' && typeof m.threadKey === 'string' && m.threadKey.length <= 200 && Array.isArray(m.tips)) {
      const tips = (m.tips as unknown[])
        .filter(
          (t): t is [string, number] => Array.isArray(t) && typeof t[0] === 'string' && t[0].length <= 20 && Number.isInteger(t[1]) && (t[1] as number) > 0,
        )
        .slice(0, 4000);
      return seen(m.threadKey, tips).then(() => ({ ok: true }));
    }
    if (m.type === 'duel-context' && typeof m.threadKey === 'string' && m.threadKey.length <= 200) return read(m.threadKey);
    if (m.type === 'page-sheet' && typeof m.gi === 'string' && /^\d{1,9}$/.test(m.gi) && typeof m.text === 'string' && m.text.length <= 60_000)
      return keep(m.gi, m.text).then(() => ({ ok: true }));
    return undefined;
  });
}

/** The game's Die Roller log, when the background read it for another thread a moment ago. */
export async function askCachedLog(gi: string): Promise<string | null> {
  try {
    const a = (await browser.runtime.sendMessage({ type: 'cached-log', gi })) as { html?: unknown } | undefined;
    return typeof a?.html === 'string' ? a.html : null;
  } catch {
    return null;
  }
}

export async function tellCachedLog(gi: string, html: string): Promise<void> {
  try {
    await browser.runtime.sendMessage({ type: 'cache-log', gi, html });
  } catch {
    /* no background: no cache */
  }
}

/** In the background: a short memory of each game's dice log (a few minutes, at most a few games). */
export function answerLogCache(ttlMs = 120_000, maxGames = 8): void {
  const cache = new Map<string, { html: string; at: number }>();
  browser.runtime.onMessage.addListener((message: unknown) => {
    const m = message as { type?: unknown; gi?: unknown; html?: unknown };
    if (!m || typeof m !== 'object' || typeof m.gi !== 'string' || !/^\d{1,9}$/.test(m.gi)) return undefined;
    if (m.type === 'cached-log') {
      const hit = cache.get(m.gi);
      return Promise.resolve({ html: hit && Date.now() - hit.at < ttlMs ? hit.html : null });
    }
    if (m.type === 'cache-log' && typeof m.html === 'string' && m.html.length < 3_000_000) {
      cache.set(m.gi, { html: m.html, at: Date.now() });
      while (cache.size > maxGames) cache.delete(cache.keys().next().value!);
      return Promise.resolve({ ok: true });
    }
    return undefined;
  });
}

/** In the background: answer the content script's request for settings. */
export function answerSettingsRequests(read: () => Promise<Settings>, languages: () => readonly string[]): void {
  browser.runtime.onMessage.addListener((message: unknown) => {
    if (message && typeof message === 'object' && (message as { type?: string }).type === 'settings') {
      return read().then((settings) => {
        const locale = pickLocale(settings.language, languages());
        return { settings, locale, catalog: CATALOGS[locale] ?? CATALOGS.en };
      });
    }
    return undefined;
  });
}

// ---- The in-page drawer: a frame of ours, and only ours, talks to its own tab, through the background ----

/** The content script registers the token it puts in its drawer frame's address. */
export async function registerDrawerToken(token: string): Promise<void> {
  try {
    await browser.runtime.sendMessage({ type: 'drawer-token', token });
  } catch {
    /* no background: the drawer will say it cannot reach the page */
  }
}

/** From the drawer frame: a request for the tab holding it, relayed by the background (which checks the sender). */
export async function askOwnTab<R extends Request>(token: string, request: R): Promise<Answer<R> | null> {
  try {
    const a = (await browser.runtime.sendMessage({ type: 'relay', token, request })) as { ok?: boolean; answer?: Answer<R> } | undefined;
    return a?.ok ? (a.answer ?? null) : null;
  } catch {
    return null;
  }
}

/** From the drawer frame: is this frame the drawer its tab's content script opened? */
export async function checkDrawerToken(token: string): Promise<boolean> {
  try {
    const a = (await browser.runtime.sendMessage({ type: 'drawer-check', token })) as { ok?: boolean } | undefined;
    return a?.ok === true;
  } catch {
    return false;
  }
}

const REQUEST_TYPES = new Set(['summary', 'jump', 'insert', 'refold', 'drawer']);

/**
 * In the background: drawer tokens per tab (from the tab's own content script, top frame), and the
 * relay from a drawer frame to its own tab only. A frame a page made has no token and gets nothing.
 */
export function answerDrawerRelay(extensionOrigin: string): void {
  const tokens = new Map<number, string>();
  browser.runtime.onMessage.addListener((message: unknown, sender: { tab?: { id?: number }; frameId?: number; url?: string; id?: string }) => {
    const m = message as { type?: unknown; token?: unknown; request?: unknown };
    if (!m || typeof m !== 'object' || typeof m.token !== 'string' || m.token.length < 16 || m.token.length > 100) return undefined;
    const tab = sender.tab?.id;
    if (sender.id !== browser.runtime.id || tab === undefined) return undefined;
    const fromOurFrame = typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
    if (m.type === 'drawer-token' && !fromOurFrame && sender.frameId === 0) {
      tokens.set(tab, m.token);
      return Promise.resolve({ ok: true });
    }
    if (m.type === 'drawer-check' && fromOurFrame) return Promise.resolve({ ok: tokens.get(tab) === m.token });
    if (m.type === 'relay' && fromOurFrame) {
      const r = m.request as { type?: unknown } | null;
      if (tokens.get(tab) !== m.token || !r || typeof r !== 'object' || typeof r.type !== 'string' || !REQUEST_TYPES.has(r.type))
        return Promise.resolve({ ok: false });
      return browser.tabs.sendMessage(tab, r, { frameId: 0 }).then(
        (answer: unknown) => ({ ok: true, answer }),
        () => ({ ok: false }),
      );
    }
    return undefined;
  });
  browser.tabs.onRemoved.addListener((tab: number) => tokens.delete(tab));
}
