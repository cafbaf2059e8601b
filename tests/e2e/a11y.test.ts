// Accessibility: axe-core over everything Spark Scribe shows, in the light and the dark theme, in
// real Chromium. The build under test is the shipped one with open shadow roots (`--mode e2e`),
// so that axe can read inside our badges; on RPOL pages only our own elements are judged.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { E2E_EXTENSION_DIR } from '../../scripts/browser.mjs';
import { DUEL, launchWithExtension, openRpol, type Browser } from './helpers';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = { id: string; impact: string; help: string; nodes: { target: unknown[]; failureSummary: string }[] };

/** Run axe in a page or frame; `include`: only these elements (ours) on a web page. */
async function axe(where: Page | Frame, include: string | null = null): Promise<string[]> {
  await where.evaluate(AXE);
  const violations = (await where.evaluate(
    async ([inc, tags]) => {
      const w = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Violation[] }> } };
      const context = inc ? { include: [...document.querySelectorAll(inc as string)].map((e) => e) } : document;
      const r = await w.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations;
    },
    [include, TAGS] as const,
  )) as Violation[];
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(n.target)} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}`),
  );
}

const OURS = '[data-spark-scribe]';

for (const theme of ['light', 'dark'] as const) {
  describe(`axe, ${theme} theme`, () => {
    let b: Browser;
    beforeAll(async () => {
      b = await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR, colorScheme: theme });
      await b.worker.evaluate((th) => chrome.storage.local.set({ settings: { version: 1, theme: th } }), theme);
    });
    afterAll(async () => b?.close());

    it('the annotated thread, a roll’s detail and a sheet’s detail', async () => {
      const page = await openRpol(b, DUEL);
      expect(await page.locator('[data-spark-scribe=roll]').count()).toBeGreaterThan(0);
      expect(await axe(page, OURS)).toEqual([]);
      await page.locator('[data-spark-scribe=roll][data-post="5"] button.badge').click();
      await page.locator('[data-spark-scribe=roll][data-post="5"] [role=dialog]').waitFor();
      expect(await axe(page, OURS)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('[data-spark-scribe=sheet] button.badge').first().click();
      await page.locator('[data-spark-scribe=sheet] [role=dialog]').first().waitFor();
      expect(await axe(page, OURS)).toEqual([]);
      await page.close();
    });

    it('the drawer, and the panel inside it', async () => {
      const page = await openRpol(b, DUEL);
      await page.locator('[data-spark-scribe=drawer] button').click();
      const frame = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
      await expect.poll(() => frame.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
      expect(await axe(page, OURS)).toEqual([]);
      const inner = page.frames().find((f) => f.url().includes('sidepanel.html'))!;
      expect(await axe(inner)).toEqual([]);
      await page.close();
    });

    const TABS: [string, string[]][] = [
      [DUEL, ['thread', 'duel', 'sheets', 'planner', 'reply']],
      ['/display.cgi?gi=51829&ti=50&show=all', ['match']],
      ['/display.cgi?gi=51829&ti=51&show=all&viewer=Ada', ['table', 'calc']],
    ];
    for (const [path, tabs] of TABS) {
      it(`every panel tab: ${tabs.join(', ')}`, async () => {
        const page = await openRpol(b, path);
        const tabId = (await b.tabIdOf(page.marker))!;
        for (const tab of tabs) {
          const panel = await b.context.newPage();
          await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=${tab}`));
          await panel.locator(`[role=tabpanel]#panel-${tab}`).waitFor();
          await panel.waitForFunction(() => !document.body.innerText.includes('Reading the page…'));
          expect(await panel.locator('main').getAttribute('data-theme'), tab).toBe(theme);
          expect(await axe(panel), tab).toEqual([]);
          await panel.close();
        }
        await page.close();
      });
    }

    it('the Match tab with a running clock', async () => {
      await b.worker.evaluate(async () => {
        const { tables } = await chrome.storage.local.get('tables');
        const t = tables ?? { version: 1, games: {}, tables: {} };
        t.tables['rpol.net/51829/50'] = {
          game: 'sparks-fly',
          log: { sparks: 120, firstBidder: 'A', seed: 'a11y', events: [] },
          clock: { settings: { on: true, decision: 600, play: 60, sound: false }, run: { at: 0, startedAt: Date.now(), pausedAt: null, paused: 0 } },
          updatedAt: Date.now(),
        };
        await chrome.storage.local.set({ tables: t });
      });
      const page = await openRpol(b, '/display.cgi?gi=51829&ti=50&show=all');
      const panel = await b.context.newPage();
      await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${(await b.tabIdOf(page.marker))!}&tab=match`));
      await panel.locator('[data-testid=sf-clock] [role=timer]').waitFor();
      expect(await panel.locator('[data-testid=sf-clock] .clock').getAttribute('data-running')).toBe('true');
      expect(await axe(panel)).toEqual([]);
      await panel.close();
      await page.close();
    });

    it('the options page and the first-run page', async () => {
      for (const path of ['options.html', 'welcome.html']) {
        const page = await b.context.newPage();
        await page.goto(b.extensionUrl(path));
        await page.locator('h1').waitFor();
        expect(await axe(page), path).toEqual([]);
        await page.close();
      }
    });
  });
}
