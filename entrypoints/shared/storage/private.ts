/**
 * The games' private data (each game's `privateStore`, lib/games/game.ts), each under its own key:
 * never evicted, never written with anything else but its move out of old thread tables (and an
 * import), in the private area no content script can read (./private-area.ts). Nothing here
 * names a game: a game with private data declares it, and it is kept.
 */
import { t } from '../../../components/locale';
import type { PrivateStore } from '../../../lib/games/game';
import { privateFrom, privateInTables } from '../../../lib/settings/private';
import { loadTables, type Tables } from '../../../lib/settings/tables';
import { browserContext, inTurn, type StoredItem, storedItem } from './item';
import { privateContext } from './private-area';
import { TABLES_KEY, tablesStore } from './tables';

/** Each store's item (in the private area, ./private-area.ts), made once per store and context. */
const items = new WeakMap<PrivateStore<unknown>, StoredItem<unknown>>();

export function privateItem<T>(store: PrivateStore<T>): StoredItem<T> {
  const s = store as PrivateStore<unknown>;
  if (!items.has(s)) items.set(s, storedItem(s.key, s.schema, s.empty, { load: s.load, context: privateContext }));
  return items.get(s) as StoredItem<T>;
}

/** What `storage.local` still holds of the store (read only): under its key there (before the private area), and in old thread tables. */
export const legacyPrivate = <T>(store: PrivateStore<T>, all: Record<string, unknown>): T =>
  privateFrom(store as PrivateStore<unknown>, all[store.key], loadTables(all[TABLES_KEY]).tables) as T;

/** The thread tables still holding entries of the store (by thread key). */
function tablesHolding(store: PrivateStore<unknown>, tables: Tables): string[] {
  return Object.entries(tables.tables)
    .filter(([k, t]) => store.ids(privateInTables(store, { [k]: t })).length > 0)
    .map(([k]) => k);
}

const holdsLegacy = (store: PrivateStore<unknown>, all: Record<string, unknown>): boolean =>
  all[store.key] !== undefined || tablesHolding(store, loadTables(all[TABLES_KEY])).length > 0;

/** A value as JSON with every object's keys sorted (Chrome's storage hands objects back in key order, not as written). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** Write a store's value and read it back (a game may post what only this data can later prove: it must be kept). In the store's turn. */
export async function keepPrivate<T>(store: PrivateStore<T>, value: T): Promise<T> {
  const item = privateItem(store);
  const entry = item.entry(value);
  await item.context.area.set(entry);
  const back = (await item.context.area.get(item.key))[item.key];
  if (canonical(back) !== canonical(entry[item.key])) throw new Error(t(store.words.notKept));
  return item.from(entry);
}

/**
 * What `storage.local` still holds of a store moved into the private area: kept there (and read
 * back) first, then removed from the local key and the old tables, each key in its turn (local's
 * before the private one, as an import takes them). If a step fails the entries stay where they
 * were, moved on a later read; the value read is returned all the same.
 */
function moveToPrivate<T>(store: PrivateStore<T>): Promise<T> {
  const s = store as PrivateStore<unknown>;
  const tables = tablesStore.tables;
  return inTurn(browserContext, [s.key, TABLES_KEY], () =>
    inTurn(privateContext, [s.key], async () => {
      const all = await browserContext.area.get([s.key, TABLES_KEY]);
      const value = s.merge(await privateItem(s).read(), legacyPrivate(s, all), false);
      try {
        await keepPrivate(s, value);
        const held = tables.from(all);
        const moved = { ...held.tables };
        for (const k of tablesHolding(s, held)) moved[k] = s.withoutTableEntries?.(moved[k]!) ?? moved[k]!;
        await browserContext.area.set(tables.entry({ ...held, tables: moved }));
        await browserContext.area.remove(s.key);
      } catch {
        // Left where they were: moved on a later read.
      }
      return value as T;
    }),
  );
}

/** A game's private data (what `storage.local` still holds of it moved into the private area first). */
export async function readPrivate<T>(store: PrivateStore<T>): Promise<T> {
  const [all, kept] = await Promise.all([browserContext.area.get([store.key, TABLES_KEY]), privateItem(store).read()]);
  return holdsLegacy(store as PrivateStore<unknown>, all) ? moveToPrivate(store) : kept;
}

/**
 * A change of a game's private data, in its turn. Rejects when it cannot be saved, or is not read
 * back as written.
 */
export async function updatePrivate<T>(store: PrivateStore<T>, change: (current: T) => T): Promise<T> {
  // Entries still in storage.local are moved first, so the change sees every entry held.
  await readPrivate(store);
  const item = privateItem(store);
  return inTurn(item.context, [item.key], async () => keepPrivate(store, change(await item.read())));
}

/** How many entries of a game's private data are stored. */
export async function countPrivate<T>(store: PrivateStore<T>): Promise<number> {
  return store.ids(await readPrivate(store)).length;
}
