/**
 * The background's checks of followed threads (issue 41, item 3): on the schedule set in Options
 * (off, 15, 30 or 60 minutes: an alarm), and when the user asks (Check now), each followed thread's
 * last page is asked for on the thread's own origin with the user's session, at most 2 at once,
 * and read by the forum's own reader: on Chrome in an offscreen document (its service worker has
 * no DOMParser), on Firefox here (its background is a page). What to ask and when, the backoff and
 * the login rule are lib/turns/checks.ts's; here are the network, the alarm and the documents.
 */
import { browser } from 'wxt/browser';
import { uiLocale } from '../../components/locale';
import { rulesForGame } from '../../lib/settings/defaults';
import type { Settings } from '../../lib/settings/schema';
import { waitOf } from '../../lib/threads/plan';
import { AT_ONCE, afterCheck, addressOf, askedKeys, type Checks, dueKeys, MIN_GAP_MS, type Outcome, pool, type Schedule } from '../../lib/turns/checks';
import type { FetchedRead, ReadOptions } from '../../lib/turns/fetched';
import type { Followed } from '../../lib/turns/followed';
import type { DuelContextAnswer } from '../shared/messages/duel';
import { turnsRead } from '../shared/messages/turns';
import { followKeeper } from '../shared/storage/follow';
import { checksItem } from '../shared/storage/follow-checks';
import { turnsPrefsItem } from '../shared/storage/follow-prefs';
import { send } from '../shared/transport';
import { readHtml } from '../shared/turns-read';
import { keepCheckedPages } from './turns';
import type { TurnsPage } from '../shared/messages/turns';

const ALARM = 'turns-check';
/** The most a page may weigh (characters of HTML), as for the thread's other pages. */
const MAX_HTML = 8_000_000;
/** The browser tests' build only: a short interval (seconds) a test sets, for the schedule's test. */
const TEST_EVERY_KEY = 'turnsTestEvery';

export interface CheckSources {
  settings: () => Promise<Settings>;
  duelContext: (threadKey: string) => Promise<DuelContextAnswer>;
}

type Asked =
  | { html: string }
  | { why: Exclude<Outcome['kind'], 'read' | 'login' | 'unreadable'> | 'unreadable'; code?: number; retryAt?: number }
  | { why: 'deferred' };

/** Ask for `address` on `origin` only (checked before the request and after any redirect), with the user's session there. */
async function ask(address: string, origin: string, signal: AbortSignal): Promise<Asked> {
  if (new URL(address).origin !== origin) return { why: 'origin' };
  let res: Response;
  try {
    res = await fetch(address, { credentials: 'include', redirect: 'follow', cache: 'no-store', signal });
  } catch {
    // Stopped because a tab began loading: asked again once it has drawn, not a failure.
    return signal.aborted ? { why: 'deferred' } : { why: 'network' };
  }
  if (res.url && new URL(res.url).origin !== origin) return { why: 'origin' };
  if (res.status === 429) return { why: 'busy', code: 429, retryAt: waitOf(res.headers.get('Retry-After'), Date.now()) };
  if (!res.ok) return { why: 'status', code: res.status };
  if (Number(res.headers.get('Content-Length')) > MAX_HTML) return { why: 'unreadable' };
  const html = await res.text().catch(() => '');
  if (signal.aborted) return { why: 'deferred' };
  return html && html.length <= MAX_HTML ? { html } : { why: 'unreadable' };
}

type OffscreenApi = {
  createDocument(o: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
  hasDocument?(): Promise<boolean>;
};
const offscreenApi = (): OffscreenApi | undefined => (browser as unknown as { offscreen?: OffscreenApi }).offscreen;

/** Where pages are parsed: here where there is a DOMParser (Firefox's background page), else Chrome's offscreen document. */
function reader() {
  let opened: Promise<void> | null = null;
  const open = (api: OffscreenApi) =>
    (opened ??= api
      .createDocument({ url: 'offscreen.html', reasons: ['DOM_PARSER'], justification: 'Read fetched pages of followed threads' })
      .catch(() => {}));
  return {
    /** Make the document that parses (Chrome), before the pass asks for anything: its load is then not in a page's. */
    async prepare(): Promise<void> {
      const api = offscreenApi();
      if (typeof DOMParser !== 'function' && api) await open(api);
    },
    async read(html: string, forum: string, url: string, options: ReadOptions): Promise<FetchedRead | null> {
      if (typeof DOMParser === 'function') return readHtml(html, forum, url, options);
      const api = offscreenApi();
      if (!api) return null;
      await open(api);
      return send<typeof turnsRead>('turns-read', { html, forum, url, options }, turnsRead.answer);
    },
    async close(): Promise<void> {
      if (!opened) return;
      opened = null;
      await offscreenApi()
        ?.closeDocument()
        .catch(() => {});
    },
  };
}

/** A thread key's game (`host/game/thread`; '-': none). */
const gameOfKey = (key: string): string | null => {
  const g = key.split('/')[1];
  return g && g !== '-' ? g : null;
};

/** The options the content script's scanner has: the rules, the duel's context, the language. */
async function optionsFor(s: CheckSources, key: string): Promise<ReadOptions> {
  const [settings, duel] = await Promise.all([s.settings().catch(() => null), s.duelContext(key).catch(() => null)]);
  return {
    // The game's house rules, as its pages have them (the key's game: RPOL's `gi`).
    ...(settings ? { rules: rulesForGame(settings, gameOfKey(key)) } : {}),
    bound: duel?.bound ?? null,
    sheets: duel?.sheets ?? [],
    newDuelAt: duel?.newDuelAt ?? [],
    seenTips: duel?.seenTips ?? [],
    locale: uiLocale(),
  };
}

/** A thread's page read, to keep. */
type Fetched = { page: TurnsPage; url: string };
const NO_LANDMARKS = { titleLength: 0, counts: {} };

/** One followed thread asked for and read: what it came to, and its page to keep. */
type Checked = (Outcome & { fetched?: Fetched }) | { kind: 'deferred' };

async function checkOne(f: Followed, next: string | null, s: CheckSources, pages: ReturnType<typeof reader>, signal: AbortSignal): Promise<Checked> {
  const address = addressOf(f.url, next);
  if (!address) return { kind: 'origin' };
  const asked = await ask(address, new URL(f.url).origin, signal);
  if (!('html' in asked)) return asked.why === 'unreadable' ? { kind: 'unreadable', landmarks: NO_LANDMARKS } : { kind: asked.why, ...asked };
  // Parsed and read when no tab is loading (the fetch took a while: one may have started since).
  await whileTabsLoad();
  const read = await pages.read(asked.html, f.forum, address, await optionsFor(s, f.key));
  if (!read) return { kind: 'unreadable', landmarks: NO_LANDMARKS };
  if (read.kind !== 'page') return read;
  // Another thread's page (a redirect within the origin): not this thread's, not kept.
  if (read.page.threadKey !== f.key) return { kind: 'unreadable', landmarks: NO_LANDMARKS };
  const last = read.paging && read.paging.page < read.paging.count ? read.paging.last : address;
  return { kind: 'read', next: last, fetched: { page: read.page, url: address } };
}

/** The schedule (the browser tests' build may set a short interval, which then stands for the 15-minute gap too). */
async function scheduleOf(): Promise<Schedule & { off: boolean }> {
  const prefs = await turnsPrefsItem.read();
  if (import.meta.env.MODE === 'e2e') {
    const test = Number((await browser.storage.local.get(TEST_EVERY_KEY))[TEST_EVERY_KEY]);
    if (test > 0) return { every: test * 1000, gap: test * 1000, off: false };
  }
  return { every: prefs.check * 60_000, gap: MIN_GAP_MS, off: prefs.check === 0 };
}

/** The alarm that wakes the schedule: a few times per interval (a thread is due once its interval has passed), or none when off. */
async function arm(): Promise<void> {
  const s = await scheduleOf();
  await browser.alarms.clear(ALARM);
  if (!s.off) await browser.alarms.create(ALARM, { periodInMinutes: Math.min(5, s.every / 3 / 60_000) });
}

/**
 * Wait while a tab is loading (at most 10 s): a page's first frame never shares the machine with a
 * check (the benchmarks measure it). The tabs' status needs no permission.
 */
async function whileTabsLoad(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const loading = await browser.tabs.query({ status: 'loading' }).catch(() => []);
    if (!loading.length) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The requests in flight stopped as soon as a tab begins loading (the browser says so at once; its
 * `status` needs no permission): their responses would be read, and their pages parsed, during that
 * page's first frame. Each request takes the signal of the moment it starts.
 */
function abortOnLoad(): { signal(): AbortSignal; stop(): void } {
  let controller = new AbortController();
  const onUpdated = (_id: number, info: { status?: string }) => {
    if (info.status !== 'loading') return;
    controller.abort();
    controller = new AbortController();
  };
  browser.tabs.onUpdated.addListener(onUpdated);
  return { signal: () => controller.signal, stop: () => browser.tabs.onUpdated.removeListener(onUpdated) };
}

const online = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

/** Keep the checks going: the alarm, the online event, and Check now (resolves once every followed thread was asked). */
export function keepChecking(s: CheckSources): { checkNow(): Promise<boolean> } {
  const pages = reader();
  let running: Promise<void> = Promise.resolve();
  const pass = (kind: 'due' | 'now') => {
    running = running.then(() => runPass(kind, s, pages)).catch(() => {});
    return running;
  };
  browser.alarms.onAlarm.addListener((a: { name: string }) => {
    if (a.name === ALARM) void pass('due');
  });
  // Back online: what fell due meanwhile is asked for now.
  (globalThis as { addEventListener?: (t: string, f: () => void) => void }).addEventListener?.('online', () => void pass('due'));
  turnsPrefsItem.onChange(() => void arm().catch(() => {}));
  if (import.meta.env.MODE === 'e2e')
    browser.storage.onChanged.addListener((changes: Record<string, unknown>) => {
      if (TEST_EVERY_KEY in changes) void arm().catch(() => {});
    });
  void arm().catch(() => {});
  return {
    async checkNow() {
      await checksItem.update((c) => ({ ...c, asked: Date.now() }));
      await pass('now');
      return true;
    },
  };
}

/** One pass: the threads due (or, Check now, every followed one), each asked once, 2 at once; paused while offline. */
async function runPass(kind: 'due' | 'now', s: CheckSources, pages: ReturnType<typeof reader>): Promise<void> {
  const schedule = await scheduleOf();
  if (!online() || (kind === 'due' && schedule.off)) return;
  const store = await followKeeper.read();
  const checks = await checksItem.read();
  const now = Date.now();
  const keys = kind === 'now' ? askedKeys(store, checks, now) : dueKeys(store, checks, now, schedule);
  const outcomes: [string, Outcome, number][] = [];
  const fetched: Fetched[] = [];
  await whileTabsLoad();
  await pages.prepare();
  const loads = abortOnLoad();
  const checkKey = async (key: string, stopped = 0): Promise<void> => {
    await whileTabsLoad();
    const at = Date.now();
    // Stopped twice already (tabs keep loading): the third request runs to its end.
    const signal = stopped < 2 ? loads.signal() : new AbortController().signal;
    const checked = await checkOne(store.threads[key]!, checks.threads[key]?.next ?? null, s, pages, signal).catch((): Checked => ({ kind: 'network' }));
    // Its request stopped as a tab began loading: asked again once the tab has loaded.
    if (checked.kind === 'deferred') return checkKey(key, stopped + 1);
    const { fetched: page, ...outcome } = checked as Outcome & { fetched?: Fetched };
    outcomes.push([key, outcome as Outcome, at]);
    if (page) fetched.push(page);
  };
  await pool(keys, AT_ONCE, checkKey).finally(loads.stop);
  await pages.close();
  // The pages kept, then how each check went: one write each for the whole pass (no tab loading).
  await whileTabsLoad();
  await keepCheckedPages(fetched);
  const followed = new Set(Object.keys((await followKeeper.read()).threads));
  await checksItem.update((c: Checks) => {
    const threads = { ...c.threads };
    for (const [key, outcome, at] of outcomes) threads[key] = afterCheck(threads[key], outcome, at, schedule);
    // What is no longer followed is forgotten.
    return { ...c, done: Date.now(), threads: Object.fromEntries(Object.entries(threads).filter(([k]) => followed.has(k))) };
  });
}
