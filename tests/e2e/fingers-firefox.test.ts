// Made for fingers in real Firefox (issue 43, item 3): every tab of every game's panel page at 360
// and 400 px, light and dark, English and Italian, with its disclosures open; every visible control
// at least 44 × 44 px, or 44 px tall and 8 px from the others (tests/e2e/targets.ts). Chromium's
// side of the same check is in tests/e2e/widths.test.ts.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tl } from '../../lib/i18n';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { seedTables, THREADS } from '../../scripts/screens.mjs';
import { IS_SETTLED, until } from './helpers';
import { SMALL_TARGETS } from './targets';

type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
let ff: Firefox;
let hub: Page;
const tabIds = new Map<string, number>();

/** Go to one of our pages from a page that is already ours, or from a web page (BiDi will not go to moz-extension:// itself). */
async function goTo(page: Page, path: string): Promise<void> {
  const want = `${ff.extensionUrl(path)}|complete`;
  await page.evaluate((u) => void (location.href = u), ff.extensionUrl(path));
  await until(async () => (await page.evaluate(() => `${location.href}|${document.readyState}`).catch(() => '')) === want, 10_000);
}

beforeAll(async () => {
  ff = await launchFirefox();
  for (const [name, path] of Object.entries(THREADS)) {
    const page = await ff.browser.newPage();
    await page.goto(ff.url(`${path}&fingers=${name}`));
    await page.waitForFunction(IS_SETTLED, { timeout: 20_000 });
  }
  hub = await ff.browser.newPage();
  await hub.goto(ff.url('/'));
  await goTo(hub, 'sidepanel.html?hub=1');
  await goTo(hub, 'options.html');
  // The seeding is Chromium's (chrome.storage): Firefox's extension pages answer to `browser`.
  await hub.evaluate('globalThis.chrome = { ...globalThis.chrome, storage: browser.storage }');
  await seedTables(hub);
  for (const name of Object.keys(THREADS)) {
    const id = await hub.evaluate(async (part) => (await browser.tabs.query({})).find((t) => (t.url ?? '').includes(part))?.id ?? 0, `fingers=${name}`);
    tabIds.set(name, id);
  }
}, 120_000);
afterAll(async () => ff?.close());

describe('Firefox: every control of the panel a finger’s size below 480 px', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'it'] as const) {
      it(`every tab of every game at 360 and 400 px, ${theme} theme, ${language === 'en' ? 'English' : 'Italian'}`, async () => {
        await hub.evaluate(([th, l]) => browser.storage.local.set({ settings: { version: 1, theme: th, language: l } }), [theme, language] as const);
        const panel = await ff.browser.newPage();
        await panel.goto(ff.url('/'));
        await goTo(panel, 'sidepanel.html?hub=1');
        const found: string[] = [];
        for (const [thread, id] of tabIds) {
          await panel.setViewport({ width: 360, height: 800 });
          await goTo(panel, `sidepanel.html?tabId=${id}&t=${thread}${theme}${language}`);
          await panel.waitForSelector(`main[data-theme=${theme}]`, { timeout: 10_000 });
          const count = await panel.evaluate(() => document.querySelectorAll('[role=tab]').length);
          expect(count, thread).toBeGreaterThan(2);
          for (let i = 0; i < count; i++) {
            const name = await panel.evaluate((n) => {
              const tab = document.querySelectorAll<HTMLElement>('[role=tab]')[n]!;
              tab.click();
              return tab.textContent ?? '';
            }, i);
            await panel.waitForFunction((n) => document.querySelectorAll('[role=tab]')[n]?.getAttribute('aria-selected') === 'true', {}, i);
            await panel.waitForFunction((reading) => !document.body.innerText.includes(reading), {}, tl(language, 'panel.reading'));
            await panel.evaluate(() => document.querySelectorAll('details').forEach((d) => void (d.open = true)));
            for (const width of [360, 400]) {
              await panel.setViewport({ width, height: 800 });
              await panel.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
              expect(await panel.evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(width);
              found.push(...(await panel.evaluate(SMALL_TARGETS)).map((p) => `${thread}, ${name}, ${width} px: ${p}`));
            }
          }
        }
        await panel.close();
        console.log(`Firefox, ${theme}, ${language}: ${found.length} controls under a finger’s size`);
        expect(found.join('\n')).toBe('');
      }, 240_000);
    }
  }
});
