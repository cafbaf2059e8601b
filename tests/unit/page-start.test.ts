// What a page load needs before its first post, kept by the background in storage
// (entrypoints/shared/page-start.ts) and read by a content script in one storage read, against
// WXT's fake browser: what is kept, when it is rewritten, and what a page does when it cannot
// use it (asks the background) or when the background cannot answer either.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import '../../lib/i18n/all';
import { CATALOGS } from '../../lib/i18n';
import { DEFAULT_PAGE_SETTINGS } from '../../lib/settings/defaults';
import { defaultSettings } from '../../lib/settings/schema';
import { readPageStart } from '../../entrypoints/content/page-start';
import {
  checkPageStart,
  duelFrom,
  PAGE_CATALOG_PARTS,
  PAGE_START_KEY,
  PAGE_START_VERSION,
  pageCatalog,
  rollsKeyOf,
  rollsKeyOfThread,
} from '../../entrypoints/shared/page-start';
import { PHPBB } from '../../lib/forums/phpbb/forum';
import { RPOL } from '../../lib/forums/rpol/forum';
import {
  addSeenRolls,
  moveOldSeenRolls,
  readSeenRolls,
  writeBoundSheet,
  writeDuelStarts,
  writePageSheet,
  writeSettings,
} from '../../entrypoints/shared/storage';
import { duelBaseReader, keepPageStart, settingsReader } from '../../entrypoints/background/page-start-copy';

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

/** Let the background's writes (one at a time, each after the change before it) settle. */
const settle = () => new Promise((ok) => setTimeout(ok, 20));
const kept = async () => (await fakeBrowser.storage.local.get(PAGE_START_KEY))[PAGE_START_KEY];
const keep = () => keepPageStart(settingsReader(), duelBaseReader(), () => ['it-IT']);

describe('the kept copy of what a page needs', () => {
  it('is written at start and after each change, in the language chosen, and not rewritten when nothing changed', async () => {
    keep();
    await settle();
    const first = checkPageStart(await kept(), undefined);
    expect(first?.locale).toBe('it'); // "auto" and an Italian browser
    expect(first?.catalog).toEqual(pageCatalog(CATALOGS.it!));
    expect(first?.catalog?.['trust.verified']).toBe(CATALOGS.it?.['trust.verified']);
    expect(first?.catalog?.['opt.title' as never]).toBeUndefined(); // Options' words stay out
    expect(first?.settings).toEqual(defaultSettings());
    await writeSettings({ ...defaultSettings(), language: 'en', theme: 'dark' });
    await settle();
    const { settingsSavedAt } = await fakeBrowser.storage.local.get('settingsSavedAt');
    const second = checkPageStart(await kept(), settingsSavedAt);
    expect(second?.locale).toBe('en');
    expect(second?.settings.theme).toBe('dark');
    await writeBoundSheet({ version: 1, text: 'Power: 3', gameId: '51829', boundAt: 1 });
    await writeDuelStarts('rpol.net/51829/40', [12, 4]);
    await writePageSheet('77', 'Osk', 'Name: Osk');
    await settle();
    const third = checkPageStart(await kept(), settingsSavedAt);
    expect(third?.bound).toBe('Power: 3');
    expect(third?.duelStarts).toEqual({ 'rpol.net/51829/40': [4, 12] });
    expect(third?.sheetGames).toEqual(['77']);
    // A change to something else (the seen rolls) writes nothing.
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await addSeenRolls('rpol.net/51829/40', [['abc', 3]]);
    await settle();
    expect(set.mock.calls.filter(([items]) => PAGE_START_KEY in (items as object))).toHaveLength(0);
  });

  it('is removed when it cannot be written (pages then ask the background), not left stale', async () => {
    keep();
    await settle();
    expect(await kept()).toBeTypeOf('string');
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (PAGE_START_KEY in items) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    await writeDuelStarts('rpol.net/51829/40', [7]);
    await settle();
    expect(await kept()).toBeUndefined();
  });

  it('is not used when it is older than the settings saved since, of another version, or not ours', async () => {
    keep();
    await settle();
    const text = (await kept()) as string;
    expect(checkPageStart(text, undefined)).not.toBeNull();
    expect(checkPageStart(text, 12345)).toBeNull();
    expect(checkPageStart(text.replace(`"version":${PAGE_START_VERSION}`, '"version":99'), undefined)).toBeNull();
    expect(checkPageStart(JSON.parse(text), undefined)).toBeNull();
    expect(checkPageStart('{"version":1', undefined)).toBeNull();
    expect(checkPageStart(text.replace('"catalog":{', '"catalog":{"<img src=x>":"x",'), undefined)).toBeNull();
  });

  it('gives a thread its seen rolls, the bound sheet and its marks, and leaves a game with page sheets to the background', () => {
    const start = checkPageStart(
      JSON.stringify({
        version: PAGE_START_VERSION,
        savedAt: null,
        settings: defaultSettings(),
        locale: 'en',
        catalog: CATALOGS.en,
        bound: 'Power: 3',
        duelStarts: { 'forum.mafiascum.net/12/5199': [2, 0, 7.5, 9] },
        sheetGames: ['77'],
      }),
      undefined,
    )!;
    // The thread's own stored list: one string, each entry checked.
    const seen = JSON.stringify([
      ['abc', 3],
      ['x'.repeat(30), 1],
      ['d', -1],
    ]);
    expect(duelFrom(start, seen, 'forum.mafiascum.net/12/5199')).toEqual({ seenTips: [['abc', 3]], bound: 'Power: 3', sheets: [], newDuelAt: [2, 9] });
    for (const junk of ['junk', '{"abc":3}', { tips: [['abc', 3]] }, undefined])
      expect(duelFrom(start, junk, 'forum.mafiascum.net/12/1')).toEqual({ seenTips: [], bound: 'Power: 3', sheets: [], newDuelAt: [] });
    expect(duelFrom(start, seen, 'rpol.net/77/3')).toBeNull();
  });
});

describe('a page reading it', () => {
  it('reads the copy and asks the background nothing, for the address’s key and for the key the header names later', async () => {
    keep();
    await writeDuelStarts('forum.mafiascum.net/12/5199', [5]);
    await settle();
    // A topic's seen rolls are kept by the topic alone: the address says it, its forum only the header does.
    await addSeenRolls('forum.mafiascum.net/-/5199', [['abc', 3]]);
    await addSeenRolls('forum.mafiascum.net/-/1', [['ghi', 5]]);
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const start = readPageStart('forum.mafiascum.net/-/5199');
    const [early, header] = await Promise.all([
      start.duel('forum.mafiascum.net/-/5199', 'forum.mafiascum.net/-/5199'),
      start.duel('forum.mafiascum.net/12/5199', 'forum.mafiascum.net/-/5199'),
    ]);
    expect(early.newDuelAt).toEqual([]);
    expect(header.newDuelAt).toEqual([5]);
    expect(early.seenTips).toEqual([['abc', 3]]);
    expect(header.seenTips).toEqual([['abc', 3]]);
    // One read: the copy and this topic's seen rolls, no other thread's.
    expect(get.mock.calls.map(([keys]) => keys)).toEqual([['pageStart', 'settingsSavedAt', 'seen:forum.mafiascum.net/-/5199']]);
    expect((await start.settings('forum.mafiascum.net/12/5199')).postLanguage).toBe('en');
    expect(send).not.toHaveBeenCalled();
    // An address that names no topic (a link to a post): the header's topic's seen rolls are read then.
    const linked = readPageStart('forum.mafiascum.net/-/-');
    expect((await linked.duel('forum.mafiascum.net/12/1', 'forum.mafiascum.net/-/1')).seenTips).toEqual([['ghi', 5]]);
  });

  it('keeps the seen rolls of an RPOL thread by its game too, and of a board’s topic by the topic alone', () => {
    expect(rollsKeyOf(RPOL, 'www.rpol.net', { gameId: '51829', threadId: '41' })).toBe('rpol.net/51829/41');
    expect(rollsKeyOf(PHPBB, 'forum.mafiascum.net', { gameId: '12', threadId: '5199' })).toBe('forum.mafiascum.net/-/5199');
    expect(rollsKeyOf(PHPBB, 'forum.mafiascum.net', { gameId: null, threadId: '5199' })).toBe('forum.mafiascum.net/-/5199');
    expect(rollsKeyOfThread('rpol.net/51829/41')).toBe('rpol.net/51829/41');
    expect(rollsKeyOfThread('forum.mafiascum.net/12/5199')).toBe('forum.mafiascum.net/-/5199');
  });

  it('asks the background when the copy is older than the settings, and for a game whose page sheets it needs', async () => {
    keep();
    await writePageSheet('77', 'Osk', 'Name: Osk');
    await addSeenRolls('rpol.net/77/3', [['abc', 3]]);
    await settle();
    await fakeBrowser.storage.local.set({ settingsSavedAt: 1 }); // saved after the copy was made
    const asked: string[] = [];
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type: string };
      asked.push(m.type);
      return Promise.resolve(m.type === 'duel-context' ? { seenTips: [], bound: null, sheets: ['Name: Osk'], newDuelAt: [] } : undefined);
    });
    const start = readPageStart('rpol.net/77/3');
    expect((await start.settings('rpol.net/77/3')).theme).toBe(DEFAULT_PAGE_SETTINGS.theme);
    // The background's answer, with the seen rolls the page read itself.
    const duel = await start.duel('rpol.net/77/3', 'rpol.net/77/3');
    expect(duel.sheets).toEqual(['Name: Osk']);
    expect(duel.seenTips).toEqual([['abc', 3]]);
    expect(asked).toEqual(['settings', 'duel-context']);
  });

  it('reads by the defaults when there is no copy and no background', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(new Error('no background'));
    const start = readPageStart('rpol.net/-/-');
    expect(await start.settings('rpol.net/-/-')).toEqual(DEFAULT_PAGE_SETTINGS);
    expect(await start.duel('rpol.net/-/-', 'rpol.net/-/-')).toEqual({ seenTips: [], bound: null, sheets: [], newDuelAt: [] });
  });
});

describe('the seen rolls, a key per thread', () => {
  const stored = async () => fakeBrowser.storage.local.get(null) as Promise<Record<string, unknown>>;

  it('are kept as one string per thread, an earlier post winning, and the oldest threads past 60 go with their keys', async () => {
    let now = 1000;
    vi.spyOn(Date, 'now').mockImplementation(() => ++now);
    await addSeenRolls('rpol.net/1/1', [
      ['abc', 9],
      ['def', 4],
    ]);
    await addSeenRolls('rpol.net/1/1', [
      ['abc', 3],
      ['ghi', 12],
    ]);
    expect((await stored())['seen:rpol.net/1/1']).toBe(
      JSON.stringify([
        ['abc', 3],
        ['def', 4],
        ['ghi', 12],
      ]),
    );
    for (let i = 2; i <= 61; i++) {
      await addSeenRolls(`rpol.net/1/${i}`, [['x', i]]);
    }
    const all = await stored();
    expect(Object.keys(all).filter((k) => k.startsWith('seen:'))).toHaveLength(60);
    expect(all['seen:rpol.net/1/1']).toBeUndefined();
    expect(Object.keys(all.seenThreads as object)).toHaveLength(60);
    expect(await readSeenRolls('rpol.net/1/61')).toEqual([['x', 61]]);
  });

  it('told by two pages at once, keep both', async () => {
    await Promise.all([addSeenRolls('rpol.net/1/1', [['abc', 3]]), addSeenRolls('rpol.net/1/1', [['def', 4]]), addSeenRolls('rpol.net/1/2', [['g', 1]])]);
    expect(await readSeenRolls('rpol.net/1/1')).toEqual([
      ['abc', 3],
      ['def', 4],
    ]);
    expect(Object.keys((await stored()).seenThreads as object).sort()).toEqual(['rpol.net/1/1', 'rpol.net/1/2']);
  });

  it('kept the old way (every thread in one object) are moved to their own keys once, the newest 60 threads, junk left out', async () => {
    const old: Record<string, unknown> = {
      'rpol.net/9/9': 'junk',
      'rpol.net/9/8': { tips: 'junk', at: 5 },
      'forum.mafiascum.net/12/5199': { tips: [['b', 2]], at: 99 },
    };
    for (let i = 0; i < 62; i++)
      old[`rpol.net/1/${i}`] = {
        tips: [
          ['k', i + 1],
          ['<b>', -2],
        ],
        at: i,
      };
    await fakeBrowser.storage.local.set({ seenRolls: old });
    await addSeenRolls('rpol.net/1/61', [['new', 1]]);
    await moveOldSeenRolls();
    const all = await stored();
    expect(all.seenRolls).toBeUndefined();
    expect(await readSeenRolls('rpol.net/1/61')).toEqual([
      ['new', 1],
      ['k', 62],
    ]);
    // The newest 60 with rolls: the board's topic, RPOL's 61 down to 3.
    expect(await readSeenRolls('rpol.net/1/3')).toEqual([['k', 4]]);
    expect(await readSeenRolls('rpol.net/1/2')).toEqual([]);
    // A board's topic by the topic alone, as its pages now read it.
    expect(await readSeenRolls('forum.mafiascum.net/-/5199')).toEqual([['b', 2]]);
    expect(await readSeenRolls('rpol.net/9/8')).toEqual([]);
    expect(Object.keys(all).filter((k) => k.startsWith('seen:'))).toHaveLength(60);
    // Nothing left to move: a second start reads one key and writes nothing.
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await moveOldSeenRolls();
    expect(set).not.toHaveBeenCalled();
  });
});

describe('the words the copy carries', () => {
  const DIR = '.output/chrome-mv3/content-scripts';
  beforeAll(() => {
    if (!existsSync(join(DIR, 'content.js')) || !existsSync(join(DIR, 'extras.js'))) execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  }, 180_000);

  it('hold every part of the catalogue a content script’s code names a key of (as shipped: every forum’s and the extras)', () => {
    const code = readdirSync(DIR)
      .map((f) => readFileSync(join(DIR, f), 'utf8'))
      .join('\n');
    const parts = [...new Set(Object.keys(CATALOGS.en!).map((k) => k.slice(0, k.indexOf('.'))))];
    // A key is named with its part in a string: 'part.…', "part.…" or `part.…` (also `part.${x}`).
    const named = parts.filter((p) => ['"', "'", '`'].some((q) => code.includes(`${q}${p}.`)));
    expect(named.sort()).toEqual([...PAGE_CATALOG_PARTS].sort());
    // And every key the code names in full is in the copy's words.
    const words = pageCatalog(CATALOGS.en!);
    const missing = Object.keys(CATALOGS.en!).filter((k) => code.includes(`${k}`) && !(k in words) && /["'`]/.test(code[code.indexOf(k) - 1] ?? ''));
    expect(missing).toEqual([]);
  });
});
