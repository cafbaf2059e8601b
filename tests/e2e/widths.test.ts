// Legible on every width: every screen (each panel tab of each game on a sample thread, Options,
// the welcome page, the drawer in the page) at 360, 400 and 1,280 px, in the light and the dark
// theme, in real Chromium. It fails on a panel wider than its window, on a word or number broken
// across two lines ("Lif e", "14/ 15"), on any serious or critical axe-core finding, and below
// 480 px on any control under a finger's size (tests/e2e/targets.ts); every tab of every game is
// also measured so in Italian (longer labels) with its disclosures open.
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_EXTENSION_DIR } from '../../scripts/browser.mjs';
import { openDrawer, PANEL_SCREENS, seedTables, showTab, THREADS } from '../../scripts/screens.mjs';
import { tl } from '../../lib/i18n';
import { launchWithExtension, openRpol, type Browser } from './helpers';
import { SMALL_TARGETS } from './targets';

const WIDTHS = [360, 400, 1280];
const PHONE_WIDTHS = [360, 400];
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * In the page: what is wider than the window, and each word broken across lines. A word is a run
 * of non-space characters (a break just after a hyphen or a dash is a word's own); a word wider
 * than the window itself (a 64-digit hash) may break, as it cannot fit on any line.
 */
const LAYOUT_PROBLEMS = () => {
  const problems: string[] = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  const where = (el: Element | null) => {
    const path: string[] = [];
    for (let e = el; e && e !== document.body && path.length < 4; e = e.parentElement) {
      const id = e.getAttribute('data-testid') ?? e.id;
      path.unshift(`${e.tagName.toLowerCase()}${id ? `#${id}` : ''}${e.classList.length ? `.${[...e.classList].join('.')}` : ''}`);
    }
    return path.join(' > ');
  };
  if (root.scrollWidth > width + 1) {
    const wide = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest('[role=dialog] .findings'));
    const deepest = wide.filter((e) => !wide.some((o) => o !== e && e.contains(o))).slice(0, 4);
    problems.push(`the page is ${root.scrollWidth} px wide in ${width} px: ${deepest.map(where).join('; ')}`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n && problems.length < 12; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || parent.closest('script,style,option,textarea')) continue;
    const box = parent.getBoundingClientRect();
    if (box.width <= 4 || box.height <= 4) continue; // visually hidden text, for screen readers
    const text = n.textContent ?? '';
    for (const m of text.matchAll(/[^\s\-‐–—]+[-‐–—]?/g)) {
      range.setStart(n, m.index!);
      range.setEnd(n, m.index! + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length < 2) continue;
      const tops = rects.map((r) => r.top);
      const span = Math.max(...tops) - Math.min(...tops);
      const wordWidth = rects.reduce((s, r) => s + r.width, 0);
      if (span > rects[0]!.height / 2 && wordWidth < width - 24) problems.push(`“${m[0]}” broken across lines in ${where(parent)}`);
    }
  }
  return problems;
};

type Violation = { id: string; impact: string; help: string; nodes: { target: unknown[] }[] };
/** Serious and critical axe-core findings; `include`: only these elements (ours, on a forum page). */
async function axe(where: Page | Frame, include: string | null = null): Promise<string[]> {
  if (!(await where.evaluate(() => 'axe' in window))) await where.evaluate(AXE);
  const violations = (await where.evaluate(
    async ([inc, tags]) => {
      const w = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Violation[] }> } };
      const context = inc ? { include: [...document.querySelectorAll(inc as string)] } : document;
      return (await w.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
    },
    [include, TAGS] as const,
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(n.target)}`));
}

const frames = (p: Page | Frame) => p.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/** At each width: the layout's problems and axe's findings in `where`, each prefixed with the width. */
async function atEveryWidth(page: Page, where: () => Page | Frame, include: string | null = null, widths = WIDTHS): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await frames(where());
    const problems = [...(await where().evaluate(LAYOUT_PROBLEMS)), ...(await axe(where(), include)), ...(await where().evaluate(SMALL_TARGETS))];
    found.push(...problems.map((p) => `${width} px: ${p}`));
  }
  return found;
}

for (const theme of ['light', 'dark'] as const) {
  describe(`every screen at 360, 400 and 1,280 px, ${theme} theme`, () => {
    let b: Browser;
    const panels = new Map<string, Page>();
    beforeAll(async () => {
      b = await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR, colorScheme: theme });
      await b.worker.evaluate((th) => chrome.storage.local.set({ settings: { version: 1, theme: th } }), theme);
      await seedTables(b.worker);
      for (const [name, path] of Object.entries(THREADS)) {
        const page = await openRpol(b, path);
        const panel = await b.context.newPage();
        await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${(await b.tabIdOf(page.marker))!}`));
        await panel.locator('main[data-theme]').waitFor();
        panels.set(name, panel);
      }
    }, 120_000);
    afterAll(async () => b?.close());

    for (const { screen, thread, tab } of PANEL_SCREENS) {
      it(`the panel’s ${tab} tab`, async () => {
        const panel = panels.get(thread)!;
        await panel.setViewportSize({ width: 1280, height: 800 });
        await showTab(panel, tab);
        expect(await panel.locator('main').getAttribute('data-theme')).toBe(theme);
        expect((await atEveryWidth(panel, () => panel)).join('\n'), screen).toBe('');
      });
    }

    it('the Duel tab with the state post in Italian (longer headers)', async () => {
      const panel = panels.get('turn')!;
      await panel.setViewportSize({ width: 1280, height: 800 });
      await showTab(panel, 'Duel');
      const language = panel.getByRole('combobox', { name: 'The language of what you post to this thread' });
      await language.selectOption('it');
      await panel.getByText('Duellante').waitFor();
      const found = await atEveryWidth(panel, () => panel);
      await language.selectOption('en');
      expect(found.join('\n')).toBe('');
    });

    for (const language of ['en', 'it'] as const) {
      it(`every control of every tab of every game a finger’s size at 360 and 400 px, ${language === 'en' ? 'English' : 'Italian'}`, async () => {
        await b.worker.evaluate(([th, l]) => chrome.storage.local.set({ settings: { version: 1, theme: th, language: l } }), [theme, language] as const);
        const found: string[] = [];
        for (const [thread, panel] of panels) {
          await panel.setViewportSize({ width: 360, height: 800 });
          await panel.reload();
          await panel.locator(`main[data-theme=${theme}]`).waitFor();
          const tabs = panel.getByRole('tab');
          for (let i = 0; i < (await tabs.count()); i++) {
            const name = (await tabs.nth(i).textContent()) ?? '';
            await tabs.nth(i).click();
            await panel.getByRole('tabpanel').first().waitFor();
            await panel.waitForFunction((reading) => !document.body.innerText.includes(reading), tl(language, 'panel.reading'));
            await panel.evaluate(() => document.querySelectorAll('details').forEach((d) => void (d.open = true)));
            for (const width of PHONE_WIDTHS) {
              await panel.setViewportSize({ width, height: 800 });
              await frames(panel);
              found.push(...(await panel.evaluate(SMALL_TARGETS)).map((p) => `${thread}, ${name}, ${width} px: ${p}`));
            }
          }
        }
        await b.worker.evaluate((th) => chrome.storage.local.set({ settings: { version: 1, theme: th } }), theme);
        for (const panel of panels.values()) {
          await panel.reload();
          await panel.locator(`main[data-theme=${theme}]`).waitFor();
        }
        console.log(`${theme}, ${language}: ${found.length} controls under a finger’s size`);
        expect(found.join('\n')).toBe('');
      }, 180_000);
    }

    for (const path of ['options.html', 'welcome.html', 'turns.html']) {
      it(path, async () => {
        const page = await b.context.newPage();
        await page.goto(b.extensionUrl(path));
        await page.locator('h1').waitFor();
        expect((await atEveryWidth(page, () => page)).join('\n')).toBe('');
        await page.close();
      });
    }

    it('the drawer in the page, and the panel inside it', async () => {
      const page = await openRpol(b, THREADS.duel);
      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const frame = (await openDrawer(page))!;
        await frames(frame);
        const box = await page.locator('iframe[data-spark-scribe=drawer-frame]').boundingBox();
        if (!box || box.x < -1.5 || box.x + box.width > width + 1) found.push(`${width} px: the drawer is at ${box?.x} to ${box && box.x + box.width}`);
        found.push(...(await atEveryWidth(page, () => frame, null, [width])));
        found.push(...(await axe(page, '[data-spark-scribe=drawer]')).map((p) => `${width} px, the page: ${p}`));
        await page.reload();
        await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
      }
      expect(found.join('\n')).toBe('');
      await page.close();
    });
  });
}
