// npm run demo -- --headless, its second part: every screen (each panel tab of each sample thread,
// Options, the welcome page, the drawer in the page) at 360 and 1,280 px, light and dark, written
// as <screen>-<width>-<theme>.png (docs/screenshots/ unless --screens DIR). Each picture is clipped
// to the panel (at most 2,600 px tall at 360 px, 1,400 at 1,280) to keep the files small.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDrawer, PANEL_SCREENS, seedTables, showTab, THREADS } from './screens.mjs';

const WIDTHS = [360, 1280];
const THEMES = ['light', 'dark'];
/** A narrow panel is long: the duel's state post is near the bottom of its tab. */
const maxHeight = (width) => (width < 480 ? 2600 : 1400);

const frames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/** The panel's box (its `main`), from the top, at most maxHeight px tall. */
async function clipOf(page) {
  const box = await page.locator('main').first().boundingBox();
  const vw = page.viewportSize().width;
  if (!box) return { x: 0, y: 0, width: vw, height: 800 };
  const x = Math.max(0, Math.floor(box.x));
  return { x, y: 0, width: Math.min(vw - x, Math.ceil(box.width)), height: Math.min(maxHeight(vw), Math.ceil(box.y + box.height) + 8) };
}

/** Every screen, in both themes and both widths; `pageOf(thread)`: an open page of that sample thread. */
export async function captureScreens(b, { dir, openThread }) {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const shots = [];
  // The theme follows the system's (the default): each theme is the page's prefers-color-scheme.
  await b.worker.evaluate(async () => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings ?? { version: 1 }), theme: 'auto', language: 'auto' } });
  });
  await seedTables(b.worker);
  const panels = new Map();
  for (const [name, path] of Object.entries(THREADS)) {
    const tabId = await openThread(path);
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}`));
    await panel.locator('main[data-theme]').waitFor();
    panels.set(name, panel);
  }
  const shoot = async (page, name, width, theme, clip = true) => {
    const path = resolve(out, `${name}-${width}-${theme}.png`);
    await frames(page);
    await page.screenshot(clip ? { path, fullPage: true, clip: await clipOf(page) } : { path });
    shots.push(path);
  };
  for (const theme of THEMES) {
    for (const panel of panels.values()) {
      await panel.emulateMedia({ colorScheme: theme });
      await panel.reload();
      await panel.locator(`main[data-theme=${theme}]`).waitFor();
    }
    for (const { screen, thread, tab } of PANEL_SCREENS) {
      const panel = panels.get(thread);
      await showTab(panel, tab);
      for (const width of WIDTHS) {
        await panel.setViewportSize({ width, height: 860 });
        await shoot(panel, screen, width, theme);
      }
    }
    for (const screen of ['options', 'welcome']) {
      const page = await b.context.newPage();
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(b.extensionUrl(`${screen}.html`));
      await page.locator('h1').waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 860 });
        await shoot(page, screen, width, theme);
      }
      await page.close();
    }
    const page = await b.context.newPage();
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(b.url(`${THREADS.duel}&drawer=${theme}-${width}`));
      await page.waitForSelector('[data-spark-scribe=roll]', { state: 'attached' });
      await openDrawer(page);
      await new Promise((r) => setTimeout(r, 300));
      await shoot(page, 'drawer', width, theme, false);
    }
    await page.close();
  }
  for (const panel of panels.values()) await panel.close();
  return shots;
}
