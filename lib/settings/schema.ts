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
import {
  emptyParlorSecrets,
  legacySecrets,
  loadParlorSecrets,
  mergeParlorSecrets,
  type ParlorSecrets,
  ParlorSecretsSchema,
  TablesSchema,
  type Tables,
} from './tables';
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
export type GameRulesInput = z.input<typeof GameRulesSchema>;

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

export { rulesForGame, draftKey } from './defaults';

// ---- Backup: everything Spark Scribe stores, in one file ----

export const BACKUP_KIND = 'spark-scribe-backup';
export const BACKUP_VERSION = 1;

export interface Backup {
  settings: Settings;
  drafts: Drafts;
  boundSheet: BoundSheet | null;
  scratch: Scratch;
  /** Game chosen per RPOL game, and each thread's match or deal. */
  tables?: Tables;
  /** Stored entries Spark Scribe could not use (bad, or from a newer version), exactly as stored. */
  setAside?: Record<string, unknown>;
  /** Parlor Magic's secrets, one per game by its commitment (their own storage key). */
  parlorSecrets?: ParlorSecrets;
}

/**
 * A backup's Parlor secrets, every entry matching its commitment, with those an older backup kept
 * in its thread tables; null when it has none; the reason when they are not valid.
 */
function backupSecrets(raw: unknown, tables: unknown, l: Locale): ParlorSecrets | null | string {
  const parsed = raw === undefined ? null : ParlorSecretsSchema.safeParse(raw);
  if (parsed && !parsed.success) return tl(l, 'pm.hh.backupSecrets', { issues: describeIssues(parsed.error, l) });
  const loaded = parsed ? loadParlorSecrets(parsed.data) : null;
  if (loaded && Object.keys(loaded.aside).length > Object.keys(parsed!.success ? parsed!.data.aside : {}).length)
    return tl(l, 'pm.hh.backupSecrets', { issues: tl(l, 'pm.hh.backupMismatch') });
  const old = legacySecrets(tables && typeof tables === 'object' ? (tables as { tables?: unknown }).tables : null);
  if (!loaded && !Object.keys(old).length) return null;
  return mergeParlorSecrets(loaded ?? emptyParlorSecrets(), old, false);
}

export function exportBackup(b: Backup): string {
  return JSON.stringify({ kind: BACKUP_KIND, version: BACKUP_VERSION, ...b }, null, 2);
}

export type BackupResult = { ok: true; backup: Partial<Backup> & { settings: Settings }; migratedFrom: number | null } | { ok: false; error: string };

/**
 * Read a backup (or a settings-only export). Every part is validated; any bad part makes the whole
 * import fail with a message naming it, so the caller changes nothing.
 */
export function importBackup(text: string, l: Locale = 'en'): BackupResult {
  const parsed = parseObject(text, 5_000_000, tl(l, 'sc.whatData'), l);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  if (o.kind !== BACKUP_KIND) {
    const r = settingsFromExport(o, l);
    return r.ok ? { ok: true, backup: { settings: r.settings }, migratedFrom: r.migratedFrom } : r;
  }
  if (o.version !== BACKUP_VERSION && o.version !== 1)
    return { ok: false, error: tl(l, 'sc.backupVersion', { version: String(o.version), mine: BACKUP_VERSION }) };
  const settings = loadSettings(o.settings, l);
  if (!settings.ok) return settings;
  const backup: Partial<Backup> & { settings: Settings } = { settings: settings.settings };
  if (o.drafts !== undefined) {
    const d = DraftsSchema.safeParse(o.drafts);
    if (!d.success) return { ok: false, error: tl(l, 'sc.drafts', { issues: describeIssues(d.error, l) }) };
    // Drafts saved before each builder had its own fields are read in today's shape (an upgrade leaves today's as they are).
    backup.drafts = upgradeDrafts(d.data);
  }
  if (o.boundSheet !== undefined && o.boundSheet !== null) {
    const b = BoundSheetSchema.safeParse(o.boundSheet);
    if (!b.success) return { ok: false, error: tl(l, 'sc.bound', { issues: describeIssues(b.error, l) }) };
    backup.boundSheet = b.data;
  } else if (o.boundSheet === null) backup.boundSheet = null;
  if (o.scratch !== undefined) {
    const sc = ScratchSchema.safeParse(o.scratch);
    if (!sc.success) return { ok: false, error: tl(l, 'sc.scratch', { issues: describeIssues(sc.error, l) }) };
    backup.scratch = sc.data;
  }
  if (o.setAside !== undefined) {
    if (!o.setAside || typeof o.setAside !== 'object' || Array.isArray(o.setAside)) return { ok: false, error: tl(l, 'sc.setAside') };
    backup.setAside = o.setAside as Record<string, unknown>;
  }
  if (o.tables !== undefined) {
    const tb = TablesSchema.safeParse(o.tables);
    if (!tb.success) return { ok: false, error: tl(l, 'sc.tables', { issues: describeIssues(tb.error, l) }) };
    backup.tables = tb.data;
  }
  const secrets = backupSecrets(o.parlorSecrets, o.tables, l);
  if (typeof secrets === 'string') return { ok: false, error: secrets };
  if (secrets) backup.parlorSecrets = secrets;
  return { ok: true, backup, migratedFrom: settings.migratedFrom };
}
