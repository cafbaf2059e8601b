/**
 * The games' private data (each game's `privateStore`, lib/games/game.ts), looped over by the
 * storage, the backup and the import: none of them names a game's private data.
 */
import type { PrivateStore } from '../games/game';
import { GAMES } from '../games/registry';

/** Every game's private data store, in the registry's order. */
export const PRIVATE_STORES: readonly PrivateStore<unknown>[] = GAMES.flatMap((g) => ('privateStore' in g ? [g.privateStore as PrivateStore<unknown>] : []));

/** A thread table without any game's private entries (a file's table never brings them; they come in their own part). */
export function withoutPrivateEntries<Table extends object>(table: Table): Table {
  return PRIVATE_STORES.reduce((t, s) => s.withoutTableEntries?.(t) ?? t, table);
}

/** What old thread tables (by thread key) still hold of a store, as its value. */
export const privateInTables = (store: PrivateStore<unknown>, tables: unknown): unknown => store.inTables?.(tables) ?? store.empty();

/** The stored value with what old thread tables still hold of it added (read only: nothing is written). */
export const privateFrom = (store: PrivateStore<unknown>, raw: unknown, tables: unknown): unknown =>
  store.merge(store.load(raw), privateInTables(store, tables), false);

/** What a file's entries would do here, by id: new to this browser, or already held (an entry is its own id's, so none differs from one held). */
export function comparePrivate(store: PrivateStore<unknown>, live: unknown, file: unknown): { fresh: number; same: number } {
  const held = new Set(live === undefined ? [] : store.ids(live));
  const ids = file === undefined ? [] : store.ids(file);
  const same = ids.filter((k) => held.has(k)).length;
  return { fresh: ids.length - same, same };
}
