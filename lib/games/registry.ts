/**
 * The games Spark Scribe knows, listed once: every other list (the ids, the names, the stored
 * tables, the table posts' checks) is read from here; their views (the panel's tabs) are listed
 * beside it, in components/games/registry.ts.
 */
import type { Locale } from '../i18n';
import type { TableCheck, TablePost } from './game';
import { PARLOR } from './parlor/game';
import { SPARK_D10 } from './spark-d10/game';
import { SPARKS_FLY } from './sparks-fly/game';

/** The games, the first being the one a thread is when no other game's records are in it. */
export const GAMES = [SPARK_D10, SPARKS_FLY, PARLOR] as const;

export type GameId = (typeof GAMES)[number]['id'];
export const GAME_IDS = GAMES.map((g) => g.id) as [GameId, ...GameId[]];

export const gameById = (id: string | null | undefined) => GAMES.find((g) => g.id === id) ?? GAMES[0];

/** A thread holding a game's own records is that game's; otherwise the first game's (rolls and sheets). */
export function guessGame(posts: readonly TablePost[]): GameId {
  return (GAMES.find((g) => g.guess(posts)) ?? GAMES[0]).id;
}

/** Every game's verdicts on a thread's table posts, in page order. `thread`: the forum's id of the thread ("gi/ti"). */
export function judgeTablePosts(posts: readonly TablePost[], thread = '-', l: Locale = 'en'): TableCheck[] {
  const ordered = [...posts].sort((a, b) => a.post - b.post);
  const checks: TableCheck[] = [];
  for (const g of GAMES) if ('checkTablePosts' in g) checks.push(...g.checkTablePosts(ordered, thread, l));
  return checks.sort((a, b) => a.post - b.post);
}
