import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings/defaults';
import { formatOwnedCards, formatSignedList, parseOwnedCards, parseSignedList } from '../../lib/settings/fields';
import {
  defaultSettings,
  exportBackup,
  exportSettings,
  exportSharedRules,
  importBackup,
  importPlan,
  importSettings,
  loadDrafts,
  loadScratch,
  loadSettings,
  type Settings,
  SETTINGS_VERSION,
  withSharedRules,
} from '../../lib/settings/schema';
import { changeLine, incomingSettings, type SettingChange, settingChanges, withAccepted } from '../../lib/settings/changes';
import { DEFAULT_GAME_RULES } from '../../lib/spark/settings';
import { GameRulesSchema } from '../../lib/spark/rules-schema';
import { CharacterSheetSchema } from '../../lib/spark/sheet-schema';
import { parseSheetText } from '../../lib';
import { secretEntry } from '../../lib/games/parlor/stored';
import { TAVI_SHEET } from '../fixtures/spark-pages.mjs';

describe('settings', () => {
  it('the content script’s plain defaults equal the schema’s defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual(defaultSettings());
    expect(GameRulesSchema.parse({})).toEqual(DEFAULT_GAME_RULES);
  });

  it('nothing stored → defaults', () => {
    expect(loadSettings(undefined)).toEqual({ ok: true, settings: defaultSettings(), migratedFrom: null });
  });

  it('migrates settings saved without a version (version 0), keeping what is valid', () => {
    const r = loadSettings({ theme: 'dark', annotations: { rolls: false } });
    expect(r).toMatchObject({ ok: true, migratedFrom: 0, settings: { version: SETTINGS_VERSION, theme: 'dark', annotations: { rolls: false, sheets: true } } });
  });

  it('refuses a newer version, a wrong shape and bad values with a message naming the field', () => {
    expect(loadSettings({ version: 99 })).toMatchObject({ ok: false, error: expect.stringMatching(/version 99, newer/) });
    expect(loadSettings([1, 2])).toMatchObject({ ok: false, error: expect.stringMatching(/JSON object/) });
    expect(loadSettings({ version: 1, rerollWindowMinutes: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/rerollWindowMinutes/) });
    expect(loadSettings({ version: 1, defaultRules: { duelStakes: 'forever' } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/defaultRules\.duelStakes/),
    });
    expect(loadSettings({ version: 1, games: { abc: { rules: {} } } })).toMatchObject({ ok: false });
  });

  it('export → import round-trips any valid settings', () => {
    const settingsArb = fc.record({
      theme: fc.constantFrom('auto', 'light', 'dark'),
      fetchDiceLog: fc.boolean(),
      rerollWindowMinutes: fc.integer({ min: 1, max: 1440 }),
      strict: fc.boolean(),
      stakes: fc.constantFrom('friendly', 'surrender', 'death'),
      adjust: fc.dictionary(fc.constantFrom('Flying', 'Trample', 'Reach'), fc.integer({ min: -5, max: 5 })),
      gi: fc.integer({ min: 1, max: 999999 }),
    });
    fc.assert(
      fc.property(settingsArb, (a) => {
        const s = loadSettings({
          version: 1,
          theme: a.theme,
          fetchDiceLog: a.fetchDiceLog,
          rerollWindowMinutes: a.rerollWindowMinutes,
          defaultRules: { strictAffinity: a.strict, duelStakes: a.stakes, keywordAdjustments: a.adjust },
          games: { [String(a.gi)]: { name: 'Game', rules: { races: [{ name: 'Elf', bonuses: { Focus: 1 } }] } } },
        });
        expect(s.ok).toBe(true);
        if (!s.ok) return;
        const back = importSettings(exportSettings(s.settings));
        expect(back).toEqual({ ok: true, settings: s.settings, migratedFrom: null });
      }),
      { numRuns: 100 },
    );
  });

  it('a bad import file gets a clear message', () => {
    expect(importSettings('{')).toMatchObject({ ok: false, error: expect.stringMatching(/^Not a JSON file/) });
    expect(importSettings('"hello"')).toMatchObject({ ok: false, error: expect.stringMatching(/no JSON object/) });
    expect(importSettings('{"kind":"something-else"}')).toMatchObject({ ok: false, error: expect.stringMatching(/Not Spark Scribe settings/) });
    expect(importSettings('{"version":1,"theme":"purple"}')).toMatchObject({ ok: false, error: expect.stringMatching(/theme/) });
    expect(importSettings('x'.repeat(1_000_001))).toMatchObject({ ok: false, error: expect.stringMatching(/too large/) });
  });

  it('drafts: a bad stored value comes back empty, never a crash', () => {
    expect(loadDrafts({ nonsense: true })).toEqual({ version: 1, threads: {} });
    expect(loadDrafts({ version: 1, threads: { 'rpol.net/1/2': { text: 'hi', updatedAt: 1 } } }).threads['rpol.net/1/2']).toEqual({
      text: 'hi',
      form: {},
      updatedAt: 1,
    });
  });
});

describe('option fields', () => {
  it('signed lists', () => {
    expect(parseSignedList('Power +1, Life +2; Speed -1')).toEqual({ ok: true, value: { Power: 1, Life: 2, Speed: -1 } });
    expect(parseSignedList('Flying')).toMatchObject({ ok: false, error: expect.stringMatching(/Flying -1/) });
    expect(parseSignedList(formatSignedList({ Flying: -1, Reach: 2 }))).toEqual({ ok: true, value: { Flying: -1, Reach: 2 } });
  });
  it('owned cards', () => {
    const v = { Ajani: ['Nicol Bolas', 'Serra Angel'] };
    expect(parseOwnedCards(formatOwnedCards(v))).toEqual({ ok: true, value: v });
    expect(parseOwnedCards('no colon here')).toMatchObject({ ok: false });
  });
});

describe('the sheet schema', () => {
  it('accepts every sheet the parser reads', () => {
    expect(CharacterSheetSchema.safeParse(parseSheetText(TAVI_SHEET).sheet).success).toBe(true);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (t) => {
        const r = CharacterSheetSchema.safeParse(parseSheetText(`${t}\nPower: 3\n${t}`).sheet);
        expect(r.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('backup (settings and data in one file)', () => {
  const parts = {
    settings: defaultSettings(),
    drafts: loadDrafts({ version: 1, threads: { 'rpol.net/1/2': { text: 'Draw!', form: { kind: 'draw' }, updatedAt: 3 } } }),
    boundSheet: { version: 1 as const, text: 'Power: 3', gameId: '1', boundAt: 4 },
    scratch: loadScratch({ version: 1, pastedSheet: 'Life: 6', plan: [{ type: 'attribute', attribute: 'Power', from: 3, to: 4, xp: 4 }] }),
  };
  it('round-trips every part', () => {
    expect(importBackup(exportBackup(parts))).toEqual({ ok: true, backup: parts, migratedFrom: null });
  });
  it('reads a settings-only export too', () => {
    expect(importBackup(exportSettings(parts.settings))).toEqual({ ok: true, backup: { settings: parts.settings }, migratedFrom: null });
  });
  it('any bad part fails the whole import, naming the part', () => {
    const good = JSON.parse(exportBackup(parts));
    expect(importBackup(JSON.stringify({ ...good, drafts: { version: 1, threads: { a: { text: 1 } } } }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Drafts not valid/),
    });
    expect(importBackup(JSON.stringify({ ...good, boundSheet: { version: 2 } }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Bound sheet not valid/),
    });
    expect(importBackup(JSON.stringify({ ...good, scratch: { version: 1, plan: [{ type: 'attribute', attribute: 'Charisma' }] } }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Planner/),
    });
    expect(importBackup(JSON.stringify({ ...good, version: 9 }))).toMatchObject({ ok: false, error: expect.stringMatching(/version 9/) });
    expect(importBackup(JSON.stringify({ ...good, settings: { version: 1, theme: 1 } }))).toMatchObject({ ok: false, error: expect.stringMatching(/theme/) });
  });
});

describe('a backup’s entries kept aside are validated too', () => {
  const good = JSON.parse(exportBackup({ settings: defaultSettings(), drafts: loadDrafts({}), boundSheet: null, scratch: loadScratch({}) }));
  const withAside = (setAside: unknown) => importBackup(JSON.stringify({ ...good, setAside }));
  it('a draft from a newer version (or one that does not read) is carried as stored', () => {
    const aside = { 'draft:rpol.net/1/1': { version: 9, draft: { text: 'from the future' } }, 'draft:rpol.net/1/2': { version: 2, draft: { text: 7 } } };
    expect(withAside(aside)).toMatchObject({ ok: true, backup: { setAside: aside } });
  });
  it.each([
    ['a key that is not a draft’s', { settings: { version: 1, theme: 'dark' } }],
    ['an array', { 'draft:rpol.net/1/1': [1, 2] }],
    ['a string', { 'draft:rpol.net/1/1': 'x' }],
    ['an entry too large', { 'draft:rpol.net/1/1': { version: 9, draft: { text: 'x'.repeat(130_000) } } }],
    ['too many entries', Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`draft:rpol.net/1/${i}`, { version: 9 }]))],
    ['a usable draft smuggled past the drafts', { 'draft:rpol.net/1/1': { version: 2, draft: { text: 'planted', form: {}, updatedAt: 1 } } }],
    ['a key over 200 characters', { [`draft:${'k'.repeat(201)}`]: { version: 9 } }],
  ])('%s: the whole import is refused, naming the part', (_, setAside) => {
    expect(withAside(setAside)).toMatchObject({ ok: false, error: expect.stringMatching(/^Entries kept aside are not valid: /) });
  });
});

describe('house rules to share', () => {
  const mine = {
    ...defaultSettings(),
    theme: 'dark' as const,
    threadLanguages: { 'rpol.net/1/2': 'it' as const },
    games: { '51829': { name: 'Duels', rules: { ...defaultSettings().defaultRules, manaBurnPerMana: 2 } } },
  };
  it('the file holds the house rules alone, and reads back as house rules only', () => {
    const text = exportSharedRules(mine);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['defaultRules', 'games', 'kind', 'version']);
    expect(text).not.toMatch(/theme|threadLanguages|secret|draft/);
    const r = importBackup(text);
    if (!r.ok) throw new Error(r.error);
    expect(r.backup.rulesOnly).toBe(true);
    expect(r.backup.settings.games).toEqual(mine.games);
    expect(withSharedRules({ ...defaultSettings(), theme: 'light' }, r.backup.settings)).toMatchObject({ theme: 'light', games: mine.games });
  });
  it('a bad house-rules file is refused, naming the part', () => {
    const bad = { ...JSON.parse(exportSharedRules(mine)), games: { x: 1 } };
    expect(importBackup(JSON.stringify(bad))).toMatchObject({ ok: false, error: expect.stringMatching(/^House rules not valid: games/) });
  });
});

describe('what an import would replace, counted before anything is written', () => {
  const parlor = (secret: string) => ({ game: 'parlor' as const, secret, nonces: {}, updatedAt: 1 });
  const tables = (t: Record<string, ReturnType<typeof parlor>>, sheets = {}) => ({
    version: 1 as const,
    games: {},
    tables: t,
    versions: {},
    aside: {},
    pageSheets: sheets,
    duelStarts: {},
  });
  const draft = { text: 'x', form: {}, updatedAt: 1 };
  const secrets = (...list: [string, string][]) => ({
    version: 1 as const,
    secrets: Object.fromEntries(list.map(([s, thread]) => secretEntry(s, thread, 1))),
    aside: {},
  });
  it('counts drafts, house rules, tables, page sheets and each kind of Parlor secret', () => {
    const mine = {
      settings: { ...defaultSettings(), games: { '1': { name: '', rules: defaultSettings().defaultRules } } },
      drafts: { version: 1 as const, threads: { a: draft, b: draft } },
      boundSheet: null,
      scratch: loadScratch({}),
      tables: tables({ 'r/1/1': parlor('same'), 'r/1/2': parlor('mine') }),
      parlorSecrets: secrets(['same', 'r/1/1'], ['mine', 'r/1/2']),
    };
    const file = {
      settings: {
        ...defaultSettings(),
        games: { '1': { name: '', rules: defaultSettings().defaultRules }, '2': { name: '', rules: defaultSettings().defaultRules } },
      },
      drafts: { version: 1 as const, threads: { a: draft, c: draft } },
      setAside: { 'draft:r/1/9': { version: 9 } },
      tables: tables(
        { 'r/1/1': parlor('same'), 'r/1/2': parlor('theirs'), 'r/1/3': parlor('new') },
        { '1': { A: { text: 'Name: A', seenAt: 1 }, B: { text: 'Name: B', seenAt: 1 } } },
      ),
      parlorSecrets: secrets(['same', 'r/1/1'], ['theirs', 'r/1/2'], ['new', 'r/1/3']),
    };
    expect(importPlan(mine, file)).toEqual({
      rulesOnly: false,
      rules: { games: 2, replacing: 1 },
      drafts: { total: 2, replacing: 1, kept: 1 },
      setAside: 1,
      bound: null,
      scratch: false,
      tables: { total: 3, replacing: 2 },
      sheets: 2,
      // By commitment: another secret is another game's, never one that replaces yours.
      secrets: { fresh: 2, same: 1 },
    });
  });
});

describe('an import’s changes of what a badge or a verdict says, each a line to accept', () => {
  const base = defaultSettings();
  const rules = { ...base.defaultRules, manaBurnPerMana: 3 };
  const board = { origin: 'https://evil.example', forum: 'phpbb', name: 'RPOL' };
  const mine = {
    ...base,
    games: { '7': { name: 'Held', rules: base.defaultRules } },
    boards: [{ origin: 'https://held.example', forum: 'phpbb', name: 'Held' }],
  };
  // Each kind of change: the file's settings, the one change listed, its words in English and Italian.
  it.each<[string, Partial<Settings>, SettingChange, string, string]>([
    [
      'default house rules',
      { defaultRules: rules },
      { key: 'rules', kind: 'rules', game: null },
      'House rules for every game (the defaults)',
      'Regole della casa per ogni gioco (le predefinite)',
    ],
    [
      'a game’s house rules, new',
      { games: { ...mine.games, '9': { name: 'Duels', rules } } },
      { key: 'rules:9', kind: 'gameRules', game: '9', name: 'Duels', removed: false },
      'House rules of game 9 (Duels)',
      'Regole della casa del gioco 9 (Duels)',
    ],
    [
      'a game’s house rules, changed',
      { games: { '7': { name: 'Held', rules } } },
      { key: 'rules:7', kind: 'gameRules', game: '7', name: 'Held', removed: false },
      'House rules of game 7 (Held)',
      'Regole della casa del gioco 7 (Held)',
    ],
    [
      'a game’s house rules, removed',
      { games: {} },
      { key: 'rules:7', kind: 'gameRules', game: '7', name: 'Held', removed: true },
      'House rules of game 7 (Held): removed (the defaults apply)',
      'Regole della casa del gioco 7 (Held): rimosse (valgono le predefinite)',
    ],
    [
      'roll badges',
      { annotations: { ...base.annotations, rolls: false } },
      { key: 'annotation:rolls', kind: 'annotation', which: 'rolls', to: false },
      'Badges beside rolls in threads: off',
      'Badge accanto ai tiri nei thread: disattivato',
    ],
    [
      'sheet badges',
      { annotations: { ...base.annotations, sheets: false } },
      { key: 'annotation:sheets', kind: 'annotation', which: 'sheets', to: false },
      'Badges beside character sheets: off',
      expect.stringMatching(/: disattivato$/) as unknown as string,
    ],
    [
      'dice-log badges',
      { annotations: { ...base.annotations, diceLog: false } },
      { key: 'annotation:diceLog', kind: 'annotation', which: 'diceLog', to: false },
      'Badges on the Die Roller log: off',
      'Badge sul registro del Die Roller: disattivato',
    ],
    [
      'the drawer button',
      { annotations: { ...base.annotations, drawer: false } },
      { key: 'annotation:drawer', kind: 'annotation', which: 'drawer', to: false },
      'The in-page drawer button: off',
      expect.stringMatching(/: disattivato$/) as unknown as string,
    ],
    [
      'the dice-log check',
      { fetchDiceLog: false },
      { key: 'fetchDiceLog', kind: 'fetchDiceLog', to: false },
      'Read the Die Roller log to flag re-rolls: off',
      'Leggere il registro del Die Roller per segnalare i tiri ripetuti: disattivato',
    ],
    [
      'the reroll window',
      { rerollWindowMinutes: 1 },
      { key: 'rerollWindow', kind: 'rerollWindow', from: base.rerollWindowMinutes, to: 1 },
      `Re-roll window: ${base.rerollWindowMinutes} → 1 minutes`,
      `Finestra dei tiri ripetuti: ${base.rerollWindowMinutes} → 1 minuti`,
    ],
    [
      'the language',
      { language: 'it' },
      { key: 'language', kind: 'language', from: 'auto', to: 'it' },
      'Language: the browser’s → Italiano',
      'Lingua: quella del browser → Italiano',
    ],
    [
      'a board added',
      { boards: [...mine.boards, board] },
      { key: 'board:https://evil.example', kind: 'board', board },
      'Add the board https://evil.example (“RPOL”): the browser asks you to allow it',
      'Aggiungere la board https://evil.example («RPOL»): il browser ti chiede di consentirla',
    ],
    [
      'a board held, read with other software',
      { boards: [{ ...mine.boards[0]!, forum: 'xenforo' }] },
      { key: 'board:https://held.example', kind: 'board', board: { ...mine.boards[0]!, forum: 'xenforo' } },
      'Add the board https://held.example (“Held”): the browser asks you to allow it',
      expect.stringMatching(/^Aggiungere la board https:\/\/held\.example/) as unknown as string,
    ],
  ])('%s: one line, taken only when accepted', (_, change, want, en, it) => {
    const file = { ...mine, theme: 'dark' as const, ...change };
    const changes = settingChanges(mine, file);
    expect(changes).toEqual([want]);
    expect(changeLine(want, 'en')).toEqual(en);
    expect(changeLine(want, 'it')).toEqual(it);
    // Not accepted: everything but the theme (no verdict) stays as held; accepted: the file's settings.
    expect(withAccepted(mine, file, [])).toEqual({ ...mine, theme: 'dark' });
    expect(withAccepted(mine, file, [want.key])).toEqual(file);
  });

  it('nothing shown when nothing that changes a verdict changes (theme, post languages, a board dropped, a game renamed)', () => {
    const file = {
      ...mine,
      theme: 'dark' as const,
      threadLanguages: { 'rpol.net/1/2': 'it' as const },
      boards: [],
      games: { '7': { name: 'Renamed', rules: base.defaultRules } },
    };
    expect(settingChanges(mine, file)).toEqual([]);
    expect(settingChanges(mine, mine)).toEqual([]);
    expect(withAccepted(mine, file, [])).toEqual(file);
  });

  it('the issue’s hostile file: every change a line; none accepted changes none; one accepted applies only it', () => {
    const hostile = {
      ...mine,
      annotations: { ...base.annotations, rolls: false, diceLog: false },
      fetchDiceLog: false,
      rerollWindowMinutes: 1,
      language: 'it' as const,
      boards: [...mine.boards, board],
    };
    expect(settingChanges(mine, hostile).map((c) => c.key)).toEqual([
      'annotation:rolls',
      'annotation:diceLog',
      'fetchDiceLog',
      'rerollWindow',
      'language',
      'board:https://evil.example',
    ]);
    expect(withAccepted(mine, hostile, [])).toEqual(mine);
    expect(withAccepted(mine, hostile, ['rerollWindow'])).toEqual({ ...mine, rerollWindowMinutes: 1 });
  });

  it('a house-rules file’s changes are counted against the rules held (its other settings are the defaults, never changes)', () => {
    const r = importBackup(exportSharedRules({ ...base, defaultRules: rules, games: { '9': { name: 'Duels', rules } } }));
    if (!r.ok) throw new Error(r.error);
    const held = { ...mine, fetchDiceLog: false, language: 'it' as const };
    expect(settingChanges(held, incomingSettings(held, r.backup)).map((c) => c.key)).toEqual(['rules', 'rules:9']);
  });
});
