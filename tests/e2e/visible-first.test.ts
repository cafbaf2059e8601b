// The posts on screen are read first, the rest in idle time: a page loaded at #N must end with the
// same badges, verdicts and duel state as one read from the top, and its screen's badges come first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeAttributes, DUEL, launchWithExtension, openRpol, revealAll, settled, type Browser, until } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

const BIG = '/display.cgi?gi=51829&ti=41&show=all';

/** What the panel is told about the page: every roll's verdict and reading, and the duel. */
async function summaryOf(marker: string) {
  const tabId = await b.tabIdOf(marker);
  const s = (await b.worker.evaluate((id) => chrome.tabs.sendMessage(id, { type: 'summary' }), tabId)) as {
    rolls: { id: string; trust: string; successes: number | null; outcome: string; cautions: string[]; rules: unknown[] }[];
    sheets: { id: string }[];
    duel: unknown;
    failures: unknown[];
  };
  return {
    rolls: s.rolls.map((r) => [r.id, r.trust, r.successes, r.outcome, r.cautions, r.rules]),
    sheets: s.sheets.map((x) => x.id),
    duel: s.duel,
    failures: s.failures,
  };
}

/** The order badges went into the page (recorded by the page itself, from the start). */
const RECORD_ORDER = () => {
  const order: string[] = [];
  (window as unknown as { badgeOrder: string[] }).badgeOrder = order;
  new MutationObserver((ms) => {
    for (const m of ms)
      for (const n of Array.from(m.addedNodes))
        if (n instanceof Element && n.getAttribute('data-spark-scribe') === 'roll') order.push(n.getAttribute('data-post') ?? '');
  }).observe(document, { childList: true, subtree: true });
};

describe('visible first', () => {
  for (const [name, path, hash] of [
    ['the duel thread at #14', DUEL, '#14'],
    ['the 1,000-post thread at #900', BIG, '#900'],
  ] as const) {
    it(`${name}: the same badges, verdicts and duel as read from the top`, async () => {
      const top = await openRpol(b, path);
      const fromTop = { rolls: await badgeAttributes(top, 'roll'), sheets: await badgeAttributes(top, 'sheet'), summary: await summaryOf(top.marker) };
      await top.close();

      const context = b.context;
      const page = await context.newPage();
      await page.addInitScript(RECORD_ORDER);
      const marker = `anchor=${Date.now()}`;
      await page.goto(b.url(`${path}&${marker}${hash}`));
      await settled(page, 20_000);
      const first = await page.evaluate(() => (window as unknown as { badgeOrder: string[] }).badgeOrder.map(Number));
      await revealAll(page);
      const atAnchor = { rolls: await badgeAttributes(page, 'roll'), sheets: await badgeAttributes(page, 'sheet'), summary: await summaryOf(marker) };
      expect(atAnchor.rolls.length).toBeGreaterThan(0);
      expect(atAnchor).toEqual(fromTop);

      // The screen's badges went in first. While the page parses, the browser shows its top until
      // the anchor's post is in, so the only badges before the anchor's are the top's; none of
      // the posts between (off-screen all along) has one before the anchor's screen does.
      const order = await page.evaluate(() => (window as unknown as { badgeOrder: string[] }).badgeOrder.map(Number));
      const n = Number(hash.slice(1));
      expect(order.length).toBe(atAnchor.rolls.length);
      const nearAnchor = (p: number) => p >= n - 20 && p < n + 20;
      const firstAtAnchor = first.findIndex(nearAnchor);
      expect(firstAtAnchor).toBeGreaterThanOrEqual(0);
      expect(first.slice(0, firstAtAnchor).filter((p) => p > 40)).toEqual([]);
      await page.close();
    });
  }

  it('off-screen posts get their badges as they come near, not before', async () => {
    const page = await b.context.newPage();
    const marker = `near=${Date.now()}`;
    await page.goto(b.url(`${BIG}&${marker}`));
    await settled(page, 20_000);
    const badged = () =>
      page.evaluate(() => [...new Set(Array.from(document.querySelectorAll('[data-spark-scribe=roll]'), (e) => Number(e.getAttribute('data-post'))))]);
    // Read to the end (the panel would list all 605), but badged only near the top.
    expect((await summaryOf(marker)).rolls.length).toBe(605);
    const atTop = await badged();
    expect(atTop.length).toBeGreaterThan(0);
    expect(Math.max(...atTop)).toBeLessThan(100);
    // Scrolled to post 500: its neighbours' badges go in.
    await page.evaluate(() => document.getElementById('500')!.scrollIntoView());
    await expect.poll(async () => (await badged()).some((p) => p >= 495 && p <= 505), { timeout: 10_000 }).toBe(true);
    await page.close();
  });

  it('the panel’s request reads the whole thread at once, even before the idle slices are done', async () => {
    const page = await b.context.newPage();
    const marker = `early=${Date.now()}`;
    await page.goto(b.url(`${BIG}&${marker}`), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
    const s = await summaryOf(marker);
    // Every roll of the sample thread (its fixture has 605), whatever the slices had reached.
    expect(s.rolls.length).toBe(605);
    await page.close();
  });
});

/** Badges as they go in, with whether the page was still being parsed then (recorded by the page). */
const RECORD_PARSING = () => {
  const log: [number, string][] = [];
  (window as unknown as { badgeLog: [number, string][] }).badgeLog = log;
  new MutationObserver((ms) => {
    for (const m of ms)
      for (const n of Array.from(m.addedNodes))
        if (n instanceof Element && n.getAttribute('data-spark-scribe') === 'roll') log.push([Number(n.getAttribute('data-post')), document.readyState]);
  }).observe(document, { childList: true, subtree: true });
};

describe('read as the page parses', () => {
  // The page comes as over a slow network: 25 posts every 40 ms (a 1,000-post page in 1.6 s).
  const SLOW = '&trickle=40&chunk=25';
  for (const [name, path, hash] of [
    ['the 1,000-post thread', BIG, ''],
    ['the 1,000-post thread at #600', BIG, '#600'],
    ['the duel thread', DUEL, ''],
  ] as const) {
    it(`${name}: the screen's badges before DOMContentLoaded, and the same reading as a page that came at once`, async () => {
      const whole = await openRpol(b, path);
      const atOnce = { rolls: await badgeAttributes(whole, 'roll'), sheets: await badgeAttributes(whole, 'sheet'), summary: await summaryOf(whole.marker) };
      await whole.close();

      const page = await b.context.newPage();
      await page.addInitScript(RECORD_PARSING);
      const marker = `parsing=${Date.now()}`;
      const n = hash ? Number(hash.slice(1)) : 1;
      if (path === BIG) {
        // The page stops 40 posts past the screen until the screen's badges are in (or 20 s):
        // what is drawn while it parses is looked at however loaded the machine is.
        await page.goto(b.url(`${path}${SLOW}&hold=${n + 40}&token=${marker}&${marker}${hash}`), { waitUntil: 'commit' });
        const screenBadged = () =>
          page.evaluate((at) => (window as unknown as { badgeLog?: [number, string][] }).badgeLog?.some(([p]) => p >= at - 1 && p < at + 11) ?? false, n);
        await until(screenBadged, 20_000).catch(() => {});
        await page.evaluate((u) => fetch(u).then(() => {}), b.url(`/__release?token=${marker}`));
      } else await page.goto(b.url(`${path}${SLOW}&${marker}${hash}`));
      await settled(page, 30_000);
      const log = await page.evaluate(() => (window as unknown as { badgeLog: [number, string][] }).badgeLog);
      await revealAll(page);
      const slow = { rolls: await badgeAttributes(page, 'roll'), sheets: await badgeAttributes(page, 'sheet'), summary: await summaryOf(marker) };
      expect(slow.rolls.length).toBeGreaterThan(0);
      expect(slow).toEqual(atOnce);
      // The screen's posts (from the top, or around the anchor) were badged while the page parsed.
      const screen = log.filter(([p]) => p >= n - 1 && p < n + 11);
      expect(screen.length).toBeGreaterThan(0);
      if (path === BIG) expect(screen.every(([, state]) => state === 'loading')).toBe(true);
      await page.close();
    });
  }
});
