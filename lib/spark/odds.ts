/** Odds for the reply builders: expected lands from a Channeling, and the damage a Toughness roll lets through. */
import { successDistribution } from '../dice/pool';

/** Expected basic lands from Channeling `dice` at `modifier` with `trades` automatic successes, capped by `room`. */
export function expectedLands(dice: number, modifier: number, trades: number, room: number): number {
  const dist = successDistribution(dice, modifier);
  return dist.reduce((e, p, k) => e + p * Math.min(k + trades, Math.max(0, room)), 0);
}

/**
 * The damage a defender takes from `attackDice` Power dice (successes = damage) against a Toughness
 * roll of `toughnessDice`: index k = P(exactly k taken), taken = max(0, damage − successes).
 */
export function damageTakenDistribution(attackDice: number, attackModifier: number, toughnessDice: number, toughnessModifier = 0): number[] {
  const d = successDistribution(attackDice, attackModifier);
  const t = successDistribution(toughnessDice, toughnessModifier);
  const out = new Array<number>(attackDice + 1).fill(0);
  d.forEach((pd, dmg) => {
    t.forEach((pt, saved) => {
      out[Math.max(0, dmg - saved)]! += pd * pt;
    });
  });
  return out;
}

/** P(at least one die shows a 1): the chance a Toughness roll wears Toughness. */
export const chanceOfWear = (dice: number) => 1 - 0.9 ** Math.max(0, dice);

/** The damage taken from a known `damage` against a Toughness roll of `toughnessDice`: index k = P(exactly k taken). */
export function takenDistribution(damage: number, toughnessDice: number, modifier = 0): number[] {
  const saved = successDistribution(toughnessDice, modifier);
  const out = new Array<number>(damage + 1).fill(0);
  saved.forEach((q, s) => {
    out[Math.max(0, damage - s)]! += q;
  });
  return out;
}
