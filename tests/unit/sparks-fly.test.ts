import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSparksFly, sparksFlyOffer, type SparksFlyEvent, type SparksFlyLog } from '../../lib';
import { DEFAULT_POOL, STARTING_CARDS } from '../../lib/games/sparks-fly/cards';
import { offerAfter } from '../../lib/games/sparks-fly/offer';
import { applySparksFly, replaySparksFly, startMatch, type MatchState } from '../../lib/games/sparks-fly/engine';
import { isRefusal, refusalText } from '../../lib/games/game';
import { writeRubb } from '../../lib/forums/rpol/writer';

const count = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** Round 1 decided at once: A opens with a fold, B wins at 0 and declines; then the plays. */
function round1(a: [string, string], b: [string, string], extra: Partial<{ firstA: string }> = {}): SparksFlyLog {
  return {
    firstBidder: 'A',
    events: [{ fold: 'A' }, { decline: 'B' }, { play: 'A', cards: a, ...(extra.firstA ? { first: extra.firstA } : {}) }, { play: 'B', cards: b }],
  };
}
/** B's neutral pair: Ignore acting on Repeat (or Repeat making Ignore act on it) does nothing. */
const NEUTRAL: [string, string] = ['Ignore Other Card', 'Repeat Other Card'];

describe('the digest’s worked example', () => {
  it('round 1 of 120 each ends A 118, B 114, with 16 and 15 cards in hand', () => {
    const s = runSparksFly({
      firstBidder: 'A',
      events: [
        { bid: 'A', amount: 3 },
        { bid: 'B', amount: 5 },
        { fold: 'A' },
        { remove: 'B', card: '-5 Sparks to Self' },
        { play: 'A', cards: ['-3 Sparks to Self', 'Invert Other Card Target'] },
        { play: 'B', cards: ['Steal 1 Spark from Opponent', 'Repeat Other Card'] },
      ],
    });
    expect(s.refused).toBeNull();
    expect(s.sparks).toEqual({ A: 118, B: 114 });
    expect(count(s.hand.A)).toBe(16);
    expect(count(s.hand.B)).toBe(15);
    expect(s.hand.B['-5 Sparks to Self']).toBe(1);
    expect(s.discard.A).toEqual({ '-3 Sparks to Self': 1, 'Invert Other Card Target': 1 });
    expect(s).toMatchObject({ round: 2, step: 'auction', auction: 'add', winner: null });
  });
});

describe('the start', () => {
  it('18 cards in hand each, 120 Sparks (100 by the setting)', () => {
    const s = runSparksFly({ firstBidder: 'B', events: [] });
    expect(count(s.hand.A)).toBe(18);
    expect(s.hand.B).toEqual(Object.fromEntries(STARTING_CARDS));
    expect(s.sparks).toEqual({ A: 120, B: 120 });
    expect(runSparksFly({ sparks: 100, firstBidder: 'A', events: [] }).sparks.A).toBe(100);
    expect(s).toMatchObject({ round: 1, step: 'auction', auction: 'remove', refused: null });
  });
});

describe('every card alone (paired with −1 Spark to Self), hand-computed', () => {
  // [A's pair, A's Sparks after, B's Sparks after]
  it.each<[[string, string], number, number]>([
    [['-5 Sparks to Self', '-1 Spark to Self'], 114, 120],
    [['-3 Sparks to Self', '-1 Spark to Self'], 116, 120],
    [['-1 Spark to Self', '-1 Spark to Self'], 118, 120],
    [['Steal 1 Spark from Opponent', '-1 Spark to Self'], 120, 119],
    [['Invert Next Auction', '-1 Spark to Self'], 119, 120],
    [['Discard Recovery', '-1 Spark to Self'], 119, 120], // none in discard yet: +0
    [['Half Price Auction', '-1 Spark to Self'], 119, 120],
  ])('%j → A %i, B %i', (pair, a, b) => {
    const s = runSparksFly(round1(pair, NEUTRAL));
    expect(s.refused).toBeNull();
    expect(s.sparks).toEqual({ A: a, B: b });
  });
});

describe('each modifier with a plain card, both orders (the order does not matter)', () => {
  // [modifier, plain, A after, B after]
  const table: [string, string, number, number][] = [
    ['Invert Other Card Target', '-5 Sparks to Self', 120, 115],
    ['Invert Other Card Number', '-5 Sparks to Self', 125, 120],
    ['Repeat Other Card', '-5 Sparks to Self', 110, 120],
    ['Ignore Other Card', '-5 Sparks to Self', 120, 120],
    ['Copy Other Card', '-5 Sparks to Self', 115, 120],
    ['Buff Other Card by +1', '-5 Sparks to Self', 115, 120],
    ['Invert Other Card Target', 'Steal 1 Spark from Opponent', 119, 121],
    ['Invert Other Card Number', 'Steal 1 Spark from Opponent', 119, 121],
    ['Repeat Other Card', 'Steal 1 Spark from Opponent', 122, 118],
    ['Ignore Other Card', 'Steal 1 Spark from Opponent', 120, 120],
    ['Copy Other Card', 'Steal 1 Spark from Opponent', 121, 119],
    ['Buff Other Card by +1', 'Steal 1 Spark from Opponent', 121, 119],
  ];
  it.each(table)('%s + %s → A %i, B %i', (mod, plain, a, b) => {
    for (const first of [mod, plain]) {
      const s = runSparksFly(round1([mod, plain], NEUTRAL, { firstA: first }));
      expect(s.refused).toBeNull();
      expect(s.sparks).toEqual({ A: a, B: b });
    }
  });

  it('Copy puts a copy of the other card in its player’s discard', () => {
    const s = runSparksFly(round1(['Copy Other Card', '-5 Sparks to Self'], NEUTRAL));
    expect(s.discard.A).toEqual({ 'Copy Other Card': 1, '-5 Sparks to Self': 2 });
    expect(count(s.hand.A) + count(s.discard.A)).toBe(19);
  });

  it('Buff changes that instance’s number after the round, and names it with its number', () => {
    const s = runSparksFly(round1(['Buff Other Card by +1', '-5 Sparks to Self'], NEUTRAL));
    expect(s.sparks.A).toBe(115); // the −5 acted as printed this round
    expect(s.discard.A).toEqual({ 'Buff Other Card by +1': 1, '-5 Sparks to Self [-4]': 1 });
    expect(s.hand.A['-5 Sparks to Self']).toBe(1);
    const steal = runSparksFly(round1(['Buff Other Card by +1', 'Steal 1 Spark from Opponent'], NEUTRAL));
    expect(steal.discard.A['Steal 1 Spark from Opponent [2]']).toBe(1);
  });

  it('Invert Next Auction flips round 2 to a remove auction; repeated, the flips cancel', () => {
    expect(runSparksFly(round1(['Invert Next Auction', '-1 Spark to Self'], NEUTRAL)).auction).toBe('remove');
    expect(runSparksFly(round1(['Invert Next Auction', 'Repeat Other Card'], ['-1 Spark to Self', '-1 Spark to Self'])).auction).toBe('add');
    // Both players flipping: two flips cancel.
    expect(runSparksFly(round1(['Invert Next Auction', '-1 Spark to Self'], ['Invert Next Auction', '-1 Spark to Self'])).auction).toBe('add');
  });

  it('Half Price: the winner of the next auction pays half, rounded up; repeated, halved twice; inverted, the opponent’s', () => {
    const next = (pair: [string, string]): SparksFlyLog => {
      const log = round1(pair, ['-1 Spark to Self', '-1 Spark to Self']);
      log.seed = 'x';
      log.events.push({ bid: 'B', amount: 4 }, { bid: 'A', amount: 5 }, { fold: 'B' });
      return log;
    };
    // A: −1 (119), wins round 2 at 5, pays ceil(5/2) = 3 → 116.
    const half = next(['Half Price Auction', '-1 Spark to Self']);
    half.events.splice(7);
    half.events.push({ decline: 'A' });
    expect(runSparksFly(half).sparks.A).toBe(116);
    // Repeat: ceil(ceil(5/2)/2) = 2 → 118 (no −1 this time).
    const twice = next(['Half Price Auction', 'Repeat Other Card']);
    twice.events.splice(7);
    twice.events.push({ decline: 'A' });
    expect(runSparksFly(twice).sparks.A).toBe(118);
    // Inverted: A pays the full 5 (120 − 5).
    const inverted = next(['Half Price Auction', 'Invert Other Card Target']);
    inverted.events.splice(7);
    inverted.events.push({ decline: 'A' });
    expect(runSparksFly(inverted).sparks.A).toBe(115);
  });
});

describe('pairs of modifiers: the first acts on the second', () => {
  it('Repeat first + Copy: two copies of Repeat; Copy first: one copy, and Repeat does nothing', () => {
    const r = runSparksFly(round1(['Repeat Other Card', 'Copy Other Card'], NEUTRAL, { firstA: 'Repeat Other Card' }));
    expect(r.discard.A).toEqual({ 'Repeat Other Card': 3, 'Copy Other Card': 1 });
    const c = runSparksFly(round1(['Repeat Other Card', 'Copy Other Card'], NEUTRAL, { firstA: 'Copy Other Card' }));
    expect(c.discard.A).toEqual({ 'Repeat Other Card': 2, 'Copy Other Card': 1 });
    // Unnamed: both orders leave the Sparks level, so the order as played stands (Repeat first).
    const asPlayed = runSparksFly(round1(['Repeat Other Card', 'Copy Other Card'], NEUTRAL));
    expect(asPlayed.discard.A['Repeat Other Card']).toBe(3);
  });

  it('Copy first + Buff: a copy of the Buff; Buff first on Copy (no number): nothing', () => {
    const c = runSparksFly(round1(['Copy Other Card', 'Buff Other Card by +1'], NEUTRAL, { firstA: 'Copy Other Card' }));
    expect(c.discard.A).toEqual({ 'Copy Other Card': 1, 'Buff Other Card by +1': 2 });
    const b = runSparksFly(round1(['Copy Other Card', 'Buff Other Card by +1'], NEUTRAL, { firstA: 'Buff Other Card by +1' }));
    expect(b.discard.A).toEqual({ 'Copy Other Card': 1, 'Buff Other Card by +1': 1 });
  });

  it.each([
    ['Ignore Other Card', 'Invert Other Card Target'],
    ['Invert Other Card Number', 'Invert Other Card Target'],
    ['Ignore Other Card', 'Copy Other Card'],
  ])('%s + %s moves no Sparks', (x, y) => {
    const s = runSparksFly(round1([x, y], NEUTRAL));
    expect(s.sparks).toEqual({ A: 120, B: 120 });
  });
});

describe('every pair of starting cards, both orders', () => {
  const types = STARTING_CARDS.map(([n]) => n);
  const copies = Object.fromEntries(STARTING_CARDS);
  const pairs: [string, string][] = [];
  for (const x of types) for (const y of types) if (x !== y || copies[x]! >= 2) pairs.push([x, y]);

  it.each(pairs)('%s + %s: legal, Sparks move as the pair says, the cards land', (x, y) => {
    for (const first of [x, y]) {
      const log = round1([x, y], NEUTRAL, { firstA: first });
      const s = runSparksFly(log);
      expect(s.refused).toBeNull();
      // Only Steal and plain Spark cards (and Discard Recovery, here worth 0) move Sparks: bounded by 2 × 5 each.
      expect(Math.abs(s.sparks.A - 120)).toBeLessThanOrEqual(20);
      expect(Math.abs(s.sparks.B - 120)).toBeLessThanOrEqual(10);
      expect(count(s.hand.A)).toBe(16);
      const total = count(s.hand.A) + count(s.discard.A);
      expect(total).toBeGreaterThanOrEqual(18);
      expect(total).toBeLessThanOrEqual(20);
    }
  });

  it('the better order is kept when it matters: Invert Target + Steal named either way gives the same', () => {
    const a = runSparksFly(round1(['Invert Other Card Target', 'Steal 1 Spark from Opponent'], NEUTRAL));
    expect(a.sparks).toEqual({ A: 119, B: 121 });
  });
});

describe('Discard Recovery counts the ones already in the discard', () => {
  it('an added Discard Recovery in discard, then Discard Recovery + Repeat: +1 twice', () => {
    const s = runSparksFly({
      firstBidder: 'A',
      events: [
        { fold: 'A' },
        { decline: 'B' },
        { play: 'A', cards: ['-1 Spark to Self', '-1 Spark to Self'] }, // A 118
        { play: 'B', cards: NEUTRAL },
        { offer: ['Discard Recovery', 'Copy Other Card', 'Ignore Other Card'] },
        { bid: 'B', amount: 2 }, // B won round 1, so B bids first
        { bid: 'A', amount: 3 },
        { fold: 'B' }, // A pays 3 → 115
        { add: 'A', card: 'discard recovery', to: 'A' },
        { play: 'A', cards: ['Discard Recovery', 'Repeat Other Card'] }, // 1 in discard: +1 twice → 117
        { play: 'B', cards: ['-5 Sparks to Self', '-5 Sparks to Self'] }, // B 110
      ],
    });
    expect(s.refused).toBeNull();
    expect(s.sparks).toEqual({ A: 117, B: 110 });
    expect(s.discard.A['Discard Recovery']).toBe(2);
  });
});

describe('auctions and their limits', () => {
  const base = (events: SparksFlyEvent[]): SparksFlyLog => ({ firstBidder: 'A', events });

  it('bidding alternates, each raise at least 1, no bid above one’s Sparks', () => {
    expect(runSparksFly(base([{ bid: 'B', amount: 3 }])).refused?.rule).toMatch(/alternates/);
    expect(
      runSparksFly(
        base([
          { bid: 'A', amount: 3 },
          { bid: 'B', amount: 3 },
        ]),
      ).refused,
    ).toMatchObject({ event: 1, rule: expect.stringMatching(/at least 1/) });
    expect(runSparksFly(base([{ bid: 'A', amount: 121 }])).refused?.rule).toMatch(/can’t exceed the bidder’s Sparks/);
    expect(runSparksFly(base([{ bid: 'A', amount: 0 }])).refused?.rule).toMatch(/at least 1/);
  });

  it('an opening fold gives the other the auction at 0; only the winner acts', () => {
    const s = runSparksFly(base([{ fold: 'A' }, { remove: 'A', card: '-5 Sparks to Self' }]));
    expect(s.refused).toMatchObject({ event: 1, rule: expect.stringMatching(/Only the winner/) });
    const ok = runSparksFly(base([{ fold: 'A' }, { remove: 'B', card: '-5 sparks to self' }]));
    expect(ok.sparks.B).toBe(120);
    expect(ok.hand.B['-5 Sparks to Self']).toBe(1);
  });

  it('the winner pays the bid and may decline', () => {
    const s = runSparksFly(base([{ bid: 'A', amount: 7 }, { fold: 'B' }, { decline: 'A' }]));
    expect(s.sparks).toEqual({ A: 113, B: 120 });
    expect(s.step).toBe('play');
  });

  it('a card named with a minus sign of another kind, other case and spacing, is the same card', () => {
    const s = runSparksFly(base([{ fold: 'A' }, { remove: 'B', card: '−5  SPARKS to self' }]));
    expect(s.refused).toBeNull();
  });

  it('a removal of a card not in hand is refused', () => {
    expect(runSparksFly(base([{ fold: 'A' }, { remove: 'B', card: 'Shivan Dragon' }])).refused?.rule).toMatch(/from their hand/);
  });

  it('a one-card play is refused with the rule', () => {
    const log = base([{ fold: 'A' }, { decline: 'B' }, { play: 'A', cards: ['-5 Sparks to Self'] as unknown as [string, string] }]);
    expect(runSparksFly(log).refused).toMatchObject({ event: 2, rule: expect.stringMatching(/You cannot play only 1 card/) });
  });

  it('a missed play costs 5 Sparks', () => {
    const s = runSparksFly(base([{ fold: 'A' }, { decline: 'B' }, { miss: 'A' }, { play: 'B', cards: NEUTRAL }]));
    expect(s.sparks).toEqual({ A: 115, B: 120 });
    expect(count(s.hand.A)).toBe(18);
  });

  it('no removal at 4 cards, no gain at 20, no sixth card of a type', () => {
    // Remove: drive A down by removals is slow; build the state directly.
    let m: MatchState = startMatch({ firstBidder: 'A' });
    m = { ...m, cards: { ...m.cards, B: m.cards.B.map((c, i) => (i < 14 ? { ...c, zone: 'removed' as const } : c)) } };
    const r1 = applySparksFly(applySparksFly(m, { fold: 'A' }) as MatchState, { remove: 'B', card: 'Copy Other Card' });
    expect(isRefusal(r1) && refusalText('en', r1)).toMatch(/only 4 left/);

    let g: MatchState = startMatch({ firstBidder: 'A', seed: 's' });
    g = { ...g, auction: 'add', addAuctions: 1 };
    g = applySparksFly(g, { offer: ['-5 Sparks to Self', 'Copy Other Card', 'Ignore Other Card'] }) as MatchState;
    g = applySparksFly(g, { fold: 'A' }) as MatchState;
    const extra = (n: number, type = g.cards.A[0]!.type) =>
      Array.from({ length: n }, (_, i) => ({ id: 1000 + i, type, n: type.printed, zone: 'discard' as const }));
    const full = { ...g, cards: { ...g.cards, A: [...g.cards.A, ...extra(2, g.cards.A[17]!.type)] } };
    const r2 = applySparksFly(full, { add: 'B', card: 'Ignore Other Card', to: 'A' });
    expect(isRefusal(r2) && refusalText('en', r2)).toMatch(/20 cards/);
    const five = { ...g, cards: { ...g.cards, A: [...g.cards.A.slice(4), ...extra(5)] } };
    const r3 = applySparksFly(five, { add: 'B', card: '-5 Sparks to Self', to: 'A' });
    expect(isRefusal(r3) && refusalText('en', r3)).toMatch(/more than 5 of the same type/);
    const r4 = applySparksFly(g, { add: 'B', card: 'Shivan Dragon', to: 'A' });
    expect(isRefusal(r4) && refusalText('en', r4)).toMatch(/three cards shown/);
  });
});

describe('the seeded offer', () => {
  it('is re-derivable: seedrandom(seed + "/" + n), three splices from the pool without offer n − 1', async () => {
    const { default: seedrandom } = await import('seedrandom');
    const derive = (seed: string, n: number) => {
      let prev: string[] = [];
      let cur: string[] = [];
      for (let k = 1; k <= n; k++) {
        const remaining = DEFAULT_POOL.filter((c) => !prev.includes(c));
        const rng = seedrandom(`${seed}/${k}`);
        cur = [0, 1, 2].map(() => remaining.splice(Math.floor(rng() * remaining.length), 1)[0]!);
        prev = cur;
      }
      return cur;
    };
    for (const n of [1, 2, 3, 7]) expect(sparksFlyOffer('gauntlet-7', n)).toEqual(derive('gauntlet-7', n));
  });

  it('three different cards, none of the previous offer’s', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 30 }), (seed, n) => {
        const o = sparksFlyOffer(seed, n);
        const prev = sparksFlyOffer(seed, n - 1);
        expect(new Set(o).size).toBe(3);
        expect(o.some((c) => prev.includes(c))).toBe(false);
        expect(sparksFlyOffer(seed, n)).toEqual(o);
      }),
      { numRuns: 200 },
    );
  });

  it('an add auction without an offer event takes the k-th seeded offer, after the previous offer', () => {
    const seed = 'match-42';
    const log: SparksFlyLog = {
      firstBidder: 'A',
      seed,
      events: [{ fold: 'A' }, { decline: 'B' }, { play: 'A', cards: NEUTRAL }, { play: 'B', cards: NEUTRAL }, { fold: 'B' }],
    };
    const { match } = replaySparksFly(log);
    expect(match.auction).toBe('add');
    expect(match.offer).toEqual(sparksFlyOffer(seed, 1));
    // With the first offer shown by the DMO, the second seeded one excludes those three cards.
    const shown: [string, string, string] = ['Repeat Other Card', 'Copy Other Card', 'Ignore Other Card'];
    const events: SparksFlyEvent[] = [
      { fold: 'A' },
      { decline: 'B' },
      { play: 'A', cards: NEUTRAL },
      { play: 'B', cards: ['-1 Spark to Self', '-1 Spark to Self'] },
      { offer: shown },
      { fold: 'B' },
      { decline: 'A' },
      { play: 'A', cards: ['-1 Spark to Self', '-1 Spark to Self'] },
      { play: 'B', cards: ['-3 Sparks to Self', '-1 Spark to Self'] },
      // round 3: remove
      { fold: 'A' },
      { decline: 'B' },
      { play: 'A', cards: ['-3 Sparks to Self', '-3 Sparks to Self'] },
      { play: 'B', cards: ['-3 Sparks to Self', '-5 Sparks to Self'] },
      // round 4: add, seeded
      { fold: 'B' },
    ];
    const { match: m2, refused } = replaySparksFly({ firstBidder: 'A', seed, events });
    expect(refused).toBeNull();
    expect(m2).toMatchObject({ round: 4, auction: 'add', addAuctions: 2 });
    expect(m2.offer).toEqual(offerAfter(seed, 2, DEFAULT_POOL, shown));
    expect(m2.offer!.some((c) => shown.includes(c))).toBe(false);
  });
});

describe('the recycle rule and the end', () => {
  it('a hand of 0 or 1 takes the discard back, −5 Sparks', () => {
    // Nine rounds of plays empty an 18-card hand: then it comes back, −5.
    const pairs: [string, string][] = [
      ['Invert Other Card Target', 'Invert Other Card Number'],
      ['Ignore Other Card', 'Repeat Other Card'],
      ['Copy Other Card', 'Buff Other Card by +1'],
      ['Invert Next Auction', 'Half Price Auction'],
      ['Discard Recovery', 'Steal 1 Spark from Opponent'],
      ['Steal 1 Spark from Opponent', '-1 Spark to Self'],
      ['-1 Spark to Self', '-1 Spark to Self'],
      ['-3 Sparks to Self', '-3 Sparks to Self'],
      ['-5 Sparks to Self', '-5 Sparks to Self'],
    ];
    // Build it event by event with the engine telling who bids first.
    let m = startMatch({ firstBidder: 'A', seed: 'r' });
    const log: SparksFlyEvent[] = [];
    const push = (e: SparksFlyEvent) => {
      const n = applySparksFly(m, e);
      if (isRefusal(n)) throw new Error(`${JSON.stringify(e)}: ${n.rule}`);
      m = n;
      log.push(e);
    };
    for (const p of pairs) {
      push({ fold: m.turn! });
      push({ decline: m.won!.player });
      push({ play: 'A', cards: p });
      push({ play: 'B', cards: p });
    }
    const s = runSparksFly({ firstBidder: 'A', seed: 'r', events: log });
    // Each player's own pairs: Copy+Buff (Copy first: a copy of Buff) → 19 cards;
    // Sparks: Steal twice cancels between players; −1 −1 −1 −3 −3 −5 −5 −5 (Steal+(−1) pair) = … computed below.
    // Per player: (Discard Recovery + Steal): DR acts with 0 in discard, Steal +1/−1: both players, cancels.
    // (Steal + −1): −1. (−1, −1): −2. (−3, −3): −6. (−5, −5): −10. Recycle after round 9: −5. Total −24.
    expect(s.sparks).toEqual({ A: 96, B: 96 });
    expect(count(s.hand.A)).toBe(19);
    expect(count(s.discard.A)).toBe(0);
  });

  it('a scripted match of four rounds to its end, hand-computed', () => {
    const s = runSparksFly({
      sparks: 30,
      firstBidder: 'A',
      events: [
        // Round 1, remove: A pays 2 (28) and removes a −5.
        { bid: 'A', amount: 2 },
        { fold: 'B' },
        { remove: 'A', card: '-5 Sparks to Self' },
        { play: 'A', cards: ['-5 Sparks to Self', 'Repeat Other Card'] }, // A −10 → 18
        { play: 'B', cards: ['Steal 1 Spark from Opponent', 'Invert Other Card Number'] }, // B −1 (29), A +1 (19)
        // Round 2, add: A bid first (won round 1); B pays 3 (26) and adds a −5 to A's discard.
        { offer: ['-5 Sparks to Self', 'Half Price Auction', 'Copy Other Card'] },
        { bid: 'A', amount: 1 },
        { bid: 'B', amount: 3 },
        { fold: 'A' },
        { add: 'B', card: '-5 Sparks to Self', to: 'A' },
        { play: 'A', cards: ['-3 Sparks to Self', 'Invert Other Card Target'] }, // B −3 → 23
        { play: 'B', cards: ['Half Price Auction', '-1 Spark to Self'] }, // B −1 → 22, half price next
        // Round 3, remove: B wins at 8 and pays ceil(8 / 2) = 4 (18), declines.
        { bid: 'B', amount: 8 },
        { fold: 'A' },
        { decline: 'B' },
        { play: 'A', cards: ['-3 Sparks to Self', '-1 Spark to Self'] }, // A −4 → 15
        { play: 'B', cards: ['-5 Sparks to Self', '-5 Sparks to Self'] }, // B −10 → 8
        // Round 4, add: B bids all 8 and wins: 0 Sparks after the step, so A wins.
        { offer: ['Repeat Other Card', 'Ignore Other Card', 'Discard Recovery'] },
        { bid: 'B', amount: 8 },
        { fold: 'A' },
        { decline: 'B' },
      ],
    });
    expect(s).toMatchObject({ round: 4, step: 'over', winner: 'A', sparks: { A: 15, B: 0 }, refused: null });
    expect(s.discard.A).toEqual({
      '-5 Sparks to Self': 2,
      'Repeat Other Card': 1,
      '-3 Sparks to Self': 2,
      'Invert Other Card Target': 1,
      '-1 Spark to Self': 1,
    });
    expect(count(s.hand.A)).toBe(11);
    expect(count(s.hand.B)).toBe(12);
  });

  it('a scripted short match: B wins; both out on the same step: the more negative loses, a tie is the DMO’s', () => {
    const s = runSparksFly({
      sparks: 12,
      firstBidder: 'A',
      events: [
        { bid: 'A', amount: 10 },
        { fold: 'B' }, // A pays 10 → 2
        { decline: 'A' },
        { play: 'A', cards: ['-5 Sparks to Self', '-3 Sparks to Self'] }, // A −8 → −6
        { play: 'B', cards: ['-1 Spark to Self', '-1 Spark to Self'] }, // B 10
        { bid: 'A', amount: 1 },
      ],
    });
    expect(s).toMatchObject({ step: 'over', winner: 'B', sparks: { A: -6, B: 10 } });
    expect(s.refused).toMatchObject({ event: 5, rule: expect.stringMatching(/over/) });
    const both = (a: [string, string], b: [string, string]) =>
      runSparksFly({ sparks: 5, firstBidder: 'A', events: [{ fold: 'A' }, { decline: 'B' }, { play: 'A', cards: a }, { play: 'B', cards: b }] });
    expect(both(['-5 Sparks to Self', '-1 Spark to Self'], ['-5 Sparks to Self', '-3 Sparks to Self']).winner).toBe('A');
    expect(both(['-5 Sparks to Self', '-3 Sparks to Self'], ['-5 Sparks to Self', '-3 Sparks to Self']).winner).toBe('DMO');
  });
});

describe('properties', () => {
  /** A random but mostly legal match: a driver that asks the engine what is allowed. */
  const arbMatch = fc.record({
    seed: fc.string({ maxLength: 8 }),
    sparks: fc.integer({ min: 10, max: 150 }),
    choices: fc.array(fc.nat(1000), { minLength: 10, maxLength: 160 }),
  });

  function drive(seed: string, sparks: number, choices: number[]) {
    let m = startMatch({ firstBidder: 'A', seed, sparks });
    const events: SparksFlyEvent[] = [];
    const states: MatchState[] = [m];
    const hand = (p: 'A' | 'B') => m.cards[p].filter((c) => c.zone === 'hand');
    const label = (c: MatchState['cards']['A'][number]) => (c.n !== c.type.printed ? `${c.type.name} [${c.n}]` : c.type.name);
    for (const ch of choices) {
      if (m.step === 'over') break;
      let e: SparksFlyEvent;
      if (m.step === 'auction' && m.turn) {
        const p = m.turn;
        const min = (m.high?.amount ?? 0) + 1;
        e = ch % 3 === 0 || min > m.sparks[p] ? { fold: p } : { bid: p, amount: min + (ch % 3) };
      } else if (m.step === 'auction' && m.won) {
        const p = m.won.player;
        const h = hand(p);
        if (m.auction === 'remove' && ch % 2 === 0 && h.length) e = { remove: p, card: label(h[ch % h.length]!) };
        else if (m.auction === 'add' && m.offer && ch % 2 === 0) e = { add: p, card: m.offer[ch % 3]!, to: ch % 4 === 0 ? 'A' : 'B' };
        else e = { decline: p };
      } else {
        const p = m.plays.A ? 'B' : 'A';
        const h = hand(p);
        if (h.length < 2 || ch % 17 === 0) e = { miss: p };
        else {
          const i = ch % h.length;
          const j = (i + 1 + (ch % (h.length - 1))) % h.length;
          e = { play: p, cards: [label(h[i]!), label(h[j]!)] };
        }
      }
      const next = applySparksFly(m, e);
      if (isRefusal(next)) continue; // e.g. a limit: try the next choice
      events.push(e);
      m = next;
      states.push(m);
    }
    return { events, states };
  }

  it('Steal moves Sparks without creating any (Steal with a card that moves none itself)', () => {
    const partners = [
      'Invert Other Card Target',
      'Invert Other Card Number',
      'Repeat Other Card',
      'Ignore Other Card',
      'Copy Other Card',
      'Buff Other Card by +1',
      'Invert Next Auction',
      'Half Price Auction',
      'Steal 1 Spark from Opponent',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...partners), fc.boolean(), (partner, stealFirst) => {
        const s = runSparksFly(round1(['Steal 1 Spark from Opponent', partner], NEUTRAL, { firstA: stealFirst ? 'Steal 1 Spark from Opponent' : partner }));
        expect(s.sparks.A + s.sparks.B).toBe(240);
      }),
    );
  });

  it('card totals change only by removal, addition and copies; Sparks stay whole numbers', () => {
    fc.assert(
      fc.property(arbMatch, ({ seed, sparks, choices }) => {
        const { events, states } = drive(seed, sparks, choices);
        for (let i = 0; i < events.length; i++) {
          const e = events[i]!;
          const before = states[i]!;
          const after = states[i + 1]!;
          for (const p of ['A', 'B'] as const) {
            const n0 = before.cards[p].filter((c) => c.zone !== 'removed').length;
            const n1 = after.cards[p].filter((c) => c.zone !== 'removed').length;
            if ('remove' in e) expect(n1).toBe(e.remove === p ? n0 - 1 : n0);
            else if ('add' in e) expect(n1).toBe(e.to === p ? n0 + 1 : n0);
            else if ('play' in e || 'miss' in e) {
              expect(n1).toBeGreaterThanOrEqual(n0);
              expect(n1 - n0).toBeLessThanOrEqual(2);
            } else expect(n1).toBe(n0);
            expect(n1).toBeLessThanOrEqual(20);
            expect(Number.isInteger(after.sparks[p])).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the same log gives the same state; a refused event changes nothing', () => {
    fc.assert(
      fc.property(arbMatch, fc.nat(), ({ seed, sparks, choices }, at) => {
        const { events } = drive(seed, sparks, choices);
        const log = { firstBidder: 'A' as const, seed, sparks, events };
        const s = runSparksFly(log);
        expect(runSparksFly(structuredClone(log))).toEqual(s);
        expect(s.refused).toBeNull();
        // A bid above anyone's Sparks is refused wherever it comes; the state is that before it.
        const k = events.length ? at % (events.length + 1) : 0;
        const bad = { ...log, events: [...events.slice(0, k), { bid: 'A' as const, amount: 10_000_000 }, ...events.slice(k)] };
        const r = runSparksFly(bad);
        const before = runSparksFly({ ...log, events: events.slice(0, k) });
        expect(r.refused?.event).toBe(k);
        expect({ ...r, refused: null }).toEqual(before);
      }),
      { numRuns: 120 },
    );
  });

  it('the same seed always gives the same offers', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 12 }), (seed, n) => {
        expect(sparksFlyOffer(seed, n)).toEqual(sparksFlyOffer(seed, n));
      }),
    );
  });

  it('bad logs throw a clear error, bad events are refused, never thrown', () => {
    expect(() => runSparksFly({ firstBidder: 'C' as 'A', events: [] })).toThrow(/firstBidder/);
    expect(() => sparksFlyOffer('s', 0)).toThrow(/n must be/);
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 6 }), (events) => {
        const s = runSparksFly({ firstBidder: 'A', events: events as SparksFlyEvent[] });
        expect(s.round).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the state post and the log carried in it', () => {
  const base: SparksFlyLog = {
    firstBidder: 'A',
    seed: 'gauntlet-7',
    events: [
      { bid: 'A', amount: 3 },
      { bid: 'B', amount: 5 },
      { fold: 'A' },
      { remove: 'B', card: '-5 Sparks to Self' },
      { play: 'A', cards: ['-3 Sparks to Self', 'Invert Other Card Target'] },
      { play: 'B', cards: ['Steal 1 Spark from Opponent', 'Repeat Other Card'], first: 'Repeat Other Card' },
    ],
  };
  /** What a reader sees of a post: RPOL's markup rendered to text. */
  const asText = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/[ \t]+/g, ' ');

  it('the log text reads back to the same log', async () => {
    const { formatLogText, parseLogText } = await import('../../lib/games/sparks-fly/log-text');
    const text = formatLogText({ ...base, names: { A: 'Zara', B: 'Quint' } });
    expect(text).toContain('A bid 3 | B bid 5 | A fold | B remove "-5 Sparks to Self"');
    const back = parseLogText(`Some prose. ${text} More prose.`);
    expect(back).toMatchObject({ ok: true, log: { ...base, names: { A: 'Zara', B: 'Quint' } } });
    expect(parseLogText('no log here')).toBeNull();
    expect(parseLogText(text.replace('A fold', 'A shrugs'))).toMatchObject({ ok: false, error: expect.stringMatching(/not a move/) });
  });

  it('any driven match: log text round trip (property)', async () => {
    const { formatLogText, parseLogText } = await import('../../lib/games/sparks-fly/log-text');
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom<SparksFlyEvent>(...base.events, { miss: 'B' }, { decline: 'A' }, { offer: ['a', 'b', 'c'] }, { add: 'A', card: 'x', to: 'B' }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 500 }),
        (events, sparks) => {
          const log = { firstBidder: 'B' as const, sparks, events };
          const r = parseLogText(formatLogText(log));
          expect(r).toMatchObject({ ok: true, log });
        },
      ),
    );
  });

  it('the board: green in hand, red in discard, blue no card; the offer row only in add auctions', async () => {
    const { statePost, summaryLine } = await import('../../lib/games/sparks-fly/board');
    const { match } = replaySparksFly(base);
    const post = writeRubb(statePost(match, base));
    expect(summaryLine(match)).toBe('Round 2 · add auction · A 118 Sparks (16 in hand, 2 in discard) · B 114 Sparks (15 in hand, 2 in discard)');
    // B's −5 row: one in hand, one removed.
    expect(post).toContain('<tr><td>-5 Sparks to Self</td><td><Green>■</Green> <Green>■</Green></td><td><Green>■</Green> <Blue>■</Blue></td></tr>');
    expect(post).toContain('<tr><td>-3 Sparks to Self</td><td><Green>■</Green> <Red>■</Red></td>');
    expect(post).toMatch(/<b>Offered:<\/b> .+ · .+ · .+/);
    const remove = replaySparksFly({ ...base, events: base.events.slice(0, 3) }).match;
    expect(writeRubb(statePost(remove, base))).not.toContain('Offered');
  });

  it('a second reader: honest posts follow, a changed board or a rewritten log is a mismatch, an illegal move a rules finding', async () => {
    const { statePost } = await import('../../lib/games/sparks-fly/board');
    const { checkStatePosts } = await import('../../lib/games/sparks-fly/thread');
    const post = (events: SparksFlyEvent[]) => {
      const log = { ...base, events };
      return asText(writeRubb(statePost(replaySparksFly(log).match, log)));
    };
    const p1 = post(base.events.slice(0, 4));
    const p2 = post(base.events);
    const honest = checkStatePosts([
      { number: 3, text: p1 },
      { number: 7, text: 'prose only' },
      { number: 9, text: p2 },
    ]);
    expect(honest.map((c) => [c.post, c.verdict])).toEqual([
      [3, 'follows'],
      [9, 'follows'],
    ]);
    expect(honest[1]!.match!.sparks).toEqual({ A: 118, B: 114 });

    const forgedBoard = p2.replace('A 118 Sparks', 'A 128 Sparks');
    const f = checkStatePosts([
      { number: 3, text: p1 },
      { number: 9, text: forgedBoard },
    ]);
    expect(f[1]).toMatchObject({ verdict: 'mismatch', reasons: [expect.stringMatching(/A has 118 Sparks by the log, the post says 128/)] });

    const rewritten = post([
      { bid: 'A', amount: 3 },
      { bid: 'B', amount: 4 },
      { fold: 'A' },
      { remove: 'B', card: '-5 Sparks to Self' },
      ...base.events.slice(4),
    ]);
    expect(
      checkStatePosts([
        { number: 3, text: p1 },
        { number: 9, text: rewritten },
      ])[1]!.verdict,
    ).toBe('mismatch');

    const illegal = post([...base.events.slice(0, 3), { remove: 'A', card: '-5 Sparks to Self' }]);
    expect(checkStatePosts([{ number: 2, text: illegal }])[0]).toMatchObject({
      verdict: 'rules',
      reasons: [expect.stringMatching(/Move 4 of the log is not allowed: Only the winner/)],
    });

    expect(checkStatePosts([{ number: 2, text: 'Spark Scribe log · When Sparks Fly v1 · first A :: A bid x :: end of log' }])[0]!.verdict).toBe('unreadable');
  });
});
