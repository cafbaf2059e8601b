// The side panel page, the reply builder, drafts and the options page in real Chromium.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DUEL, launchWithExtension, openRpol, storageGet, type Browser, inside, until } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

async function openPanel(tabId: number, tab = 'thread') {
  const panel = await b.context.newPage();
  await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=${tab}`));
  return panel;
}

describe('side panel', () => {
  it('shows the thread summary with filters, and jumps to a post', async () => {
    const page = await openRpol(b, DUEL);
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await openPanel(tabId);
    const list = panel.getByTestId('roll-list');
    await expect.poll(() => list.locator('li').count()).toBe(22);
    await panel.getByLabel('Filter by verdict').selectOption('mismatch');
    await expect.poll(() => list.locator('li').count()).toBe(5); // 10, 15, 16, 23, 24 (17 was added by an edit: a caution)
    await panel.getByLabel('Filter by verdict').selectOption('');
    // The thread's log check is on by default: "Re-rolls only" shows Korrin's fished Shivan Dragon draw.
    await expect
      .poll(
        async () => {
          await panel.reload();
          await panel.getByTestId('rerolls-only').check();
          return panel.getByTestId('roll-list').locator('li').count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await list.locator('li').first().getAttribute('data-roll')).toBe('6-0');
    await panel.getByTestId('rerolls-only').uncheck();
    await panel.getByLabel('Filter by character').selectOption('Korrin Vask');
    await expect.poll(() => list.locator('li').count()).toBe(10); // posts 3, 6, 7, 10, 12, 13, 14, 15, 23 (his roll, quoted), 24
    // The Sheets tab lists both sheets with their findings.
    await panel.getByRole('tab', { name: 'Sheets' }).click();
    await expect.poll(() => panel.locator('[data-sheet]').count()).toBe(2);
    await expect.poll(() => panel.locator('[data-sheet]').nth(1).innerText()).toMatch(/overspent by 16/);
    // Jump: the badge of post 10 gets focus in the thread.
    await panel.getByRole('tab', { name: 'Rolls' }).click();
    await panel.getByLabel('Filter by character').selectOption('');
    await panel.locator('[data-roll="10-0"] button').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-roll-id'))).toBe('10-0');
    await panel.close();
    await page.close();
  });

  it('builds a draw declaration and inserts it into the reply box at the cursor', async () => {
    const page = await openRpol(b, DUEL);
    await page.locator('#messagetext').fill('Tavi draws.\n');
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await openPanel(tabId, 'reply');
    await panel.getByLabel('Card').fill('Counterspell');
    await panel.getByLabel('Rarity').selectOption('Uncommon');
    await panel.getByLabel('Memory').fill('6');
    await expect.poll(() => panel.locator('[aria-live=polite]').innerText()).toMatch(/reason: Draw: Counterspell \(Uncommon\)/);
    await panel.getByRole('button', { name: 'Add to reply' }).click();
    await expect.poll(() => panel.locator('.preview').innerText()).toMatch(/Draw declaration: Counterspell \(Uncommon\)/);
    await panel.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => panel.getByRole('status').innerText()).toBe('Inserted into the reply box.');
    const value = await page.locator('#messagetext').inputValue();
    expect(value).toBe('Tavi draws.\n<b>Draw declaration:</b> Counterspell (Uncommon)\n<small>6d10, difficulty 3: 65.6% to draw.</small>');
    await panel.close();
    await page.close();
  });

  it('keeps the draft for the thread across a reload', async () => {
    const page = await openRpol(b, DUEL);
    const tabId = (await b.tabIdOf(page.marker))!;
    let panel = await openPanel(tabId, 'reply');
    const draft = panel.getByTestId('draft');
    await expect.poll(async () => (await storageGet(b, 'drafts')) !== undefined || true).toBe(true);
    await draft.fill('Korrin, you will regret that Shivan Dragon.');
    await expect.poll(async () => JSON.stringify(await storageGet(b, 'draft:rpol.net/51829/40'))).toContain('regret that Shivan');
    await panel.reload();
    await expect.poll(() => panel.getByTestId('draft').inputValue()).toBe('Korrin, you will regret that Shivan Dragon.');
    await panel.close();
    // A new panel (as after a browser restart, storage.local persists) finds it too.
    panel = await openPanel(tabId, 'reply');
    await expect.poll(() => panel.getByTestId('draft').inputValue()).toBe('Korrin, you will regret that Shivan Dragon.');
    await panel.close();
    await page.close();
  });
});

describe('options', () => {
  it('exports settings and imports them back; a bad file changes nothing', async () => {
    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    await options.getByLabel('dark').check();
    await options.getByLabel('Strict affinity: every affinity colour at least every other colour').first().check();
    await options.getByLabel('Keyword cost adjustments (XP added; negative is cheaper)').first().fill('Flying -1');
    await expect
      .poll(async () => (await storageGet(b, 'settings')) as { defaultRules?: { keywordAdjustments?: object } })
      .toMatchObject({ theme: 'dark', defaultRules: { strictAffinity: true, keywordAdjustments: { Flying: -1 } } });
    await b.worker.evaluate(() => chrome.storage.local.set({ 'draft:rpol.net/51829/40': { version: 1, draft: { text: 'My draft', form: {}, updatedAt: 1 } } }));
    const [download] = await Promise.all([options.waitForEvent('download'), options.getByRole('button', { name: 'Export settings and data' }).click()]);
    const file = await download.path();
    const exported = readFileSync(file!, 'utf8');
    expect(JSON.parse(exported)).toMatchObject({
      kind: 'spark-scribe-backup',
      version: 1,
      settings: { version: 1, theme: 'dark' },
      drafts: { threads: { 'rpol.net/51829/40': { text: 'My draft' } } },
    });
    const before = await storageGet(b, 'settings');

    // Reset, then import the exported file: settings and drafts come back.
    await b.worker.evaluate(() => chrome.storage.local.remove(['settings', 'drafts', 'draft:rpol.net/51829/40']));
    await options.reload();
    expect(await options.getByLabel('dark').isChecked()).toBe(false);
    await options.getByTestId('import').setInputFiles(file!);
    // It says what it replaces, and asks first.
    await expect
      .poll(() => options.getByTestId('import-confirm').innerText())
      .toMatch(/Import this file\? It replaces:[\s\S]*your settings[\s\S]*reply drafts?: 0 replace/);
    expect(await storageGet(b, 'settings')).toBeUndefined();
    // Each change of what a verdict says is a line to accept (issue 42): a user's own backup, all of them.
    const changes = options.getByTestId('take-change');
    await expect.poll(() => changes.count()).toBeGreaterThan(0);
    for (const box of await changes.all()) await box.check();
    await options.getByRole('button', { name: 'Import and replace' }).click();
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/^Imported/);
    expect(await storageGet(b, 'settings')).toEqual(before);
    // Imported drafts are stored in the current entry version (2), whatever the file held.
    expect(await storageGet(b, 'draft:rpol.net/51829/40')).toMatchObject({ version: 2, draft: { text: 'My draft' } });
    expect(await options.getByLabel('dark').isChecked()).toBe(true);

    // A bad file: a clear message, and nothing changes.
    const bad = `${file}.bad.json`;
    writeFileSync(bad, JSON.stringify({ kind: 'spark-scribe-settings', version: 1, theme: 'purple' }));
    await options.getByTestId('import').setInputFiles(bad);
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/Import failed, nothing changed: Settings not valid: theme/);
    expect(await storageGet(b, 'settings')).toEqual(before);
    writeFileSync(bad, JSON.stringify({ ...JSON.parse(exported), drafts: { version: 1, threads: { x: { text: 5 } } } }));
    await options.getByTestId('import').setInputFiles(bad);
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/Import failed, nothing changed: Drafts not valid/);
    expect(await storageGet(b, 'settings')).toEqual(before);
    writeFileSync(bad, 'not json at all');
    await options.getByTestId('import').setInputFiles(bad);
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/Import failed, nothing changed: Not a JSON file/);
    expect(await storageGet(b, 'settings')).toEqual(before);
    await b.worker.evaluate(() => chrome.storage.local.remove(['settings', 'drafts', 'draft:rpol.net/51829/40']));
    await options.close();
  });

  it('a setting reaches the content script: switching roll badges off removes them on the next load', async () => {
    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    await options.getByLabel('Badges beside rolls in threads').uncheck();
    await expect.poll(async () => (await storageGet(b, 'settings')) as object).toMatchObject({ annotations: { rolls: false } });
    const page = await openRpol(b, DUEL);
    expect(await page.locator('[data-spark-scribe=roll]').count()).toBe(0);
    expect(await page.locator('[data-spark-scribe=sheet]').count()).toBe(2);
    await options.getByLabel('Badges beside rolls in threads').check();
    // Closed once the change is saved: the other tests read rolls with their badges.
    await expect.poll(async () => (await storageGet(b, 'settings')) as object).toMatchObject({ annotations: { rolls: true } });
    await options.close();
    await page.close();
  });
});

describe('settings follow the user (storage.sync)', () => {
  it('a saved preference goes to sync; a newer copy from another browser comes back; drafts stay local', async () => {
    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    await options.getByLabel('dark').check();
    await expect
      .poll(() =>
        b.worker.evaluate(
          async () => ((await chrome.storage.sync.get('sync:prefs'))['sync:prefs'] as { prefs?: { theme?: string } } | undefined)?.prefs?.theme,
        ),
      )
      .toBe('dark');
    const synced = await b.worker.evaluate(async () => Object.keys(await chrome.storage.sync.get(null)).sort());
    expect(synced).toEqual(['sync:prefs', 'sync:rules']);
    // Another browser saves later: light theme, Italian.
    await b.worker.evaluate(async () => {
      const item = (await chrome.storage.sync.get('sync:prefs'))['sync:prefs'] as { prefs: Record<string, unknown> };
      await chrome.storage.sync.set({ 'sync:prefs': { version: 1, savedAt: Date.now() + 60_000, prefs: { ...item.prefs, theme: 'light', language: 'it' } } });
    });
    await options.reload();
    await expect.poll(() => options.locator('h1').innerText()).toBe('Opzioni di Spark Scribe');
    expect(await options.getByLabel('chiaro').isChecked()).toBe(true);
    expect(await options.locator('html').getAttribute('lang')).toBe('it');
    // Back to English for the other tests.
    await options.getByTestId('language').selectOption('en');
    await expect.poll(() => options.locator('h1').innerText()).toBe('Spark Scribe options');
    await expect.poll(async () => (await storageGet(b, 'settings')) as object).toMatchObject({ language: 'en' });
    await options.close();
  });
});

describe('two languages', () => {
  // English again however the test ends (a timeout does not run its own last lines), so that a
  // failure here does not fail the tests after it.
  afterEach(async () => {
    await b.worker.evaluate(() => chrome.storage.local.set({ settings: { version: 1, language: 'en' }, settingsSavedAt: Date.now() + 180_000 }));
  });
  it('the Italian UI: badges, the roll detail, the panel; posts follow the thread’s language, not the UI’s', async () => {
    await b.worker.evaluate(() => chrome.storage.local.set({ settings: { version: 1, language: 'it' }, settingsSavedAt: Date.now() + 86_400_000 }));
    // The page loads once the background has taken the change (its copy for page loads is Italian).
    await expect.poll(async () => String(await storageGet(b, 'pageStart'))).toContain('"locale":"it"');
    const page = await openRpol(b, DUEL);
    expect(await inside(page, '[data-spark-scribe=roll][data-trust=typed]').text('button')).toMatch(/scritto a mano, non verificato/i);
    const badge = inside(page, '[data-spark-scribe=roll][data-post="5"]');
    await badge.focus('button.badge');
    await page.keyboard.press('Enter');
    await expect.poll(() => badge.count('[role=dialog]')).toBe(1);
    const detail = () => badge.text('[role=dialog]');
    await expect.poll(detail).toMatch(/difficoltà 3/);
    await expect.poll(detail).toMatch(/Fatto dal tiratore di dadi di RPOL/);
    // The machine-readable attributes stay the same in every language.
    expect(await page.locator('[data-spark-scribe=roll][data-post="5"]').getAttribute('data-trust')).toBe('verified');
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=reply`));
    await expect.poll(() => panel.getByRole('tab', { name: 'Risposta' }).getAttribute('aria-selected')).toBe('true');
    expect(await panel.locator('html').getAttribute('lang')).toBe('it');
    // The thread is English: the declaration is posted in English from the Italian UI…
    await panel.getByLabel('Carta', { exact: true }).fill('Counterspell');
    await panel.getByLabel('Rarità').selectOption('Uncommon');
    await panel.getByLabel('Memoria').fill('6');
    await expect.poll(() => panel.locator('[aria-live=polite] pre').innerText()).toMatch(/^<b>Draw declaration:<\/b> Counterspell \(Uncommon\)/);
    await expect.poll(() => panel.locator('[aria-live=polite]').innerText()).toMatch(/65,6% di pescare \(difficoltà 3\)/);
    // …and in Italian once the thread's language is Italian.
    await panel.getByTestId('post-language').selectOption('it');
    await expect
      .poll(() => panel.locator('[aria-live=polite] pre').innerText())
      .toBe('<b>Dichiarazione di pescata:</b> Counterspell (Uncommon)\n<small>6d10, difficoltà 3: 65,6% di pescarla.</small>');
    // The roll's reason to type stays the one every reader parses.
    await expect.poll(() => panel.locator('[aria-live=polite]').innerText()).toMatch(/motivo: Draw: Counterspell \(Uncommon\)/);
    await expect.poll(() => storageGet(b, 'settings')).toMatchObject({ threadLanguages: { 'rpol.net/51829/40': 'it' } });
    await panel.getByTestId('post-language').selectOption('en');
    await expect.poll(async () => Object.keys(((await storageGet(b, 'settings')) as { threadLanguages: object }).threadLanguages)).toEqual([]);
    await panel.close();
    await page.close();
  });
});

describe('the in-page drawer', () => {
  it('opens the panel beside the thread, reading this tab', async () => {
    const page = await openRpol(b, DUEL);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const frame = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => frame.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    await expect.poll(() => page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(0);
    await page.close();
  });

  it('by keyboard: the first Tab stop, the command opens it with focus inside, Escape closes it and gives focus back', async () => {
    const page = await openRpol(b, DUEL);
    // The drawer's button comes before the page's own links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-spark-scribe'))).toBe('drawer');
    // The keyboard command (Alt+Shift+D) arrives from the background as this message.
    const tabId = (await b.tabIdOf(page.marker))!;
    // (Sent without waiting for the answer: the drawer opening is what the test waits for.)
    await b.worker.evaluate((id) => void chrome.tabs.sendMessage(id, { type: 'drawer' }, { frameId: 0 }).catch(() => {}), tabId);
    const frame = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => frame.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-spark-scribe'))).toBe('drawer-frame');
    await frame.locator('[role=tab]').first().focus({ timeout: 10_000 });
    // A real key press; not awaited: the frame it was pressed in is gone before the key comes up,
    // and Playwright would wait for that frame's answer for ever.
    void page.keyboard.press('Escape').catch(() => {});
    await expect.poll(() => page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-spark-scribe'))).toBe('drawer');
    expect(await inside(page, '[data-spark-scribe=drawer]').attr('button', 'aria-expanded')).toBe('false');
    await page.close();
  });
});

describe('the drawer’s Insert, again', () => {
  it('a pointer’s click leaves focus in the page’s reply box: no blur, the caret where it was, the text at it', async () => {
    const page = await openRpol(b, DUEL);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const frame = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await frame.locator('#tab-reply').click({ timeout: 10_000 });
    await frame.getByTestId('draft').fill('A line.');
    const insert = frame.getByRole('button', { name: 'Insert into reply' });
    await insert.click();
    await expect.poll(() => page.locator('#messagetext').inputValue()).toBe('A line.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('messagetext');
    // The user types on in the box, then inserts again with the mouse.
    await page.keyboard.type(' More.');
    await page.evaluate(() => {
      (window as unknown as { blurs: number }).blurs = 0;
      document.querySelector('#messagetext')!.addEventListener('blur', () => (window as unknown as { blurs: number }).blurs++);
    });
    const box = (await insert.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('#messagetext').inputValue()).toBe('A line. More.A line.');
    expect(await page.evaluate(() => (window as unknown as { blurs: number }).blurs)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('messagetext');
    await page.close();
  });
});

describe('from the Die Roller to a reply', () => {
  it('a log line chosen with “Use in my reply” becomes a roll summary with its [roll=ID]', async () => {
    const log = await openRpol(b, '/usermodules/diceroller.cgi?gi=51829');
    const line = inside(log, '[data-spark-scribe=log][data-reroll="3"]');
    await line.click('button.badge');
    await until(() => line.count('[role=dialog]'));
    // The detail's actions come with it; clicked once they are there.
    await until(() => line.clickButton('Use in my reply').then(() => true));
    await expect.poll(() => line.text('span[role=status]')).toMatch(/^Saved/);
    const thread = await openRpol(b, DUEL);
    const panel = await openPanel((await b.tabIdOf(thread.marker))!, 'reply');
    await panel.getByLabel('What to build').selectOption('summary');
    await panel.getByRole('button', { name: 'Use the roll picked on the Die Roller page' }).click();
    await expect
      .poll(() => panel.locator('[aria-live=polite] pre').innerText())
      .toMatch(/^<b>Draw: Shivan Dragon \(Rare\)<\/b> – \[roll=\d+\.5\.510003\]\nFaces 2 9 5 4 1 3 → 1 vs 4: <red>failed: \+1 to channeling<\/red>$/);
    await panel.close();
    await thread.close();
    await log.close();
  });
});

describe('the XP planner', () => {
  it('binds a sheet from the page, plans within unspent XP, and keeps the plan across a reload', async () => {
    const page = await openRpol(b, DUEL);
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await openPanel(tabId, 'sheets');
    await panel.locator('[data-sheet]').first().getByRole('button', { name: 'This is my sheet' }).click();
    await expect.poll(() => panel.getByRole('tab', { name: 'XP planner' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.locator('section[aria-label="XP planner"]').innerText()).toMatch(/unspent 0/);
    // Nothing fits in 0 unspent XP: the + buttons are disabled, Defender (which gives 3 XP) is not.
    expect(await panel.getByRole('button', { name: 'Plan Power 3 to 4 for 4 XP' }).isDisabled()).toBe(true);
    await panel.reload();
    await panel.getByRole('tab', { name: 'XP planner' }).click();
    await expect.poll(() => panel.locator('section[aria-label="XP planner"]').innerText()).toMatch(/Tavi Quell/);
    // A sheet pasted in the Sheets tab is kept too.
    await panel.getByRole('tab', { name: 'Sheets' }).click();
    await panel.getByLabel('Paste a sheet to audit').fill('Power: 2\nToughness: 1\nMemory: 5\nBlue: 1');
    await expect.poll(async () => JSON.stringify(await storageGet(b, 'scratch'))).toContain('Power: 2');
    await panel.reload();
    await panel.getByRole('tab', { name: 'Sheets' }).click();
    await expect.poll(() => panel.getByLabel('Paste a sheet to audit').inputValue()).toBe('Power: 2\nToughness: 1\nMemory: 5\nBlue: 1');
    await panel.close();
    await page.close();
  });
});
