/**
 * Everything stored, for a backup, and an imported backup written back: drafts kept aside go out
 * as they were stored; every game's private data (its `privateStore`) goes out in its own part and
 * comes in only as the game's store allows.
 */
import { t } from '../../../components/locale';
import { errorText } from '../../../lib/errors';
import type { PrivateStore } from '../../../lib/games/game';
import { PRIVATE_STORES } from '../../../lib/settings/private';
import {
  type Backup,
  BoundSheetSchema,
  DRAFT_ENTRY_VERSION,
  DraftsSchema,
  defaultSettings,
  type ImportedBackup,
  loadBoundSheet,
  loadScratch,
  loadSettings,
  ScratchSchema,
  SetAsideSchema,
  type Settings,
  SettingsSchema,
} from '../../../lib/settings/schema';
import { incomingSettings, withAccepted } from '../../../lib/settings/changes';
import { mergeTables, TablesSchema } from '../../../lib/settings/tables';
import { allDrafts, DRAFT_PREFIX } from './drafts';
import { browserContext, inTurn } from './item';
import { keepPrivate, legacyPrivate, privateItem } from './private';
import { privateContext } from './private-area';
import { refuseNewerSettings, SETTINGS_KEY, writeSettings } from './settings';
import { BOUND_KEY } from './sheets';
import { SHEETS_DROPPED_KEY, TABLES_KEY, tablesStore } from './tables';

const local = browserContext.area;
const SCRATCH_KEY = 'scratch';

/** Everything stored, for a backup: drafts kept aside are in it too, as they were stored. */
export async function readBackup(): Promise<Backup> {
  const all = await local.get(null);
  const settings = loadSettings(all[SETTINGS_KEY]);
  const { drafts, setAside } = allDrafts(all);
  const backup: Backup = {
    settings: settings.ok ? settings.settings : defaultSettings(),
    drafts,
    ...(Object.keys(setAside).length ? { setAside } : {}),
    boundSheet: loadBoundSheet(all[BOUND_KEY]),
    scratch: loadScratch(all[SCRATCH_KEY]),
    tables: tablesStore.tables.from(all),
  };
  // Read only (a backup, or the import question, moves nothing): the private area's with what storage.local still holds.
  for (const store of PRIVATE_STORES) {
    (backup as unknown as Record<string, unknown>)[store.field] = store.merge(await privateItem(store).read(), legacyPrivate(store, all), false);
  }
  return backup;
}

/** What an import did beyond the plan the user saw: page sheets over the cap dropped. */
export interface Restored {
  sheetsDropped: number;
  /** The settings as written (a house-rules file's merged into the stored ones). */
  settings: Settings;
}

/** Which games' new private entries an import takes: every game's (true), none (false), or those of the stores listed (by key). */
export type TakeNew = boolean | readonly string[];

/**
 * The settings an import writes: a house-rules file's rules go into the stored settings; with
 * `accept` (the question's ticks), a change of what a badge or a verdict says is taken only if
 * its key is there (lib/settings/changes.ts), against the settings stored now.
 */
function importedSettings(b: ImportedBackup, stored: Record<string, unknown>, accept: readonly string[] | undefined): Settings {
  const read = loadSettings(stored[SETTINGS_KEY]);
  const mine = read.ok ? read.settings : defaultSettings();
  const next = incomingSettings(mine, b);
  return accept ? withAccepted(mine, next, accept) : next;
}

/** Drafts merged by thread (an imported draft replaces that thread's), and entries kept aside restored only where nothing is stored. */
async function draftValues(b: ImportedBackup, values: Record<string, unknown>): Promise<void> {
  if (b.drafts)
    for (const [k, d] of Object.entries(DraftsSchema.parse(b.drafts).threads)) values[DRAFT_PREFIX + k] = { version: DRAFT_ENTRY_VERSION, draft: d };
  if (!b.setAside) return;
  const aside = SetAsideSchema.parse(b.setAside);
  const have = await local.get(Object.keys(aside).filter((k) => k.startsWith(DRAFT_PREFIX)));
  for (const [k, v] of Object.entries(aside)) if (k.startsWith(DRAFT_PREFIX) && have[k] === undefined && !(k in values)) values[k] = v;
}

/** The tables merged by thread (carrying no private entry) and the note of sheets the cap dropped; how many it dropped. */
function tableValues(b: ImportedBackup, stored: Record<string, unknown>, values: Record<string, unknown>): number {
  if (!b.tables) return 0;
  const { tables, note } = tablesStore;
  const merged = mergeTables(tables.from(stored), TablesSchema.parse(b.tables));
  Object.assign(values, tables.entry(merged.tables));
  if (merged.dropped) Object.assign(values, note.entry({ dropped: note.from(stored).dropped + merged.dropped, at: Date.now() }));
  return merged.dropped;
}

/**
 * A game's private data after an import: every live entry (those still in old thread tables
 * included, as a file's table may replace their table), and the file's added only when asked (a
 * live entry is never replaced; an imported one is marked).
 */
async function keepPrivateValues(b: ImportedBackup, stored: Record<string, unknown>, takeNew: TakeNew): Promise<void> {
  const taken = (s: PrivateStore<unknown>) => (typeof takeNew === 'boolean' ? takeNew : takeNew.includes(s.key));
  for (const store of PRIVATE_STORES) {
    const incoming = (b as Record<string, unknown>)[store.field];
    await inTurn(privateContext, [store.key], async () => {
      const live = store.merge(await privateItem(store).read(), legacyPrivate(store, stored), false);
      await keepPrivate(store, incoming !== undefined && taken(store) ? store.merge(live, incoming, true) : live);
    });
  }
}

/** Every key an import reads and changes together (each held in its turn while it is written). */
const importKeys = (): string[] => [SETTINGS_KEY, TABLES_KEY, SHEETS_DROPPED_KEY, ...PRIVATE_STORES.map((s) => s.key)];

/**
 * Write an imported backup's parts in one storage call (validated again on the way in). Drafts are
 * merged by thread (an imported draft replaces that thread's draft; the others stay); entries kept
 * aside are restored only where nothing is stored; tables merge by thread and carry no private
 * entry; the file's private entries (a held one is never replaced) are added only with
 * `takeNewSecrets`. A house-rules file changes only the house rules. With `accept`, only the changes
 * of what a badge or a verdict says named there are taken (the Options question always passes it;
 * a board in it must already be allowed by the browser). A failed write says why.
 */
export async function writeBackup(
  b: ImportedBackup,
  { takeNewSecrets = false as TakeNew, accept }: { takeNewSecrets?: TakeNew; accept?: readonly string[] } = {},
): Promise<Restored> {
  const done = await inTurn(browserContext, importKeys(), async () => {
    await refuseNewerSettings();
    const stored = await local.get(importKeys());
    const settings = importedSettings(b, stored, accept);
    const values: Record<string, unknown> = { [SETTINGS_KEY]: SettingsSchema.parse(settings) };
    await draftValues(b, values);
    if (b.boundSheet) values[BOUND_KEY] = BoundSheetSchema.parse(b.boundSheet);
    if (b.scratch) values[SCRATCH_KEY] = ScratchSchema.parse(b.scratch);
    const sheetsDropped = tableValues(b, stored, values);
    try {
      // Kept (and read back) in the private area before the tables are written: a held private
      // entry still in a table the file replaces is moved, not lost.
      await keepPrivateValues(b, stored, takeNewSecrets);
      await local.set(values);
      await local.remove([...(b.boundSheet === null ? [BOUND_KEY] : []), ...PRIVATE_STORES.map((s) => s.key)]);
    } catch (e) {
      throw new Error(t('bk.importNotSaved', { reason: errorText(e) }));
    }
    return { sheetsDropped, settings };
  });
  // The imported settings are now the newest: they go to sync too (and an older sync copy cannot undo the import).
  await writeSettings(done.settings);
  return done;
}
