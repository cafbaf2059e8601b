/** What the Firefox browser tests share: reaching an extension page, and running code in one. */
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';

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
