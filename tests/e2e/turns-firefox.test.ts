// The Turns view in real Firefox (issue 41), as far as its test harness reaches (scripts/firefox.mjs:
// puppeteer over WebDriver BiDi; extension pages through a web page's hop): a thread followed from
// the panel page, its group, the toolbar badge's count, and the Turns popup page.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { IS_SETTLED } from './helpers';
import { inExtension, openExtensionPage } from './firefox-helpers';

type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
let ff: Firefox;
beforeAll(async () => {
  ff = await launchFirefox();
}, 90_000);
afterAll(async () => ff?.close());

const LIVE = '/display.cgi?gi=51829&ti=51&show=all&viewer=Ada';

async function openRpol(path: string): Promise<Page & { marker: string }> {
  const page = (await ff.browser.newPage()) as Page & { marker: string };
  page.marker = `visit=ffturns-${Date.now()}`;
  await page.goto(ff.url(`${path}&${page.marker}`));
  await page.waitForFunction(IS_SETTLED, { timeout: 20_000 });
  return page;
}

const extensionPage = (path: string) => openExtensionPage(ff, path);

/** Type into the field a label names, as a user would, and press Enter. */
async function typeInto(page: Page, label: RegExp, text: string): Promise<void> {
  const found = await page.evaluate((source) => {
    const l = [...document.querySelectorAll('label')].find((x) => new RegExp(source).test(x.textContent ?? ''));
    const input = l?.querySelector('input');
    input?.focus();
    return !!input;
  }, label.source);
  expect(found).toBe(true);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('Firefox: the Turns view', () => {
  it('follows a thread from the panel page; waiting on you: its group, and the toolbar badge’s count; the popup page lists it', async () => {
    const page = await openRpol(LIVE);
    const hub = await extensionPage('options.html');
    const tabId = await inExtension<number>(
      hub,
      `return (await browser.tabs.query({})).find((t) => (t.url || '').includes(${JSON.stringify(page.marker)}))?.id ?? 0;`,
    );
    const panel = await extensionPage(`sidepanel.html?tabId=${tabId}&tab=turns`);
    await panel.waitForSelector('[data-testid=follow]', { timeout: 10_000 });
    await panel.click('[data-testid=follow]');
    const posts = () =>
      inExtension<number>(hub, `return (await browser.storage.local.get('followed')).followed?.threads?.['rpol.net/51829/51']?.posts?.length ?? 0;`);
    await expect.poll(posts, { timeout: 10_000 }).toBe(1);
    await typeInto(panel, /Add a player/, 'Ada');
    const badge = () => inExtension<string>(hub, `return browser.browserAction.getBadgeText({});`);
    await expect.poll(badge, { timeout: 10_000 }).toBe('1');
    await expect.poll(() => panel.$$('section[data-group=you] li[data-thread="rpol.net/51829/51"]').then((x) => x.length), { timeout: 10_000 }).toBe(1);
    const popup = await extensionPage('turns.html');
    await expect.poll(() => popup.$$('section[data-group=you] li[data-thread]').then((x) => x.length), { timeout: 10_000 }).toBe(1);
    await popup.close();
    await panel.close();
    await hub.close();
    await page.close();
  });
});
