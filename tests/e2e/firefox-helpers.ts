/** What the Firefox browser tests share: reaching an extension page, and running code in one. */
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchFirefox } from '../../scripts/firefox.mjs';

interface Firefox {
  browser: { newPage(): Promise<Page> };
  url(path: string): string;
  extensionUrl(path: string): string;
}

/**
 * An extension page in a tab. BiDi will not navigate to moz-extension:// itself, so an RPOL page
 * sends itself to the panel page (web-accessible), which then goes on to `path` (so that the page
 * we land on was opened by one of ours).
 */
export async function openExtensionPage(ff: Firefox, path: string): Promise<Page> {
  const page = await ff.browser.newPage();
  await page.goto(ff.url('/'));
  for (const to of ['sidepanel.html?hub=1', path]) {
    await page.evaluate((u) => void (location.href = u), ff.extensionUrl(to));
    await expect
      .poll(() => page.evaluate(() => `${location.href}|${document.readyState}`).catch(() => ''), { timeout: 10_000 })
      .toBe(`${ff.extensionUrl(to)}|complete`);
  }
  return page;
}

/** Run `fn` (a function body; it may await) in an extension page, which has the `browser` API. */
export const inExtension = <T>(page: Page, fn: string): Promise<T> => page.evaluate(`(async () => { ${fn} })()`) as Promise<T>;

/** Open a page's drawer by its button; its frame once the panel shows its tabs. */
export async function openFirefoxDrawer(page: Page): Promise<Frame> {
  await page.$eval('[data-spark-scribe=drawer] >>> button', (x) => (x as HTMLElement).click());
  const handle = await page.waitForSelector('iframe[data-spark-scribe=drawer-frame]');
  let drawer: Frame | null = null;
  const tabs = async () => {
    drawer = await handle!.contentFrame();
    return drawer ? drawer.evaluate(() => document.querySelectorAll('[role=tab]').length).catch(() => 0) : 0;
  };
  await expect.poll(tabs, { timeout: 15_000 }).toBeGreaterThan(0);
  return drawer as unknown as Frame;
}

type Launched = Awaited<ReturnType<typeof launchFirefox>>;

/** A Firefox with the built extension for the calling describe block: launched before its tests, closed after them. */
export function firefoxForBlock(): { readonly now: Launched } {
  const held = { now: undefined as unknown as Launched };
  beforeAll(async () => {
    held.now = await launchFirefox();
  }, 90_000);
  afterAll(async () => held.now?.close());
  return held;
}
