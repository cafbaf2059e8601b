/**
 * The tables store (lib/settings/tables.ts): the game chosen per forum game, each thread's table,
 * the sheets read on character pages and where new duels start. The side panel and the background
 * both change it, so every change is a read-modify-write in the item's turn (./item.ts): none is
 * lost to another made at the same time.
 */
import { t } from '../../../components/locale';
import { errorText } from '../../../lib/errors';
import * as z from 'zod/mini';
import { capPageSheets, type GameTable, GameTableSchema, loadTables, type TableGameId, type Tables, TablesSchema } from '../../../lib/settings/tables';
import { browserContext, inTurn, type ItemContext, type StoredItem, storedItem } from './item';

export const TABLES_KEY = 'tables';
/** How many page sheets the total cap dropped, and when last (for Options to tell the user). */
export const SHEETS_DROPPED_KEY = 'pageSheetsDropped';
/** Sheets kept per game: the newest 60 characters read. */
const SHEETS_PER_GAME = 60;

const DroppedSchema = z.object({ dropped: z.int().check(z.minimum(0)), at: z.nullable(z.number()) });
type Dropped = z.infer<typeof DroppedSchema>;

/** How many sheets the cap had dropped before, from its note. */
function droppedFrom(note: unknown): Dropped {
  const n = (note as { dropped?: unknown } | undefined)?.dropped;
  const at = (note as { at?: unknown } | undefined)?.at;
  const dropped = Number.isInteger(n) && (n as number) > 0 ? (n as number) : 0;
  return { dropped, at: dropped && typeof at === 'number' ? at : null };
}

/** A change of the tables that may drop page sheets over the cap (counted in the note). */
type Change = (tables: Tables) => { tables: Tables; dropped: number };

/** The tables store in one context (the browser's, or a test's): every change in its turn. */
export class TablesStore {
  readonly tables: StoredItem<Tables>;
  readonly note: StoredItem<Dropped>;

  constructor(context: ItemContext) {
    this.tables = storedItem(TABLES_KEY, TablesSchema, () => loadTables(undefined), { load: loadTables, context });
    this.note = storedItem(SHEETS_DROPPED_KEY, DroppedSchema, () => droppedFrom(undefined), { load: droppedFrom, context });
  }

  /** The tables changed, and the note of dropped sheets with them, in one write (both keys in turn). */
  changeWithNote(change: Change): Promise<void> {
    const { tables, note } = this;
    return inTurn(tables.context, [tables.key, note.key], async () => {
      const all = await tables.context.area.get([tables.key, note.key]);
      const next = change(tables.from(all));
      const before = note.from(all).dropped;
      const values = { ...tables.entry(next.tables), ...(next.dropped ? note.entry({ dropped: before + next.dropped, at: Date.now() }) : {}) };
      await tables.context.area.set(values);
    });
  }

  /** The table (a match, a deal) kept for one thread. */
  readTable = async (key: string): Promise<GameTable | null> => (await this.tables.read()).tables[key] ?? null;

  writeTable = async (key: string, table: GameTable | null): Promise<void> => {
    const valid = table === null ? null : GameTableSchema.parse(table);
    await this.tables.update((all) => {
      const tables = { ...all.tables };
      if (valid === null) delete tables[key];
      else tables[key] = valid;
      return { ...all, tables };
    });
  };

  /** The game chosen for an RPOL game (gi), or null when the user has not chosen. */
  readGameChoice = async (gi: string): Promise<TableGameId | null> => (await this.tables.read()).games[gi] ?? null;

  writeGameChoice = async (gi: string, game: TableGameId): Promise<void> => {
    await this.tables.update((all) => ({ ...all, games: { ...all.games, [gi]: game } }));
  };

  /**
   * A sheet read on a character page, kept for that game's threads: at most 60 characters a game,
   * and within the total caps (lib/settings/tables.ts), the oldest dropped first and counted.
   */
  writePageSheet = async (gi: string, name: string, text: string): Promise<void> => {
    try {
      await this.changeWithNote((all) => {
        const game = { ...(all.pageSheets[gi] ?? {}), [name]: { text, seenAt: Date.now() } };
        const names = Object.keys(game).sort((a, b) => game[b]!.seenAt - game[a]!.seenAt);
        for (const old of names.slice(SHEETS_PER_GAME)) delete game[old];
        const capped = capPageSheets({ ...all.pageSheets, [gi]: game });
        return { tables: { ...all, pageSheets: capped.pages }, dropped: capped.dropped };
      });
    } catch (e) {
      throw new Error(t('bk.sheetNotSaved', { reason: errorText(e) }));
    }
  };

  /** The page sheets kept now, and how many the total cap has dropped (and when last). */
  readSheetsDropped = async (): Promise<{ kept: number; dropped: number; at: number | null }> => {
    const all = await this.tables.context.area.get([this.tables.key, this.note.key]);
    const kept = Object.values(this.tables.from(all).pageSheets).reduce((n, g) => n + Object.keys(g).length, 0);
    return { kept, ...this.note.from(all) };
  };

  /** Posts where the user marked a new duel in a thread. */
  readDuelStarts = async (key: string): Promise<number[]> => (await this.tables.read()).duelStarts[key] ?? [];

  writeDuelStarts = async (key: string, posts: number[]): Promise<void> => {
    await this.tables.update((all) => {
      const duelStarts = { ...all.duelStarts };
      if (posts.length) duelStarts[key] = [...new Set(posts)].sort((a, b) => a - b);
      else delete duelStarts[key];
      return { ...all, duelStarts };
    });
  };
}

/** The tables store of this context (the page or the background it runs in). */
export const tablesStore = new TablesStore(browserContext);
export const { readTable, writeTable, readGameChoice, writeGameChoice, writePageSheet, readSheetsDropped, readDuelStarts, writeDuelStarts } = tablesStore;
