import seedrandom from 'seedrandom';
import { checkPoolSize, DIE_SIDES } from './pool';

/** A roller that gives the same faces for the same seed string (for previews, tests and demos). */
export function seededRoller(seed: string): (dice: number) => number[] {
  const rng = seedrandom(seed);
  return (dice: number) => {
    checkPoolSize(dice);
    return Array.from({ length: dice }, () => 1 + Math.floor(rng() * DIE_SIDES));
  };
}

/** Roll `dice` d10 from a seed string: same seed, same faces. */
export function rollSeeded(dice: number, seed: string): number[] {
  return seededRoller(seed)(dice);
}
