/**
 * The page's verdicts on the thread's table posts, for one game: judged once, by the page (the
 * badges' checks, `summary.tableChecks`), never again in the panel. The page judges them after the
 * thread is read, so a summary with table posts and no verdict yet is asked for again, a few times.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { TableCheck } from '../../lib/view';
import { usePanel } from './context';

const NO_CHECKS: TableCheck[] = [];

export function usePageChecks(game: string, tries = 20, everyMs = 500): TableCheck[] {
  const { summary, refresh } = usePanel();
  const asked = useRef(0);
  const waiting = !!summary?.tablePosts.length && !summary.tableChecks.length;
  useEffect(() => {
    asked.current = 0;
  }, [summary?.url]);
  useEffect(() => {
    if (!waiting || asked.current >= tries) return;
    const id = setTimeout(() => {
      asked.current++;
      refresh();
    }, everyMs);
    return () => clearTimeout(id);
  }, [summary, waiting]);
  const checks = summary?.tableChecks ?? NO_CHECKS;
  return useMemo(() => checks.filter((c) => c.game === game), [checks, game]);
}
