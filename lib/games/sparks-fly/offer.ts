/**
 * The seeded offer of an add auction, so that anyone can re-derive it from the published seed:
 * for the n-th add auction (1-based), `remaining` is the pool without the cards of offer n − 1,
 * `rng = seedrandom(seed + '/' + n)`, and each of the three draws is
 * `remaining.splice(Math.floor(rng() * remaining.length), 1)[0]`.
 */
import seedrandom from 'seedrandom';
import { DEFAULT_POOL } from './cards';

export type Offer = [string, string, string];

/** The n-th offer given the offer before it (seeded or shown by the DMO). */
export function offerAfter(seed: string, n: number, pool: readonly string[], previous: readonly string[] | null): Offer {
  const prior = new Set(previous ?? []);
  const remaining = pool.filter((c) => !prior.has(c));
  if (remaining.length < 3) throw new Error(`sparksFlyOffer: the pool has ${remaining.length} card(s) left after the previous offer; an offer needs 3`);
  const rng = seedrandom(`${seed}/${n}`);
  const draw = () => remaining.splice(Math.floor(rng() * remaining.length), 1)[0]!;
  const a = draw();
  const b = draw();
  const c = draw();
  return [a, b, c];
}

/** The three cards of the n-th add auction (1-based) of a match seeded with `seed`, in the order drawn. */
export function sparksFlyOffer(seed: string, n: number, pool: readonly string[] = DEFAULT_POOL): Offer {
  if (typeof seed !== 'string') throw new Error('sparksFlyOffer: seed must be a string');
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(`sparksFlyOffer: n must be a whole number from 1 (got ${String(n)})`);
  if (!Array.isArray(pool) || pool.some((c) => typeof c !== 'string')) throw new Error('sparksFlyOffer: pool must be a list of card names');
  let previous: Offer | null = null;
  for (let k = 1; k <= n; k++) previous = offerAfter(seed, k, pool, previous);
  return previous!;
}
