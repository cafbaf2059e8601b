import { describe, expect, it } from 'vitest';
import { chanceAtLeast } from '../../lib/dice/pool';
import { claimMismatch, findClaim, readSparkRoll } from '../../lib/spark/reading';
import { formatReason, parseReason } from '../../lib/spark/reason';

describe('reason grammar (digest §8)', () => {
  it.each([
    ['Draw: Disenchant (Common)', { kind: 'draw', card: 'Disenchant', rarity: 'Common', modifier: 0 }],
    ['draw:disenchant(common)', { kind: 'draw', card: 'disenchant', rarity: 'Common' }],
    ['DRAW - Serra Angel (rare) (+1)', { kind: 'draw', card: 'Serra Angel', rarity: 'Rare', modifier: 1 }],
    ['Draw: Force of Will Uncommon', { kind: 'draw', card: 'Force of Will', rarity: 'Uncommon' }],
    ['Draw: Nicol Bolas (Mythic/Legendary)', { kind: 'draw', rarity: 'Mythic/Legendary' }],
    ['Draw: Forest (Basic Land)', { kind: 'draw', card: 'Forest', rarity: 'Basic Land' }],
    ['Draw: Island', { kind: 'draw', card: 'Island', rarity: undefined }],
    ['Starting Hand', { kind: 'starting-hand' }],
    ['starting  hand.', { kind: 'starting-hand' }],
    ['Speed', { kind: 'speed' }],
    ['speed (+2)', { kind: 'speed', modifier: 2 }],
    ['Initiative', { kind: 'speed' }],
    ['Channel: Blue', { kind: 'channel', colour: 'Blue' }],
    ['channeling red +1', { kind: 'channel', colour: 'Red', modifier: 1 }],
    ['Channel: Islands', { kind: 'channel', colour: 'Blue' }],
    ['Toughness vs 5', { kind: 'toughness', damage: 5 }],
    ['toughness vs. 3 (-1)', { kind: 'toughness', damage: 3, modifier: -1 }],
    ['Toughness', { kind: 'toughness', damage: undefined }],
    ['Damage', { kind: 'damage' }],
    ['Ad-hoc: Memory + White', { kind: 'ad-hoc', attributes: ['Memory', 'White'] }],
    ['adhoc memory+white (+1)', { kind: 'ad-hoc', attributes: ['Memory', 'White'], modifier: 1 }],
    ['Sword attack (held action)', { kind: 'other' }],
    ['Speed (+1) (+1)', { kind: 'speed', modifier: 2 }],
  ])('%s', (text, want) => {
    expect(parseReason(text)).toMatchObject(want);
  });

  it('the reply builder’s reason text reads back as the same roll', () => {
    const cases = [
      { kind: 'draw', card: 'Counterspell', rarity: 'Uncommon', modifier: 0 },
      { kind: 'channel', colour: 'Green', modifier: 1 },
      { kind: 'toughness', damage: 4, modifier: -1 },
      { kind: 'ad-hoc', attributes: ['Memory', 'White'], modifier: 0 },
      { kind: 'speed', modifier: 0 },
      { kind: 'starting-hand', modifier: 0 },
      { kind: 'damage', modifier: 2 },
    ] as const;
    for (const c of cases) expect(parseReason(formatReason(c as never))).toMatchObject(c);
  });
});

const d10 = (faces: number[], reason: string, extra = {}) => ({
  specs: [{ count: faces.length, sides: 10, modifier: 0, raw: `${faces.length}d10` }],
  faces,
  results: [faces.reduce((a, b) => a + b, 0)],
  reason,
  rerollOnes: false,
  ...extra,
});

describe('reading a roll', () => {
  it('digest §5: Memory 6, Draw Counterspell (Uncommon)', () => {
    expect(readSparkRoll(d10([2, 9, 6, 4, 10, 5], 'Draw: Counterspell (Uncommon)'))).toMatchObject({ successes: 3, difficulty: 3, outcome: 'drawn' });
    const failed = readSparkRoll(d10([2, 9, 5, 4, 1, 3], 'Draw: Counterspell (Uncommon)'));
    expect(failed).toMatchObject({ successes: 1, outcome: 'failed: +1 to channeling' });
    expect(chanceAtLeast(failed.dice, failed.difficulty!, failed.modifier)).toBeCloseTo(0.65625, 10); // P(≥3 of 6 at p=.5) = 42/64
  });
  it('digest §7: 5 damage, Toughness 4, faces 1 7 6 1', () => {
    expect(readSparkRoll(d10([1, 7, 6, 1], 'Toughness vs 5'))).toMatchObject({ successes: 2, outcome: '3 damage taken, Toughness −2' });
  });
  it('digest §1: the modifier suffix applies to every die', () => {
    expect(readSparkRoll(d10([3, 7, 8, 1, 6], 'Ad-hoc: Memory + White (+3)')).successes).toBe(4);
    expect(readSparkRoll(d10([3, 7, 8, 1, 6], 'Damage (-1)')).successes).toBe(2);
    expect(readSparkRoll(d10([3, 7, 8, 1, 6], 'Damage (-7)')).successes).toBe(0);
  });
  it('a roll without faces has no successes and says why', () => {
    const r = readSparkRoll({ ...d10([1, 2, 3], 'Speed'), faces: null });
    expect(r.successes).toBeNull();
    expect(r.notes.join(' ')).toMatch(/Record each die/);
    const big = readSparkRoll({
      specs: [{ count: 25, sides: 10, modifier: 0, raw: '25d10' }],
      faces: null,
      results: [130],
      reason: 'Damage',
      rerollOnes: false,
    });
    expect(big.notes.join(' ')).toMatch(/only up to 20 dice/);
  });
  it('reroll-ones is noted: not a Spark d10 option', () => {
    expect(readSparkRoll(d10([6, 7], 'Speed', { rerollOnes: true })).notes.join(' ')).toMatch(/Reroll 1/);
  });
  it('a d20 roll is not a success pool', () => {
    expect(
      readSparkRoll({ specs: [{ count: 1, sides: 20, modifier: 2, raw: 'd20+2' }], faces: null, results: [17], reason: 'Damage', rerollOnes: false }),
    ).toMatchObject({ kind: 'other', successes: null, outcome: 'total 17' });
  });
});

describe('claims near a roll', () => {
  const drawn = readSparkRoll(d10([9, 9, 9], 'Draw: Shock (Common)'));
  const failed = readSparkRoll(d10([1, 1, 9], 'Draw: Shock (Common)'));
  it.each([
    ['3 successes!', drawn, null],
    ['2 successes', drawn, /claims 2 successes; the dice show 3/],
    ['Drew it!', drawn, null],
    ['Drew it!', failed, /the draw failed/],
    ['Failed, sadly.', failed, null],
    ['failed', drawn, /the draw succeeded/],
  ])('%s', (text, reading, problem) => {
    const claim = findClaim(text as string)!;
    const got = claimMismatch(claim, reading as never);
    if (problem) expect(got).toMatch(problem as RegExp);
    else expect(got).toBeNull();
  });
  it('no claim in plain prose', () => {
    expect(findClaim('She steps back and raises her hands.')).toBeNull();
  });
});
