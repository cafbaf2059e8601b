/**
 * The seeded deal of Parlor Magic, so that either ruler (or a spectator) can re-derive every card:
 * `parlorShuffle` is Fisher–Yates with `rng = seedrandom(seed + '#' + counter)`: for i from n − 1
 * down to 1, `j = Math.floor(rng() * (i + 1))`, swap items i and j. `parlorDeal(seed)` shuffles
 * the canonical deck with counter 0; the k-th reshuffle of the Recycle pile uses counter k.
 */
import seedrandom from 'seedrandom';
import { CANONICAL_DECK } from './cards';

export function parlorShuffle(cards: readonly string[], seed: string, counter: number): string[] {
  if (!Array.isArray(cards)) throw new Error('parlorShuffle: cards must be a list');
  if (typeof seed !== 'string') throw new Error('parlorShuffle: seed must be a string');
  if (!Number.isInteger(counter) || counter < 0) throw new Error('parlorShuffle: counter must be a whole number from 0');
  const out = [...cards];
  const rng = seedrandom(`${seed}#${counter}`);
  for (let i = out.length - 1; i >= 1; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/** The 52 cards of a deal, top of the draw pile first. */
export function parlorDeal(seed: string): string[] {
  return parlorShuffle(CANONICAL_DECK, seed, 0);
}
