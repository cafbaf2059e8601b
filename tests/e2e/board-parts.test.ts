// A board's page read as it parses (issue 31): the page server sends it in parts (a post at a
// time, or cut anywhere at a seeded pace), and the board's script, started at document_start,
// reads each post as the parser delivers it. Whatever the parts and their pace, the verdicts, the
// badges and the duel state are those of the page sent at once, and the first badges go in while
// the page is still loading. In Chromium (phpBB on forum.mafiascum.net, Gamers' Plane) and in
// Firefox (the same, and an added vBulletin 4 board, whose posts are not side by side).
import type { Page as FirefoxPage } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamersPlaneThread, phpbbThread } from '../fixtures/board-pages.mjs';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { badgeAttributes, IS_SETTLED, launchWithExtension, REVEAL_ALL, type Browser } from './helpers';
import { inExtension, openExtensionPage } from './firefox-helpers';

/** Each badge put into the page, with the document's state then (recorded by the page itself, from the start). */
const RECORD_BADGES = () => {
  const log: [number, string][] = [];
  (window as unknown as { badgeLog: [number, string][] }).badgeLog = log;
  new MutationObserver((ms) => {
    for (const m of ms)
      for (const n of Array.from(m.addedNodes))
        if (n instanceof Element && n.getAttribute('data-spark-scribe') === 'roll') log.push([Number(n.getAttribute('data-post')), document.readyState]);
  }).observe(document, { childList: true, subtree: true });
};

interface Summary {
  rolls: { id: string; trust: string; successes: number | null; outcome: string; cautions: string[]; rules: unknown[] }[];
  duel: unknown;
  failures: unknown[];
}
/** What the panel is told: every roll's verdict and reading, the failures, and the duel. */
const digest = (s: Summary) => ({
  rolls: s.rolls.map((r) => [r.id, r.trust, r.successes, r.outcome, r.cautions, r.rules]),
  duel: s.duel,
  failures: s.failures,
});

const PAGES = [
  ['phpBB (forum.mafiascum.net)', 'http://forum.mafiascum.net/viewtopic.php?t=5101', phpbbThread().expected.length],
  ['Gamers’ Plane', 'http://gamersplane.com/forums/thread/9001/', gamersPlaneThread().expected.length],
] as const;
/** The same page at other paces: a post at a time (slow enough, on a loaded machine, for the settings to come before its end), and cut anywhere (inside a tag, a roll) at two seeded paces. */
const PACES = ['trickle=150&chunk=1', 'trickle=30&cuts=60&seed=7', 'trickle=20&cuts=200&seed=31'];

describe('Chromium: a board page delivered in parts', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  let visit = 0;
  async function read(address: string, pace: string) {
    const page = await b.context.newPage();
    await page.addInitScript(RECORD_BADGES);
    const marker = `parts=${++visit}-${Date.now()}`;
    await page.goto(`${address}${address.includes('?') ? '&' : '?'}${pace ? `${pace}&` : ''}${marker}`);
    await page.waitForFunction(IS_SETTLED, undefined, { timeout: 30_000 });
    const log = await page.evaluate(() => (window as unknown as { badgeLog: [number, string][] }).badgeLog);
    await page.evaluate(REVEAL_ALL);
    const tabId = await b.tabIdOf(marker);
    const summary = (await b.worker.evaluate((id) => chrome.tabs.sendMessage(id, { type: 'summary' }), tabId)) as Summary;
    const badges = await badgeAttributes(page, 'roll');
    await page.close();
    return { badges, summary: digest(summary), log };
  }

  for (const [name, address, rolls] of PAGES)
    it(`${name}: the same verdicts, badges and duel however the page arrives; badged while it loads`, async () => {
      const whole = await read(address, '');
      expect(whole.badges.length).toBe(rolls);
      for (const pace of PACES) {
        const parts = await read(address, pace);
        expect(parts.badges, pace).toEqual(whole.badges);
        expect(parts.summary, pace).toEqual(whole.summary);
        if (pace.includes('chunk=1'))
          expect(
            parts.log.some(([, state]) => state === 'loading'),
            'a badge before the page is parsed',
          ).toBe(true);
      }
    }, 120_000);
});

describe('Firefox: a board page delivered in parts', () => {
  type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
  let ff: Firefox;
  let hub: FirefoxPage;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 90_000);
  afterAll(async () => ff?.close());

  const extensionPage = (path: string) => openExtensionPage(ff, path);

  let visit = 0;
  async function read(address: string, pace: string) {
    const page = await ff.browser.newPage();
    await page.evaluateOnNewDocument(RECORD_BADGES);
    const marker = `ffparts=${++visit}-${Date.now()}`;
    await page.goto(`${address}${address.includes('?') ? '&' : '?'}${pace ? `${pace}&` : ''}${marker}`);
    await page.waitForFunction(IS_SETTLED, { timeout: 30_000 });
    const log = (await page.evaluate(() => (window as unknown as { badgeLog: [number, string][] }).badgeLog)) as [number, string][];
    await page.evaluate(REVEAL_ALL);
    hub ??= await extensionPage('options.html');
    const summary = await inExtension<Summary>(
      hub,
      `const tab = (await browser.tabs.query({})).find((t) => (t.url || '').includes(${JSON.stringify(marker)}));
       return browser.tabs.sendMessage(tab.id, { type: 'summary' });`,
    );
    const badges = await page.$$eval('[data-spark-scribe=roll]', (els) =>
      els.map((e) => Object.fromEntries(Array.from(e.attributes, (a) => [a.name, a.value]).filter(([n]) => n!.startsWith('data-')))),
    );
    await page.close();
    return { badges, summary: digest(summary), log };
  }

  async function sameEveryPace(address: string, rolls: number) {
    const whole = await read(address, '');
    expect(whole.badges.length).toBe(rolls);
    for (const pace of PACES.slice(0, 2)) {
      const parts = await read(address, pace);
      expect(parts.badges, pace).toEqual(whole.badges);
      expect(parts.summary, pace).toEqual(whole.summary);
      if (pace.includes('chunk=1'))
        expect(
          parts.log.some(([, state]) => state === 'loading'),
          'a badge before the page is parsed',
        ).toBe(true);
    }
  }

  for (const [name, address, rolls] of PAGES) it(`${name}: the same however the page arrives`, () => sameEveryPace(address, rolls), 120_000);

  it('an added vBulletin 4 board (posts inside list items): the same however the page arrives', async () => {
    const options = hub ?? (hub = await extensionPage('options.html'));
    await options.waitForSelector('[data-testid=forum-address]');
    await options.type('[data-testid=forum-address]', 'http://vb.example/showthread.php?t=641');
    await options.click('[data-testid=forums] button[type=submit]');
    await expect
      .poll(() => options.$eval('[data-testid=forums-status]', (e) => (e as HTMLElement).innerText), { timeout: 15_000 })
      .toMatch(/^Added .*\(vBulletin\)/);
    await sameEveryPace('http://vb.example/showthread.php?t=641', 6);
  }, 120_000);
});
