import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings/defaults';
import { formatOwnedCards, formatSignedList, parseOwnedCards, parseSignedList } from '../../lib/settings/fields';
import {
  defaultSettings,
  exportBackup,
  exportSettings,
  importBackup,
  importSettings,
  loadDrafts,
  loadScratch,
  loadSettings,
  SETTINGS_VERSION,
} from '../../lib/settings/schema';
import { DEFAULT_GAME_RULES } from '../../lib/spark/settings';
import { GameRulesSchema } from '../../lib/spark/rules-schema';
import { CharacterSheetSchema } from '../../lib/spark/sheet-schema';
import { parseSheetText } from '../../lib';
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
