// The thread, not the page (issue 40, item 1), in real Chromium and Firefox, on the pages server's
// paged threads (tests/fixtures/paged-pages.mjs): a Spark d10 duel and a Parlor Magic game of 75
// posts over three pages, on RPOL and in a phpBB topic. Opened cold on page 3, the page reads pages
// 1 and 2 (each once, on its own origin) and its badges, its duel and its table checks are those of
// the same posts shown on one page; where page 2 answers 500, a login page or 429, the panel says so
// and the page's own badges are judged; reopened within ten minutes, nothing is asked for again.
import type { Page as FirefoxPage } from 'puppeteer-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { phpbbPostId } from '../fixtures/paged-duel.mjs';
import { pagedAddresses } from '../fixtures/paged-pages.mjs';
import { IS_SETTLED, launchWithExtension, openPanelFor, REVEAL_ALL, type Browser } from './helpers';
import { openExtensionPage } from './firefox-helpers';

const HOSTS = { rpol: 'rpol.net', phpbb: 'forum.mafiascum.net' } as const;
type Forum = keyof typeof HOSTS;

interface Summary {
  duel: unknown;
  tableChecks: unknown[];
  thread?: { state: string; from?: number; to?: number; stop?: { page: number; why: string; status?: number } } | null;
}
type Attributes = Record<string, string>;
interface Seen {
  badges: Record<'roll' | 'sheet' | 'table', Attributes[]>;
  summary: Summary;
}

/** A thread's page address (1…3, or 'whole') on its forum's host. */
function address(forum: Forum, id: number, page: number | 'whole'): string {
  const a = pagedAddresses({ forum, id });
  return `http://${HOSTS[forum]}${page === 'whole' ? a.whole : a.pages[page - 1]}`;
}

/** In the page: every badge's data attributes, by kind, once no badge waits for the thread's other pages. */
const READ_BADGES = () => {
  const of = (kind: string) =>
    Array.from(document.querySelectorAll(`[data-spark-scribe=${kind}]`), (e) =>
      Object.fromEntries(Array.from(e.attributes, (a) => [a.name, a.value]).filter(([n]) => n!.startsWith('data-'))),
    );
  return { roll: of('roll'), sheet: of('sheet'), table: of('table') };
};
/** In the page: nothing waits any more (no roll or table badge says it is reading a page). */
const NOTHING_PENDING = () => !document.querySelector('[data-pending], [data-verdict=pending]');

/** The badges of posts `from` and after (the whole thread's page-3 posts). */
const fromPost = (seen: Seen['badges'], from: number) =>
  Object.fromEntries(Object.entries(seen).map(([k, list]) => [k, list.filter((a) => Number(a['data-post']) >= from)])) as Seen['badges'];

/** Page 3's first post: #51 on RPOL; on phpBB, the post id of the topic's 51st (tests/fixtures/paged-duel.mjs). */
const page3First = (forum: Forum, id: number) => (forum === 'rpol' ? 51 : phpbbPostId(id, 51));

describe('Chromium: a thread opened on its last page', () => {
  let b: Browser & { server: { requests(): Record<string, number>; resetRequests(): void } };
  beforeAll(async () => {
    b = (await launchWithExtension()) as unknown as typeof b;
  });
  afterAll(async () => b?.close());

  let visit = 0;
  async function open(url: string): Promise<{ page: Page; marker: string; tabId: number }> {
    const page = await b.context.newPage();
    const marker = `visit=th${++visit}-${Date.now()}`;
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}${marker}`);
    await page.waitForFunction(IS_SETTLED, undefined, { timeout: 20_000 });
    return { page, marker, tabId: (await b.tabIdOf(marker))! };
  }
  const summaryOf = (tabId: number) => b.worker.evaluate((id) => chrome.tabs.sendMessage(id, { type: 'summary' }), tabId) as Promise<Summary>;
  /** Once the thread's pages are read (or the reading stopped): every badge in, and what the panel is told. */
  async function seen(page: Page, tabId: number): Promise<Seen> {
    await expect.poll(async () => (await summaryOf(tabId)).thread?.state ?? 'none', { timeout: 20_000 }).not.toBe('reading');
    await page.waitForFunction(NOTHING_PENDING, undefined, { timeout: 10_000 });
    await page.evaluate(REVEAL_ALL);
    return { badges: await page.evaluate(READ_BADGES), summary: await summaryOf(tabId) };
  }

  for (const [forum, duel, parlor] of [
    ['rpol', 60, 61],
    ['phpbb', 5301, 5302],
  ] as const) {
    it(`${forum}: the duel's page 3, cold, equals the same posts on one page; pages 1 and 2 asked for once, on the page's origin`, async () => {
      b.server.resetRequests();
      const cold = await open(address(forum, duel, 3));
      const got = await seen(cold.page, cold.tabId);
      expect(got.summary.thread).toMatchObject({ state: 'read', from: 1, to: 2 });
      const requests = b.server.requests();
      const pageOf = (k: number) => address(forum, duel, k).replace('http://', '');
      expect(requests[pageOf(1)]).toBe(1);
      expect(requests[pageOf(2)]).toBe(1);
      expect(Object.keys(requests).every((r) => r.startsWith(`${HOSTS[forum]}/`))).toBe(true);

      const one = await open(address(forum, duel, 'whole'));
      const whole = await seen(one.page, one.tabId);
      expect(got.badges.roll.length).toBeGreaterThan(3);
      expect(got.badges).toEqual(fromPost(whole.badges, page3First(forum, duel)));
      expect(got.summary.duel).toEqual(whole.summary.duel);
      expect(got.summary.tableChecks).toEqual(whole.summary.tableChecks);

      // Reopened within ten minutes: nothing asked for again; the kept pages fold the same.
      b.server.resetRequests();
      const again = await open(address(forum, duel, 3));
      const reread = await seen(again.page, again.tabId);
      expect(reread.badges).toEqual(got.badges);
      expect([reread.summary.duel, reread.summary.tableChecks, reread.summary.thread]).toEqual([got.summary.duel, got.summary.tableChecks, got.summary.thread]);
      const reopened = b.server.requests();
      expect([reopened[pageOf(1)], reopened[pageOf(2)]]).toEqual([undefined, undefined]);
      for (const p of [cold, one, again]) await p.page.close();
    }, 120_000);

    it(`${forum}: a Parlor game over three pages: page 3's table checks and badges are the one-page ones`, async () => {
      const cold = await open(address(forum, parlor, 3));
      const got = await seen(cold.page, cold.tabId);
      const one = await open(address(forum, parlor, 'whole'));
      const whole = await seen(one.page, one.tabId);
      expect(got.summary.tableChecks.length).toBeGreaterThan(5);
      expect(got.summary.tableChecks).toEqual(whole.summary.tableChecks);
      expect(got.badges.table).toEqual(fromPost(whole.badges, page3First(forum, parlor)).table);
      for (const p of [cold, one]) await p.page.close();
    }, 120_000);
  }

  for (const [forum, id, why, words] of [
    ['rpol', 62, { why: 'status', status: 500 }, /Stopped: page 2 answered 500; judging this page alone/],
    ['rpol', 63, { why: 'login' }, /Stopped: page 2 shows a login page; judging this page alone/],
    ['phpbb', 5305, { why: 'busy', status: 429 }, /Stopped: the forum asked to wait/],
  ] as const)
    it(`${forum}: page 2 answers ${why.why}: the panel says so, and page 3's own badges are judged`, async () => {
      const cold = await open(address(forum, id, 3));
      const got = await seen(cold.page, cold.tabId);
      expect(got.summary.thread).toMatchObject({ state: 'stopped', stop: { page: 2, ...why } });
      expect(got.badges.roll.length).toBeGreaterThan(3);
      expect(got.badges.roll.every((a) => a['data-trust'] && !('data-pending' in a))).toBe(true);
      const panel = await openPanelFor(b, cold.tabId);
      const line = panel.getByTestId('thread-pages');
      await expect.poll(() => line.textContent(), { timeout: 10_000 }).toMatch(words);
      expect(await line.getAttribute('role')).toBe('status');
      for (const p of [panel, cold.page]) await p.close();
    }, 60_000);

  it('the panel says what was read, in the reader’s words', async () => {
    const cold = await open(address('rpol', 60, 3));
    await seen(cold.page, cold.tabId);
    const panel = await openPanelFor(b, cold.tabId);
    await expect.poll(() => panel.getByTestId('thread-pages').textContent(), { timeout: 10_000 }).toMatch(/Read pages 1–2 of 3 before this one/);
    for (const p of [panel, cold.page]) await p.close();
  }, 60_000);
});

describe('Firefox: a thread opened on its last page', () => {
  type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
  let ff: Firefox;
  let hub: FirefoxPage;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 90_000);
  afterAll(async () => ff?.close());

  const extensionPage = (path: string) => openExtensionPage(ff, path);

  let visit = 0;
  async function seen(url: string): Promise<Seen> {
    const page = await ff.browser.newPage();
    const marker = `visit=ffth${++visit}-${Date.now()}`;
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}${marker}`);
    await page.waitForFunction(IS_SETTLED, { timeout: 30_000 });
    hub ??= await extensionPage('options.html');
    const summary = () =>
      hub.evaluate(
        `(async () => { const tab = (await browser.tabs.query({})).find((t) => (t.url || '').includes(${JSON.stringify(marker)}));
         return browser.tabs.sendMessage(tab.id, { type: 'summary' }); })()`,
      ) as Promise<Summary>;
    await expect.poll(async () => (await summary()).thread?.state ?? 'none', { timeout: 30_000 }).not.toBe('reading');
    await page.waitForFunction(NOTHING_PENDING, { timeout: 10_000 });
    // A tab behind the hub draws no frames: in front for the scroll through it.
    await page.bringToFront();
    await page.evaluate(REVEAL_ALL);
    const out = { badges: (await page.evaluate(READ_BADGES)) as Seen['badges'], summary: await summary() };
    await page.close();
    return out;
  }

  for (const [forum, duel] of [
    ['rpol', 60],
    ['phpbb', 5301],
  ] as const)
    it(`${forum}: the duel's page 3, cold, equals the same posts on one page`, async () => {
      ff.server.resetRequests();
      const got = await seen(address(forum, duel, 3));
      expect(got.summary.thread).toMatchObject({ state: 'read', from: 1, to: 2 });
      const requests = ff.server.requests();
      for (const k of [1, 2]) expect(requests[address(forum, duel, k).replace('http://', '')]).toBe(1);
      expect(Object.keys(requests).every((r) => r.startsWith(`${HOSTS[forum]}/`))).toBe(true);
      const whole = await seen(address(forum, duel, 'whole'));
      expect(got.badges.roll.length).toBeGreaterThan(3);
      expect(got.badges).toEqual(fromPost(whole.badges, page3First(forum, duel)));
      expect(got.summary.duel).toEqual(whole.summary.duel);
    }, 120_000);

  it('rpol: page 2 answers 500: stopped and said, page 3 judged alone', async () => {
    const got = await seen(address('rpol', 62, 3));
    expect(got.summary.thread).toMatchObject({ state: 'stopped', stop: { page: 2, why: 'status', status: 500 } });
    expect(got.badges.roll.every((a) => a['data-trust'] && !('data-pending' in a))).toBe(true);
  }, 60_000);
});
