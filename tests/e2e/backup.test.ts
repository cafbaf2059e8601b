// Options' import says what a file replaces and asks first; a file never plants a Parlor secret
// over one held here; every part of a backup is validated; house rules can be shared alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { E2E_EXTENSION_DIR } from '../../scripts/browser.mjs';
import { launchWithExtension, privateArea, storageGet, type Browser } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

const parlor = (secret: string) => ({ game: 'parlor', secret, nonces: {}, updatedAt: 1 });
const draft = (text: string) => ({ text, form: {}, updatedAt: 1 });
const HELD = {
  settings: { version: 1, theme: 'light' },
  'draft:rpol.net/51829/40': { version: 2, draft: draft('My own reply') },
  tables: { version: 1, versions: { parlor: 2 }, games: {}, tables: { 'rpol.net/51829/50': parlor('held-secret-0123456789') } },
};
const FILE = {
  kind: 'spark-scribe-backup',
  version: 1,
  settings: { version: 1, theme: 'dark' },
  drafts: { version: 1, threads: { 'rpol.net/51829/40': draft('From the file'), 'rpol.net/51829/41': draft('New thread') } },
  tables: {
    version: 1,
    versions: { parlor: 2 },
    games: {},
    tables: { 'rpol.net/51829/50': parlor('planted-secret-they-know'), 'rpol.net/51829/51': parlor('another-they-know') },
    pageSheets: { '51829': { Osk: { text: 'Name: Osk', seenAt: 5 } } },
  },
};

function file(content: unknown): string {
  const path = `${tmpdir()}/spark-scribe-backup-${Date.now()}-${Math.random().toString(36).slice(2)}.json`;
  writeFileSync(path, JSON.stringify(content));
  return path;
}

/**
 * Everything stored but the background's kept copy of what a page needs (`pageStart`): made from
 * the rest, it follows the settings a test writes straight into storage, on its own time.
 */
const everything = () =>
  b.worker.evaluate(async () => {
    const { pageStart: _, ...all } = await chrome.storage.local.get(null);
    return all;
  });

/** The Parlor secrets stored (their own key), as "thread secret", imported ones marked, sorted. */
async function heldSecrets(): Promise<string[]> {
  const stored = (await privateArea(b, 'parlorSecrets')) as { secrets: Record<string, { secret: string; thread: string; imported?: boolean }> } | undefined;
  return Object.values(stored?.secrets ?? {})
    .map((e) => `${e.thread} ${e.secret}${e.imported ? ' (imported)' : ''}`)
    .sort();
}

async function options(): Promise<Page> {
  const page = await b.context.newPage();
  await page.goto(b.extensionUrl('options.html'));
  await expect.poll(() => page.getByTestId('import').count()).toBe(1);
  return page;
}

beforeEach(async () => {
  await b.worker.evaluate(async (held) => {
    // Both stores: an import's settings go to sync too, and Options reads them back from there.
    await chrome.storage.sync.clear();
    await chrome.storage.local.clear();
    await chrome.storage.local.set(held);
  }, HELD);
  await privateArea(b, null);
});

describe('import asks first, with counts', () => {
  it('the question lists what the file replaces; Cancel writes nothing', async () => {
    const before = await everything();
    const page = await options();
    await page.getByTestId('import').setInputFiles(file(FILE));
    const ask = page.getByRole('alertdialog');
    await expect.poll(() => ask.count()).toBe(1);
    // The counts are the question's own lines: each waited for, not read as the dialog first shows.
    const text = () => ask.innerText();
    await expect.poll(text).toMatch(/Import this file\?/);
    await expect.poll(text).toMatch(/2 reply drafts: 1 replaces the draft you have for that thread; your other 0 stay/);
    await expect.poll(text).toMatch(/2 game tables \(matches, deals, duels\): 1 replace yours/);
    await expect.poll(text).toMatch(/1 sheet read on a character page/);
    // By commitment: the file's secret for thread 50 is another game's, never one that replaces the one held.
    await expect.poll(text).toMatch(/2 Parlor secrets\./);
    expect(await text()).not.toMatch(/the same as the one/);
    expect(await page.getByLabel('Also take the file’s 2 Parlor secrets for games you hold none for').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/Import cancelled: nothing changed/);
    expect(await everything()).toEqual(before);
    await page.close();
  });

  it('confirmed, it writes: a secret held here stays, one new to this browser is not taken unless ticked', async () => {
    const page = await options();
    await page.getByTestId('import').setInputFiles(file(FILE));
    await page.getByRole('button', { name: 'Import and replace' }).click();
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/^Imported\./);
    const tables = (await storageGet(b, 'tables')) as { tables: Record<string, { legacySecret?: string }>; pageSheets: Record<string, unknown> };
    // No secret rides in with a table: the held one moved to the secrets' key, the file's were not taken.
    expect(Object.values(tables.tables).some((t) => t.legacySecret)).toBe(false);
    expect(await heldSecrets()).toEqual(['rpol.net/51829/50 held-secret-0123456789']);
    expect(Object.keys(tables.pageSheets['51829'] ?? {})).toEqual(['Osk']);
    expect(await storageGet(b, 'draft:rpol.net/51829/41')).toMatchObject({ draft: { text: 'New thread' } });
    expect(await storageGet(b, 'settings')).toMatchObject({ theme: 'dark' });
    expect(await page.getByLabel('dark').isChecked()).toBe(true);
    // Ticked: the secret for the game with none held is taken; the held one still stays.
    await page.getByTestId('import').setInputFiles(file(FILE));
    await page.getByTestId('take-secrets').check();
    await page.getByRole('button', { name: 'Import and replace' }).click();
    await expect
      .poll(heldSecrets)
      .toEqual([
        'rpol.net/51829/50 held-secret-0123456789',
        'rpol.net/51829/50 planted-secret-they-know (imported)',
        'rpol.net/51829/51 another-they-know (imported)',
      ]);
    await page.close();
  });

  it('a hostile file whose entries kept aside carry a usable draft is refused with the reason; nothing is asked or written', async () => {
    const before = await everything();
    const page = await options();
    const hostile = { ...FILE, setAside: { 'draft:rpol.net/51829/40': { version: 2, draft: draft('Planted over your reply') } } };
    await page.getByTestId('import').setInputFiles(file(hostile));
    await expect
      .poll(() => page.getByTestId('status').innerText())
      .toMatch(/^Import failed, nothing changed: Entries kept aside are not valid: .*a usable draft belongs in the drafts/);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await everything()).toEqual(before);
    await page.close();
  });
});

describe('export', () => {
  it('house rules to share: a file with the house rules alone (no drafts, tables, secrets or other settings)', async () => {
    const page = await options();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export house rules to share' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['defaultRules', 'games', 'kind', 'version']);
    expect(text).not.toMatch(/held-secret|My own reply|theme/);
    await page.close();
  });

  it('Options says how many page sheets are kept and what the total cap dropped', async () => {
    await b.worker.evaluate(async () => {
      await chrome.storage.local.set({
        tables: {
          version: 1,
          games: {},
          tables: {},
          pageSheets: { '51829': { Osk: { text: 'Name: Osk', seenAt: 5 }, Tavi: { text: 'Name: Tavi', seenAt: 6 } } },
        },
        pageSheetsDropped: { dropped: 7, at: Date.UTC(2026, 11, 3) },
      });
    });
    const page = await options();
    await expect
      .poll(() => page.getByTestId('sheets-note').innerText())
      .toMatch(/^Sheets read on character pages: 2 kept \(at most 300 in all, the oldest dropped first\)\. 7 older ones were dropped, the last on /);
    await page.close();
  });
});

describe('what changes a badge or a verdict is asked line by line (issue 42, item 5)', () => {
  // The hostile file: the roll badges and the dice-log check off, a one-minute reroll
  // window, the language switched and a board of its own, beside a harmless theme.
  const evil = { origin: 'https://evil.example', forum: 'phpbb', name: 'RPOL' };
  const hostile = (boards = [evil]) => ({
    kind: 'spark-scribe-backup',
    version: 1,
    settings: {
      version: 1,
      theme: 'dark',
      annotations: { rolls: false, sheets: true, diceLog: false, drawer: true },
      fetchDiceLog: false,
      rerollWindowMinutes: 1,
      language: 'it',
      boards,
    },
  });
  const LINES: [string, string][] = [
    ['annotation:rolls', 'Badges beside rolls in threads: off'],
    ['annotation:diceLog', 'Badges on the Die Roller log: off'],
    ['fetchDiceLog', 'Read the Die Roller log to flag re-rolls: off'],
    ['rerollWindow', 'Re-roll window: 60 → 1 minutes'],
    ['language', 'Language: the browser’s → Italiano'],
    ['board:https://evil.example', 'Add the board https://evil.example (“RPOL”): the browser asks you to allow it'],
  ];
  const stored = async (on = b) => (await storageGet(on, 'settings')) as Record<string, unknown>;
  const held = { annotations: { rolls: true, sheets: true, diceLog: true, drawer: true }, fetchDiceLog: true, language: 'auto', boards: [] };

  it('each change is its own line, unticked; none ticked changes none of them', async () => {
    const page = await options();
    await page.getByTestId('import').setInputFiles(file(hostile()));
    const ticks = page.getByTestId('take-change');
    await expect.poll(() => ticks.count()).toBe(LINES.length);
    for (const [i, [key, words]] of LINES.entries()) {
      expect(await ticks.nth(i).getAttribute('data-change')).toBe(key);
      expect(await page.getByLabel(words, { exact: true }).isChecked()).toBe(false);
    }
    await page.getByRole('button', { name: 'Import and replace' }).click();
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/^Imported\./);
    // The theme (no verdict) came from the file; everything a verdict rests on stayed as held.
    expect(await stored()).toMatchObject({ theme: 'dark', rerollWindowMinutes: 60, ...held });
    expect(await b.worker.evaluate(() => chrome.permissions.contains({ origins: ['https://evil.example/*'] }))).toBe(false);
    await page.close();
  });

  it('one ticked applies only it', async () => {
    const page = await options();
    await page.getByTestId('import').setInputFiles(file(hostile()));
    await page.getByLabel('Re-roll window: 60 → 1 minutes', { exact: true }).check();
    await page.getByRole('button', { name: 'Import and replace' }).click();
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/^Imported\./);
    expect(await stored()).toMatchObject({ theme: 'dark', rerollWindowMinutes: 1, ...held });
    await page.close();
  });

  // Chromium's permission prompt cannot be answered by a driver: the test build has board.example granted at install.
  describe('a board ticked (the test build: board.example granted at install)', () => {
    let e: Browser;
    beforeAll(async () => {
      e = await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR });
    });
    afterAll(async () => e?.close());

    it('is asked of the browser first, then added', async () => {
      const board = { origin: 'http://board.example', forum: 'phpbb', name: 'Board' };
      const page = await e.context.newPage();
      await page.goto(e.extensionUrl('options.html'));
      await page.getByTestId('import').setInputFiles(file(hostile([board])));
      await page.getByLabel('Add the board http://board.example (“Board”): the browser asks you to allow it', { exact: true }).check();
      await page.getByRole('button', { name: 'Import and replace' }).click();
      await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/^Imported\./);
      expect(await stored(e)).toMatchObject({ rerollWindowMinutes: 60, annotations: held.annotations, boards: [board] });
      await expect.poll(() => page.getByTestId('boards').innerText()).toMatch(/http:\/\/board\.example/);
      await page.close();
    });
  });
});
