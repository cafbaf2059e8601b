/**
 * What Spark Scribe stores: settings (per game house rules, annotation switches, theme), drafts
 * per thread, and the sheet a player binds. Validated with zod on the way in and out, versioned,
 * migrated, exported and imported as JSON.
 */
import { tl, type Locale } from '../i18n';
import * as z from 'zod/mini';
import { GameRulesSchema } from '../spark/rules-schema';
import { DEFAULT_REROLL_WINDOW_MINUTES } from '../trust/fishing';
import { ATTRIBUTES, type Attribute } from '../spark/attributes';
import { TablesFileSchema, type Tables } from './tables';
import type { PrivateStore } from '../games/game';
import type { GAMES } from '../games/registry';
import { comparePrivate, PRIVATE_STORES, privateInTables } from './private';
import { ORIGIN } from '../forums/added';
import { forumById } from '../forums/registry';

export const SETTINGS_VERSION = 1;
export const THEMES = ['auto', 'light', 'dark'] as const;
/** The UI's language: the browser's (auto) or one chosen. */
export const LANGUAGES = ['auto', 'en', 'it'] as const;

export const AnnotationsSchema = z.object({
  /** Badges beside rolls in threads. */
  rolls: z._default(z.boolean(), true),
  /** Badges beside character sheets. */
  sheets: z._default(z.boolean(), true),
  /** Badges on the Die Roller log. */
  diceLog: z._default(z.boolean(), true),
  /** The in-page drawer button (for browsers without a side panel). */
  drawer: z._default(z.boolean(), true),
});

/** A board the user added: its origin, and software a board may run (a forum that recognises boards). */
export const BoardSchema = z.object({
  origin: z.string().check(z.regex(ORIGIN)),
  forum: z.string().check(z.refine((id) => !!forumById(id)?.recognise)),
  name: z._default(z.string().check(z.maxLength(120)), ''),
});
export const MAX_BOARDS = 50;

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  theme: z._default(z.enum(THEMES), 'auto'),
  language: z._default(z.enum(LANGUAGES), 'auto'),
  /** The language of what is posted to each thread (key: host/gi/ti), when not English. */
  threadLanguages: z._default(z.record(z.string().check(z.maxLength(120)), z.enum(['en', 'it'])), {}),
  annotations: z._default(AnnotationsSchema, AnnotationsSchema.parse({})),
  /** Fetch the game's Die Roller log from a thread (same origin) to check for re-rolls. */
  fetchDiceLog: z._default(z.boolean(), true),
  rerollWindowMinutes: z._default(z.int().check(z.minimum(1), z.maximum(24 * 60)), DEFAULT_REROLL_WINDOW_MINUTES),
  /** House rules used for games with no entry of their own. */
  defaultRules: z._default(GameRulesSchema, GameRulesSchema.parse({})),
  /** Boards the user added (other than the forums read from install), each read with its software's reader. */
  boards: z._default(z.array(BoardSchema).check(z.maxLength(MAX_BOARDS)), []),
  /** House rules per RPOL game id (`gi`). */
  games: z._default(
    z.record(z.string().check(z.regex(/^\d{1,9}$/)), z.object({ name: z._default(z.string().check(z.maxLength(100)), ''), rules: GameRulesSchema })),
    {},
  ),
});
export type Settings = z.infer<typeof SettingsSchema>;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({ version: SETTINGS_VERSION });
}

/**
 * Migrations from each older stored shape to the next. Version 0 is settings saved without a
 * version (a hand-written file, or an import from before versioning): its known fields are kept.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  0: (old) => ({ ...old, version: 1 }),
};

export type SettingsResult = { ok: true; settings: Settings; migratedFrom: number | null } | { ok: false; error: string };

function describeIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, l: Locale): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : tl(l, 'sc.topLevel')}: ${i.message}`)
    .join('; ');
}

/** Validate stored or imported settings, migrating older versions. Never throws. */
export function loadSettings(raw: unknown, l: Locale = 'en'): SettingsResult {
  if (raw === undefined || raw === null) return { ok: true, settings: defaultSettings(), migratedFrom: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, error: tl(l, 'sc.object') };
  let data = { ...(raw as Record<string, unknown>) };
  const from = typeof data.version === 'number' ? data.version : 0;
  if (!Number.isInteger(from) || from < 0) return { ok: false, error: tl(l, 'sc.version', { version: String(data.version) }) };
  if (from > SETTINGS_VERSION) return { ok: false, error: tl(l, 'sc.newer', { version: from, mine: SETTINGS_VERSION }) };
  for (let v = from; v < SETTINGS_VERSION; v++) data = MIGRATIONS[v]!(data);
  const parsed = SettingsSchema.safeParse(data);
  if (!parsed.success) return { ok: false, error: tl(l, 'sc.invalid', { issues: describeIssues(parsed.error, l) }) };
  return { ok: true, settings: parsed.data, migratedFrom: from < SETTINGS_VERSION ? from : null };
}

export const EXPORT_KIND = 'spark-scribe-settings';

/** The JSON a user downloads. */
export function exportSettings(settings: Settings): string {
  return JSON.stringify({ kind: EXPORT_KIND, ...settings }, null, 2);
}

/** A file's JSON object, or a clear message for what is wrong with it. */
function parseObject(text: string, maxBytes: number, what: string, l: Locale): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (text.length > maxBytes) return { ok: false, error: tl(l, 'sc.tooLarge', { what, mb: maxBytes / 1_000_000 }) };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: tl(l, 'sc.notJson', { error: (e as Error).message }) };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, error: tl(l, 'sc.noObject', { what }) };
  return { ok: true, value: raw as Record<string, unknown> };
}

/** Settings from an exported object (its `kind`, when present, must be ours). */
function settingsFromExport(o: Record<string, unknown>, l: Locale): SettingsResult {
  const { kind, ...rest } = o;
  if (kind !== undefined && kind !== EXPORT_KIND) return { ok: false, error: tl(l, 'sc.kind', { kind: String(kind) }) };
  return loadSettings(rest, l);
}

/** Read an exported file. A bad file gets a clear message; nothing is changed by the caller then. */
export function importSettings(text: string, l: Locale = 'en'): SettingsResult {
  const parsed = parseObject(text, 1_000_000, tl(l, 'sc.whatSettings'), l);
  return parsed.ok ? settingsFromExport(parsed.value, l) : parsed;
}

// ---- Drafts and bound sheets ----

export const DRAFT_LIMIT = 60_000;

type FormValue = string | number | boolean;
type DraftForm = Record<string, FormValue>;

/**
 * Where each field of the reply builder's first form is looked for now. That form was one set of
 * fields for every builder ("card", "logLine"; drafts and backups saved before the builders had
 * their own, up to draft entry version 1); now each builder keeps its own ("draw.card",
 * "summary.logLine"). A field the old form shared between builders goes to each of them, and the
 * old "toughness" builder (damage after a Toughness roll) is now "after-toughness".
 */
const FLAT_FIELDS: Record<string, readonly string[]> = {
  card: ['draw.card'],
  rarity: ['draw.rarity'],
  memory: ['draw.memory'],
  modifier: ['draw.modifier', 'after-toughness.modifier'],
  logLine: ['summary.logLine', 'after-toughness.logLine'],
  damage: ['after-toughness.damage'],
  faces: ['after-toughness.faces'],
  life: ['after-toughness.life'],
};
const FLAT_KINDS: Record<string, string> = { toughness: 'after-toughness' };

/**
 * A draft of draft entry version 1 (or from a backup) in today's shape: each builder's own fields.
 * A form already in that shape (saved since the builders had their own) is returned as it is.
 */
export function upgradeDraftForm(form: DraftForm): DraftForm {
  if (!Object.keys(form).some((k) => k !== 'kind' && !k.includes('.'))) return form;
  const out: DraftForm = {};
  for (const [k, v] of Object.entries(form)) {
    if (k === 'kind') out.kind = (typeof v === 'string' && FLAT_KINDS[v]) || v;
    else if (k.includes('.')) out[k] = v;
    // A field the old form never had is kept under its own name (nothing typed is dropped).
    else for (const to of FLAT_FIELDS[k] ?? [k]) out[to] ??= v;
  }
  return out;
}

/** The fields of one builder, by their own names ("card"), from a draft's form. */
export function builderFields(form: DraftForm, kind: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (key.startsWith(`${kind}.`)) out[key.slice(kind.length + 1)] = String(value);
  return out;
}

export const DraftSchema = z.object({
  /** The reply text being built. */
  text: z.string().check(z.maxLength(DRAFT_LIMIT)),
  /** The builder's form fields (what kind of reply, the values typed). */
  form: z._default(z.record(z.string(), z.union([z.string().check(z.maxLength(5000)), z.number(), z.boolean()])), {}),
  updatedAt: z.number(),
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftsSchema = z.object({
  version: z.literal(1),
  /** Key: "host/gi/ti". */
  threads: z._default(z.record(z.string().check(z.maxLength(200)), DraftSchema), {}),
});
export type Drafts = z.infer<typeof DraftsSchema>;

/** Every draft of a backup in today's shape. */
function upgradeDrafts(d: Drafts): Drafts {
  return { ...d, threads: Object.fromEntries(Object.entries(d.threads).map(([k, v]) => [k, { ...v, form: upgradeDraftForm(v.form) }])) };
}

export function loadDrafts(raw: unknown): Drafts {
  const parsed = DraftsSchema.safeParse(raw);
  return parsed.success ? parsed.data : { version: 1, threads: {} };
}

/** What the panel's Sheets and Planner tabs hold while a user works (kept across reloads). */
const PlanStepSchema = z.union([
  z.object({ type: z.literal('attribute'), attribute: z.enum(ATTRIBUTES as [Attribute, ...Attribute[]]), from: z.int(), to: z.int(), xp: z.int() }),
  z.object({ type: z.literal('keyword'), keyword: z.string().check(z.maxLength(100)), choice: z.nullable(z.string().check(z.maxLength(40))), xp: z.int() }),
  z.object({
    type: z.literal('keyword-level'),
    keyword: z.string().check(z.maxLength(100)),
    text: z.string().check(z.maxLength(200)),
    level: z.int(),
    xp: z.int(),
  }),
]);

export const ScratchSchema = z.object({
  version: z.literal(1),
  pastedSheet: z._default(z.string().check(z.maxLength(60_000)), ''),
  plannerText: z._default(z.string().check(z.maxLength(60_000)), ''),
  plan: z._default(z.array(PlanStepSchema).check(z.maxLength(500)), []),
});
export type Scratch = z.infer<typeof ScratchSchema>;

export function loadScratch(raw: unknown): Scratch {
  const parsed = ScratchSchema.safeParse(raw);
  return parsed.success ? parsed.data : ScratchSchema.parse({ version: 1 });
}

/** A stored bound sheet, or null when there is none or it is not valid. */
export function loadBoundSheet(raw: unknown): BoundSheet | null {
  const parsed = BoundSheetSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const BoundSheetSchema = z.object({
  version: z.literal(1),
  text: z.string().check(z.maxLength(60_000)),
  gameId: z.nullable(z.string()),
  boundAt: z.number(),
});
export type BoundSheet = z.infer<typeof BoundSheetSchema>;

// ---- Backup: everything Spark Scribe stores, in one file ----

export const BACKUP_KIND = 'spark-scribe-backup';
export const BACKUP_VERSION = 1;
/** A file of house rules only, for sharing (no drafts, sheets, tables, secrets or other settings). */
export const RULES_KIND = 'spark-scribe-house-rules';
/** The shape each thread's draft entry is stored in (`draft:host/gi/ti`); 2: each builder's fields by their own names. */
export const DRAFT_ENTRY_VERSION = 2;

type PrivateGame = Extract<(typeof GAMES)[number], { privateStore: unknown }>;
/** Each game's private data (its `privateStore`), under the store's part of the file. */
export type PrivateParts = { [G in PrivateGame as G['privateStore']['field']]?: ReturnType<G['privateStore']['load']> };

export interface Backup extends PrivateParts {
  settings: Settings;
  drafts: Drafts;
  boundSheet: BoundSheet | null;
  scratch: Scratch;
  /** Game chosen per RPOL game, and each thread's match or deal. */
  tables?: Tables;
  /** Stored entries Spark Scribe could not use (bad, or from a newer version), exactly as stored. */
  setAside?: Record<string, unknown>;
}

/** A game's private part of a backup read: its value, or why it is not valid. */
type PrivatePart = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * A game's private part of a backup (its `privateStore`), every entry checked, with what an older
 * backup kept of it in its thread tables (`tableStores`: the file's tables as written and as
 * migrated); null when the file has none.
 */
function privatePart(store: PrivateStore<unknown>, raw: unknown, tableStores: unknown[], l: Locale): PrivatePart | null {
  const parsed = raw === undefined ? null : store.schema.safeParse(raw);
  if (parsed && !parsed.success) return { ok: false, error: tl(l, store.words.invalid, { issues: describeIssues(parsed.error, l) }) };
  const problem = parsed ? store.problem?.(parsed.data) : null;
  if (problem) return { ok: false, error: tl(l, store.words.invalid, { issues: tl(l, problem) }) };
  const loaded = parsed ? store.load(parsed.data) : null;
  const tablesOf = (t: unknown) => (t && typeof t === 'object' ? (t as { tables?: unknown }).tables : null);
  const old = tableStores.reduce((held: unknown, t) => store.merge(held, privateInTables(store, tablesOf(t)), false), store.empty());
  if (!loaded && !store.ids(old).length) return null;
  return { ok: true, value: store.merge(loaded ?? store.empty(), old, false) };
}

/** A backup read from a file: `rulesOnly` when it is a house-rules file (then only the settings' house rules count). */
export type ImportedBackup = Partial<Backup> & { settings: Settings; rulesOnly?: true };

/** A draft entry this version cannot use: a newer one, or one that does not read as a draft. */
function unusableDraftEntry(v: Record<string, unknown>): boolean {
  if (typeof v.version !== 'number') return false;
  return v.version > DRAFT_ENTRY_VERSION || !DraftSchema.safeParse(v.draft).success;
}

/**
 * Entries kept aside, as a backup carries them: a draft's key, a JSON object of bounded size, and
 * (for a thread's entry) truly one this version cannot read: a usable draft must come in `drafts`.
 */
export const SetAsideSchema = z
  .record(
    z.string().check(z.regex(/^(?:draft|legacy):[^\n]{1,200}$/)),
    z
      .unknown()
      .check(
        z.refine(
          (v) => !!v && typeof v === 'object' && !Array.isArray(v) && JSON.stringify(v).length <= 2 * DRAFT_LIMIT,
          'not a stored entry of at most 120,000 characters',
        ),
      ),
  )
  .check(
    z.refine((o) => Object.keys(o).length <= 200, 'more than 200 entries'),
    z.refine(
      (o) => Object.entries(o).every(([k, v]) => !k.startsWith('draft:') || unusableDraftEntry(v as Record<string, unknown>)),
      'an entry kept aside must be one this version cannot read (a usable draft belongs in the drafts)',
    ),
  );

const SharedRulesSchema = z.object({
  kind: z.literal(RULES_KIND),
  version: z.literal(1),
  defaultRules: SettingsSchema.shape.defaultRules,
  games: SettingsSchema.shape.games,
});

export function exportBackup(b: Backup): string {
  return JSON.stringify({ kind: BACKUP_KIND, version: BACKUP_VERSION, ...b }, null, 2);
}

/** The house rules alone, for sharing: the default rules and each game's (with the name given to it). */
export function exportSharedRules(s: Settings): string {
  return JSON.stringify({ kind: RULES_KIND, version: 1, defaultRules: s.defaultRules, games: s.games }, null, 2);
}

/** A house-rules file taken into the settings held: its default rules, and its games' rules (the other games' stay). */
export function withSharedRules(mine: Settings, file: Pick<Settings, 'defaultRules' | 'games'>): Settings {
  return { ...mine, defaultRules: file.defaultRules, games: { ...mine.games, ...file.games } };
}

export type BackupResult = { ok: true; backup: ImportedBackup; migratedFrom: number | null } | { ok: false; error: string };

type Part = { ok: true } | { ok: false; error: string };

/** One part of a backup validated into `backup`, or the message naming it. */
function readPart<T>(
  value: unknown,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof describeIssues>[0] } },
  key: Parameters<typeof tl>[1],
  l: Locale,
  keep: (v: T) => void,
): Part {
  if (value === undefined) return { ok: true };
  const r = schema.safeParse(value);
  if (!r.success) return { ok: false, error: tl(l, key, { issues: describeIssues(r.error, l) }) };
  keep(r.data);
  return { ok: true };
}

/**
 * Read a backup (a house-rules file, or a settings-only export). Every part is validated; any bad
 * part makes the whole import fail with a message naming it, so the caller changes nothing.
 */
export function importBackup(text: string, l: Locale = 'en'): BackupResult {
  const parsed = parseObject(text, 5_000_000, tl(l, 'sc.whatData'), l);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  if (o.kind === RULES_KIND) {
    const r = SharedRulesSchema.safeParse(o);
    if (!r.success) return { ok: false, error: tl(l, 'bk.rulesInvalid', { issues: describeIssues(r.error, l) }) };
    return { ok: true, backup: { settings: withSharedRules(defaultSettings(), r.data), rulesOnly: true }, migratedFrom: null };
  }
  if (o.kind !== BACKUP_KIND) {
    const r = settingsFromExport(o, l);
    return r.ok ? { ok: true, backup: { settings: r.settings }, migratedFrom: r.migratedFrom } : r;
  }
  if (o.version !== BACKUP_VERSION && o.version !== 1)
    return { ok: false, error: tl(l, 'sc.backupVersion', { version: String(o.version), mine: BACKUP_VERSION }) };
  const settings = loadSettings(o.settings, l);
  if (!settings.ok) return settings;
  const backup: ImportedBackup = { settings: settings.settings };
  if (o.boundSheet === null) backup.boundSheet = null;
  const parts: Part[] = [
    // Drafts saved before each builder had its own fields are read in today's shape (an upgrade leaves today's as they are).
    readPart(o.drafts, DraftsSchema, 'sc.drafts', l, (d) => (backup.drafts = upgradeDrafts(d))),
    readPart(o.boundSheet ?? undefined, BoundSheetSchema, 'sc.bound', l, (b) => (backup.boundSheet = b)),
    readPart(o.scratch, ScratchSchema, 'sc.scratch', l, (s) => (backup.scratch = s)),
    readPart(o.setAside, SetAsideSchema, 'sc.setAside', l, (a) => (backup.setAside = a)),
    readPart(o.tables, TablesFileSchema, 'sc.tables', l, (t) => (backup.tables = t)),
  ];
  const bad = parts.find((p) => !p.ok);
  if (bad && !bad.ok) return bad;
  for (const store of PRIVATE_STORES) {
    const part = privatePart(store, o[store.field], [o.tables, backup.tables], l);
    if (part && !part.ok) return part;
    if (part) (backup as Record<string, unknown>)[store.field] = part.value;
  }
  return { ok: true, backup, migratedFrom: settings.migratedFrom };
}

/** What importing a file would do, counted for the question asked before anything is written. */
export interface ImportPlan {
  rulesOnly: boolean;
  /** Games with house rules in the file, and how many of them you have rules for. */
  rules: { games: number; replacing: number };
  drafts: { total: number; replacing: number; kept: number };
  setAside: number;
  bound: 'new' | 'replace' | 'remove' | null;
  scratch: boolean;
  /** Threads' game tables (matches, deals, duels) in the file, and how many replace one held. */
  tables: { total: number; replacing: number };
  /** Sheets read on character pages in the file. */
  sheets: number;
  /** The games' private entries in the file (every game's together): new here, or the same as one held. */
  secrets: { fresh: number; same: number };
}

/** Each game's private entries in the file: new here, or the same as one held (for the question's words, by game). */
export function privatePlans(mine: Backup, file: ImportedBackup): { store: PrivateStore<unknown>; fresh: number; same: number }[] {
  const part = (b: object, store: PrivateStore<unknown>) => (b as Record<string, unknown>)[store.field];
  return PRIVATE_STORES.map((store) => ({ store, ...comparePrivate(store, part(mine, store), part(file, store)) }));
}

export function importPlan(mine: Backup, file: ImportedBackup): ImportPlan {
  const held = (k: string, o: object | undefined) => !!o && Object.hasOwn(o, k);
  const drafts = Object.keys(file.drafts?.threads ?? {});
  const replacing = drafts.filter((k) => held(k, mine.drafts.threads)).length;
  const games = Object.keys(file.settings.games);
  const tableKeys = Object.keys(file.tables?.tables ?? {});
  return {
    rulesOnly: !!file.rulesOnly,
    rules: { games: games.length, replacing: games.filter((k) => held(k, mine.settings.games)).length },
    drafts: { total: drafts.length, replacing, kept: Object.keys(mine.drafts.threads).length - replacing },
    setAside: Object.keys(file.setAside ?? {}).filter((k) => k.startsWith('draft:')).length,
    bound: file.boundSheet ? (mine.boundSheet ? 'replace' : 'new') : file.boundSheet === null && mine.boundSheet ? 'remove' : null,
    scratch: !!file.scratch,
    tables: { total: tableKeys.length, replacing: tableKeys.filter((k) => held(k, mine.tables?.tables)).length },
    sheets: Object.values(file.tables?.pageSheets ?? {}).reduce((n, g) => n + Object.keys(g).length, 0),
    secrets: privatePlans(mine, file).reduce((n, p) => ({ fresh: n.fresh + p.fresh, same: n.same + p.same }), { fresh: 0, same: 0 }),
  };
}
