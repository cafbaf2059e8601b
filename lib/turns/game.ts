/**
 * Whose turn a thread's game says it is: the game's own `turns` (lib/games/game.ts), found in the
 * registry by the thread's game. A game without one, or one that cannot tell, leaves the thread to
 * the cast rule (./turns.ts); a game's failure on hostile posts does the same, never throws.
 */
import type { TurnsInput } from '../games/game';
import { GAMES } from '../games/registry';
import type { GameTurns } from './turns';

export function gameTurns(gameId: string | null | undefined, input: TurnsInput): GameTurns | null {
  const def = GAMES.find((g) => g.id === gameId);
  if (!def || !('turns' in def) || typeof def.turns !== 'function') return null;
  try {
    const said = def.turns(input);
    return said ? { game: def.id, step: said.step, waits: said.waits } : null;
  } catch {
    return null;
  }
}
