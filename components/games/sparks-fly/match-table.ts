/**
 * How the Match tab keeps a thread's When Sparks Fly match (through `useGameTable`): the table is
 * the match's log and its clocks; a move is folded by the game's engine (a refused one names its
 * rule and changes nothing). Undo takes back moves, never the clocks' settings or their run.
 */
import { type MatchState, applySparksFly, replaySparksFly, type SparksFlyEvent } from '../../../lib/games/sparks-fly/engine';
import { DEFAULT_CLOCKS, startRun } from '../../../lib/games/sparks-fly/clock';
import { SPARKS_FLY } from '../../../lib/games/sparks-fly/game';
import type { LogWithNames } from '../../../lib/games/sparks-fly/log-text';
import { isRefusal, type Refusal } from '../../../lib/games/game';
import type { SparksFlyTable } from '../../../lib/settings/tables';
import type { GameTableKeeping } from '../../panel/use-game-table';
import type { MatchClockState } from './MatchClock';

export type MatchAction =
  /** A match begins: a new one, or the one a state post carries. */
  | { start: LogWithNames }
  | { move: SparksFlyEvent }
  /** The clock ran out: its moves, each in turn until one is refused; the next clock starts `at`. */
  | { expire: SparksFlyEvent[]; at: number }
  | { clock: MatchClockState }
  /** The match is set aside for a new one. */
  | { end: true };

const NO_CLOCK: MatchClockState = { settings: DEFAULT_CLOCKS, run: null };
export const clockOf = (table: SparksFlyTable | null): MatchClockState => table?.clock ?? NO_CLOCK;

/** The events that apply from `match`, in turn, up to the first one refused. */
function applicable(match: MatchState, events: readonly SparksFlyEvent[]): SparksFlyEvent[] {
  const applied: SparksFlyEvent[] = [];
  for (const e of events) {
    const next = applySparksFly(match, e);
    if (isRefusal(next)) break;
    match = next;
    applied.push(e);
  }
  return applied;
}

function applyMatch(table: SparksFlyTable | null, action: MatchAction): SparksFlyTable | null | Refusal {
  const at = Date.now();
  if ('start' in action) return { game: SPARKS_FLY.id, log: action.start, clock: clockOf(table), updatedAt: at };
  if ('end' in action || !table) return null;
  if ('clock' in action) return { ...table, clock: action.clock, updatedAt: at };
  const { match } = replaySparksFly(table.log);
  if ('move' in action) {
    const next = applySparksFly(match, action.move);
    if (isRefusal(next)) return next;
    return { ...table, log: { ...table.log, events: [...table.log.events, action.move] }, updatedAt: at };
  }
  const applied = applicable(match, action.expire);
  const events = [...table.log.events, ...applied];
  const run = applied.length ? startRun(events.length, action.at) : null;
  return { ...table, log: { ...table.log, events }, clock: { settings: clockOf(table).settings, run }, updatedAt: at };
}

export const MATCH_TABLE: GameTableKeeping<SparksFlyTable | null, MatchAction> = {
  game: SPARKS_FLY.id,
  empty: null,
  apply: applyMatch,
  step: (action) => !('clock' in action),
  // The clocks stay as they are now: the position undo goes back to starts its own.
  restore: (earlier, now) => (earlier && now ? { ...earlier, clock: clockOf(now) } : earlier),
  notSaved: 'sf.notSaved',
  // The match's log is its history: undo takes back its last moves, after a reload too (as before the hook).
  history: {
    of: (table) =>
      table ? table.log.events.map((_, n) => ({ ...table, log: { ...table.log, events: table.log.events.slice(0, n) } })).slice(-UNDO_MOVES) : [],
    with: (table) => table,
  },
};

/** How many moves back undo reaches in a match read from storage. */
const UNDO_MOVES = 30;
