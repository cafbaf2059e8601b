/**
 * What follows the user to their other browsers (storage.sync): the preferences, and the house
 * rules when they fit the sync store's per-item quota. Everything else (drafts, sheets, tables,
 * and house rules too large for sync) stays on this device, and the backup still holds it all.
 * Pure: the entrypoint reads and writes the stores.
 */
import { loadSettings, SETTINGS_VERSION, type Settings } from './schema';

/** The sync store's per-item quota is 8,192 bytes, key included: keep a margin. */
export const SYNC_ITEM_LIMIT = 8000;
export const SYNC_KEYS = { prefs: 'sync:prefs', rules: 'sync:rules' } as const;

export interface SyncItems {
  [SYNC_KEYS.prefs]?: { version: number; savedAt: number; prefs: Partial<Settings> };
  [SYNC_KEYS.rules]?: { version: number; savedAt: number; rules: Pick<Settings, 'defaultRules' | 'games'> };
}

const size = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** The items to write to sync for these settings, and which part stays local for its size. */
export function splitForSync(s: Settings, savedAt: number): { items: SyncItems; localOnly: ('rules' | 'threadLanguages')[] } {
  const localOnly: ('rules' | 'threadLanguages')[] = [];
  let prefs: Partial<Settings> = {
    theme: s.theme,
    language: s.language,
    annotations: s.annotations,
    fetchDiceLog: s.fetchDiceLog,
    rerollWindowMinutes: s.rerollWindowMinutes,
    threadLanguages: s.threadLanguages,
  };
  if (size(prefs) > SYNC_ITEM_LIMIT - 100) {
    const { threadLanguages: _t, ...rest } = prefs;
    prefs = rest;
    localOnly.push('threadLanguages');
  }
  const items: SyncItems = { [SYNC_KEYS.prefs]: { version: SETTINGS_VERSION, savedAt, prefs } };
  const rules = { defaultRules: s.defaultRules, games: s.games };
  if (size(rules) <= SYNC_ITEM_LIMIT - 100) items[SYNC_KEYS.rules] = { version: SETTINGS_VERSION, savedAt, rules };
  else localOnly.push('rules');
  return { items, localOnly };
}

/** When the newest copy in sync was saved (0: none). */
export const newestSyncedAt = (items: SyncItems | null): number =>
  Math.max(0, ...[items?.[SYNC_KEYS.prefs]?.savedAt, items?.[SYNC_KEYS.rules]?.savedAt].filter((n): n is number => Number.isFinite(n)));

/**
 * This device's settings with what sync holds that is newer than them (saved on another
 * browser). Items from a newer Spark Scribe, or that do not validate, are ignored.
 */
export function mergeFromSync(local: Settings, localSavedAt: number, items: SyncItems): { settings: Settings; changed: boolean } {
  let next: Record<string, unknown> = { ...local };
  let changed = false;
  const prefs = items[SYNC_KEYS.prefs];
  if (prefs && prefs.version === SETTINGS_VERSION && prefs.savedAt > localSavedAt && prefs.prefs && typeof prefs.prefs === 'object') {
    next = { ...next, ...prefs.prefs };
    changed = true;
  }
  const rules = items[SYNC_KEYS.rules];
  if (rules && rules.version === SETTINGS_VERSION && rules.savedAt > localSavedAt && rules.rules && typeof rules.rules === 'object') {
    next = { ...next, defaultRules: rules.rules.defaultRules, games: rules.rules.games };
    changed = true;
  }
  if (!changed) return { settings: local, changed: false };
  const checked = loadSettings(next);
  return checked.ok ? { settings: checked.settings, changed: true } : { settings: local, changed: false };
}
