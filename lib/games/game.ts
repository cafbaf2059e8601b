/**
 * The game layer: what every game module offers. A game owns its state and folds events into
 * it, one at a time, in the order they happened (for a thread: page order). `apply` is pure: it
 * returns the new state, or a refusal that names the rule the event breaks, and then the state
 * stays as it was. Replaying the same events always gives the same state, which is what makes
 * undo, a second reader rebuilding a match from the thread, and spectator checks possible.
 */

export type GameId = 'spark-d10' | 'sparks-fly' | 'parlor' | 'planeswalkers';

/** An event the rules do not allow, with the rule in words. */
export interface Refusal {
  refused: true;
  rule: string;
}

export const refuse = (rule: string): Refusal => ({ refused: true, rule });

export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && (x as { refused?: unknown }).refused === true;

export interface Game<Setup, State, Event> {
  id: GameId;
  /** The game's own name, as its players write it. */
  name: string;
  /** The state before the first event. */
  setup(options: Setup): State;
  /** One event: the new state, or a refusal with the rule (the old state then stands). */
  apply(state: State, event: Event): State | Refusal;
}

export interface FoldResult<State> {
  state: State;
  /** Every refused event, by its index in the list. */
  refused: { event: number; rule: string }[];
}

/**
 * Fold events into a state. `stopAtRefusal` ends the fold at the first refused event (a match
 * log whose later events depend on the refused one); otherwise a refused event is skipped.
 */
export function foldEvents<Setup, State, Event>(
  game: Game<Setup, State, Event>,
  start: State,
  events: readonly Event[],
  stopAtRefusal = false,
): FoldResult<State> {
  let state = start;
  const refused: { event: number; rule: string }[] = [];
  for (let i = 0; i < events.length; i++) {
    let next: State | Refusal;
    try {
      next = game.apply(state, events[i] as Event);
    } catch (e) {
      next = refuse(`This event could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (isRefusal(next)) {
      refused.push({ event: i, rule: next.rule });
      if (stopAtRefusal) break;
    } else state = next;
  }
  return { state, refused };
}
