import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keywordCost, maxCommonCopies, xpCost } from '../../lib';
import { attributeRule, ATTRIBUTES, nextStep } from '../../lib/spark/attributes';

describe('digest §2 worked examples: attribute XP', () => {
  it.each([
    ['Power', 0, 3, 6],
    ['Memory', 5, 7, 13],
    ['Blue', 0, 4, 10],
    ['Life', 5, 12, 9],
    ['Life', 5, 20, 30],
    ['Max Deck Size', 10, 40, 12],
    ['Max Rare Cards', 0, 3, 6],
    ['Max Rare Copies', 0, 2, 6],
    ['Max Uncommon Copies', 0, 3, 6],
    ['Max Rare Copies', 0, 4, 12],
    ['Max Uncommon Copies', 0, 4, 8],
    ['Max Uncommon Cards', 0, 5, 5],
    ['Max Deck Size', 10, 70, 2 + 4 + 6 + 8 + 10 + 12],
    ['Life', 29, 31, 5 + 6],
    ['toughness', 2, 4, 3 + 4],
    ['  white ', 0, 1, 1],
  ])('%s %i → %i costs %i XP', (a, from, to, xp) => {
    expect(xpCost(a, from, to)).toBe(xp);
  });

  it('Max Uncommon Copies 3 makes Max Common Copies 3 for free; 4 makes 4', () => {
    expect([0, 1, 2, 3, 4].map((u) => maxCommonCopies(u))).toEqual([2, 2, 2, 3, 4]);
    expect(maxCommonCopies(0, true)).toBe(4);
  });

  it('cost from start s to v of a v+1 attribute is (v(v+1) − s(s+1)) / 2', () => {
    for (const a of ['Power', 'Toughness', 'Focus', 'Memory', 'Black', 'Blue', 'Green', 'Red', 'White']) {
      const s = attributeRule(a as never).start;
      for (let v = s; v < s + 30; v++) expect(xpCost(a, s, v)).toBe((v * (v + 1) - s * (s + 1)) / 2);
    }
  });

  it.each([
    [() => xpCost('Strength', 0, 1), /attribute must be one of Power, Toughness, Life/],
    [() => xpCost('Life', 3, 5), /from.*Life starts at 5/],
    [() => xpCost('Max Rare Copies', 0, 5), /to.*0 to 4/],
    [() => xpCost('Max Deck Size', 10, 25), /steps of 10/],
    [() => xpCost('Power', 3, 1), /to \(1\) must be at least from \(3\)/],
    [() => xpCost('Power', -1, 1), /from/],
  ])('invalid: %#', (fn, msg) => expect(fn).toThrow(msg));
});

describe('XP cost is additive over any intermediate value', () => {
  it('holds for every attribute', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ATTRIBUTES), fc.nat(40), fc.nat(40), fc.nat(40), (a, x, y, z) => {
        const r = attributeRule(a);
        const vals = [x, y, z]
          .map((n) => r.start + n * r.step)
          .map((v) => (r.max !== undefined ? Math.min(v, r.max) : v))
          .sort((p, q) => p - q);
        const [lo, mid, hi] = vals as [number, number, number];
        expect(xpCost(a, lo, hi)).toBe(xpCost(a, lo, mid) + xpCost(a, mid, hi));
      }),
    );
  });
  it('the next step costs what xpCost says', () => {
    for (const a of ATTRIBUTES) {
      const s = attributeRule(a).start;
      const step = nextStep(a, s)!;
      expect(step.cost).toBe(xpCost(a, s, step.to));
    }
    expect(nextStep('Max Rare Copies', 4)).toBeNull();
  });
});

describe('digest §2 worked examples: keywords', () => {
  it.each([
    ['Defender', [], undefined, -3],
    ['Haste', [], undefined, 2],
    ['Combat Casting', [], undefined, 2],
    ['Combat Casting', [], 3, 6],
    ['Frenzy', [], 3, 7],
    ['Frenzy 3', [], undefined, 7],
    ['Resistance to Color', [], 2, 5],
    ['Resistance to Color', [], 3, 7],
    ['Resistance to Red 2', [], undefined, 5],
    ['Regeneration', [], undefined, 3],
    ['Regeneration', [], 2, 6],
    ['Regeneration (GG)', [], undefined, 9],
    ['Uber-Trample', [], undefined, 8],
    ['Uber-Trample', ['Trample'], undefined, 4],
    ['Infect', ['Poisonous 2'], undefined, 4],
    ['Infect', ['Wither'], undefined, 4],
    ['Infect', [], undefined, 9],
    ['Doublestrike', ['First Strike'], undefined, 4],
    ['Double Strike', [], undefined, 10],
    ['Protection From Color', ['Resistance to Color 3'], undefined, 9],
    ['Protection from Red', [], undefined, 11],
    ['Hexproof', ['Shroud'], undefined, 6],
    ['Hexproof', [], undefined, 12],
    ['Landwalk', [], undefined, 7],
    ['Swampwalk', [], undefined, 7],
    ['Bushido', [], 2, 7],
    ['Immunity to Color', [], undefined, 9],
  ] as const)('%s (owned %j, level %s) costs %i', (k, owned, level, xp) => {
    expect(keywordCost(k, [...owned], level)).toBe(xp);
  });

  it('a per-game adjustment changes the cost', () => {
    expect(keywordCost('Flying', [], undefined, { adjustments: { Flying: -2 } })).toBe(3);
  });

  it.each([
    [() => keywordCost('Teleport'), /keyword must be one of Defender/],
    [() => keywordCost('Frenzy', [], 4), /level must be a whole number from 1 to 3 for Frenzy/],
    [() => keywordCost('Flying', [], 2), /level must be 1 for Flying/],
    [() => keywordCost('Regeneration', [], 5), /1 to 4/],
  ])('invalid: %#', (fn, msg) => expect(fn).toThrow(msg));
});
