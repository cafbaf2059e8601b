/** The page the panel follows: its summary (asked again while a fresh page does not answer) and the game its thread is. */
import { useEffect, useState } from 'preact/hooks';
import { type GameId, guessGame } from '../../lib/games/registry';
import { draftKey } from '../../lib/settings/defaults';
import { gameKeyOf } from '../../lib/settings/keys';
import type { PageSummary } from '../../lib/view';
import type { PanelSource } from './source';

/** How often the summary is asked again while the page's thread is being read. */
const READING_EVERY_MS = 700;

/** The summary: undefined while read, null off a forum page; `refresh` reads it again. */
export function usePageSummary(source: PanelSource, tries = 12, everyMs = 250) {
  const [summary, setSummary] = useState<PageSummary | null | undefined>(undefined);
  const refresh = () => {
    const attempt = (left: number) =>
      void source.summary().then((s) => {
        if (s === null && left > 0) setTimeout(() => attempt(left - 1), everyMs);
        else setSummary(s);
        // The thread's earlier pages are being read for it: asked again until they are (its verdicts change then).
        if (s?.thread?.state === 'reading') setTimeout(() => attempt(0), READING_EVERY_MS);
      });
    attempt(tries);
  };
  useEffect(() => {
    refresh();
    return source.onPageChange(refresh);
  }, [source]);
  return { summary, refresh };
}

/** The thread's key (host, game, thread), or null off a thread. */
export const threadKeyOf = (summary: PageSummary | null | undefined): string | null =>
  summary ? draftKey(new URL(summary.url).host, summary.gameId, summary.threadId) : null;

/** The thread's game: the one the user chose for it, else its stored table's, else the one its posts suggest. */
export function useGameChoice(source: PanelSource, summary: PageSummary | null | undefined, threadKey: string | null) {
  const [chosen, setChosen] = useState<GameId | null>(null);
  const [stored, setStored] = useState<GameId | null>(null);
  // Chosen per game as its key names it (its forum, its scheme): an RPOL game 7 and a board's forum 7 are two.
  const gameKey = gameKeyOf(threadKey);
  useEffect(() => {
    setChosen(null);
    if (gameKey) void source.loadGameChoice(gameKey).then(setChosen);
  }, [gameKey]);
  useEffect(() => {
    setStored(null);
    if (threadKey) void source.loadTable(threadKey).then((t) => setStored(t?.game ?? null));
  }, [threadKey]);
  const choose = (g: GameId) => {
    setChosen(g);
    if (gameKey) void source.saveGameChoice(gameKey, g);
  };
  const game: GameId = chosen ?? stored ?? guessGame(summary?.tablePosts ?? []);
  return { game, chosen: chosen !== null, choose };
}
