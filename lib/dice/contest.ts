/** Contested rolls and the difficulty check (digest §1 and §4). */

export interface CheckResult {
  successes: number;
  difficulty: number;
  succeeded: boolean;
  margin: number;
}

function wholeAtLeast0(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a whole number of at least 0; got ${v}`);
}

/** A roll succeeds when its result meets the difficulty; difficulty 0 always succeeds. */
export function checkDifficulty(successes: number, difficulty: number): CheckResult {
  wholeAtLeast0('successes', successes);
  wholeAtLeast0('difficulty', difficulty);
  return { successes, difficulty, succeeded: successes >= difficulty, margin: successes - difficulty };
}

export type ContestWinner = 'first' | 'second' | 'tie';

export interface ContestResult {
  winner: ContestWinner;
  /** Successes over the opponent (0 on a tie). */
  margin: number;
  /** True when the tie was broken by the sum of faces (Speed rolls). */
  brokenByFaces: boolean;
}

export interface ContestSide {
  successes: number;
  /** Raw faces; needed only for the Speed tie-break. */
  faces?: readonly number[];
}

const sum = (faces: readonly number[]) => faces.reduce((a, b) => a + b, 0);

/**
 * Compare two results. With `speedTieBreak`, a tie on successes goes to the higher sum of raw
 * faces (digest §4 ruling); a tie there too stays a tie (the duelists roll again).
 */
export function contest(first: ContestSide, second: ContestSide, speedTieBreak = false): ContestResult {
  const margin = first.successes - second.successes;
  if (margin !== 0) return { winner: margin > 0 ? 'first' : 'second', margin: Math.abs(margin), brokenByFaces: false };
  if (speedTieBreak && first.faces && second.faces) {
    const diff = sum(first.faces) - sum(second.faces);
    if (diff !== 0) return { winner: diff > 0 ? 'first' : 'second', margin: 0, brokenByFaces: true };
  }
  return { winner: 'tie', margin: 0, brokenByFaces: false };
}
