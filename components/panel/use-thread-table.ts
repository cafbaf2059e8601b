/** A game's stored table for the panel's thread: read once per thread, and each change saved (a failed save is said). */
import { useEffect, useState } from 'preact/hooks';
import type { GameTable } from '../../lib/settings/tables';
import { t } from '../locale';
import { usePanel } from './context';
import { errorText } from '../../lib/errors';

type TableOf<G extends GameTable['game']> = Extract<GameTable, { game: G }>;

/** Load and save of one game's tables, by the thread's key (a table of another game reads as none). */
export function tableStore<G extends GameTable['game']>(
  game: G,
  source: { loadTable(key: string): Promise<GameTable | null>; saveTable(key: string, table: GameTable | null): Promise<void> },
) {
  return {
    load: async (key: string): Promise<TableOf<G> | null> => {
      const table = await source.loadTable(key);
      return table?.game === game ? (table as TableOf<G>) : null;
    },
    save: (key: string, table: TableOf<G> | null) => source.saveTable(key, table),
  };
}

/** The thread's table of one game (null when there is none yet), and `change` that shows and saves the next one. */
export function useThreadTable<G extends GameTable['game']>(game: G): [TableOf<G> | null, (next: TableOf<G>) => void] {
  const { source, threadKey, setSaveProblem } = usePanel();
  const [table, setTable] = useState<TableOf<G> | null>(null);
  useEffect(() => {
    setTable(null);
    if (threadKey) void tableStore(game, source).load(threadKey).then(setTable);
  }, [threadKey, game]);
  const change = (next: TableOf<G>) => {
    setTable(next);
    if (!threadKey) return;
    void source
      .saveTable(threadKey, next)
      .then(() => setSaveProblem(''))
      .catch((e: unknown) => setSaveProblem(t('panel.tableNotSaved', { reason: errorText(e) })));
  };
  return [table, change];
}
