import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPanelFor, openRpol, storageGet } from './helpers';
import { postToLiveThread } from './live-thread';
import { axe } from './axe';

let b: Browser & { port: number; server: { requests(): Record<string, number>; resetRequests(): void } };
beforeAll(async () => {
  const { launchWithExtension } = await import('./helpers');
  const { E2E_EXTENSION_DIR } = await import('../../scripts/browser.mjs');
  b = (await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR })) as unknown as typeof b;
  // The schedule off until a test sets its interval: only Check now asks.
  await b.worker.evaluate(() => chrome.storage.local.set({ turnsPrefs: { version: 1, notify: false, quiet: null, toolbar: 'panel', check: 0 } }));
});
afterAll(async () => b?.close());

const LIVE = 'http://rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada';
const post = (ci: number, text: string) => postToLiveThread(b.port, ci, text);
const KEY = 'rpol.net/51829/51';

/** A followed thread as stored: Ada (the reader) in its cast, nothing read yet. */
const thread = (key: string, url: string, on = true, extra: Record<string, unknown> = {}) => ({
  key,
  forum: 'rpol',
  url,
  title: `Thread ${key}`,
  on,
  cast: { add: ['Ada'], remove: [] },
  you: { names: ['Ada'], ids: [] },
  posts: [],
  readAt: 0,
  ...extra,
});

async function follow(threads: ReturnType<typeof thread>[]): Promise<void> {
  await b.worker.evaluate(
    (t) => chrome.storage.local.set({ followed: { version: 1, threads: Object.fromEntries(t.map((x) => [x.key, x])) }, turnsChecks: { version: 1 } }),
    threads,
  );
}

const requests = (): Record<string, number> => b.server.requests();
const badge = () => b.worker.evaluate(() => chrome.action.getBadgeText({}));
type Checks = { threads: Record<string, { status: string; at: number; until: number; retryAt: number; fails: number; code: number | null }> };
const checks = async () => ((await storageGet(b, 'turnsChecks')) as Checks).threads ?? {};

async function popup(): Promise<Page> {
  const p = await b.context.newPage();
  await p.setViewportSize({ width: 360, height: 640 });
  await p.goto(b.extensionUrl('turns.html'));
  await p.getByTestId('check-now').waitFor();
  return p;
}

/** Check now, by keyboard, and wait for it to be done. */
async function checkNow(p: Page): Promise<void> {
  const before = ((await storageGet(b, 'turnsChecks')) as { done?: number } | undefined)?.done ?? 0;
  await p.getByTestId('check-now').focus();
  await p.keyboard.press('Enter');
  await expect.poll(async () => ((await storageGet(b, 'turnsChecks')) as { done?: number }).done ?? 0, { timeout: 15_000 }).toBeGreaterThan(before);
}

describe('checks of followed threads', () => {
  it('Check now: a GM post puts the thread on you (view and badge); one request per followed thread, none for one not followed, none off its origin', async () => {
    await follow([thread(KEY, LIVE), thread('rpol.net/51829/50', 'http://rpol.net/display.cgi?gi=51829&ti=50&show=all', false)]);
    const p = await popup();
    b.server.resetRequests();
    // Only the GM's opening post: the thread waits on Ada (you).
    await checkNow(p);
    await expect.poll(badge).toBe('1');
    await expect
      .poll(() => p.locator(`section[data-group=you] li[data-thread="${KEY}"] [data-waits]`).allTextContents())
      .toEqual([expect.stringMatching(/^you since #1 /)]);
    // Ada posts: nobody waited on.
    await post(520002, 'Ada draws.');
    await checkNow(p);
    await expect.poll(badge).toBe('');
    await expect.poll(() => p.locator(`section[data-group=you] li[data-thread="${KEY}"]`).count()).toBe(0);
    expect(await p.locator(`li[data-thread="${KEY}"]`).count()).toBe(1);
    // The GM posts: on Ada again, since #3.
    await post(520001, 'The GM answers.');
    await checkNow(p);
    await expect.poll(badge).toBe('1');
    await expect
      .poll(() => p.locator(`section[data-group=you] li[data-thread="${KEY}"] [data-waits]`).allTextContents())
      .toEqual([expect.stringMatching(/^you since #3 /)]);
    const kept = (await storageGet(b, 'followed')) as { threads: Record<string, { posts: unknown[] }> };
    expect(kept.threads[KEY]!.posts).toHaveLength(3);
    // Three Check nows, three requests: the followed thread's own address, nothing else (the test's own posts aside).
    const asked = Object.entries(requests()).filter(([k]) => !k.startsWith('rpol.net/message.cgi'));
    expect(asked).toEqual([['rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada', 3]]);
    // Nothing wider than the popup.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await p.close();
  });

  it('a login page, a 500, a 429 and a page with no posts: each said; backed off by the schedule; signed out leaves the badge', async () => {
    // The login thread would wait on you (the GM posted last): signed out, it is not counted.
    const gmPosted = {
      gmSeen: 'The DMO',
      posts: [{ number: 1, author: 'The DMO', authorId: null, time: 1_700_000_000, editTime: null, away: null }],
      readAt: 1,
    };
    await follow([
      thread(KEY, LIVE),
      thread('rpol.net/51829/9001', `${LIVE}&fail=login`, true, gmPosted),
      thread('rpol.net/51829/9002', `${LIVE}&fail=500`),
      thread('rpol.net/51829/9003', `${LIVE}&fail=429`),
      thread('rpol.net/51829/9004', `${LIVE}&fail=empty`),
    ]);
    const p = await popup();
    await checkNow(p);
    const row = (n: number) => p.locator(`li[data-thread="rpol.net/51829/${n}"]`);
    await expect.poll(() => row(9001).locator('[data-check=login]').innerText()).toMatch(/^Signed out of RPOL/);
    expect(await row(9001).innerText()).not.toMatch(/Nobody/);
    await expect.poll(() => row(9002).locator('[data-check=status]').innerText()).toMatch(/answered 500/);
    await expect.poll(() => row(9003).locator('[data-check=busy]').innerText()).toMatch(/asked to wait/);
    await expect.poll(() => row(9004).locator('[data-check=unreadable]').innerText()).toMatch(/Reading failure/);
    expect(await row(9004).innerText()).not.toMatch(/Nobody/);
    // Copy a report: the forum, the address and the landmarks, no post text.
    // (What is copied, caught where it goes: the test's page has no user gesture for the real clipboard.)
    await p.evaluate(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        value: async (text: string) => void ((window as unknown as { copied: string }).copied = text),
      });
    });
    await row(9004).getByRole('button', { name: 'Copy a report' }).click();
    await expect.poll(() => row(9004).getByRole('status').innerText()).toMatch(/^Report copied/);
    const report = await p.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(report).toMatch(/forum: RPOL\naddress: http:\/\/rpol\.net\/display\.cgi\?gi=51829&ti=51&show=all&viewer=Ada&fail=empty\n/);
    expect(report).toMatch(/\ntitle length: \d+\n/);
    expect(report).not.toMatch(/Back soon|being updated/);
    // Signed out: only the good thread counts (it waits on you, since #3).
    await expect.poll(badge).toBe('1');
    const first = await checks();
    expect(first['rpol.net/51829/9001']!.status).toBe('login');
    expect(first['rpol.net/51829/9002']).toMatchObject({ status: 'status', code: 500, fails: 1 });
    expect(first['rpol.net/51829/9003']).toMatchObject({ status: 'busy', code: 429, fails: 1 });
    expect(first['rpol.net/51829/9003']!.retryAt - first['rpol.net/51829/9003']!.at).toBeGreaterThanOrEqual(119_000);
    // The schedule every 2 s (the test build's): the good thread is asked again and again; the
    // failing ones wait their backoff (the interval doubled at each failure), the 429 its
    // Retry-After, the login one for good.
    await b.worker.evaluate(() => chrome.storage.local.set({ turnsTestEvery: 2 }));
    await checkNow(p);
    b.server.resetRequests();
    const count = (q: string) => requests()[`rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada${q}`] ?? 0;
    await expect.poll(() => count(''), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await expect.poll(() => count('&fail=500'), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await b.worker.evaluate(() => chrome.storage.local.remove('turnsTestEvery'));
    expect(count('&fail=login')).toBe(0);
    expect(count('&fail=429')).toBe(0);
    expect(count('&fail=500')).toBeLessThan(count(''));
    expect(count('&fail=empty')).toBeLessThan(count(''));
    const later = await checks();
    expect(later['rpol.net/51829/9002']!.fails).toBeGreaterThanOrEqual(2);
    for (const k of ['rpol.net/51829/9002', 'rpol.net/51829/9004']) {
      const c = later[k]!;
      // Each failure doubles the wait: 2 s × 2^fails.
      expect(c.until - c.at).toBe(2000 * 2 ** c.fails);
    }
    await p.close();
  });

  it('the schedule (the test build’s 2 s): a post and then a GM post reach the Turns view and the badge with no click', async () => {
    await follow([thread(KEY, LIVE)]);
    const p = await popup();
    await b.worker.evaluate(() => chrome.storage.local.set({ turnsTestEvery: 2 }));
    await expect.poll(badge, { timeout: 20_000 }).toBe('1');
    await post(520002, 'Ada plays.');
    await expect.poll(badge, { timeout: 20_000 }).toBe('');
    await post(520001, 'The GM again.');
    await expect.poll(badge, { timeout: 20_000 }).toBe('1');
    await expect
      .poll(() => p.locator(`section[data-group=you] li[data-thread="${KEY}"] [data-waits]`).allTextContents(), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^you since #5 /)]);
    await b.worker.evaluate(() => chrome.storage.local.remove('turnsTestEvery'));
    await p.close();
  });

  it('the panel’s Turns tab has Check now too: by keyboard, it asks the followed thread once and shows its line', async () => {
    await follow([thread(KEY, LIVE), thread('rpol.net/51829/9001', `${LIVE}&fail=login`)]);
    const page = await openRpol(b, '/display.cgi?gi=51829&ti=43&show=all');
    const panel = await openPanelFor(b, (await b.tabIdOf(page.marker))!, 'turns');
    await panel.getByTestId('check-now').waitFor();
    b.server.resetRequests();
    await checkNow(panel);
    await expect.poll(() => panel.locator('li[data-thread="rpol.net/51829/9001"] [data-check=login]').innerText()).toMatch(/^Signed out of RPOL/);
    expect(requests()['rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada']).toBe(1);
    await panel.close();
    await page.close();
  });

  it('offline: the schedule pauses and the view says so; back online, it asks again', async () => {
    await follow([thread(KEY, LIVE)]);
    const p = await popup();
    await b.context.setOffline(true);
    await expect.poll(() => p.getByTestId('check-status').innerText()).toMatch(/^Offline: checks are paused/);
    expect(await p.getByTestId('check-now').isDisabled()).toBe(true);
    b.server.resetRequests();
    await b.worker.evaluate(() => chrome.storage.local.set({ turnsTestEvery: 2 }));
    await new Promise((r) => setTimeout(r, 5000));
    expect(requests()).toEqual({});
    // Paused, not failing: no pass ran (a pass offline would have kept a network failure).
    expect(((await storageGet(b, 'turnsChecks')) as { done?: number }).done ?? 0).toBe(0);
    expect(await checks()).toEqual({});
    await b.context.setOffline(false);
    await expect.poll(() => requests()['rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada'] ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await b.worker.evaluate(() => chrome.storage.local.remove('turnsTestEvery'));
    await p.close();
  });

  it('a check in flight when a tab begins loading stops, and asks again once the tab has loaded: read, not a failure', async () => {
    const held = `${LIVE}&hold=1&token=in-flight`;
    const asked = 'rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada&hold=1&token=in-flight';
    const p = await popup();
    // A pass of the test before (its 2 s schedule) may still be going: it would keep its page over
    // this thread, address and all, after the follow below. Check now answers once every pass queued
    // before it is done, so that pass ends first.
    await p.evaluate(() => chrome.runtime.sendMessage({ type: 'turns-check-now' }));
    await follow([thread(KEY, held)]);
    b.server.resetRequests();
    const before = ((await storageGet(b, 'turnsChecks')) as { done?: number } | undefined)?.done ?? 0;
    // The tab that will load, made now: a new tab's own first load is a tab loading too, and made
    // after the request it would stop that request once more (three requests, not two).
    const page = await b.context.newPage();
    await p.getByTestId('check-now').click();
    // The thread's page is on its way (held after its first post by the server). A pass waits
    // while a tab loads, at most 10 s at each of its waits (two before its first request): on a
    // loaded machine the request came after more than 5 s once. This wait is the passes' own bound.
    await expect.poll(() => requests()[asked] ?? 0, { timeout: 50_000 }).toBe(1);
    // A tab begins loading: the request in flight stops; once the page has loaded, it is asked again.
    await page.goto(b.url('/display.cgi?gi=51829&ti=43&show=all'));
    await expect.poll(() => requests()[asked] ?? 0, { timeout: 20_000 }).toBe(2);
    await fetch(`http://127.0.0.1:${b.port}/__release?token=in-flight`);
    await expect.poll(async () => ((await storageGet(b, 'turnsChecks')) as { done?: number }).done ?? 0, { timeout: 20_000 }).toBeGreaterThan(before);
    expect((await checks())[KEY]).toMatchObject({ status: 'ok', fails: 0 });
    await page.close();
    await p.close();
  }, 120_000);

  it('axe finds nothing in the popup with every check’s line (signed out, 500, 429, a reading failure), light and dark; by keyboard at 360 px', async () => {
    const keys = [9001, 9002, 9003, 9004].map((n) => `rpol.net/51829/${n}`);
    await follow([thread(KEY, LIVE), ...keys.map((k) => thread(k, LIVE))]);
    const at = Date.now();
    const line = (status: string, code: number | null) => ({
      at,
      fails: 1,
      until: at + 3600_000,
      retryAt: 0,
      status,
      code,
      next: null,
      landmarks: status === 'unreadable' ? { titleLength: 3, counts: { form: 0 } } : null,
    });
    const states = { [keys[0]!]: line('login', null), [keys[1]!]: line('status', 500), [keys[2]!]: line('busy', 429), [keys[3]!]: line('unreadable', null) };
    await b.worker.evaluate((t) => chrome.storage.local.set({ turnsChecks: { version: 1, threads: t, asked: 0, done: Date.now() } }), states);
    for (const theme of ['light', 'dark'] as const) {
      await b.worker.evaluate((th) => chrome.storage.local.set({ settings: { version: 1, theme: th } }), theme);
      const p = await popup();
      await p.locator('[data-check=unreadable]').waitFor();
      expect(await p.locator('main').getAttribute('data-theme')).toBe(theme);
      expect(await axe(p), theme).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Copy a report by keyboard: Tab reaches it, Enter presses it.
      await p.evaluate(() => {
        Object.defineProperty(navigator.clipboard, 'writeText', { value: async () => {} });
      });
      for (let i = 0; i < 40 && !(await p.evaluate(() => document.activeElement?.textContent === 'Copy a report')); i++) await p.keyboard.press('Tab');
      await p.keyboard.press('Enter');
      await expect.poll(() => p.locator('[data-check=unreadable] [role=status]').innerText()).toMatch(/^Report copied/);
      await p.close();
    }
  });
});
