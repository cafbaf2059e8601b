/** The games Spark Scribe knows, and the guess of a thread's game from what its page holds. */
import type { TableGameId } from '../settings/tables';
import type { TablePost } from '../view';
import { LOG_MARK } from './sparks-fly/log-text';
import { PARLOR_MARK } from './parlor/table';

export const GAME_NAMES: Record<TableGameId, string> = {
  'spark-d10': 'The Spark d10',
  'sparks-fly': 'When Sparks Fly',
  parlor: 'Parlor Magic',
};

/** A thread holding a game's own records is that game's; otherwise The Spark d10 (rolls and sheets). */
export function guessGame(posts: readonly TablePost[]): TableGameId {
  if (posts.some((p) => p.text.includes(LOG_MARK))) return 'sparks-fly';
  if (posts.some((p) => p.text.includes(PARLOR_MARK))) return 'parlor';
  return 'spark-d10';
}
