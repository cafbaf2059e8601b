import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { inExtension, openExtensionPage } from './firefox-helpers';
import { postToLiveThread } from './live-thread';

type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
let ff: Firefox;
beforeAll(async () => {
  ff = await launchFirefox();
}, 90_000);
afterAll(async () => ff?.close());

const LIVE = 'http://rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada';
const post = (ci: number, text: string) => postToLiveThread(ff.port, ci, text);
const KEY = 'rpol.net/51829/51';

const extensionPage = (path: string) => openExtensionPage(ff, path);

const thread = (key: string, url: string, extra: Record<string, unknown> = {}) => ({
  key,
  forum: 'rpol',
  url,
  title: `Thread ${key}`,
  on: true,
  cast: { add: ['Ada'], remove: [] },
  you: { names: ['Ada'], ids: [] },
  posts: [],
  readAt: 0,
  ...extra,
});

describe('Firefox: checks of followed threads', () => {
  it('Check now and the schedule: a GM post reaches the Turns view and the badge; a login page is said and not counted; nothing off the origin', async () => {
    const hub = await extensionPage('options.html');
    const gmPosted = {
      gmSeen: 'The DMO',
      posts: [{ number: 1, author: 'The DMO', authorId: null, time: 1_700_000_000, editTime: null, away: null }],
      readAt: 1,
    };
    const threads = [thread(KEY, LIVE), thread('rpol.net/51829/9001', `${LIVE}&fail=login`, gmPosted)];
    await inExtension(
      hub,
      `await browser.storage.local.set({ turnsPrefs: { version: 1, notify: false, quiet: null, toolbar: 'panel', check: 0 }, turnsChecks: { version: 1 }, followed: { version: 1, threads: ${JSON.stringify(Object.fromEntries(threads.map((t) => [t.key, t])))} } });`,
    );
    const popup = await extensionPage('turns.html');
    await popup.waitForSelector('[data-testid=check-now]', { timeout: 10_000 });
    const badge = () => inExtension<string>(hub, 'return browser.browserAction.getBadgeText({});');
    const done = () => inExtension<number>(hub, `return (await browser.storage.local.get('turnsChecks')).turnsChecks?.done ?? 0;`);
    const checkNow = async () => {
      const before = await done();
      await popup.click('[data-testid=check-now]');
      await expect.poll(done, { timeout: 15_000 }).toBeGreaterThan(before);
    };
    ff.server.resetRequests();
    await checkNow();
    await expect.poll(badge, { timeout: 10_000 }).toBe('1');
    const waits = () => popup.$$eval(`section[data-group=you] li[data-thread="${KEY}"] [data-waits]`, (els) => els.map((e) => e.textContent ?? ''));
    await expect.poll(waits, { timeout: 10_000 }).toEqual([expect.stringMatching(/^you since #1 /)]);
    const login = () => popup.$eval('li[data-thread="rpol.net/51829/9001"] [data-check=login]', (e) => e.textContent ?? '').catch(() => '');
    await expect.poll(login, { timeout: 10_000 }).toMatch(/^Signed out of RPOL/);
    await post(520002, 'Ada draws.');
    await checkNow();
    await expect.poll(badge, { timeout: 10_000 }).toBe('');
    // The schedule, every 2 s: the GM's post comes in with no click.
    await inExtension(hub, 'await browser.storage.local.set({ turnsTestEvery: 2 });');
    await post(520001, 'The GM answers.');
    await expect.poll(badge, { timeout: 30_000 }).toBe('1');
    await expect.poll(waits, { timeout: 10_000 }).toEqual([expect.stringMatching(/^you since #3 /)]);
    await inExtension(hub, `await browser.storage.local.remove('turnsTestEvery');`);
    const asked = Object.keys(ff.server.requests()).filter((k) => !k.startsWith('rpol.net/message.cgi') && !k.startsWith('rpol.net/sidepanel'));
    expect(asked.every((k) => k.startsWith('rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada'))).toBe(true);
    // Signed out: asked once (Check now), never by the schedule.
    expect(ff.server.requests()['rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada&fail=login']).toBe(2);
    await popup.close();
    await hub.close();
  });

  it('a 500, a 429 and a page with no posts: each said in the Turns view; the schedule backs off each', async () => {
    const hub = await extensionPage('options.html');
    const threads = [
      thread(KEY, LIVE),
      thread('rpol.net/51829/9002', `${LIVE}&fail=500`),
      thread('rpol.net/51829/9003', `${LIVE}&fail=429`),
      thread('rpol.net/51829/9004', `${LIVE}&fail=empty`),
    ];
    await inExtension(
      hub,
      `await browser.storage.local.set({ turnsPrefs: { version: 1, notify: false, quiet: null, toolbar: 'panel', check: 0 }, turnsChecks: { version: 1 }, followed: { version: 1, threads: ${JSON.stringify(Object.fromEntries(threads.map((t) => [t.key, t])))} } });`,
    );
    const popup = await extensionPage('turns.html');
    await popup.waitForSelector('[data-testid=check-now]', { timeout: 10_000 });
    const done = () => inExtension<number>(hub, `return (await browser.storage.local.get('turnsChecks')).turnsChecks?.done ?? 0;`);
    const before = await done();
    await popup.click('[data-testid=check-now]');
    await expect.poll(done, { timeout: 15_000 }).toBeGreaterThan(before);
    const line = (n: number, kind: string) => () =>
      popup.$eval(`li[data-thread="rpol.net/51829/${n}"] [data-check=${kind}]`, (e) => e.textContent ?? '').catch(() => '');
    await expect.poll(line(9002, 'status'), { timeout: 10_000 }).toMatch(/answered 500/);
    await expect.poll(line(9003, 'busy'), { timeout: 10_000 }).toMatch(/asked to wait/);
    await expect.poll(line(9004, 'unreadable'), { timeout: 10_000 }).toMatch(/Reading failure/);
    // The schedule every 2 s: the good thread is asked again and again, the 500 and the empty page
    // wait their doubling backoff, the 429 its Retry-After (two minutes on the test server).
    ff.server.resetRequests();
    await inExtension(hub, 'await browser.storage.local.set({ turnsTestEvery: 2 });');
    const count = (q: string) => ff.server.requests()[`rpol.net/display.cgi?gi=51829&ti=51&show=all&viewer=Ada${q}`] ?? 0;
    await expect.poll(() => count(''), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await inExtension(hub, `await browser.storage.local.remove('turnsTestEvery');`);
    expect(count('&fail=429')).toBe(0);
    expect(count('&fail=500')).toBeLessThan(count(''));
    expect(count('&fail=empty')).toBeLessThan(count(''));
    const checks = await inExtension<Record<string, { fails: number; status: string }>>(
      hub,
      `return (await browser.storage.local.get('turnsChecks')).turnsChecks.threads;`,
    );
    expect(checks['rpol.net/51829/9002']).toMatchObject({ status: 'status' });
    expect(checks['rpol.net/51829/9003']).toMatchObject({ status: 'busy' });
    await popup.close();
    await hub.close();
  });
});
