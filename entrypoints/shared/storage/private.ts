/**
 * The games' private data (each game's `privateStore`, lib/games/game.ts), each under its own key:
 * never evicted, never written with anything else but its move out of old thread tables (and an
 * import). Nothing here names a game: a game with private data declares it, and it is kept.
 */
import { t } from '../../../components/locale';
import type { PrivateStore } from '../../../lib/games/game';
import { privateFrom, privateInTables } from '../../../lib/settings/private';
import { loadTables, type Tables } from '../../../lib/settings/tables';
import { browserContext, inTurn, type StoredItem, storedItem } from './item';
import { TABLES_KEY, tablesStore } from './tables';

/** Each store's item, made once per store and context. */
const items = new WeakMap<PrivateStore<unknown>, StoredItem<unknown>>();

export function privateItem<T>(store: PrivateStore<T>): StoredItem<T> {
  const s = store as PrivateStore<unknown>;
  if (!items.has(s)) items.set(s, storedItem(s.key, s.schema, s.empty, { load: s.load }));
  return items.get(s) as StoredItem<T>;
}

/** The store's value, with what old tables still hold of it added (read only: nothing is written). */
export const privateOf = <T>(store: PrivateStore<T>, all: Record<string, unknown>): T =>
  privateFrom(store as PrivateStore<unknown>, all[store.key], loadTables(all[TABLES_KEY]).tables) as T;

/** The thread tables still holding entries of the store (by thread key). */
function tablesHolding(store: PrivateStore<unknown>, tables: Tables): string[] {
  return Object.entries(tables.tables)
    .filter(([k, t]) => store.ids(privateInTables(store, { [k]: t })).length > 0)
    .map(([k]) => k);
}

/**
 * The store's entries held in old thread tables, moved to its own key: both keys in one write, in
 * both keys' turn (the entries saved before the tables lose them). If that write fails they stay
 * where they were, and the value read is returned all the same.
 */
function moveOutOfTables<T>(store: PrivateStore<T>): Promise<T> {
  const s = store as PrivateStore<unknown>;
  const item = privateItem(s);
  const tables = tablesStore.tables;
  return inTurn(browserContext, [s.key, TABLES_KEY], async () => {
    const all = await browserContext.area.get([s.key, TABLES_KEY]);
    const value = privateOf(s, all);
    const held = tables.from(all);
    const moved = { ...held.tables };
    for (const k of tablesHolding(s, held)) moved[k] = s.withoutTableEntries?.(moved[k]!) ?? moved[k]!;
    try {
      await browserContext.area.set({ ...item.entry(value), ...tables.entry({ ...held, tables: moved }) });
    } catch {
      // Kept in the old tables: moved on a later read.
    }
    return value as T;
  });
}

/** A game's private data (entries still in old thread tables moved to its own key first). */
export async function readPrivate<T>(store: PrivateStore<T>): Promise<T> {
  const all = await browserContext.area.get([store.key, TABLES_KEY]);
  if (!tablesHolding(store as PrivateStore<unknown>, loadTables(all[TABLES_KEY])).length) return privateOf(store, all);
  return moveOutOfTables(store);
}

/** A value as JSON with every object's keys sorted (Chrome's storage hands objects back in key order, not as written). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/**
 * A change of a game's private data, in its turn. Rejects when it cannot be saved, or is not read
 * back as written (a game may post what only this data can later prove: it must be kept).
 */
export function updatePrivate<T>(store: PrivateStore<T>, change: (current: T) => T): Promise<T> {
  const item = privateItem(store);
  return inTurn(item.context, [item.key], async () => {
    const entry = item.entry(change(await item.read()));
    await item.context.area.set(entry);
    const back = (await item.context.area.get(item.key))[item.key];
    if (canonical(back) !== canonical(entry[item.key])) throw new Error(t(store.words.notKept));
    return item.from(entry);
  });
}

/** How many entries of a game's private data are stored (old tables' included). */
export async function countPrivate<T>(store: PrivateStore<T>): Promise<number> {
  return store.ids(privateOf(store, await browserContext.area.get([store.key, TABLES_KEY]))).length;
}
