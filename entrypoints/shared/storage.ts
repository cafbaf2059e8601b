/**
 * Storage for settings, drafts and the bound sheet: everything is validated with zod when it is
 * read and before it is written (lib/settings/schema.ts), so nothing malformed reaches the UI.
 */
import { browser } from 'wxt/browser';
import {
  BoundSheetSchema,
  DraftSchema,
  loadBoundSheet,
  loadDrafts,
  loadScratch,
  loadSettings,
  ScratchSchema,
  DraftsSchema,
  type Backup,
  type Scratch,
  SettingsSchema,
  type BoundSheet,
  type Draft,
  type Settings,
  defaultSettings,
} from '../../lib/settings/schema';
import { GameTableSchema, loadTables, TablesSchema, type GameTable, type TableGameId } from '../../lib/settings/tables';

const KEYS = { settings: 'settings', drafts: 'drafts', bound: 'boundSheet', scratch: 'scratch', tables: 'tables' } as const;

export interface StoredSettings {
  settings: Settings;
  /** A problem with what was stored (then defaults are used and nothing is overwritten). */
  problem: string | null;
}

export async function readSettings(): Promise<StoredSettings> {
  const raw = (await browser.storage.local.get(KEYS.settings))[KEYS.settings];
  const result = loadSettings(raw);
  if (!result.ok) return { settings: defaultSettings(), problem: `Stored settings could not be read (${result.error}); defaults are in use.` };
  if (result.migratedFrom !== null) await browser.storage.local.set({ [KEYS.settings]: result.settings });
  return { settings: result.settings, problem: null };
}

export async function writeSettings(settings: Settings): Promise<void> {
  const valid = SettingsSchema.parse(settings);
  await browser.storage.local.set({ [KEYS.settings]: valid });
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

export async function readDraft(key: string): Promise<Draft | null> {
  const drafts = loadDrafts((await browser.storage.local.get(KEYS.drafts))[KEYS.drafts]);
  return drafts.threads[key] ?? null;
}

const MAX_DRAFTS = 200;

export async function writeDraft(key: string, draft: Draft): Promise<void> {
  const valid = DraftSchema.parse(draft);
  const drafts = loadDrafts((await browser.storage.local.get(KEYS.drafts))[KEYS.drafts]);
  drafts.threads[key] = valid;
  // Keep the newest drafts when there are very many.
  const keys = Object.keys(drafts.threads);
  if (keys.length > MAX_DRAFTS) {
    keys.sort((a, b) => drafts.threads[a]!.updatedAt - drafts.threads[b]!.updatedAt);
    for (const k of keys.slice(0, keys.length - MAX_DRAFTS)) delete drafts.threads[k];
  }
  await browser.storage.local.set({ [KEYS.drafts]: drafts });
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

/** A sheet read on a character page, kept for that game's threads (at most 60 characters a game). */
export async function writePageSheet(gi: string, name: string, text: string): Promise<void> {
  const tables = loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]);
  const game = { ...(tables.pageSheets[gi] ?? {}), [name]: { text, seenAt: Date.now() } };
  const names = Object.keys(game).sort((a, b) => game[b]!.seenAt - game[a]!.seenAt);
  for (const old of names.slice(60)) delete game[old];
  tables.pageSheets[gi] = game;
  await browser.storage.local.set({ [KEYS.tables]: TablesSchema.parse(tables) });
}

export async function readPageSheets(gi: string): Promise<string[]> {
  const game = loadTables((await browser.storage.local.get(KEYS.tables))[KEYS.tables]).pageSheets[gi] ?? {};
  return Object.values(game).map((s) => s.text);
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

/** Everything stored, for a backup. */
export async function readBackup(): Promise<Backup> {
  const all = await browser.storage.local.get([KEYS.settings, KEYS.drafts, KEYS.bound, KEYS.scratch, KEYS.tables]);
  const settings = loadSettings(all[KEYS.settings]);
  return {
    settings: settings.ok ? settings.settings : defaultSettings(),
    drafts: loadDrafts(all[KEYS.drafts]),
    boundSheet: loadBoundSheet(all[KEYS.bound]),
    scratch: loadScratch(all[KEYS.scratch]),
    tables: loadTables(all[KEYS.tables]),
  };
}

/** Write an imported backup's parts in one storage call (validated again on the way in). */
export async function writeBackup(b: Partial<Backup> & { settings: Settings }): Promise<void> {
  const values: Record<string, unknown> = { [KEYS.settings]: SettingsSchema.parse(b.settings) };
  if (b.drafts) values[KEYS.drafts] = DraftsSchema.parse(b.drafts);
  if (b.boundSheet) values[KEYS.bound] = BoundSheetSchema.parse(b.boundSheet);
  if (b.scratch) values[KEYS.scratch] = ScratchSchema.parse(b.scratch);
  if (b.tables) values[KEYS.tables] = TablesSchema.parse(b.tables);
  await browser.storage.local.set(values);
  if (b.boundSheet === null) await browser.storage.local.remove(KEYS.bound);
}

export { readLastLogRoll, writeLastLogRoll } from './last-roll';
