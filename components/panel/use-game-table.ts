/**
 * One way for every game to keep its thread's table in the panel. The table is read first, and
 * nothing is written before that read is back (an action taken meanwhile is held, then applied to
 * the table read). An action goes through the game's own pure `apply` (an event folded by its
 * engine, or an updater for a table that is plain data); the result is written only when the
 * stored value would change. Undo steps back through the tables this panel showed; a failed save
 * is said in the game's own words, in `saveError`, until the next good one.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../lib/errors';
import { isRefusal, type Refusal } from '../../lib/games/game';
import type { Key } from '../../lib/i18n';
import type { GameTable } from '../../lib/settings/tables';
import { t } from '../locale';
import { usePanel } from './context';

/** How a game keeps its table: declared by the game's view, run by `useGameTable`. */
export interface GameTableKeeping<Table extends GameTable | null, Action> {
  game: GameTable['game'];
  /** The table of a thread that has none of this game's stored (null: none until an action makes one). */
  empty: Table;
  /** The table after an action, or the rule that refuses it (the table then stays as it was). Pure. */
  apply(table: Table, action: Action): Table | Refusal;
  /** Whether undo takes the action back as a step of its own (every action, unless it says no). */
  step?(action: Action): boolean;
  /** What undo brings back: the earlier table, with what undo leaves alone taken from the table now (the earlier one as it was, unless said). */
  restore?(earlier: Table, now: Table): Table;
  /** The words of a failed save, with `{reason}`. */
  notSaved: Key;
  /** For a game whose table keeps its own undo (so that it outlasts the panel): the earlier tables it holds, and the table holding them. */
  history?: { of(table: Table): Table[]; with(table: Table, earlier: readonly Table[]): Table };
}

/** Earlier values kept for undo, newest last. */
const UNDO_LIMIT = 30;
const withEarlier = <T>(earlier: readonly T[], now: T): T[] => [...earlier, now].slice(-UNDO_LIMIT);

/** A value with undo: `set` keeps the value it replaces. */
export interface Undoable<T> {
  value: T;
  set(value: T): void;
  undo(): void;
  canUndo: boolean;
}

/** A value that is not stored (lines being written) with the same undo as a table's. */
export function useUndoable<T>(initial: T): Undoable<T> {
  const [kept, setKept] = useState<{ value: T; earlier: T[] }>({ value: initial, earlier: [] });
  return {
    value: kept.value,
    set: (value: T) => setKept((k) => ({ value, earlier: withEarlier(k.earlier, k.value) })),
    undo: () => setKept((k) => (k.earlier.length ? { value: k.earlier[k.earlier.length - 1]!, earlier: k.earlier.slice(0, -1) } : k)),
    canUndo: kept.earlier.length > 0,
  };
}

/** A table as it is compared: when it was saved is no change of its own. */
const storedForm = (table: GameTable | null | undefined): string => (table ? JSON.stringify({ ...table, updatedAt: undefined }) : 'null');

interface Kept<Table, Action> {
  table: Table;
  earlier: Table[];
  /** The stored table is back: until then actions are held, and nothing is written. */
  loaded: boolean;
  held: Action[];
}

export function useGameTable<Table extends GameTable | null, Action>(keeping: GameTableKeeping<Table, Action>) {
  const { source, threadKey } = usePanel();
  const fresh = (): Kept<Table, Action> => ({ table: keeping.empty, earlier: [], loaded: false, held: [] });
  const kept = useRef<Kept<Table, Action>>(fresh());
  const [, redraw] = useState(0);
  const [saveError, setSaveError] = useState('');
  /** What storage holds for the thread as far as this panel knows (its compared form); null: unknown. */
  const written = useRef<string | null>(null);
  const key = useRef(threadKey);
  key.current = threadKey;
  const show = (next: Kept<Table, Action>) => {
    kept.current = next;
    redraw((n) => n + 1);
  };
  const said = (e: unknown) => t(keeping.notSaved, { reason: errorText(e) });

  const save = (table: Table) => {
    const at = key.current;
    const form = storedForm(table);
    if (!at || form === written.current) return;
    written.current = form;
    source.saveTable(at, table).then(
      () => key.current === at && setSaveError(''),
      (e: unknown) => {
        if (key.current !== at) return;
        // Not saved: what storage holds is not known, so the next change is written whatever it is.
        if (written.current === form) written.current = null;
        setSaveError(said(e));
      },
    );
  };
  /** The table and the earlier ones, shown and written (within the table, for a game that keeps its undo there). */
  const keep = (k: Kept<Table, Action>, table: Table, earlier: Table[]) => {
    const held = keeping.history ? keeping.history.with(table, earlier) : table;
    show({ ...k, table: held, earlier });
    save(held);
  };
  const change = (next: Table, step: boolean) => {
    const k = kept.current;
    if (storedForm(next) === storedForm(k.table)) return;
    keep(k, next, step ? withEarlier(k.earlier, k.table) : k.earlier);
  };
  /** An action: applied now (its refusal returned), or held until the stored table is back. */
  const dispatch = (action: Action): Refusal | null => {
    const k = kept.current;
    if (!k.loaded) {
      kept.current = { ...k, held: [...k.held, action] };
      return null;
    }
    const next = keeping.apply(k.table, action);
    if (isRefusal(next)) return next;
    change(next, keeping.step?.(action) ?? true);
    return null;
  };
  const undo = () => {
    const k = kept.current;
    if (!k.loaded || !k.earlier.length) return;
    const earlier = k.earlier[k.earlier.length - 1]!;
    const back = keeping.restore ? keeping.restore(earlier, k.table) : earlier;
    keep(k, back, k.earlier.slice(0, -1));
  };

  useEffect(() => {
    show(fresh());
    written.current = null;
    setSaveError('');
    if (!threadKey) return;
    let live = true;
    source.loadTable(threadKey).then(
      (stored) => {
        if (!live) return;
        written.current = storedForm(stored);
        const { held } = kept.current;
        const table = stored?.game === keeping.game ? (stored as Table) : keeping.empty;
        show({ table, earlier: keeping.history?.of(table) ?? [], loaded: true, held: [] });
        for (const action of held) dispatch(action);
      },
      // A table that could not be read is never written over: the actions stay held, and the reason is said.
      (e: unknown) => live && setSaveError(said(e)),
    );
    return () => {
      live = false;
    };
  }, [threadKey, keeping.game]);

  const { table, earlier } = kept.current;
  return { state: table, dispatch, undo, canUndo: earlier.length > 0, saveError };
}
