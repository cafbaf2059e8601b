// Insert is one step of the reply box's own undo, in Chromium and Firefox: a player who typed half
// a post, inserted a block and thought better of it presses Ctrl+Z and has the half post back (a
// value set by script empties the box's undo history: Ctrl+Z then takes nothing back).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxForBlock, openFirefoxDrawer } from './firefox-helpers';
import { type Browser, inside, launchWithExtension, openRpol } from './helpers';

const THREAD = '/display.cgi?gi=51829&ti=51&show=all&viewer=Ada';
const REPLY = '#messagetext';

describe('Insert and undo (Chromium)', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  it('Ctrl+Z in the reply box takes the insert back and keeps what was typed; Ctrl+Y puts it again', async () => {
    const page = await openRpol(b, THREAD);
    await page.locator(REPLY).click();
    await page.keyboard.type('Typed first. ');
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const frame = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await frame.locator('#tab-reply').click({ timeout: 15_000 });
    await frame.getByTestId('draft').fill('Inserted.');
    await frame.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => page.locator(REPLY).inputValue()).toBe('Typed first. Inserted.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('messagetext');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator(REPLY).inputValue()).toBe('Typed first. ');
    await page.keyboard.press('Control+y');
    await expect.poll(() => page.locator(REPLY).inputValue()).toBe('Typed first. Inserted.');
    await page.close();
  });
});

describe('Insert and undo (Firefox)', () => {
  const firefox = firefoxForBlock();

  it('Ctrl+Z in the reply box takes the insert back and keeps what was typed', async () => {
    const ff = firefox.now;
    const page = await ff.browser.newPage();
    await page.goto(ff.url(THREAD));
    await page.waitForSelector('[data-spark-scribe=drawer]', { timeout: 20_000 });
    await page.type(REPLY, 'Typed first. ');
    const f = await openFirefoxDrawer(page);
    await f.waitForSelector('#tab-reply', { timeout: 15_000 });
    await f.click('#tab-reply');
    await f.waitForSelector('[data-testid=draft]', { visible: true, timeout: 15_000 });
    await f.type('[data-testid=draft]', 'Inserted.');
    const insert = async () => {
      for (const x of await f.$$('button')) if ((await x.evaluate((e) => e.textContent?.trim())) === 'Insert into reply') return x;
      return null;
    };
    await expect.poll(async () => !!(await insert()), { timeout: 15_000 }).toBe(true);
    await (await insert())!.click();
    const value = () => page.$eval(REPLY, (x) => (x as HTMLTextAreaElement).value);
    await expect.poll(value, { timeout: 10_000 }).toBe('Typed first. Inserted.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('messagetext');
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    await expect.poll(value).toBe('Typed first. ');
    await page.close();
  });
});
