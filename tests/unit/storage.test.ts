// The storage glue (entrypoints/shared/storage/) against WXT's fake browser.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  addSeenRolls,
  readSeenRolls,
  readBoundSheet,
  readDraft,
  readSettings,
  writeBoundSheet,
  writeDraft,
  writeDuelStarts,
  writePageSheet,
  writeSettings,
  readLastLogRoll,
  readSheetsDropped,
  readParlorSecrets,
  readTable,
  saveParlorSecret,
  writeBackup,
  writeLastLogRoll,
  writeTable,
} from '../../entrypoints/shared/storage';
import { duelContextReader, settingsReader } from '../../entrypoints/background/page-start-copy';
import { logCacheHandlers } from '../../entrypoints/background/handlers/log-cache';
import { answerBackground } from '../../entrypoints/background/handlers/handler';
import { PAGE_SHEETS_MAX, PAGE_SHEETS_MAX_CHARS } from '../../lib/settings/tables';
import { defaultSettings, importBackup, SETTINGS_VERSION } from '../../lib/settings/schema';
import { parlorCommit } from '../../lib/games/parlor/hidden';

beforeEach(() => fakeBrowser.reset());

describe('storage', () => {
  it('settings: defaults, a round trip, a migration written back, and junk refused', async () => {
    expect(await readSettings()).toEqual({ settings: defaultSettings(), problem: null });
    const s = { ...defaultSettings(), theme: 'dark' as const };
    await writeSettings(s);
    expect((await readSettings()).settings).toEqual(s);

    await fakeBrowser.storage.local.set({ settings: { theme: 'light' } });
    expect((await readSettings()).settings.theme).toBe('light');
    expect(await fakeBrowser.storage.local.get('settings')).toMatchObject({ settings: { version: 1, theme: 'light' } });

    await fakeBrowser.storage.local.set({ settings: { version: 1, theme: 'neon' } });
    const r = await readSettings();
    expect(r.settings).toEqual(defaultSettings());
    expect(r.problem).toMatch(/could not be read.*theme/);
    await expect(writeSettings({ ...defaultSettings(), rerollWindowMinutes: -1 })).rejects.toThrow();
  });

  it('drafts per thread', async () => {
    await writeDraft('rpol.net/51829/40', { text: 'Hello', form: { kind: 'draw', card: 'Shock' }, updatedAt: 5 });
    await writeDraft('rpol.net/51829/41', { text: 'Other', form: {}, updatedAt: 6 });
    expect(await readDraft('rpol.net/51829/40')).toEqual({ text: 'Hello', form: { kind: 'draw', card: 'Shock' }, updatedAt: 5 });
    expect((await readDraft('rpol.net/51829/41'))?.text).toBe('Other');
    expect(await readDraft('rpol.net/1/1')).toBeNull();
    await expect(writeDraft('k', { text: 'x'.repeat(70_000), form: {}, updatedAt: 1 })).rejects.toThrow();
  });

  it('the bound sheet', async () => {
    expect(await readBoundSheet()).toBeNull();
    await writeBoundSheet({ version: 1, text: 'Power: 3', gameId: '51829', boundAt: 1 });
    expect((await readBoundSheet())?.text).toBe('Power: 3');
    await fakeBrowser.storage.local.set({ boundSheet: { text: 42 } });
    expect(await readBoundSheet()).toBeNull();
    await writeBoundSheet(null);
    expect(await readBoundSheet()).toBeNull();
  });

  it('a thread page’s context (the background’s copy, read again after each change): the bound sheet, the game’s page sheets, its duel starts; nothing of other threads, and no seen rolls (the page reads its own)', async () => {
    const readDuelContext = duelContextReader();
    expect(await readDuelContext('rpol.net/51829/40')).toEqual({ seenTips: [], bound: null, sheets: [], newDuelAt: [] });
    await addSeenRolls('rpol.net/51829/40', [
      ['abc', 3],
      ['def', 9],
    ]);
    await writeBoundSheet({ version: 1, text: 'Power: 3', gameId: '51829', boundAt: 1 });
    await writePageSheet('51829', 'Osk', 'Name: Osk');
    await writePageSheet('999', 'Other', 'Name: Other');
    await writeDuelStarts('rpol.net/51829/40', [12, 4]);
    const c = await readDuelContext('rpol.net/51829/40');
    expect(c.seenTips).toEqual([]);
    expect(c.bound).toBe('Power: 3');
    expect(c.sheets).toEqual(['Name: Osk']);
    expect(c.newDuelAt).toEqual([4, 12]);
    expect(await readSeenRolls('rpol.net/51829/40')).toEqual([
      ['abc', 3],
      ['def', 9],
    ]);
    // Junk where the seen rolls are kept: none.
    await fakeBrowser.storage.local.set({ 'seen:rpol.net/51829/40': 'junk' });
    expect(await readSeenRolls('rpol.net/51829/40')).toEqual([]);
  });

  it('a change saved here is not undone by an older sync copy saved by a browser whose clock is ahead', async () => {
    // Another browser saved Italian, its clock a minute ahead of this one.
    await fakeBrowser.storage.sync.set({
      'sync:prefs': { version: SETTINGS_VERSION, savedAt: Date.now() + 60_000, prefs: { language: 'it', threadLanguages: {} } },
    });
    // The sync write of this save is slow: another context reads both stores before it lands.
    let release = () => {};
    const slow = new Promise<void>((r) => (release = r));
    const syncSet = fakeBrowser.storage.sync.set.bind(fakeBrowser.storage.sync);
    const spy = vi.spyOn(fakeBrowser.storage.sync, 'set').mockImplementation(async (items) => {
      await slow;
      return syncSet(items);
    });
    const mine = { ...defaultSettings(), language: 'it' as const, threadLanguages: { 'rpol.net/51829/40': 'it' as const } };
    // The page that saves read the settings first (the panel and Options do, on load).
    await readSettings();
    const saving = writeSettings(mine);
    try {
      await vi.waitFor(async () => expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({ threadLanguages: mine.threadLanguages }));
      expect((await readSettings()).settings.threadLanguages).toEqual(mine.threadLanguages);
    } finally {
      release();
      await saving;
      spy.mockRestore();
    }
    expect((await readSettings()).settings.threadLanguages).toEqual(mine.threadLanguages);
  });
  it('a sync copy saved ahead of this clock is merged once, stamped as that copy: read again, nothing is written', async () => {
    const ahead = Date.now() + 60_000;
    await fakeBrowser.storage.sync.set({ 'sync:prefs': { version: SETTINGS_VERSION, savedAt: ahead, prefs: { language: 'it', threadLanguages: {} } } });
    expect((await readSettings()).settings.language).toBe('it');
    expect((await fakeBrowser.storage.local.get('settingsSavedAt')).settingsSavedAt).toBe(ahead);
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect((await readSettings()).settings.language).toBe('it');
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
  });
  it('a merge read before a newer save here never lands over it', async () => {
    await fakeBrowser.storage.sync.set({
      'sync:prefs': { version: SETTINGS_VERSION, savedAt: Date.now() + 60_000, prefs: { language: 'it', threadLanguages: {} } },
    });
    // A save lands between this reader's read of both stores and its write of the merge.
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    const spy = vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce(async (keys) => {
      const read = await get(keys);
      await fakeBrowser.storage.local.set({ settings: { version: 1, language: 'en' }, settingsSavedAt: Date.now() + 120_000 });
      return read;
    });
    expect((await readSettings()).settings.language).toBe('en');
    spy.mockRestore();
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({ language: 'en' });
  });
  it('the background’s settings: read once, read again after they change (here or through sync)', async () => {
    const read = settingsReader();
    expect((await read()).theme).toBe(defaultSettings().theme);
    await writeSettings({ ...defaultSettings(), theme: 'dark' });
    expect((await read()).theme).toBe('dark');
    // Written by anyone (another page of ours, a migration): the next answer has it.
    await fakeBrowser.storage.local.set({ seenRolls: {} });
    await fakeBrowser.storage.local.set({ settings: { version: 1, theme: 'light' } });
    expect((await read()).theme).toBe('light');
  });
});

describe('backups and storage: what a file, a page or the quota cannot do', () => {
  const parlor = (secret: string) => ({ game: 'parlor' as const, secret, nonces: {}, updatedAt: 1 });
  const tablesWith = (tables: Record<string, ReturnType<typeof parlor>>) => ({
    version: 1 as const,
    games: {},
    tables,
    versions: { parlor: 2 },
    aside: {},
    pageSheets: {},
    duelStarts: {},
  });

  it('an imported file never replaces a Parlor secret held here; one for a game with none held is taken only when asked', async () => {
    const held = await saveParlorSecret('mine-secret-held-here', 'rpol.net/7/1');
    await writeTable('rpol.net/7/3', { game: 'sparks-fly', log: { firstBidder: 'A', events: [] }, updatedAt: 1 } as never);
    // An old-shaped file: each thread's table carries its secret (the import lifts them into the secrets, by commitment).
    const read = importBackup(
      JSON.stringify({
        kind: 'spark-scribe-backup',
        version: 1,
        settings: defaultSettings(),
        tables: tablesWith({ 'rpol.net/7/1': parlor('planted-secret-they-know'), 'rpol.net/7/2': parlor('another-planted') }),
      }),
    );
    if (!read.ok) throw new Error(read.error);
    await writeBackup(read.backup);
    expect(Object.keys((await readParlorSecrets()).secrets)).toEqual([held]);
    // No secret rides in with a thread's table; the threads the file does not have stay.
    expect(await readTable('rpol.net/7/1')).not.toHaveProperty('legacySecret');
    expect(await readTable('rpol.net/7/3')).toMatchObject({ game: 'sparks-fly' });
    await writeBackup(read.backup, { takeNewSecrets: true });
    const after = (await readParlorSecrets()).secrets;
    expect(after[held]).toMatchObject({ secret: 'mine-secret-held-here' });
    expect(after[held]).not.toHaveProperty('imported');
    // The file's secrets are kept apart, each with the commitment it made (never the one held here), marked as imported.
    expect(after[parlorCommit('another-planted')]).toMatchObject({ secret: 'another-planted', thread: 'rpol.net/7/2', imported: true });
    expect(after[parlorCommit('planted-secret-they-know')]).toMatchObject({ thread: 'rpol.net/7/1', imported: true });
  });

  it('a held secret still in an old thread table survives a file that replaces that table', async () => {
    await fakeBrowser.storage.local.set({ tables: tablesWith({ 'rpol.net/7/5': parlor('held-in-an-old-table') }) });
    const read = importBackup(
      JSON.stringify({ kind: 'spark-scribe-backup', version: 1, settings: defaultSettings(), tables: tablesWith({ 'rpol.net/7/5': parlor('from-the-file') }) }),
    );
    if (!read.ok) throw new Error(read.error);
    await writeBackup(read.backup);
    expect(Object.values((await readParlorSecrets()).secrets).map((e) => e.secret)).toEqual(['held-in-an-old-table']);
  });

  it('page sheets have a total cap: the oldest go first, the count is kept for Options, and a game’s sheets stay read', async () => {
    let now = 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now++);
    try {
      // More sheets than the cap, none over a game's own cap of 60.
      for (let g = 0; g < 7; g++) for (let i = 0; i < 50; i++) await writePageSheet(String(100 + g), `Char ${i}`, `Name: Char ${i}`);
    } finally {
      clock.mockRestore();
    }
    const pages = async () =>
      ((await fakeBrowser.storage.local.get('tables')).tables as { pageSheets: Record<string, Record<string, { text: string }>> }).pageSheets;
    const all = Object.values(await pages()).flatMap((g) => Object.values(g));
    expect(all).toHaveLength(300);
    expect(PAGE_SHEETS_MAX).toBe(300);
    // The newest stay: the last game written is whole; the first lost its oldest.
    expect(Object.keys((await pages())['106'] ?? {})).toHaveLength(50);
    expect((await pages())['100']?.['Char 0']).toBeUndefined();
    expect((await pages())['101']?.['Char 49']).toBeDefined();
    expect(await readSheetsDropped()).toMatchObject({ kept: PAGE_SHEETS_MAX, dropped: 50 });
    expect((await readSheetsDropped()).at).toBeGreaterThan(0);
    expect((await duelContextReader()('rpol.net/106/1')).sheets).toHaveLength(50);
  });

  it('page sheets have a total size too: long sheets, the oldest dropped to stay within it', async () => {
    for (let i = 0; i < 30; i++) await writePageSheet(String(200 + i), 'Big', `Name: Big\n${'x'.repeat(59_000)}`);
    const all = Object.values(
      ((await fakeBrowser.storage.local.get('tables')).tables as { pageSheets: Record<string, Record<string, { text: string }>> }).pageSheets,
    ).flatMap((g) => Object.values(g));
    expect(all.reduce((n, s) => n + s.text.length, 0)).toBeLessThanOrEqual(PAGE_SHEETS_MAX_CHARS);
    expect((await readSheetsDropped()).dropped).toBe(30 - all.length);
    expect(all.length).toBeGreaterThan(20);
  });

  it('a failed save says why, in words (a page sheet, an import)', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    try {
      await expect(writePageSheet('5', 'Osk', 'Name: Osk')).rejects.toThrow(/^A sheet read on a character page was not saved: QUOTA_BYTES quota exceeded/);
      await expect(writeBackup({ settings: defaultSettings() })).rejects.toThrow(/^The import could not be written: QUOTA_BYTES/);
    } finally {
      set.mockRestore();
    }
  });

  it('an import with the question’s ticks takes only the changes accepted, against the settings stored when it is written', async () => {
    const mine = { ...defaultSettings(), theme: 'light' as const, rerollWindowMinutes: 30 };
    await writeSettings(mine);
    const hostile = {
      ...defaultSettings(),
      theme: 'dark' as const,
      annotations: { ...defaultSettings().annotations, rolls: false },
      fetchDiceLog: false,
      rerollWindowMinutes: 1,
      language: 'it' as const,
      boards: [{ origin: 'https://evil.example', forum: 'phpbb', name: '' }],
    };
    await writeBackup({ settings: hostile }, { accept: [] });
    expect((await readSettings()).settings).toEqual({ ...mine, theme: 'dark' });
    await writeBackup({ settings: hostile }, { accept: ['fetchDiceLog'] });
    expect((await readSettings()).settings).toEqual({ ...mine, theme: 'dark', fetchDiceLog: false });
  });

  it('a house-rules file changes only the house rules', async () => {
    await writeSettings({ ...defaultSettings(), theme: 'dark', games: { '1': { name: 'Mine', rules: defaultSettings().defaultRules } } });
    const shared = { ...defaultSettings(), games: { '2': { name: 'Theirs', rules: { ...defaultSettings().defaultRules, manaBurnPerMana: 3 } } } };
    await writeBackup({ settings: shared, rulesOnly: true });
    const s = (await readSettings()).settings;
    expect(s.theme).toBe('dark');
    expect(Object.keys(s.games).sort()).toEqual(['1', '2']);
    expect(s.games['2']?.rules.manaBurnPerMana).toBe(3);
  });

  it('the Die Roller log cache is kept by the page’s origin and game: a plain-http page never feeds an https one', async () => {
    answerBackground(logCacheHandlers());
    const from = (url: string) => ({ url, tab: { id: 1 } }) as never;
    const send = (m: unknown, url: string) => fakeBrowser.runtime.onMessage.trigger(m, from(url)).then((all) => all.find((r) => r !== undefined));
    await send({ type: 'cache-log', gi: '51829', html: '<p>forged over http</p>' }, 'http://rpol.net/display.cgi?gi=51829&ti=40');
    expect(await send({ type: 'cached-log', gi: '51829' }, 'https://rpol.net/display.cgi?gi=51829&ti=40')).toEqual({ html: null });
    expect(await send({ type: 'cached-log', gi: '51829' }, 'http://rpol.net/display.cgi?gi=51829&ti=41')).toEqual({ html: '<p>forged over http</p>' });
    expect(await send({ type: 'cached-log', gi: '51830' }, 'http://rpol.net/display.cgi?gi=51830&ti=1')).toEqual({ html: null });
  });

  it('the log line picked for a reply is read only by a thread of the same origin and game', async () => {
    await writeLastLogRoll('Tavi rolled 4d10 – [roll=1.2.3]', 'http://rpol.net', '51829');
    expect(await readLastLogRoll('https://rpol.net', '51829')).toBeNull();
    expect(await readLastLogRoll('http://rpol.net', '51830')).toBeNull();
    expect(await readLastLogRoll('http://rpol.net', '51829')).toBe('Tavi rolled 4d10 – [roll=1.2.3]');
    // A line stored before lines had an origin is read by no thread.
    await fakeBrowser.storage.local.set({ lastLogRoll: 'old line' });
    expect(await readLastLogRoll('https://rpol.net', '51829')).toBeNull();
  });
});
