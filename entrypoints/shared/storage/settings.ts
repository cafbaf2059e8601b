/**
 * The settings: this device's copy (the record) and the small part kept in the browser's sync
 * store. Validated with zod when read and before written (lib/settings/schema.ts); a copy saved by
 * a newer Spark Scribe is never overwritten.
 */
import { browser } from 'wxt/browser';
import { t, uiLocale } from '../../../components/locale';
import { errorText } from '../../../lib/errors';
import { defaultSettings, loadSettings, type Settings, SETTINGS_VERSION, SettingsSchema } from '../../../lib/settings/schema';
import { mergeFromSync, newestSyncedAt, SYNC_KEYS, type SyncItems, splitForSync } from '../../../lib/settings/sync';
import { SETTINGS_SAVED_AT_KEY } from '../page-start';
import { browserContext, inTurn } from './item';

export const SETTINGS_KEY = 'settings';

const local = browserContext.area;

export interface StoredSettings {
  settings: Settings;
  /** A problem with what was stored (then defaults are used and nothing is overwritten). */
  problem: string | null;
}

/** A write of the settings (and when they were saved: written only with them), in their turn with every other. */
const saveLocal = (values: Record<string, unknown>): Promise<void> => inTurn(browserContext, [SETTINGS_KEY], () => local.set(values));

export async function readSettings(): Promise<StoredSettings> {
  // One read of this device's store, and the sync store's beside it (every page load waits for these).
  const [stored, synced] = await Promise.all([local.get([SETTINGS_KEY, SETTINGS_SAVED_AT_KEY]), readSync()]);
  const raw = stored[SETTINGS_KEY];
  const result = loadSettings(raw, uiLocale());
  const version = (raw as { version?: unknown } | undefined)?.version;
  if (typeof version === 'number' && version > SETTINGS_VERSION) {
    return { settings: defaultSettings(), problem: t('st.newerSettings', { version }) };
  }
  if (!result.ok) return { settings: defaultSettings(), problem: t('st.unreadable', { reason: result.error }) };
  if (result.migratedFrom !== null) await saveLocal({ [SETTINGS_KEY]: result.settings });
  // Preferences and house rules saved on another browser (storage.sync) since this one saved.
  if (synced) {
    const savedAt = Number(stored[SETTINGS_SAVED_AT_KEY] ?? 0);
    const merged = mergeFromSync(result.settings, savedAt, synced);
    if (merged.changed) return (await keepMerged(savedAt, merged.settings, synced)) ?? readSettings();
  }
  return { settings: result.settings, problem: null };
}

/**
 * Keep what was merged from sync, stamped as the sync copy it came from: stamped "now", a sync copy
 * saved ahead of this clock stays newer, so every reader merged and wrote again until the clocks
 * met, and a write read before a newer local save could land after it. Written only if the local
 * copy is still the one merged (else null: read again).
 */
async function keepMerged(readAt: number, settings: Settings, synced: SyncItems): Promise<StoredSettings | null> {
  return inTurn(browserContext, [SETTINGS_KEY], async () => {
    const now = await local.get(SETTINGS_SAVED_AT_KEY);
    if (Number(now[SETTINGS_SAVED_AT_KEY] ?? 0) !== readAt) return null;
    await local.set({ [SETTINGS_KEY]: settings, [SETTINGS_SAVED_AT_KEY]: Math.max(readAt, newestSyncedAt(synced)) });
    return { settings, problem: null };
  });
}

/** The newest sync copy this context has seen (read with the settings, and as sync changes). */
let syncSeenAt = 0;
const seenInSync = (items: SyncItems | null): SyncItems | null => {
  syncSeenAt = Math.max(syncSeenAt, newestSyncedAt(items));
  return items;
};
browserContext.changes.addListener((changes, area) => {
  if (area !== 'sync') return;
  seenInSync(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.newValue])) as SyncItems);
});

/** The sync store, when the browser has one (never fatal: sync is a convenience, local is the record). */
async function readSync(): Promise<SyncItems | null> {
  try {
    return seenInSync(((await browser.storage.sync?.get([SYNC_KEYS.prefs, SYNC_KEYS.rules])) ?? null) as SyncItems | null);
  } catch {
    return null;
  }
}

/** What stayed on this device at the last save because sync has no room for it (for Options to say). */
export let lastSyncNote: { localOnly: string[]; error: string | null } = { localOnly: [], error: null };

/** Settings saved by a newer Spark Scribe are never overwritten by this one. */
export async function refuseNewerSettings(): Promise<void> {
  const raw = (await local.get(SETTINGS_KEY))[SETTINGS_KEY] as { version?: unknown } | undefined;
  if (raw && typeof raw.version === 'number' && raw.version > SETTINGS_VERSION) {
    throw new Error(t('st.newerKept', { version: String(raw.version), mine: SETTINGS_VERSION }));
  }
}

export async function writeSettings(settings: Settings): Promise<void> {
  const valid = SettingsSchema.parse(settings);
  // The check for a newer copy and the write, in one turn: no other write comes between them.
  const savedAt = await inTurn(browserContext, [SETTINGS_KEY], async () => {
    await refuseNewerSettings();
    // Newer than any copy sync holds (another browser's clock may be ahead): a reader of both stores
    // between this write and the sync write below never takes the older sync copy over this one.
    // Known without a sync read in the way, so a page closed right after a change still saves it.
    const at = Math.max(Date.now(), syncSeenAt + 1);
    await local.set({ [SETTINGS_KEY]: valid, [SETTINGS_SAVED_AT_KEY]: at });
    return at;
  });
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
    if (area !== 'local' || !(SETTINGS_KEY in changes)) return;
    const r = loadSettings(changes[SETTINGS_KEY]!.newValue);
    if (r.ok) cb(r.settings);
  };
  browserContext.changes.addListener(listener);
  return () => browserContext.changes.removeListener(listener);
}
