// The reader's extras (the roll detail, the sheet audit, the duel's view): a second script the
// background puts into a tab only when its page needs them. A page with rolls and no sheet never
// loads them until a reader points at a badge; a page with sheets loads them once; the page's own
// scripts cannot see them.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeAttributes, DUEL, inside, launchWithExtension, revealAll, settled, type Browser } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

/** Open `path` with the debugger listening: every script the tab evaluates, in any world, by URL. */
async function openWatched(path: string): Promise<{ page: Page; cdp: CDPSession; scripts: string[] }> {
  const page = await b.context.newPage();
  const cdp = await b.context.newCDPSession(page);
  const scripts: string[] = [];
  cdp.on('Debugger.scriptParsed', (e) => {
    if (e.url) scripts.push(e.url);
  });
  await cdp.send('Debugger.enable');
  await page.goto(b.url(`${path}&extras=${Date.now()}`));
  await settled(page);
  await revealAll(page);
  return { page, cdp, scripts };
}
const ours = (scripts: string[], file: string) => scripts.filter((u) => u.startsWith(`chrome-extension://${b.extensionId}/content-scripts/${file}`)).length;

describe('the extras', () => {
  it('a thread of rolls without sheets reads and badges without them; they come when a reader opens a detail', async () => {
    const { page, scripts } = await openWatched('/display.cgi?gi=51829&ti=41&show=all&posts=30');
    const rolls = await badgeAttributes(page, 'roll');
    expect(rolls.length).toBeGreaterThan(10);
    expect(await badgeAttributes(page, 'sheet')).toEqual([]);
    // The debugger sees our reader: it would see the extras too.
    expect(ours(scripts, 'content.js')).toBe(1);
    await page.waitForTimeout(300);
    expect(ours(scripts, 'extras.js')).toBe(0);
    // A reader opens the first roll's detail by keyboard: the extras come, and the detail with them.
    const badge = inside(page, '[data-spark-scribe=roll]');
    await badge.focus('button.badge');
    await page.keyboard.press('Enter');
    await expect.poll(() => badge.count('[role=dialog]')).toBe(1);
    expect(await badge.count('[role=dialog] .die')).toBeGreaterThan(0);
    expect(ours(scripts, 'extras.js')).toBe(1);
    // What they leave is in our world only: the page's own scripts see nothing.
    expect(await page.evaluate(() => Object.getOwnPropertyNames(window).filter((n) => /spark/i.test(n)))).toEqual([]);
    // Closing and opening again uses what is loaded.
    await page.keyboard.press('Escape');
    await badge.focus('button.badge');
    await page.keyboard.press('Enter');
    await expect.poll(() => badge.count('[role=dialog]')).toBe(1);
    expect(ours(scripts, 'extras.js')).toBe(1);
    await page.close();
  });

  it('a pointer over the drawer’s button, or a Tab onto it, starts loading them before any click', async () => {
    for (const how of ['pointer', 'keyboard'] as const) {
      const { page, scripts } = await openWatched('/display.cgi?gi=51829&ti=41&show=all&posts=30');
      const button = page.locator('[data-spark-scribe=drawer]');
      await button.waitFor();
      await page.waitForTimeout(300);
      expect(ours(scripts, 'extras.js')).toBe(0);
      if (how === 'pointer') await button.hover();
      else await page.keyboard.press('Tab');
      await expect.poll(() => ours(scripts, 'extras.js')).toBe(1);
      // Nothing opened: no frame until the click.
      expect(await page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(0);
      await button.click();
      await page.locator('iframe[data-spark-scribe=drawer-frame]').waitFor();
      expect(ours(scripts, 'extras.js')).toBe(1);
      await page.close();
    }
  });

  it('a thread with sheets loads them once, and every sheet badge carries its audit', async () => {
    const { page, scripts } = await openWatched(`${DUEL}`);
    const sheets = await badgeAttributes(page, 'sheet');
    expect(sheets.length).toBeGreaterThanOrEqual(2);
    for (const s of sheets) expect(Number(s['data-xp-spent'])).toBeGreaterThan(0);
    expect(ours(scripts, 'extras.js')).toBe(1);
    await page.close();
  });
});
