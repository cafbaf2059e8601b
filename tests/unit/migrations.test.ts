// Nothing typed is lost across versions: a backup (or a stored entry) of every earlier shape is
// restored, and each typed value is found where the user will look for it — the reply builder
// that shows it (lib/settings/schema.ts builderFields, the panel's own reading of a draft).
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readBackup, readDraft, readParlorSecrets, readTable, writeBackup } from '../../entrypoints/shared/storage';
import { BACKUP_VERSION, builderFields, type Draft, defaultSettings, importBackup, upgradeDraftForm } from '../../lib/settings/schema';

beforeEach(() => fakeBrowser.reset());

const LOG_LINE = '17:54, Mon 05 Oct: Tavi Quell rolled 4d10 (Record each die) [1,7,6,1] = 15 – reason: Toughness vs 3 – [roll=8.5.510001]';

/** The reply tab's drafts as the first reply builder saved them (one set of fields for every builder). */
const FLAT_THREADS = {
  'rpol.net/51829/40': {
    text: 'Korrin, you will regret that Shivan Dragon.',
    form: { kind: 'draw', rarity: 'Rare', card: 'Shivan Dragon', memory: '6', modifier: '1' },
    updatedAt: 1_764_000_000_000,
  },
  'rpol.net/51829/41': {
    text: '',
    form: { kind: 'toughness', rarity: 'Common', damage: '3', faces: '1 7 6 1', life: '8', logLine: LOG_LINE },
    updatedAt: 1_764_000_100_000,
  },
};

/** Each builder's fields as the panel shows them, and the builder it opens on. */
const shown = (d: Draft | undefined, kind: string) => ({ opensOn: d?.form.kind, fields: builderFields(d?.form ?? {}, kind) });

function expectFlatDraftsWhereTheUserLooks(threads: Record<string, Draft | undefined>) {
  expect(shown(threads['rpol.net/51829/40'], 'draw')).toEqual({
    opensOn: 'draw',
    fields: { rarity: 'Rare', card: 'Shivan Dragon', memory: '6', modifier: '1' },
  });
  expect(threads['rpol.net/51829/40']?.text).toBe('Korrin, you will regret that Shivan Dragon.');
  // The old "toughness" builder was the damage after a Toughness roll: it opens as that one.
  expect(shown(threads['rpol.net/51829/41'], 'after-toughness')).toEqual({
    opensOn: 'after-toughness',
    fields: { damage: '3', faces: '1 7 6 1', life: '8', logLine: LOG_LINE },
  });
  // The log line the old form shared is in the roll summary's builder too.
  expect(builderFields(threads['rpol.net/51829/41']?.form ?? {}, 'summary')).toEqual({ logLine: LOG_LINE });
}

const SETTINGS_V1 = { version: 1, theme: 'dark', language: 'it', annotations: { rolls: true, sheets: false, diceLog: true, drawer: true } };
const BOUND = { version: 1, text: 'Name: Osk Tarrow\nPower: 1', gameId: '51829', boundAt: 1_764_000_000_000 };
const SCRATCH = { version: 1, pastedSheet: 'Life: 6', plannerText: 'Power: 2', plan: [{ type: 'attribute', attribute: 'Power', from: 1, to: 2, xp: 2 }] };

/** Each shape a backup has had, as Spark Scribe wrote it then. */
const EARLIER_BACKUPS: [string, object][] = [
  [
    'the first backup (settings, drafts, the bound sheet, the planner; one form for every builder)',
    { kind: 'spark-scribe-backup', version: 1, settings: SETTINGS_V1, drafts: { version: 1, threads: FLAT_THREADS }, boundSheet: BOUND, scratch: SCRATCH },
  ],
  [
    'with the entries kept aside',
    {
      kind: 'spark-scribe-backup',
      version: 1,
      settings: SETTINGS_V1,
      drafts: { version: 1, threads: FLAT_THREADS },
      boundSheet: BOUND,
      scratch: SCRATCH,
      setAside: { 'draft:rpol.net/1/1': { version: 9, draft: { text: 'from the future' } } },
    },
  ],
];

describe('a backup of every earlier shape', () => {
  it.each(EARLIER_BACKUPS)('%s: every typed value where the user will look for it, in the import and once restored', async (_, backup) => {
    const r = importBackup(JSON.stringify(backup));
    if (!r.ok) throw new Error(r.error);
    expect(r.backup.settings).toMatchObject({ theme: 'dark', language: 'it', annotations: { sheets: false } });
    expect(r.backup.boundSheet?.text).toBe(BOUND.text);
    expect(r.backup.scratch).toMatchObject({ pastedSheet: 'Life: 6', plannerText: 'Power: 2', plan: [{ attribute: 'Power', to: 2 }] });
    expectFlatDraftsWhereTheUserLooks(r.backup.drafts?.threads ?? {});
    // Restored (what Options' import does), then read as the panel reads a thread's draft.
    await writeBackup(r.backup);
    expectFlatDraftsWhereTheUserLooks({
      'rpol.net/51829/40': (await readDraft('rpol.net/51829/40')) ?? undefined,
      'rpol.net/51829/41': (await readDraft('rpol.net/51829/41')) ?? undefined,
    });
    expect((await readBackup()).boundSheet?.text).toBe(BOUND.text);
  });

  it('a backup whose forms are already each builder’s own, with game tables: as it was', () => {
    const form = { kind: 'channel', 'channel.colour': 'Blue', 'channel.trades': '1', 'draw.card': 'Shock' };
    const r = importBackup(
      JSON.stringify({
        kind: 'spark-scribe-backup',
        version: 1,
        settings: SETTINGS_V1,
        drafts: { version: 1, threads: { 'rpol.net/9/9': { text: 'x', form, updatedAt: 5 } } },
        boundSheet: null,
        scratch: SCRATCH,
        tables: { version: 1, games: { '9': 'parlor' }, tables: {} },
      }),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.backup.drafts?.threads['rpol.net/9/9']?.form).toEqual(form);
    expect(builderFields(form, 'channel')).toEqual({ colour: 'Blue', trades: '1' });
    expect(r.backup.tables?.games).toEqual({ '9': 'parlor' });
  });

  it('a settings file from before settings had a version', () => {
    const r = importBackup(JSON.stringify({ theme: 'light', rerollWindowMinutes: 30 }));
    expect(r).toMatchObject({ ok: true, migratedFrom: 0, backup: { settings: { version: 1, theme: 'light', rerollWindowMinutes: 30 } } });
  });

  it('today’s backup round-trips as it is', async () => {
    await writeBackup({
      settings: defaultSettings(),
      drafts: { version: 1, threads: { k: { text: 't', form: { kind: 'draw', 'draw.card': 'Shock' }, updatedAt: 1 } } },
    });
    const text = JSON.stringify({ kind: 'spark-scribe-backup', version: BACKUP_VERSION, ...(await readBackup()) });
    const r = importBackup(text);
    if (!r.ok) throw new Error(r.error);
    expect(r.backup.drafts?.threads.k?.form).toEqual({ kind: 'draw', 'draw.card': 'Shock' });
  });
});

describe('stored drafts of earlier shapes', () => {
  it('a draft entry of version 1 with the first form, and one from the map before each draft had its own entry', async () => {
    await fakeBrowser.storage.local.set({
      'draft:rpol.net/51829/40': { version: 1, draft: FLAT_THREADS['rpol.net/51829/40'] },
      drafts: { version: 1, threads: { 'rpol.net/51829/41': FLAT_THREADS['rpol.net/51829/41'] } },
    });
    expectFlatDraftsWhereTheUserLooks({
      'rpol.net/51829/40': (await readDraft('rpol.net/51829/40')) ?? undefined,
      'rpol.net/51829/41': (await readDraft('rpol.net/51829/41')) ?? undefined,
    });
    // And in the export.
    expectFlatDraftsWhereTheUserLooks((await readBackup()).drafts.threads);
  });

  it('a form already in each builder’s fields is left as it is; a field the first form never had is kept', () => {
    const today = { kind: 'toughness', 'toughness.damage': '4' };
    expect(upgradeDraftForm(today)).toBe(today);
    expect(upgradeDraftForm({ kind: 'draw', card: 'Shock', mystery: 'kept' })).toEqual({ kind: 'draw', 'draw.card': 'Shock', mystery: 'kept' });
  });
});

describe('the games’ stored tables', async () => {
  const { readStored } = await import('../../lib/games/game');
  const { loadTables, TablesSchema } = await import('../../lib/settings/tables');
  const z = await import('zod/mini');

  it('a table of an older version is migrated step by step; a newer one or a missing step is refused', () => {
    const stored = {
      schema: z.object({ game: z.literal('g'), moves: z.array(z.string()) }),
      version: 3,
      migrations: {
        1: (old: Record<string, unknown>) => ({ ...old, moves: String(old.log ?? '').split(' | ') }),
        2: (old: Record<string, unknown>) => ({ ...old, moves: (old.moves as string[]).filter(Boolean) }),
      },
    };
    expect(readStored(stored, { game: 'g', log: 'A bid 3 |  | B fold' }, 1)).toEqual({ game: 'g', moves: ['A bid 3', 'B fold'] });
    expect(readStored(stored, { game: 'g', moves: ['x', ''] }, 2)).toEqual({ game: 'g', moves: ['x'] });
    expect(readStored(stored, { game: 'g', moves: ['x'] }, 4)).toBeNull();
    expect(readStored({ ...stored, migrations: { 1: stored.migrations[1] } }, { game: 'g', log: 'x' }, 1)).toBeNull();
  });

  it('a table that cannot be read is kept aside as stored, and stays through a write', () => {
    const ok = { game: 'parlor', word: 'ember', updatedAt: 2 };
    const later = { game: 'parlor', word: 'from a later version', updatedAt: 3, shape: 'new' };
    const broken = { game: 'parlor', word: 7 };
    const t = loadTables({ version: 1, games: { '9': 'parlor' }, tables: { 'rpol.net/9/1': ok, 'rpol.net/9/2': broken }, pageSheets: {} });
    // Parlor's tables were version 1 then (the old deal's word): read as version 3, the word kept as the secret
    // (`legacySecret`, until the storage moves it to the secrets' own key).
    expect(t.tables['rpol.net/9/1']).toEqual({ game: 'parlor', legacySecret: 'ember', nonces: {}, updatedAt: 2 });
    expect(t.aside).toEqual({ 'rpol.net/9/2': broken });
    const written = TablesSchema.parse(t);
    expect(loadTables(written).aside).toEqual({ 'rpol.net/9/2': broken });
    // Written by a version whose Parlor tables are newer: kept aside, not read in an old shape.
    const newer = loadTables({ version: 1, versions: { parlor: 9 }, tables: { 'rpol.net/9/3': later } });
    expect(newer.tables).toEqual({});
    expect(newer.aside).toEqual({ 'rpol.net/9/3': later });
    expect(newer.versions.parlor).toBe(3);
  });
});

describe('a backup’s game tables of earlier shapes', () => {
  it('a Parlor table of version 1 in a file keeps its secret (the word of the old deal), and the threads the file lacks stay', async () => {
    await fakeBrowser.storage.local.set({
      tables: { version: 1, versions: { parlor: 2 }, tables: { 'rpol.net/9/2': { game: 'parlor', secret: 'held', nonces: {}, updatedAt: 1 } } },
    });
    const r = importBackup(
      JSON.stringify({
        kind: 'spark-scribe-backup',
        version: 1,
        settings: SETTINGS_V1,
        tables: { version: 1, versions: { parlor: 1 }, games: {}, tables: { 'rpol.net/9/1': { game: 'parlor', word: 'old-word', updatedAt: 5 } } },
      }),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.backup.tables?.tables['rpol.net/9/1']).toMatchObject({ game: 'parlor' });
    expect(Object.values(r.backup.parlorSecrets?.secrets ?? {})).toContainEqual(expect.objectContaining({ secret: 'old-word', thread: 'rpol.net/9/1' }));
    await writeBackup(r.backup, { takeNewSecrets: true });
    const secrets = Object.values((await readParlorSecrets()).secrets).map((e) => `${e.thread} ${e.secret}`);
    expect(secrets.sort()).toEqual(['rpol.net/9/1 old-word', 'rpol.net/9/2 held']);
    expect(await readTable('rpol.net/9/1')).toMatchObject({ game: 'parlor' });
    expect(await readTable('rpol.net/9/2')).toMatchObject({ game: 'parlor' });
  });
});
