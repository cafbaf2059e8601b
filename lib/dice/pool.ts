/**
 * Success pools on d10 (The Spark d10, digest §1).
 * A die succeeds when face + modifier >= 6; the net modifier on a die is clamped to -5..+5.
 */

export const DIE_SIDES = 10;
export const TARGET_NUMBER = 6;
export const MODIFIER_LIMIT = 5;
/** The largest pool the engine accepts (the digest asks for 200; RPOL allows more dice per spec). */
export const MAX_POOL = 1000;

/** A modifier for the whole pool, or one net modifier per die (same length as the pool). */
export type PoolModifier = number | readonly number[];

export function clampModifier(modifier: number): number {
  return Math.max(-MODIFIER_LIMIT, Math.min(MODIFIER_LIMIT, modifier));
}

function checkInteger(name: string, value: unknown, allowed: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new Error(`${name} must be ${allowed}; got ${String(value)}`);
  }
}

export function checkPoolSize(dice: unknown, name = 'dice'): asserts dice is number {
  checkInteger(name, dice, `a whole number from 0 to ${MAX_POOL}`);
  if (dice < 0 || dice > MAX_POOL) {
    throw new Error(`${name} must be a whole number from 0 to ${MAX_POOL}; got ${dice}`);
  }
}

export function checkFaces(faces: readonly unknown[], name = 'faces'): asserts faces is readonly number[] {
  if (!Array.isArray(faces)) throw new Error(`${name} must be a list of die faces 1..10`);
  if (faces.length > MAX_POOL) throw new Error(`${name} may hold at most ${MAX_POOL} dice; got ${faces.length}`);
  faces.forEach((face, i) => {
    if (typeof face !== 'number' || !Number.isInteger(face) || face < 1 || face > DIE_SIDES) {
      throw new Error(`${name}[${i}] must be a whole number from 1 to ${DIE_SIDES}; got ${String(face)}`);
    }
  });
}

/** The clamped net modifier of every die in a pool of `dice`. */
export function perDieModifiers(dice: number, modifier: PoolModifier = 0): number[] {
  if (typeof modifier === 'number') {
    checkInteger('modifier', modifier, 'a whole number (clamped to -5..+5)');
    return new Array<number>(dice).fill(clampModifier(modifier));
  }
  if (!Array.isArray(modifier)) throw new Error('modifier must be a number or a list of numbers, one per die');
  if (modifier.length !== dice) {
    throw new Error(`modifier must hold one value per die: ${dice} dice but ${modifier.length} modifiers`);
  }
  return modifier.map((m, i) => {
    checkInteger(`modifier[${i}]`, m, 'a whole number (clamped to -5..+5)');
    return clampModifier(m);
  });
}

export function isSuccess(face: number, modifier = 0): boolean {
  return face + clampModifier(modifier) >= TARGET_NUMBER;
}

/** Number of successes among `faces` under a pool-wide or per-die modifier. */
export function countSuccesses(faces: readonly number[], modifier: PoolModifier = 0): number {
  checkFaces(faces);
  const mods = perDieModifiers(faces.length, modifier);
  let successes = 0;
  for (let i = 0; i < faces.length; i++) if (isSuccess(faces[i]!, mods[i]!)) successes++;
  return successes;
}

/** Chance that one die succeeds under a (clamped) modifier: (5 + m) / 10. */
export function dieSuccessChance(modifier = 0): number {
  const m = clampModifier(modifier);
  // Exact tenths: (5 + m) successful faces out of 10.
  return (DIE_SIDES - TARGET_NUMBER + 1 + m) / DIE_SIDES;
}

/**
 * Exact distribution of the number of successes: index k holds P(exactly k successes).
 * Binomial for a single modifier, Poisson-binomial for mixed per-die modifiers, by dynamic programme.
 */
export function successDistribution(dice: number, modifier: PoolModifier = 0): number[] {
  checkPoolSize(dice);
  const mods = perDieModifiers(dice, modifier);
  // One chance for every die (the usual pool): the binomial, term by term, in linear time; so a
  // first call (cold code) costs little. The programme below for mixed modifiers, and where q^n
  // would be too small for a double.
  const p = dice ? dieSuccessChance(mods[0]) : 0;
  if (mods.every((m) => m === mods[0]) && (p === 0 || p === 1 || dice * Math.log10(1 / (1 - p)) < 290)) return binomial(dice, p);
  let dist = new Float64Array(dice + 1);
  dist[0] = 1;
  let next = new Float64Array(dice + 1);
  for (let i = 0; i < dice; i++) {
    const p = dieSuccessChance(mods[i]);
    const q = 1 - p;
    next[0] = dist[0]! * q;
    for (let k = 1; k <= i + 1; k++) next[k] = dist[k]! * q + dist[k - 1]! * p;
    [dist, next] = [next, dist];
  }
  return Array.from(dist);
}

/** P(exactly k of n) for k = 0…n, each die succeeding with chance p (q^n must be a normal double). */
function binomial(n: number, p: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  if (p === 0 || p === 1) {
    out[p === 1 ? n : 0] = 1;
    return out;
  }
  const q = 1 - p;
  const ratio = p / q;
  let term = q ** n;
  out[0] = term;
  for (let k = 0; k < n; k++) {
    term *= ((n - k) / (k + 1)) * ratio;
    out[k + 1] = term;
  }
  return out;
}

/** P(at least `successes` successes) for a pool of `dice` under `modifier`. */
export function chanceAtLeast(dice: number, successes: number, modifier: PoolModifier = 0): number {
  checkInteger('successes', successes, 'a whole number of at least 0');
  if (successes < 0) throw new Error(`successes must be a whole number of at least 0; got ${successes}`);
  const dist = successDistribution(dice, modifier);
  if (successes > dice) return 0;
  let total = 0;
  for (let k = successes; k <= dice; k++) total += dist[k]!;
  return Math.min(1, total);
}

/** Expected number of successes. */
export function expectedSuccesses(dice: number, modifier: PoolModifier = 0): number {
  checkPoolSize(dice);
  return perDieModifiers(dice, modifier).reduce((sum, m) => sum + dieSuccessChance(m), 0);
}
