import type { BrowserContext, Page, Worker } from 'playwright-core';
import { launchWithExtension as launch } from '../../scripts/browser.mjs';
import { shadowOf as pierce, until as waitUntil } from '../../scripts/shadow.mjs';

/** Inside one of our (closed) shadow roots, reached through the debugging protocol. */
export interface Inside {
  click(selector: string, o?: { shift?: boolean }): Promise<void>;
  clickButton(name: string): Promise<void>;
  focus(selector: string): Promise<void>;
  text(selector: string): Promise<string | null>;
  attr(selector: string, name: string): Promise<string | null>;
  count(selector: string): Promise<number>;
  focused(): Promise<string | null>;
}
export const inside = pierce as (page: Page, hostSelector: string, index?: number) => Inside;
export const until = waitUntil as <T>(check: () => Promise<T>, timeout?: number) => Promise<T>;

export interface Browser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  url(path: string): string;
  extensionUrl(path: string): string;
  tabIdOf(part: string): Promise<number | null>;
  close(): Promise<void>;
}

export interface PagesServer {
  port: number;
  close(): Promise<void>;
}
export const launchWithExtension = launch as (o?: {
  headless?: boolean;
  server?: PagesServer;
  extensionDir?: string;
  colorScheme?: 'light' | 'dark';
}) => Promise<Browser & { server: PagesServer }>;

export const DUEL = '/display.cgi?gi=51829&ti=40&show=all';

let opened = 0;

/** Open a page and wait until Spark Scribe has finished its first scan. Each page gets a unique URL. */
export async function openRpol(b: Browser, path: string, wait = '[data-spark-scribe=drawer]'): Promise<Page & { marker: string }> {
  const page = (await b.context.newPage()) as Page & { marker: string };
  page.marker = `visit=${++opened}-${Date.now()}`;
  await page.goto(b.url(`${path}${path.includes('?') ? '&' : '?'}${page.marker}`));
  await page.waitForSelector(wait, { state: 'attached', timeout: 15_000 });
  if (wait === '[data-spark-scribe=drawer]') {
    await settled(page);
    await revealAll(page);
  }
  return page;
}

/** Open a page of another forum (a full `http://host/path` address) and wait until it is read and every badge is in. */
export async function openBoard(b: Browser, address: string): Promise<Page & { marker: string }> {
  const page = (await b.context.newPage()) as Page & { marker: string };
  page.marker = `visit=${++opened}-${Date.now()}`;
  const url = new URL(address);
  url.hash = '';
  await page.goto(`${url.href}${url.search ? '&' : '?'}${page.marker}`);
  await settled(page);
  await revealAll(page);
  return page;
}

/** A page's roll badges as the forum fixtures state what each must say: the post, the verdict, the successes. */
export async function rollVerdicts(page: Page): Promise<{ post: number; trust: string; successes: number | null }[]> {
  return (await badgeAttributes(page, 'roll')).map((a) => ({
    post: Number(a['data-post']),
    trust: a['data-trust']!,
    successes: a['data-successes'] ? Number(a['data-successes']) : null,
  }));
}

/**
 * Scroll through the whole page a screen at a time, as a reader would, and back to the top: a
 * post's badges go in only when it comes near the screen. Tests that look at every badge call it.
 */
export async function revealAll(page: Page): Promise<void> {
  await page.evaluate(REVEAL_ALL);
}
/** In the page: each step waits two frames, so the observer has reported what came near. */
export const REVEAL_ALL = async () => {
  const frames = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
    scrollTo(0, y);
    await frames();
  }
  scrollTo(0, 0);
  await frames();
};

/**
 * Wait until Spark Scribe has read the whole page and put in every badge (off-screen posts are
 * read in idle time and badged as they come near, or a few at a time once all is read).
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(IS_SETTLED, undefined, { timeout });
}
/** In the page: has Spark Scribe set its `settled` mark? (Shared with the Firefox tests' driver.) */
export const IS_SETTLED = () => performance.getEntriesByName('spark-scribe:settled').length > 0;

/** Every badge's machine-readable attributes, in page order. */
export function badgeAttributes(page: Page, kind: 'roll' | 'sheet' | 'log') {
  return page.$$eval(`[data-spark-scribe=${kind}]`, (els) =>
    els.map((e) =>
      Object.fromEntries(
        Array.from(e.attributes)
          .filter((a) => a.name.startsWith('data-'))
          .map((a) => [a.name, a.value]),
      ),
    ),
  );
}

export async function storageGet(b: Browser, key: string): Promise<unknown> {
  return b.worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
}

/**
 * The extension's private area (entrypoints/shared/storage/private-area.ts: the extension origin's
 * IndexedDB), read or cleared from the background: `key` read, or every record removed (`null`).
 */
export async function privateArea(b: Browser, key: string | null): Promise<unknown> {
  return b.worker.evaluate(
    (k) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('spark-scribe-private', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('items');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('items', k === null ? 'readwrite' : 'readonly');
          const request = k === null ? tx.objectStore('items').clear() : tx.objectStore('items').get(k);
          tx.oncomplete = () => {
            open.result.close();
            resolve(request.result);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    key,
  );
}

/** Two browser profiles on one page server: two players, each with their own storage. */
export async function launchPair(): Promise<{ first: Browser & { server: PagesServer }; second: Browser; close(): Promise<void> }> {
  const first = await launchWithExtension();
  const second = await launchWithExtension({ server: first.server });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
    },
  };
}

/** The side panel page for a tab, on one of its tabs (`thread`, `duel`, `reply`, `match`, `deal`…). */
export async function openPanelFor(b: Browser, tabId: number, tab = 'thread'): Promise<Page> {
  const panel = await b.context.newPage();
  await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=${tab}`));
  return panel;
}

type Attributes = Record<string, string>;
/** The duel thread's badges against what the sample page says each roll and sheet is (Chromium and Firefox alike). */
export function expectDuelBadges(
  rolls: Attributes[],
  sheets: Attributes[],
  expected: { rolls: unknown[]; sheets: unknown[] },
  check: (got: unknown, want: unknown, what: string) => void,
): void {
  check(rolls.length, expected.rolls.length, 'roll badges');
  rolls.forEach((attrs, i) => {
    const e = expected.rolls[i] as { post: number; kind: string; successes: number | null; outcome: string; trust: string };
    check(attrs['data-post'], String(e.post), `roll ${i} post`);
    check(attrs['data-kind'], e.kind, `roll ${i} kind`);
    check(attrs['data-successes'], e.successes === null ? undefined : String(e.successes), `roll ${i} successes`);
    check(attrs['data-outcome'], e.outcome, `roll ${i} outcome`);
    check(attrs['data-trust'], e.trust, `roll ${i} trust`);
  });
  const want = (expected.sheets as { post: number; spent: number; unspent: number; findings: number }[]).map((x) => [
    String(x.post),
    String(x.spent),
    String(x.unspent),
    String(x.findings),
  ]);
  check(
    JSON.stringify(sheets.map((x) => [x['data-post'], x['data-xp-spent'], x['data-xp-unspent'], x['data-findings']])),
    JSON.stringify(want),
    'sheet badges',
  );
}
