/**
 * The engine every game runs on. A game owns its state and folds events into it, one at a time,
 * in the order they happened (for a thread: page order). `apply` is pure: it returns the new
 * state and that event's outcome, a judgement or a refusal that names the rule the event breaks
 * (the state then stays as it was). Replaying the same events always gives the same state, which
 * is what makes undo, a second reader rebuilding a match from the thread, and spectator checks
 * possible. A refusal carries the rule's id and its values, never words: the reader's UI words
 * it in the reader's language (`refusalText`).
 */
import { type Key, type Locale, type SaidValues, say } from '../i18n';

/** An event the rules do not allow: the rule (a catalogue key, the rule's own words), and what happened in its terms. */
export interface Refusal {
  refused: true;
  rule: Key;
  /** A message of its own for this case (it may quote the rule as `{rule}`); else the rule's words. */
  detail?: Key;
  values: SaidValues;
}

export const refuse = (rule: Key, detail?: Key, values: SaidValues = {}): Refusal =>
  detail ? { refused: true, rule, detail, values } : { refused: true, rule, values };

export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && (x as { refused?: unknown }).refused === true;

/** A refusal in words, in a language. */
export function refusalText(l: Locale, r: Refusal): string {
  return say(l, r.detail ? { key: r.detail, values: { ...r.values, rule: { key: r.rule, values: r.values } } } : { key: r.rule, values: r.values });
}

/** One event applied: the state after it, and what it came to (the game's judgement, or a refusal). */
export interface Step<State, Judgement> {
  state: State;
  outcome: Judgement | Refusal;
}

export interface Engine<Setup, State, Event, Judgement = null> {
  /** The state before the first event. */
  setup(options: Setup): State;
  /** One event: the new state and its outcome; after a refusal, the state it was given. */
  apply(state: State, event: Event): Step<State, Judgement>;
}

/** An event that came to nothing more than the new state. */
export const done = <State>(state: State): Step<State, null> => ({ state, outcome: null });
/** A refused event: the state stays. */
export const refused = <State>(state: State, r: Refusal): Step<State, never> => ({ state, outcome: r });

export interface FoldResult<State, Judgement> {
  state: State;
  /** Every event's outcome, by its index (refusals included). */
  outcomes: (Judgement | Refusal)[];
  /** Every refused event, by its index in the list: the rule's id and its values. */
  refused: { event: number; rule: Key; refusal: Refusal }[];
}

/**
 * Fold events into a state. `stopAtRefusal` ends the fold at the first refused event (a match
 * log whose later events depend on the refused one); otherwise a refused event is skipped.
 */
export function foldEvents<Setup, State, Event, Judgement>(
  game: Engine<Setup, State, Event, Judgement>,
  start: State,
  events: readonly Event[],
  stopAtRefusal = false,
): FoldResult<State, Judgement> {
  let state = start;
  const outcomes: (Judgement | Refusal)[] = [];
  const refusals: FoldResult<State, Judgement>['refused'] = [];
  for (let i = 0; i < events.length; i++) {
    let step: Step<State, Judgement>;
    try {
      step = game.apply(state, events[i] as Event);
    } catch (e) {
      step = { state, outcome: refuse('game.unreadable', undefined, { why: e instanceof Error ? e.message : String(e) }) };
    }
    outcomes.push(step.outcome);
    if (isRefusal(step.outcome)) {
      refusals.push({ event: i, rule: step.outcome.rule, refusal: step.outcome });
      if (stopAtRefusal) break;
    } else state = step.state;
  }
  return { state, outcomes, refused: refusals };
}
