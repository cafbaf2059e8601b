import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chanceAtLeast, checkDifficulty, contest, countSuccesses, rollSeeded, successDistribution } from '../../lib';

describe('digest §1 worked examples', () => {
  const faces = [3, 7, 8, 1, 6];
  it.each([
    [faces, 0, 3],
    [faces, 1, 3],
    [faces, 3, 4],
    [faces, -1, 2],
    [faces, 5, 5],
    [faces, -5, 0],
    [faces, -7, 0],
    [faces, 9, 5],
    [[2, 9, 6, 4, 10, 5], 0, 3],
    [[2, 9, 5, 4, 1, 3], 0, 1],
    [[1, 7, 6, 1], 0, 2],
  ])('%j with modifier %i → %i successes', (f, m, expected) => {
    expect(countSuccesses(f, m)).toBe(expected);
  });

  it('4d10, at least 2 successes at m=0 is 11/16', () => {
    expect(chanceAtLeast(4, 2, 0)).toBeCloseTo(11 / 16, 12);
  });

  it('one die succeeds with p = (5 + m) / 10', () => {
    expect(successDistribution(1, 0)[1]).toBeCloseTo(0.5, 12);
    expect(successDistribution(1, 1)[1]).toBeCloseTo(0.6, 12);
    expect(successDistribution(1, -2)[1]).toBeCloseTo(0.3, 12);
  });

  it('per-die modifiers touch only their die ("+1 on the first d10")', () => {
    expect(countSuccesses([5, 5, 5], [1, 0, 0])).toBe(1);
  });

  it('difficulty 0 always succeeds; margin = result − difficulty', () => {
    expect(checkDifficulty(0, 0)).toMatchObject({ succeeded: true, margin: 0 });
    expect(checkDifficulty(2, 3)).toMatchObject({ succeeded: false, margin: -1 });
  });
});

describe('contested rolls', () => {
  it('higher result wins by the difference', () => {
    expect(contest({ successes: 4 }, { successes: 1 })).toEqual({ winner: 'first', margin: 3, brokenByFaces: false });
    expect(contest({ successes: 1 }, { successes: 2 })).toMatchObject({ winner: 'second', margin: 1 });
  });
  it('a tie stays a tie unless Speed breaks it by face sum', () => {
    expect(contest({ successes: 2, faces: [6, 7] }, { successes: 2, faces: [9, 9] })).toMatchObject({ winner: 'tie' });
    expect(contest({ successes: 2, faces: [6, 7] }, { successes: 2, faces: [9, 9] }, true)).toMatchObject({ winner: 'second', brokenByFaces: true });
    expect(contest({ successes: 2, faces: [8, 8] }, { successes: 2, faces: [9, 7] }, true)).toMatchObject({ winner: 'tie' });
  });
});

describe('invalid arguments name the argument and the allowed values', () => {
  it.each([
    [() => countSuccesses([0, 5]), /faces\[0\].*1 to 10/],
    [() => countSuccesses([11]), /faces\[0\].*1 to 10/],
    [() => countSuccesses([2.5]), /faces\[0\]/],
    [() => successDistribution(-1), /dice.*0 to/],
    [() => chanceAtLeast(3, -1), /successes/],
    [() => countSuccesses([5, 6], [1]), /modifier.*one value per die/],
    [() => countSuccesses([5], Number.NaN), /modifier/],
  ])('%#', (fn, message) => {
    expect(fn).toThrow(message);
  });
});

/** Brute force: every face combination of `dice` d10. */
function bruteForce(dice: number, mods: number[]): number[] {
  const dist = new Array(dice + 1).fill(0);
  const total = 10 ** dice;
  for (let n = 0; n < total; n++) {
    let rest = n;
    const faces: number[] = [];
    for (let i = 0; i < dice; i++) {
      faces.push((rest % 10) + 1);
      rest = Math.floor(rest / 10);
    }
    dist[countSuccesses(faces, mods)]++;
  }
  return dist.map((c) => c / total);
}

describe('distribution properties', () => {
  it('equals brute-force enumeration for pools up to 6 dice, every modifier −6..+6 (mixed per die)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }).chain((n) => fc.array(fc.integer({ min: -6, max: 6 }), { minLength: n, maxLength: n })),
        (mods) => {
          const exact = successDistribution(mods.length, mods);
          const brute = bruteForce(mods.length, mods);
          for (const [k, p] of exact.entries()) expect(p).toBeCloseTo(brute[k]!, 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('every single modifier −6..+6 on pools 0..5 matches brute force', () => {
    for (let m = -6; m <= 6; m++) {
      for (let n = 0; n <= 5; n++) {
        const exact = successDistribution(n, m);
        for (const [k, p] of bruteForce(n, new Array(n).fill(m)).entries()) expect(exact[k]).toBeCloseTo(p, 12);
      }
    }
  });

  it('one modifier for the whole pool (the binomial, term by term) agrees with the dynamic programme, up to 1,000 dice', () => {
    // The programme, as the mixed case runs it: one die at a time.
    const programme = (n: number, p: number) => {
      let dist = [1];
      for (let i = 0; i < n; i++) dist = [...dist.map((x) => x * (1 - p)), 0].map((x, k) => x + (k ? dist[k - 1]! * p : 0));
      return dist;
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -6, max: 6 }), (n, m) => {
        const fast = successDistribution(n, m);
        const slow = programme(n, Math.min(1, Math.max(0, (5 + Math.max(-5, Math.min(5, m))) / 10)));
        expect(fast).toHaveLength(n + 1);
        for (const [k, p] of fast.entries()) expect(Math.abs(p - slow[k]!)).toBeLessThan(1e-12);
        expect(fast.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      }),
      { numRuns: 60 },
    );
  });

  it('sums to 1 for any pool up to 200 dice with mixed modifiers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -7, max: 7 }), { maxLength: 200 }), (mods) => {
        const sum = successDistribution(mods.length, mods).reduce((a, b) => a + b, 0);
        expect(sum).toBeCloseTo(1, 9);
      }),
      { numRuns: 100 },
    );
  });

  it('successes never fall when the modifier rises', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 40 }), fc.integer({ min: -8, max: 8 }), (faces, m) => {
        expect(countSuccesses(faces, m + 1)).toBeGreaterThanOrEqual(countSuccesses(faces, m));
      }),
    );
  });

  it('chance of at least k never rises with k and never falls with the modifier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 31 }), fc.integer({ min: -6, max: 5 }), (n, k, m) => {
        expect(chanceAtLeast(n, k + 1, m)).toBeLessThanOrEqual(chanceAtLeast(n, k, m) + 1e-12);
        expect(chanceAtLeast(n, k, m + 1)).toBeGreaterThanOrEqual(chanceAtLeast(n, k, m) - 1e-12);
      }),
    );
  });
});

describe('seeded roller', () => {
  it('gives the same faces for the same seed, different for another', () => {
    expect(rollSeeded(20, 'duel-1')).toEqual(rollSeeded(20, 'duel-1'));
    expect(rollSeeded(20, 'duel-1')).not.toEqual(rollSeeded(20, 'duel-2'));
    expect(rollSeeded(100, 'x').every((f) => f >= 1 && f <= 10)).toBe(true);
  });
});
