/**
 * The seed's clocks, as the host keeps them: "a time limit of 20 seconds to decide whether to Raise
 * or Fold. Failure to submit results in a fold", and "a 1min time limit for submitting. Failure to
 * submit results in no cards played and -5 sparks". A clock runs for the position the match waits
 * at (its events so far): the bidder's decision, or both players' plays at once. Pure: the time
 * is given (`now`, epoch ms); a run is stored with the match, so a deadline survives the panel.
 */
import type { MatchState, Player, SparksFlyEvent } from './engine';

export interface ClockSettings {
  /** The clocks run for this match (the host switches them on). */
  on: boolean;
  /** Seconds to raise or fold. */
  decision: number;
  /** Seconds to submit a play. */
  play: number;
  /** A sound at 5 s left and at zero. */
  sound: boolean;
}

export const DEFAULT_CLOCKS: ClockSettings = { on: false, decision: 20, play: 60, sound: true };

/** A clock's run: the position it is for (the match's events when it began), when it began, its pauses. */
export interface ClockRun {
  at: number;
  startedAt: number;
  /** When it was paused (null: running). */
  pausedAt: number | null;
  /** Time spent paused before, ms. */
  paused: number;
}

export type Waiting = { kind: 'decision' | 'play'; players: Player[] };

/** Who the match waits for: the bidder's decision in an auction, or the players who have not played yet. */
export function waitingFor(m: MatchState): Waiting | null {
  if (m.step === 'auction' && m.turn && !m.won) return { kind: 'decision', players: [m.turn] };
  if (m.step === 'play') {
    const players = (['A', 'B'] as const).filter((p) => !m.plays[p]);
    return players.length ? { kind: 'play', players } : null;
  }
  return null;
}

export interface ClockView {
  waiting: Waiting;
  total: number;
  left: number;
  running: boolean;
  expired: boolean;
}

/** A run for the position at `at` that begins now. */
export const startRun = (at: number, now: number): ClockRun => ({ at, startedAt: now, pausedAt: null, paused: 0 });
export const pauseRun = (run: ClockRun, now: number): ClockRun => (run.pausedAt === null ? { ...run, pausedAt: now } : run);
export const resumeRun = (run: ClockRun, now: number): ClockRun =>
  run.pausedAt === null ? run : { ...run, paused: run.paused + Math.max(0, now - run.pausedAt), pausedAt: null };

/** The clock for the match's position (null when nothing is waited for, or the clocks are off, or the run is another position's). */
export function clockView(m: MatchState, events: number, run: ClockRun | null, settings: ClockSettings, now: number): ClockView | null {
  const waiting = waitingFor(m);
  if (!settings.on || !waiting || !run || run.at !== events) return null;
  const total = (waiting.kind === 'decision' ? settings.decision : settings.play) * 1000;
  const spent = (run.pausedAt ?? now) - run.startedAt - run.paused;
  const left = Math.max(0, total - Math.max(0, spent));
  return { waiting, total, left, running: run.pausedAt === null, expired: left === 0 };
}

/** What the seed applies when a clock runs out: a fold, or no cards played and −5 Sparks; marked as by the clock. */
export function clockEvents(w: Waiting): SparksFlyEvent[] {
  return w.kind === 'decision' ? [{ fold: w.players[0]!, clock: true }] : w.players.map((p) => ({ miss: p, clock: true }));
}

/**
 * When a screen reader hears the time left: at the start, then at each of these marks (crossing
 * it since the last announcement), and at zero; never every second.
 */
const MARKS = [86_400_000, 3_600_000, 600_000, 60_000, 30_000, 10_000, 5_000];

/** The mark just crossed between `before` and `left` (ms left), or null. */
export function crossedMark(before: number, left: number): number | null {
  if (left === 0 && before > 0) return 0;
  return MARKS.find((m) => before > m && left <= m) ?? null;
}
