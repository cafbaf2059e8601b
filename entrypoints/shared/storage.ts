/**
 * Storage for settings, drafts and the bound sheet: everything is validated with zod when it is
 * read and before it is written (lib/settings/schema.ts), so nothing malformed reaches the UI.
 */
import { browser } from 'wxt/browser';
import { CATALOGS, pickLocale } from '../../lib/i18n';
import {
  gameOf,
  OLD_SEEN_KEY,
  PAGE_START_KEY,
  PAGE_START_VERSION,
  type PageStart,
  pageCatalog,
  rollsKeyOfThread,
  SEEN_INDEX_KEY,
  SEEN_PER_THREAD,
  SEEN_THREADS,
  seenKey,
  seenOf,
} from './page-start';
import { formatNumber, t, uiLocale } from '../../components/locale';
import { isRecord } from './protocol';
import { mergeFromSync, splitForSync, SYNC_KEYS, type SyncItems } from '../../lib/settings/sync';
import {
  BoundSheetSchema,
  DraftSchema,
  upgradeDraftForm,
  loadBoundSheet,
  loadScratch,
  loadSettings,
  ScratchSchema,
  DraftsSchema,
  SetAsideSchema,
  type Backup,
  DRAFT_ENTRY_VERSION,
  type ImportedBackup,
  type Scratch,
  SettingsSchema,
  type BoundSheet,
  type Draft,
  type Settings,
  type Drafts,
  defaultSettings,
  DRAFT_LIMIT,
  SETTINGS_VERSION,
  withSharedRules,
} from '../../lib/settings/schema';
import {
  capPageSheets,
  GameTableSchema,
  loadTables,
  mergeTables,
  TablesSchema,
  type GameTable,
  type TableGameId,
  type Tables,
  legacySecrets,
  loadParlorSecrets,
  mergeParlorSecrets,
  type ParlorSecret,
  type ParlorSecrets,
  ParlorSecretsSchema,
  secretEntry,
  withoutLegacySecret,
} from '../../lib/settings/tables';
import { errorText } from '../../lib/errors';

const KEYS = { settings: 'settings', settingsSavedAt: 'settingsSavedAt', drafts: 'drafts', bound: 'boundSheet', scratch: 'scratch', tables: 'tables' } as const;

export interface StoredSettings {
  settings: Settings;
  /** A problem with what was stored (then defaults are used and nothing is overwritten). */
  problem: string | null;
}

export async function readSettings(): Promise<StoredSettings> {
  // One read of this device's store, and the sync store's beside it (every page load waits for these).
  const [local, synced] = await Promise.all([browser.storage.local.get([KEYS.settings, KEYS.settingsSavedAt]), readSync()]);
  const raw = local[KEYS.settings];
  const result = loadSettings(raw, uiLocale());
  const version = (raw as { version?: unknown } | undefined)?.version;
  if (typeof version === 'number' && version > SETTINGS_VERSION) {
    return { settings: defaultSettings(), problem: t('st.newerSettings', { version }) };
  }
  if (!result.ok) return { settings: defaultSettings(), problem: t('st.unreadable', { reason: result.error }) };
  if (result.migratedFrom !== null) await browser.storage.local.set({ [KEYS.settings]: result.settings });
  // Preferences and house rules saved on another browser (storage.sync) since this one saved.
  if (synced) {
    const savedAt = Number(local[KEYS.settingsSavedAt] ?? 0);
    const merged = mergeFromSync(result.settings, savedAt, synced);
    if (merged.changed) {
      await browser.storage.local.set({ [KEYS.settings]: merged.settings, [KEYS.settingsSavedAt]: Date.now() });
      return { settings: merged.settings, problem: null };
    }
  }
  return { settings: result.settings, problem: null };
}

/** The sync store, when the browser has one (never fatal: sync is a convenience, local is the record). */
async function readSync(): Promise<SyncItems | null> {
  try {
    return ((await browser.storage.sync?.get([SYNC_KEYS.prefs, SYNC_KEYS.rules])) ?? null) as SyncItems | null;
  } catch {
    return null;
  }
}

/** What stayed on this device at the last save because sync has no room for it (for Options to say). */
export let lastSyncNote: { localOnly: string[]; error: string | null } = { localOnly: [], error: null };

/** Settings saved by a newer Spark Scribe are never overwritten by this one. */
async function refuseNewerSettings(): Promise<void> {
  const raw = (await browser.storage.local.get(KEYS.settings))[KEYS.settings] as { version?: unknown } | undefined;
  if (raw && typeof raw.version === 'number' && raw.version > SETTINGS_VERSION) {
    throw new Error(t('st.newerKept', { version: String(raw.version), mine: SETTINGS_VERSION }));
  }
}

export async function writeSettings(settings: Settings): Promise<void> {
  const valid = SettingsSchema.parse(settings);
  await refuseNewerSettings();
  const savedAt = Date.now();
  await browser.storage.local.set({ [KEYS.settings]: valid, [KEYS.settingsSavedAt]: savedAt });
  // Then the small part to sync: a failure there is reported, and the local save stands.
  const { items, localOnly } = splitForSync(valid, savedAt);
  try {
    if (browser.storage.sync) {
      await browser.storage.sync.set(items as Record<string, unknown>);
      if (localOnly.includes('rules')) await browser.storage.sync.remove(SYNC_KEYS.rules);
    }
    lastSyncNote = { localOnly, error: null };
  } catch (e) {
    lastSyncNote = { localOnly, error: errorText(e) };
  }
}

export function onSettingsChanged(cb: (s: Settings) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(KEYS.settings in changes)) return;
    const r = loadSettings(changes[KEYS.settings]!.newValue);
    if (r.ok) cb(r.settings);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** Each thread's draft is stored on its own (`draft:host/gi/ti`), so one bad entry never touches the others. */
export const DRAFT_PREFIX = 'draft:';
const MAX_DRAFTS = 200;

/** A stored draft that cannot be used: kept as it is (never overwritten), reported and exported. */
export class DraftSetAside extends Error {}

function draftEntry(raw: unknown): { ok: true; draft: Draft } | { ok: false; why: string; future: boolean } {
  const v = raw as { version?: unknown; draft?: unknown } | null;
  if (!v || typeof v !== 'object' || typeof v.version !== 'number') return { ok: false, why: t('st.notDraft'), future: false };
  if (v.version > DRAFT_ENTRY_VERSION) return { ok: false, why: t('st.newerDraft', { version: v.version }), future: true };
  const d = DraftSchema.safeParse(v.draft);
  return d.success
    ? { ok: true, draft: v.version < 2 ? { ...d.data, form: upgradeDraftForm(d.data.form) } : d.data }
    : { ok: false, why: t('st.badDraft', { reason: d.error.issues[0]?.message ?? t('common.invalid') }), future: false };
}

/** The thread's draft, or null. Throws `DraftSetAside` (with the reason) when the stored one cannot be used. */
export async function readDraft(key: string): Promise<Draft | null> {
  const k = DRAFT_PREFIX + key;
  const all = await browser.storage.local.get([k, KEYS.drafts]);
  if (all[k] !== undefined) {
    const e = draftEntry(all[k]);
    if (e.ok) return e.draft;
    throw new DraftSetAside(t('st.keptAside', { why: e.why }));
  }
  // Drafts saved before each had its own entry: read one by one from the old map.
  const legacy = (all[KEYS.drafts] as { threads?: Record<string, unknown> } | undefined)?.threads?.[key];
  const d = DraftSchema.safeParse(legacy);
  return d.success ? { ...d.data, form: upgradeDraftForm(d.data.form) } : null;
}

/** Save a thread's draft. Refuses (with the reason) a draft over the limit, or over an entry kept aside. */
export async function writeDraft(key: string, draft: Draft): Promise<void> {
  if (draft.text.length > DRAFT_LIMIT) throw new Error(t('st.draftTooLong', { length: formatNumber(draft.text.length), max: formatNumber(DRAFT_LIMIT) }));
  const valid = DraftSchema.safeParse(draft);
  if (!valid.success) throw new Error(t('st.draftInvalid', { reason: valid.error.issues[0]?.message ?? t('common.invalid') }));
  const k = DRAFT_PREFIX + key;
  const existing = (await browser.storage.local.get(k))[k];
  if (existing !== undefined) {
    const e = draftEntry(existing);
    if (!e.ok) throw new DraftSetAside(t('st.asideNotSaved', { why: e.why }));
  }
  await browser.storage.local.set({ [k]: { version: DRAFT_ENTRY_VERSION, draft: valid.data } });
  void pruneDrafts();
}

/** Keep the newest drafts when there are very many (entries kept aside are never removed). */
async function pruneDrafts(): Promise<void> {
  const all = await browser.storage.local.get(null);
  const keys = Object.keys(all).filter((k) => k.startsWith(DRAFT_PREFIX));
  if (keys.length <= MAX_DRAFTS) return;
  const dated = keys.map((k) => ({ k, e: draftEntry(all[k]) })).filter((x): x is { k: string; e: { ok: true; draft: Draft } } => x.e.ok);
  dated.sort((a, b) => a.e.draft.updatedAt - b.e.draft.updatedAt);
  await browser.storage.local.remove(dated.slice(0, keys.length - MAX_DRAFTS).map((x) => x.k));
}

/** Changes to one thread's draft made elsewhere (another tab or window). */
export function onDraftChanged(key: string, cb: (draft: Draft) => void): () => void {
  const k = DRAFT_PREFIX + key;
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(k in changes)) return;
    const e = draftEntry(changes[k]!.newValue);
    if (e.ok) cb(e.draft);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** Every draft (valid ones by thread) and every entry kept aside (as stored), for the backup. */
async function readAllDrafts(all: Record<string, unknown>): Promise<{ drafts: Drafts; setAside: Record<string, unknown> }> {
  const drafts: Drafts = { version: 1, threads: {} };
  const setAside: Record<string, unknown> = {};
  const legacy = (all[KEYS.drafts] as { threads?: Record<string, unknown> } | undefined)?.threads ?? {};
  for (const [k, v] of Object.entries(legacy)) {
    const d = DraftSchema.safeParse(v);
    if (d.success) drafts.threads[k] = { ...d.data, form: upgradeDraftForm(d.data.form) };
    else setAside[`legacy:${k}`] = v;
  }
  for (const [k, v] of Object.entries(all)) {
    if (!k.startsWith(DRAFT_PREFIX)) continue;
    const e = draftEntry(v);
    if (e.ok) drafts.threads[k.slice(DRAFT_PREFIX.length)] = e.draft;
    else setAside[k] = v;
  }
  return { drafts, setAside };
}

export async function readBoundSheet(): Promise<BoundSheet | null> {
  return loadBoundSheet((await browser.storage.local.get(KEYS.bound))[KEYS.bound]);
}

export async function writeBoundSheet(sheet: BoundSheet | null): Promise<void> {
  if (sheet === null) await browser.storage.local.remove(KEYS.bound);
  else await browser.storage.local.set({ [KEYS.bound]: BoundSheetSchema.parse(sheet) });
}

export async function readScratch(): Promise<Scratch> {
  return loadScratch((await browser.storage.local.get(KEYS.scratch))[KEYS.scratch]);
}

export async function writeScratch(scratch: Scratch): Promise<void> {
  await browser.storage.local.set({ [KEYS.scratch]: ScratchSchema.parse(scratch) });
}

/** The table (a match, a deal) kept for one thread. */
export async function readTable(key: string): Promise<GameTable | null> {
  return loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]).tables[key] ?? null;
}

export async function writeTable(key: string, table: GameTable | null): Promise<void> {
  const tables = loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]);
  if (table === null) delete tables.tables[key];
  else tables.tables[key] = GameTableSchema.parse(table);
  await browser.storage.local.set({ [KEYS.tables]: TablesSchema.parse(tables) });
}

/** The game chosen for an RPOL game (gi), or null when the user has not chosen. */
export async function readGameChoice(gi: string): Promise<TableGameId | null> {
  return loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]).games[gi] ?? null;
}

export async function writeGameChoice(gi: string, game: TableGameId): Promise<void> {
  const tables = loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]);
  tables.games[gi] = game;
  await browser.storage.local.set({ [KEYS.tables]: TablesSchema.parse(tables) });
}

/** How many page sheets the total cap dropped, and when last (for Options to tell the user). */
export const SHEETS_DROPPED_KEY = 'pageSheetsDropped';

/** Tables (with their page sheets within the total cap) and the note of what the cap dropped, in one write. */
async function saveTables(tables: Tables, dropped: number): Promise<void> {
  const values: Record<string, unknown> = { [KEYS.tables]: TablesSchema.parse(tables) };
  if (dropped > 0) values[SHEETS_DROPPED_KEY] = await droppedNote(dropped);
  try {
    await browser.storage.local.set(values);
  } catch (e) {
    throw new Error(t('bk.sheetNotSaved', { reason: errorText(e) }));
  }
}

/**
 * A sheet read on a character page, kept for that game's threads: at most 60 characters a game,
 * and within the total caps (lib/settings/tables.ts), the oldest dropped first and counted.
 */
export async function writePageSheet(gi: string, name: string, text: string): Promise<void> {
  const tables = loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]);
  const game = { ...(tables.pageSheets[gi] ?? {}), [name]: { text, seenAt: Date.now() } };
  const names = Object.keys(game).sort((a, b) => game[b]!.seenAt - game[a]!.seenAt);
  for (const old of names.slice(60)) delete game[old];
  const capped = capPageSheets({ ...tables.pageSheets, [gi]: game });
  tables.pageSheets = capped.pages;
  await saveTables(tables, capped.dropped);
}

/** How many sheets the cap had dropped before, from its note. */
const droppedIn = (note: unknown): number => {
  const n = (note as { dropped?: unknown } | undefined)?.dropped;
  return Number.isInteger(n) && (n as number) > 0 ? (n as number) : 0;
};

/** The note after the cap dropped `n` more sheets (its own key read, not the tables). */
async function droppedNote(n: number): Promise<{ dropped: number; at: number }> {
  const before = droppedIn((await browser.storage.local.get(SHEETS_DROPPED_KEY))[SHEETS_DROPPED_KEY]);
  return { dropped: before + n, at: Date.now() };
}

/** The page sheets kept now, and how many the total cap has dropped (and when last). */
export async function readSheetsDropped(): Promise<{ kept: number; dropped: number; at: number | null }> {
  const all = await browser.storage.local.get([KEYS.tables, SHEETS_DROPPED_KEY]);
  const kept = Object.values(loadTables(all[KEYS.tables]).pageSheets).reduce((n, g) => n + Object.keys(g).length, 0);
  const note = all[SHEETS_DROPPED_KEY] as { at?: unknown } | undefined;
  const dropped = droppedIn(note);
  return { kept, dropped, at: dropped && typeof note?.at === 'number' ? note.at : null };
}

// ---- Parlor Magic's secrets: their own key (never evicted, never written with anything else but their move from old tables) ----

/** The key the Parlor secrets live in: one entry per game, by its commitment (lib/games/parlor/stored.ts). */
export const PARLOR_SECRETS_KEY = 'parlorSecrets';

/** The secrets as stored, with any still in version 2 tables added (read only: nothing is written). */
function secretsFrom(all: Record<string, unknown>): ParlorSecrets {
  const tables = loadTables(all[KEYS.tables]).tables as Record<string, unknown>;
  return mergeParlorSecrets(loadParlorSecrets(all[PARLOR_SECRETS_KEY]), legacySecrets(tables), false);
}

/**
 * Every Parlor secret, by commitment. A secret still in an old thread table is moved to the
 * secrets' key first (both keys in one write, the secret saved before the table loses it); if that
 * write fails, the secret stays where it was and is returned all the same.
 */
export async function readParlorSecrets(): Promise<ParlorSecrets> {
  const all = await browser.storage.local.get([PARLOR_SECRETS_KEY, KEYS.tables]);
  const secrets = secretsFrom(all);
  const tables = loadTables(all[KEYS.tables]);
  const old = Object.entries(tables.tables).filter(([, t]) => 'legacySecret' in t && t.legacySecret !== undefined);
  if (!old.length) return secrets;
  for (const [k, t] of old) tables.tables[k] = withoutLegacySecret(t);
  try {
    await browser.storage.local.set({ [PARLOR_SECRETS_KEY]: ParlorSecretsSchema.parse(secrets), [KEYS.tables]: TablesSchema.parse(tables) });
  } catch {
    // Kept in the old tables: moved on a later read.
  }
  return secrets;
}

/**
 * Save a new game's secret (made for `thread`). Rejects when it cannot be saved, so that no
 * commitment is posted for a secret its ruler could not reveal; never replaces a stored entry.
 */
export async function saveParlorSecret(secret: string, thread: string): Promise<string> {
  const [commitment, entry] = secretEntry(secret, thread, Date.now());
  const live = loadParlorSecrets((await browser.storage.local.get(PARLOR_SECRETS_KEY))[PARLOR_SECRETS_KEY]);
  const next = mergeParlorSecrets(live, { [commitment]: entry }, false);
  await browser.storage.local.set({ [PARLOR_SECRETS_KEY]: ParlorSecretsSchema.parse(next) });
  const back = loadParlorSecrets((await browser.storage.local.get(PARLOR_SECRETS_KEY))[PARLOR_SECRETS_KEY]);
  if (back.secrets[commitment]?.secret !== secret) throw new Error(t('pm.hh.secretNotKept'));
  return commitment;
}

/** How many Parlor secrets are stored (for Options, before an import replaces or adds to them). */
export async function countParlorSecrets(): Promise<number> {
  return Object.keys(secretsFrom(await browser.storage.local.get([PARLOR_SECRETS_KEY, KEYS.tables])).secrets).length;
}

/**
 * The secrets an import leaves: every live one (those still in old thread tables included, as a
 * file's table may replace their table), and the file's added only when asked (a live entry is
 * never replaced; an imported one never commits a new game).
 */
function secretsAfterImport(stored: Record<string, unknown>, incoming: Record<string, ParlorSecret> | null): ParlorSecrets {
  const live = secretsFrom(stored);
  return ParlorSecretsSchema.parse(incoming ? mergeParlorSecrets(live, incoming, true) : live);
}

/** Server rolls seen in a thread (by `tipKey`, with the post they first stood in), for "reused from post #N" across pages. */
export async function readSeenRolls(threadKey: string): Promise<[string, number][]> {
  const key = seenKey(threadKey);
  return seenOf((await browser.storage.local.get(key))[key]);
}

/** The kept threads' last writes, by thread key (anything else stored there: none). */
function seenIndexOf(stored: unknown): Record<string, number> {
  const index: Record<string, number> = {};
  if (!isRecord(stored)) return index;
  for (const [thread, at] of Object.entries(stored)) if (typeof at === 'number' && Number.isFinite(at)) index[thread] = at;
  return index;
}

/** Add `fresh` to a thread's seen rolls (an earlier post wins), and let the oldest threads past SEEN_THREADS go. */
async function addSeen(threadKey: string, fresh: readonly (readonly [string, number])[], at: number): Promise<void> {
  if (!fresh.length) return;
  const key = seenKey(threadKey);
  const got = await browser.storage.local.get([key, SEEN_INDEX_KEY]);
  const map = new Map(seenOf(got[key]));
  for (const [k, p] of fresh) if (!map.has(k) || p < map.get(k)!) map.set(k, p);
  const index = seenIndexOf(got[SEEN_INDEX_KEY]);
  index[threadKey] = Math.max(at, index[threadKey] ?? 0);
  const gone = Object.keys(index)
    .sort((a, b) => index[b]! - index[a]!)
    .slice(SEEN_THREADS);
  for (const thread of gone) delete index[thread];
  await browser.storage.local.set({ [key]: JSON.stringify([...map].slice(-SEEN_PER_THREAD)), [SEEN_INDEX_KEY]: index });
  if (gone.length) await browser.storage.local.remove(gone.map(seenKey));
}

/** The seen rolls' writes, one after another: two pages telling at once never lose each other's. */
let seenWrites: Promise<unknown> = Promise.resolve();
const inTurn = (job: () => Promise<void>): Promise<void> => {
  const run = seenWrites.then(job);
  seenWrites = run.catch(() => {});
  return run;
};

export const addSeenRolls = (threadKey: string, fresh: [string, number][]): Promise<void> => inTurn(() => addSeen(threadKey, fresh, Date.now()));

/**
 * The seen rolls as they were kept before (every thread's in one object, read whole by every page
 * load), moved to a key per thread: once, at the background's start, a board's topic by its id
 * alone as pages now keep it (rollsKeyOfThread); a thread already kept under its own key gets the
 * old rolls added.
 */
export const moveOldSeenRolls = (): Promise<void> =>
  inTurn(async () => {
    const old = (await browser.storage.local.get(OLD_SEEN_KEY))[OLD_SEEN_KEY];
    if (old === undefined) return;
    const when = (v: Record<string, unknown>) => (typeof v.at === 'number' && Number.isFinite(v.at) ? v.at : 0);
    const threads = Object.entries(isRecord(old) ? old : {})
      .filter((e): e is [string, Record<string, unknown>] => isRecord(e[1]) && seenOf(e[1].tips).length > 0)
      .sort((a, b) => when(b[1]) - when(a[1]));
    for (const [thread, v] of threads.slice(0, SEEN_THREADS)) await addSeen(rollsKeyOfThread(thread), seenOf(v.tips), when(v));
    await browser.storage.local.remove(OLD_SEEN_KEY);
  });

export interface DuelContextRead {
  seenTips: [string, number][];
  bound: string | null;
  sheets: string[];
  newDuelAt: number[];
}

/**
 * What a thread page asks for before it reads its first post when the kept copy cannot tell: the
 * user's bound sheet, the sheets read on the game's character pages, and where the user marked
 * that new duels start (the seen rolls the page reads itself, by its address: none here). For the
 * background: the bound sheet and the tables store are read (and validated) once, and again only
 * after they change.
 */
export function duelContextReader(base: DuelBase = duelBaseReader()): (threadKey: string) => Promise<DuelContextRead> {
  return async (threadKey) => {
    const { bound, tables } = await base();
    const gi = gameOf(threadKey);
    return {
      seenTips: [],
      bound,
      sheets: Object.values(tables.pageSheets[gi] ?? {}).map((s) => s.text),
      newDuelAt: tables.duelStarts[threadKey] ?? [],
    };
  };
}

/** The bound sheet and the tables store, as every thread's duel context uses them. */
export type DuelBase = () => Promise<{ bound: string | null; tables: Tables }>;

/** The bound sheet and the tables store, read (and validated) once, and again only after either changes. */
export function duelBaseReader(): DuelBase {
  return keptUntilChanged(
    async () => {
      const all = await browser.storage.local.get([KEYS.bound, KEYS.tables]);
      return { bound: loadBoundSheet(all[KEYS.bound])?.text ?? null, tables: loadTables(all[KEYS.tables]) };
    },
    (changes, area) => area === 'local' && (KEYS.tables in changes || KEYS.bound in changes),
  );
}

/** The copy of what a page load needs (./page-start), made from what is stored now. */
async function pageStartNow(settings: () => Promise<Settings>, base: DuelBase, languages: () => readonly string[]): Promise<PageStart> {
  const [s, { bound, tables }, stamp] = await Promise.all([settings(), base(), browser.storage.local.get(KEYS.settingsSavedAt)]);
  const locale = pickLocale(s.language, languages());
  const savedAt = stamp[KEYS.settingsSavedAt];
  const catalog = CATALOGS[locale];
  return {
    version: PAGE_START_VERSION,
    savedAt: typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : null,
    settings: s,
    locale,
    catalog: catalog ? pageCatalog(catalog) : null,
    bound,
    duelStarts: tables.duelStarts,
    sheetGames: Object.keys(tables.pageSheets).filter((gi) => Object.keys(tables.pageSheets[gi] ?? {}).length > 0),
  };
}

/** `job` run one at a time: a call while it runs queues one more run after it (the last change is always seen). */
function oneAtATime(job: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void job().finally(() => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}

/**
 * Keep the copy of what a page load needs (./page-start) as the settings, the bound sheet and the
 * tables are now: written at start and after each change to them, only when it differs from the
 * stored copy. A copy that cannot be written is removed: pages then ask the background.
 */
export function keepPageStart(settings: () => Promise<Settings>, base: DuelBase, languages: () => readonly string[]): void {
  const run = oneAtATime(async () => {
    try {
      // One string: a page reads and parses a string faster than the browser hands it thousands of fields.
      const text = JSON.stringify(await pageStartNow(settings, base, languages));
      if ((await browser.storage.local.get(PAGE_START_KEY))[PAGE_START_KEY] !== text) await browser.storage.local.set({ [PAGE_START_KEY]: text });
    } catch {
      await browser.storage.local.remove(PAGE_START_KEY).catch(() => {});
    }
  });
  run();
  browser.storage.onChanged.addListener((changes: Record<string, unknown>, area: string) => {
    if (area === 'sync' || [KEYS.settings, KEYS.settingsSavedAt, KEYS.bound, KEYS.tables].some((k) => k in changes)) run();
  });
}

/**
 * The settings as the background answers them to every page load: read (both stores, migrated,
 * merged with sync) once, and again only after either store's settings change.
 */
export function settingsReader(): () => Promise<Settings> {
  return keptUntilChanged(
    async () => (await readSettings()).settings,
    (changes, area) => area === 'sync' || KEYS.settings in changes || KEYS.settingsSavedAt in changes,
  );
}

/** A value read once and kept until a change `stale` names is written (a failed read is tried again next time). */
function keptUntilChanged<T>(read: () => Promise<T>, stale: (changes: Record<string, unknown>, area: string) => boolean): () => Promise<T> {
  let kept: Promise<T> | null = null;
  browser.storage.onChanged.addListener((changes: Record<string, unknown>, area: string) => {
    if (stale(changes, area)) kept = null;
  });
  return () =>
    (kept ??= read().catch((e: unknown) => {
      kept = null;
      throw e;
    }));
}

/** Posts where the user marked a new duel in a thread. */
export async function readDuelStarts(key: string): Promise<number[]> {
  return loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]).duelStarts[key] ?? [];
}

export async function writeDuelStarts(key: string, posts: number[]): Promise<void> {
  const tables = loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]);
  if (posts.length) tables.duelStarts[key] = [...new Set(posts)].sort((a, b) => a - b);
  else delete tables.duelStarts[key];
  await browser.storage.local.set({ [KEYS.tables]: TablesSchema.parse(tables) });
}

/** Everything stored, for a backup: drafts kept aside are in it too, as they were stored. */
export async function readBackup(): Promise<Backup> {
  const all = await browser.storage.local.get(null);
  const settings = loadSettings(all[KEYS.settings]);
  const { drafts, setAside } = await readAllDrafts(all);
  return {
    settings: settings.ok ? settings.settings : defaultSettings(),
    drafts,
    ...(Object.keys(setAside).length ? { setAside } : {}),
    boundSheet: loadBoundSheet(all[KEYS.bound]),
    scratch: loadScratch(all[KEYS.scratch]),
    tables: loadTables(all[KEYS.tables]),
    parlorSecrets: secretsFrom(all),
  };
}

/** What an import did beyond the plan the user saw: page sheets over the cap dropped. */
export interface Restored {
  sheetsDropped: number;
  /** The settings as written (a house-rules file's merged into the stored ones). */
  settings: Settings;
}

/**
 * Write an imported backup's parts in one storage call (validated again on the way in). Drafts are
 * merged by thread (an imported draft replaces that thread's draft; the others stay); entries kept
 * aside are restored only where nothing is stored; tables merge by thread and carry no secret; the
 * file's Parlor secrets (by commitment: a held one is never replaced) are added only with
 * `takeNewSecrets`. A house-rules file changes only the house rules. A failed write says why.
 */
export async function writeBackup(b: ImportedBackup, { takeNewSecrets = false } = {}): Promise<Restored> {
  await refuseNewerSettings();
  const stored = await browser.storage.local.get([KEYS.settings, KEYS.tables, PARLOR_SECRETS_KEY]);
  const mine = loadSettings(stored[KEYS.settings]);
  const settings = b.rulesOnly ? withSharedRules(mine.ok ? mine.settings : defaultSettings(), b.settings) : b.settings;
  const values: Record<string, unknown> = { [KEYS.settings]: SettingsSchema.parse(settings) };
  if (b.drafts)
    for (const [k, d] of Object.entries(DraftsSchema.parse(b.drafts).threads)) values[DRAFT_PREFIX + k] = { version: DRAFT_ENTRY_VERSION, draft: d };
  if (b.setAside) {
    const aside = SetAsideSchema.parse(b.setAside);
    const have = await browser.storage.local.get(Object.keys(aside).filter((k) => k.startsWith(DRAFT_PREFIX)));
    for (const [k, v] of Object.entries(aside)) if (k.startsWith(DRAFT_PREFIX) && have[k] === undefined && !(k in values)) values[k] = v;
  }
  if (b.boundSheet) values[KEYS.bound] = BoundSheetSchema.parse(b.boundSheet);
  if (b.scratch) values[KEYS.scratch] = ScratchSchema.parse(b.scratch);
  const done: Restored = { sheetsDropped: 0, settings };
  if (b.tables) {
    const merged = mergeTables(loadTables(stored[KEYS.tables]), TablesSchema.parse(b.tables));
    values[KEYS.tables] = TablesSchema.parse(merged.tables);
    done.sheetsDropped = merged.dropped;
    if (merged.dropped) values[SHEETS_DROPPED_KEY] = await droppedNote(merged.dropped);
  }
  // Written with the tables in one call: a held secret still in a table the file replaces is moved, not lost.
  values[PARLOR_SECRETS_KEY] = secretsAfterImport(stored, b.parlorSecrets && takeNewSecrets ? b.parlorSecrets.secrets : null);
  try {
    await browser.storage.local.set(values);
    if (b.boundSheet === null) await browser.storage.local.remove(KEYS.bound);
  } catch (e) {
    throw new Error(t('bk.importNotSaved', { reason: errorText(e) }));
  }
  // The imported settings are now the newest: they go to sync too (and an older sync copy cannot undo the import).
  await writeSettings(values[KEYS.settings] as Settings);
  return done;
}

export { readLastLogRoll, writeLastLogRoll } from './last-roll';
