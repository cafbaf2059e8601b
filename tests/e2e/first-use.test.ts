// The first use, in a fresh profile, as the browser starts: the page opened at once (the install's
// work still under way), its drawer opened, a tab clicked in it at once with a real pointer, and a
// post inserted at once. The click is not lost and the page stays the one shown: a welcome page
// put in front of it sent it to the background, where the browser draws it once a second, so the
// drawer's first frame was missing from what the click was aimed at, and every control in the
// drawer waited for a frame (the first Insert took about 2 s). No timing is asserted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { Page as PpPage } from 'puppeteer-core';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { openFirefoxDrawer } from './firefox-helpers';
import { type Browser, DUEL, inside, launchWithExtension } from './helpers';

const REPLY = '#messagetext';

describe('Chromium, a fresh profile', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  it('a tab clicked in the first drawer at once is selected, and Insert puts the post in at once', async () => {
    // At once, as a user whose session comes back while the extension installs.
    const page: Page = await b.context.newPage();
    await page.goto(b.url(DUEL));
    await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached', timeout: 20_000 });
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    await expect.poll(() => page.frames().some((f) => f.url().includes('sidepanel.html')), { timeout: 15_000 }).toBe(true);
    const drawer: Frame = page.frames().find((f) => f.url().includes('sidepanel.html'))!;
    await drawer.waitForSelector('[role=tab]', { timeout: 15_000 });
    // A real pointer, aimed where the browser last drew the drawer.
    await drawer.locator('#tab-reply').click();
    await expect.poll(() => drawer.locator('#tab-reply').getAttribute('aria-selected')).toBe('true');
    // The page is still the one its window shows (not sent behind by the first run's page).
    const shown = await b.worker.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url ?? '');
    expect(shown).toContain('ti=40');
    await drawer.locator('[data-field=card]').fill('Counterspell');
    await drawer.locator('[data-field=memory]').fill('6');
    await drawer.getByRole('button', { name: 'Add to reply' }).click();
    await drawer.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => page.locator(REPLY).inputValue(), { timeout: 10_000 }).toMatch(/Counterspell/);
    // The welcome page is still there, behind.
    expect(b.context.pages().some((p) => p.url().endsWith('/welcome.html'))).toBe(true);
  });
});

describe('Firefox, a fresh profile', () => {
  type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 90_000);
  afterAll(async () => ff?.close());

  it('a tab clicked in the first drawer at once is selected, and Insert puts the post in at once', async () => {
    const page: PpPage = await ff.browser.newPage();
    await page.goto(ff.url(DUEL));
    await page.waitForSelector('[data-spark-scribe=drawer]', { timeout: 20_000 });
    const f = await openFirefoxDrawer(page);
    // Real pointer input (WebDriver BiDi's input actions).
    await f.click('#tab-reply');
    await expect.poll(() => f.$eval('#tab-reply', (x) => x.getAttribute('aria-selected'))).toBe('true');
    expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
    await f.waitForSelector('[data-field=card]');
    await f.type('[data-field=card]', 'Counterspell');
    await f.type('[data-field=memory]', '6');
    const button = async (name: string) => {
      const all = await f.$$('button');
      for (const x of all) if ((await x.evaluate((e) => e.textContent?.trim())) === name) return x.click();
      throw new Error(`no button ${name}`);
    };
    await button('Add to reply');
    await button('Insert into reply');
    await expect.poll(() => page.$eval(REPLY, (x) => (x as HTMLTextAreaElement).value), { timeout: 10_000 }).toMatch(/Counterspell/);
  });
});
