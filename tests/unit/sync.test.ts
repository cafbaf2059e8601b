// What follows the user through storage.sync, and how another browser's newer copy comes back.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../lib/settings/schema';
import { mergeFromSync, splitForSync, SYNC_ITEM_LIMIT, SYNC_KEYS } from '../../lib/settings/sync';

describe('settings in the sync store', () => {
  it('puts the preferences and the house rules in two items, each within the per-item quota', () => {
    const s = { ...defaultSettings(), theme: 'dark' as const, language: 'it' as const };
    const { items, localOnly } = splitForSync(s, 1000);
    expect(localOnly).toEqual([]);
    expect(items[SYNC_KEYS.prefs]!.prefs).toMatchObject({ theme: 'dark', language: 'it' });
    expect(items[SYNC_KEYS.rules]!.rules.defaultRules).toEqual(s.defaultRules);
    for (const v of Object.values(items)) expect(new TextEncoder().encode(JSON.stringify(v)).length).toBeLessThan(SYNC_ITEM_LIMIT);
  });

  it('house rules too large for one item stay local, and say so', () => {
    const s = defaultSettings();
    const games = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [String(1000 + i), { name: `Game ${i} with a long name`, rules: s.defaultRules }]));
    const { items, localOnly } = splitForSync({ ...s, games }, 1000);
    expect(localOnly).toEqual(['rules']);
    expect(items[SYNC_KEYS.rules]).toBeUndefined();
    expect(items[SYNC_KEYS.prefs]).toBeDefined();
  });

  it('a newer copy from another browser wins; an older one, or one from a newer Spark Scribe, does not', () => {
    const local = defaultSettings();
    const other = splitForSync({ ...local, theme: 'dark' }, 2000).items;
    expect(mergeFromSync(local, 1000, other)).toMatchObject({ changed: true, settings: { theme: 'dark' } });
    expect(mergeFromSync(local, 3000, other)).toMatchObject({ changed: false, settings: { theme: 'auto' } });
    const future = { [SYNC_KEYS.prefs]: { ...other[SYNC_KEYS.prefs]!, version: 99 } };
    expect(mergeFromSync(local, 1000, future).changed).toBe(false);
  });

  it('a sync copy that does not validate changes nothing', () => {
    const local = defaultSettings();
    const bad = { [SYNC_KEYS.prefs]: { version: 1, savedAt: 5000, prefs: { theme: 'purple' } as never } };
    expect(mergeFromSync(local, 1000, bad)).toEqual({ settings: local, changed: false });
  });
});
