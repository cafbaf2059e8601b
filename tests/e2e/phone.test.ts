// A phone is a supported place: at 360 × 740 with touch (Chromium's phone emulation; Firefox at
// that size), on an RPOL thread, a thread made wider than the screen by a preformatted sheet, and
// a phpBB topic with no viewport meta (laid out 980 px wide and zoomed out on a phone): the badges
// are read and make the page no wider than it is without them; the drawer's button is on screen
// and a finger's size, the drawer within the visual viewport with legible text; a reply goes
// into the page's reply box.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import type { Frame as PpFrame, Page as PpPage } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_DIR } from '../../scripts/browser.mjs';
import { findChromium } from '../../scripts/chromium.mjs';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { chromiumArgs, startPagesServer } from '../../scripts/pages-server.mjs';
import { DUEL, inside, IS_SETTLED, REVEAL_ALL } from './helpers';

const PHONE = { width: 360, height: 740 };
const PAGES = [
  { name: 'an RPOL thread', url: 'http://rpol.net/display.cgi?gi=51829&ti=43&show=all', reply: '#messagetext' },
  // The duel thread: a character sheet posted preformatted makes it 985 px wide on a phone.
  { name: 'a thread wider than the screen (a preformatted sheet)', url: `http://rpol.net${DUEL}`, reply: '#messagetext' },
  { name: 'a phpBB topic without a viewport meta', url: 'http://forum.mafiascum.net/viewtopic.php?t=5101', reply: 'textarea[name=message]', zoomedOut: true },
];

interface Layout {
  rolls: number;
  /** The page's width with our elements, and with them taken out. */
  withUs: number;
  without: number;
  scale: number;
  /** The drawer's button (its host) as the eye sees it, and whether it is within the visual viewport. */
  button: { width: number; height: number; inside: boolean };
  /** The drawer's frame, if open: within the visual viewport; the factor from its CSS px to what the eye sees. */
  frame: { inside: boolean; factor: number; width: number } | null;
}

/** In the page: what the tests measure. */
const MEASURE = (): Layout => {
  const vv = window.visualViewport!;
  const box = { left: vv.offsetLeft, top: vv.offsetTop, right: vv.offsetLeft + vv.width, bottom: vv.offsetTop + vv.height };
  const within = (r: DOMRect) => r.left >= box.left - 1 && r.top >= box.top - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
  const withUs = document.documentElement.scrollWidth;
  const ours = Array.from(document.querySelectorAll<HTMLElement>('[data-spark-scribe]'));
  const shown = ours.map((e) => e.style.getPropertyValue('display'));
  for (const e of ours) e.style.setProperty('display', 'none', 'important');
  const without = document.documentElement.scrollWidth;
  for (const [i, e] of ours.entries()) {
    if (shown[i]) e.style.setProperty('display', shown[i]!, 'important');
    else e.style.removeProperty('display');
  }
  const host = document.querySelector<HTMLElement>('[data-spark-scribe=drawer]')!;
  const b = host.getBoundingClientRect();
  const frame = document.querySelector<HTMLIFrameElement>('iframe[data-spark-scribe=drawer-frame]');
  const f = frame?.getBoundingClientRect();
  return {
    rolls: document.querySelectorAll('[data-spark-scribe=roll]').length,
    withUs,
    without,
    scale: vv.scale,
    button: { width: b.width * vv.scale, height: b.height * vv.scale, inside: within(b) },
    frame: frame && f ? { inside: within(f), factor: (f.width / frame.offsetWidth) * vv.scale, width: f.width * vv.scale } : null,
  };
};

/** In the drawer's frame: the smallest font size of any text on its screen (CSS px). */
const SMALLEST_TEXT = () => {
  let least = Number.POSITIVE_INFINITY;
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent?.trim()) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.top > innerHeight || r.bottom < 0 || el.closest('.sr-only')) continue;
    least = Math.min(least, Number.parseFloat(getComputedStyle(el).fontSize));
  }
  return least;
};

function expectPhoneLayout(l: Layout, open: boolean) {
  expect(l.rolls).toBeGreaterThan(0);
  // No wider than the page is without us.
  expect(l.withUs).toBeLessThanOrEqual(l.without);
  expect(l.button.inside).toBe(true);
  expect(l.button.width).toBeGreaterThanOrEqual(44);
  expect(l.button.height).toBeGreaterThanOrEqual(44);
  if (open) {
    expect(l.frame).not.toBeNull();
    expect(l.frame!.inside).toBe(true);
    // Below 480 px of visual width, the drawer takes the whole screen's width.
    expect(l.frame!.width).toBeGreaterThan(340);
  }
}

describe('Chromium, phone emulation (360 × 740, touch)', () => {
  let context: BrowserContext;
  let server: Awaited<ReturnType<typeof startPagesServer>>;
  let profile: string;
  beforeAll(async () => {
    server = await startPagesServer();
    profile = mkdtempSync(join(tmpdir(), 'spark-scribe-phone-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium().path!,
      headless: true,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
      args: chromiumArgs(EXTENSION_DIR, server.port),
      ignoreDefaultArgs: ['--disable-extensions'],
    });
    if (!context.serviceWorkers().length) await context.waitForEvent('serviceworker');
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  for (const p of PAGES) {
    it(`${p.name}: badges fit, the drawer is on screen and legible, a reply goes in`, async () => {
      const page: Page = await context.newPage();
      await page.goto(p.url);
      await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached', timeout: 20_000 });
      await page.waitForFunction(IS_SETTLED, undefined, { timeout: 20_000 });
      await page.evaluate(REVEAL_ALL);
      await page.waitForTimeout(300);
      const closed = await page.evaluate(MEASURE);
      expectPhoneLayout(closed, false);
      // Laid out 980 px wide and zoomed out to the screen (about 0.37): the sizes above are as the eye sees them.
      if (p.zoomedOut) expect(closed.scale).toBeLessThan(0.5);
      await inside(page, '[data-spark-scribe=drawer]').click('button');
      await page.waitForSelector('iframe[data-spark-scribe=drawer-frame]');
      const frame = async (): Promise<Frame> => {
        await expect.poll(() => page.frames().some((f) => f.url().includes('sidepanel.html')), { timeout: 10_000 }).toBe(true);
        return page.frames().find((f) => f.url().includes('sidepanel.html'))!;
      };
      const drawer = await frame();
      await drawer.waitForSelector('[role=tablist]', { timeout: 10_000 });
      await page.waitForTimeout(300);
      const open = await page.evaluate(MEASURE);
      expectPhoneLayout(open, true);
      expect((await drawer.evaluate(SMALLEST_TEXT)) * open.frame!.factor).toBeGreaterThanOrEqual(11.95);
      // (Clicked as events: Playwright's pointer cannot aim into a frame scaled up on a zoomed-out page.)
      await drawer.getByRole('tab', { name: /Reply/ }).dispatchEvent('click');
      await drawer.locator('[data-field=card]').fill('Counterspell');
      await drawer.locator('[data-field=memory]').fill('6');
      await drawer.getByRole('button', { name: 'Add to reply' }).dispatchEvent('click');
      await drawer.getByRole('button', { name: 'Insert into reply' }).dispatchEvent('click');
      await expect.poll(() => page.locator(p.reply).inputValue(), { timeout: 10_000 }).toMatch(/Counterspell/);
      // The close control says so and closes it.
      expect(await inside(page, '[data-spark-scribe=drawer]').text('button')).toMatch(/Close/);
      await inside(page, '[data-spark-scribe=drawer]').click('button');
      await expect.poll(() => page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(0);
      await page.close();
    });
  }
});

describe('Firefox at 360 × 740', () => {
  type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox({ viewport: { ...PHONE, hasTouch: true } as typeof PHONE });
  }, 90_000);
  afterAll(async () => ff?.close());

  for (const p of PAGES) {
    it(`${p.name}: badges fit, the drawer is on screen and legible, a reply goes in`, async () => {
      const page: PpPage = await ff.browser.newPage();
      await page.goto(p.url);
      await page.waitForSelector('[data-spark-scribe=drawer]', { timeout: 20_000 });
      await page.waitForFunction(IS_SETTLED, { timeout: 20_000 });
      await page.evaluate(REVEAL_ALL);
      await new Promise((ok) => setTimeout(ok, 300));
      const closed = await page.evaluate(MEASURE);
      expectPhoneLayout(closed, false);
      // Firefox on a desktop lays a page without a viewport meta out at the window's width, unzoomed
      // (only its responsive design mode, or dom.meta-viewport.enabled, zooms out; that preference
      // closes the headless browser's connection here as the page loads): scale 1.
      if (p.zoomedOut) expect(closed.scale).toBe(1);
      await page.$eval('[data-spark-scribe=drawer] >>> button', (x) => (x as HTMLElement).click());
      const handle = await page.waitForSelector('iframe[data-spark-scribe=drawer-frame]');
      let drawer: PpFrame | null = null;
      await expect
        .poll(
          async () => {
            drawer = await handle!.contentFrame();
            return drawer ? drawer.evaluate(() => document.querySelectorAll('[role=tablist]').length).catch(() => 0) : 0;
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      const f = drawer! as PpFrame;
      const open = await page.evaluate(MEASURE);
      expectPhoneLayout(open, true);
      expect((await f.evaluate(SMALLEST_TEXT)) * open.frame!.factor).toBeGreaterThanOrEqual(11.95);
      await f.$$eval('[role=tab]', (tabs) => (tabs.find((t) => /Reply/.test(t.textContent ?? '')) as HTMLElement | undefined)?.click());
      await f.waitForSelector('[data-field=card]', { timeout: 10_000 });
      await f.type('[data-field=card]', 'Counterspell');
      await f.type('[data-field=memory]', '6');
      const button = (name: string) => f.$$eval('button', (all, n) => (all.find((x) => x.textContent?.trim() === n) as HTMLElement | undefined)?.click(), name);
      await button('Add to reply');
      await button('Insert into reply');
      await expect.poll(() => page.$eval(p.reply, (x) => (x as HTMLTextAreaElement).value), { timeout: 10_000 }).toMatch(/Counterspell/);
      expect(await page.$eval('[data-spark-scribe=drawer] >>> button', (x) => x.textContent)).toMatch(/Close/);
      await page.$eval('[data-spark-scribe=drawer] >>> button', (x) => (x as HTMLElement).click());
      await expect.poll(() => page.$$('iframe[data-spark-scribe=drawer-frame]').then((x) => x.length)).toBe(0);
      await page.close();
    });
  }
});
