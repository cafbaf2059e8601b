// The forums beside RPOL in Chromium: Gamers' Plane and forum.mafiascum.net read from install,
// each roll with the verdict its forum can support; a reply built in the panel, previewed and
// inserted in the board's BBCode; a board that is not added is not read, and the Add forum
// button asks the browser for that origin. Chromium's permission prompt cannot be answered by a
// driver: the add-and-remove flow runs here on the test build, where board.example is granted at
// install (Add forum finds it allowed), and in Firefox with the real prompt answered yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamersPlaneThread, phpbbThread } from '../fixtures/board-pages.mjs';
import { E2E_EXTENSION_DIR } from '../../scripts/browser.mjs';
import { type Browser, inside, launchWithExtension, openBoard, rollVerdicts } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

const want = (expected: { post: number; trust: string; successes: number | null }[]) =>
  expected.map(({ post, trust, successes }) => ({ post, trust, successes }));

describe('forums read from install', () => {
  it('Gamers’ Plane: the server’s rolls verified, typed and quoted ones typed, a hidden roll unchecked, rerolled aces total-only', async () => {
    const page = await openBoard(b, 'http://gamersplane.com/forums/thread/9001/');
    expect(await rollVerdicts(page)).toEqual(want(gamersPlaneThread().expected));
    // The edited post's roll carries the caution that an edit may have added it.
    expect(await page.locator('[data-spark-scribe=roll][data-post="2006"]').getAttribute('data-cautions')).not.toBe('');
    // A hostile name stays text.
    expect(await page.evaluate(() => document.querySelectorAll('b[onmouseover]').length)).toBe(0);
    await page.close();
  });

  it('forum.mafiascum.net: a fresh dice box verified, a STATIC or look-alike box typed, never red', async () => {
    const page = await openBoard(b, 'http://forum.mafiascum.net/viewtopic.php?t=5101');
    const got = await rollVerdicts(page);
    expect(got).toEqual(want(phpbbThread().expected));
    expect(got.some((r) => r.trust === 'mismatch')).toBe(false);
    await page.close();
  });

  it('a roll’s detail (the extras, put into the board’s tab) and the drawer work there as on RPOL', async () => {
    const page = await openBoard(b, 'http://forum.mafiascum.net/viewtopic.php?t=5101');
    const badge = inside(page, '[data-spark-scribe=roll][data-post="1002"]');
    await badge.focus('button.badge');
    await page.keyboard.press('Enter');
    await expect.poll(() => badge.count('[role=dialog]'), { timeout: 10_000 }).toBe(1);
    expect(await badge.count('[role=dialog] .die')).toBe(5);
    await expect.poll(() => badge.text('[role=dialog]')).toMatch(/Mafiascum/);
    await page.keyboard.press('Escape');
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const frame = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => frame.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(phpbbThread().expected.length);
    await page.close();
  });

  it('a reply is built in the panel, previewed as the board shows it and inserted in its BBCode', async () => {
    const page = await openBoard(b, 'http://forum.mafiascum.net/viewtopic.php?t=5101');
    await page.locator('textarea[name=message]').fill('Ada draws.\n');
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=reply`));
    await panel.getByLabel('Card').fill('Counterspell');
    await panel.getByLabel('Rarity').selectOption('Uncommon');
    await panel.getByLabel('Memory').fill('6');
    await panel.getByRole('button', { name: 'Add to reply' }).click();
    // The preview reads the BBCode back: bold as bold, no tag shown.
    const preview = panel.locator('.preview');
    await expect.poll(() => preview.locator('b').first().innerText()).toBe('Draw declaration:');
    expect(await preview.innerText()).not.toMatch(/\[\/?b\]|<b>/);
    await panel.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => panel.getByRole('status').innerText()).toBe('Inserted into the reply box.');
    expect(await page.locator('textarea[name=message]').inputValue()).toBe(
      'Ada draws.\n[b]Draw declaration:[/b] Counterspell (Uncommon)\n[size=85]6d10, difficulty 3: 65.6% to draw.[/size]',
    );
    await panel.close();
    await page.close();
  });
});

describe('boards the user adds', () => {
  it('a board not added is not read; Add forum asks the browser before anything else', async () => {
    const page = await b.context.newPage();
    await page.goto('http://board.example/viewtopic.php?t=5101');
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-spark-scribe]').count()).toBe(0);
    expect(await b.worker.evaluate(() => chrome.permissions.contains({ origins: ['http://board.example/*'] }))).toBe(false);

    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    // An address of a site read from install, or not an address at all: said plainly, nothing asked.
    const field = options.getByLabel('Forum address');
    await field.fill('forum.mafiascum.net/viewtopic.php?t=5101');
    await options.getByRole('button', { name: 'Add forum' }).click();
    await expect.poll(() => options.getByTestId('forums-status').innerText()).toMatch(/forum\.mafiascum\.net.*read from install/);
    await field.fill('not a board');
    await options.getByRole('button', { name: 'Add forum' }).click();
    await expect.poll(() => options.getByTestId('forums-status').innerText()).toMatch(/not a web address/);
    // A board: the browser's question is open (Chromium shows its prompt; nothing is saved until it is answered).
    await field.fill('http://board.example/viewtopic.php?t=5101');
    await options.getByRole('button', { name: 'Add forum' }).click();
    await expect.poll(() => options.getByTestId('forums-status').innerText()).toMatch(/^Asking the browser/);
    expect(await options.getByRole('button', { name: 'Add forum' }).isDisabled()).toBe(true);
    expect(((await b.worker.evaluate(() => chrome.storage.local.get('settings'))) as { settings?: { boards?: unknown[] } }).settings?.boards ?? []).toEqual([]);
    await options.close();
    await page.close();
  });
});

describe('Add forum and Remove in Chromium (the test build: board.example granted at install)', () => {
  let e: Browser;
  beforeAll(async () => {
    e = await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR });
  });
  afterAll(async () => e?.close());

  it('the board is read after Add forum (its script registered for that origin), and no longer after Remove', async () => {
    const boardUrl = 'http://board.example/viewtopic.php?t=5101';
    const before = await e.context.newPage();
    await before.goto(boardUrl);
    await before.waitForTimeout(1500);
    expect(await before.locator('[data-spark-scribe]').count()).toBe(0);
    await before.close();

    const options = await e.context.newPage();
    await options.goto(e.extensionUrl('options.html'));
    await options.getByLabel('Forum address').fill(boardUrl);
    await options.getByRole('button', { name: 'Add forum' }).click();
    await expect.poll(() => options.getByTestId('forums-status').innerText(), { timeout: 15_000 }).toMatch(/^Added .*\(phpBB\)/);
    await expect
      .poll(() =>
        e.worker.evaluate(async () =>
          (await chrome.scripting.getRegisteredContentScripts()).map((s: { id: string; matches: string[]; js: string[] }) => [s.id, s.matches, s.js]),
        ),
      )
      .toEqual([['board phpbb http://board.example', ['http://board.example/*'], ['content-scripts/phpbb.js']]]);

    const page = await openBoard(e, boardUrl);
    expect(await rollVerdicts(page)).toEqual(want(phpbbThread().expected));
    await options.getByRole('button', { name: /^Remove / }).click();
    await expect.poll(() => options.getByTestId('forums-status').innerText()).toMatch(/^Removed/);
    await expect.poll(() => page.locator('[data-spark-scribe=roll]').count()).toBe(0);
    await expect.poll(() => e.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).length)).toBe(0);
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-spark-scribe]').count()).toBe(0);
    await page.close();
    await options.close();
  }, 60_000);
});
