import { describe, expect, it } from 'vitest';
import {
  channelingResult,
  drawDifficulty,
  drawOutcome,
  initiativeOrder,
  lifeState,
  manaBurn,
  planChanneling,
  staggersFromDamage,
  startingHand,
  toughnessRoll,
} from '../../lib';
import { countSuccesses } from '../../lib';
import { GameRulesSchema } from '../../lib/spark/rules-schema';

describe('draw difficulty (digest §5)', () => {
  it.each([
    ['Basic Land', 0],
    ['common', 2],
    ['UNCOMMON', 3],
    [' Rare ', 4],
    ['Mythic/Legendary', 5],
    ['Mythic', 5],
    ['Legendary', 5],
  ])('%s → %i', (r, d) => expect(drawDifficulty(r)).toBe(d));
  it('an unknown rarity is a clear error', () => {
    expect(() => drawDifficulty('Epic')).toThrow(/rarity must be one of Basic Land, Common, Uncommon, Rare, Mythic\/Legendary; got "Epic"/);
  });
  it('worked example: Counterspell (Uncommon) with Memory 6', () => {
    expect(drawOutcome('Uncommon', countSuccesses([2, 9, 6, 4, 10, 5]))).toMatchObject({ drawn: true, successes: 3, difficulty: 3, channelingBonus: 0 });
    expect(drawOutcome('Uncommon', countSuccesses([2, 9, 5, 4, 1, 3]))).toMatchObject({ drawn: false, successes: 1, channelingBonus: 1 });
  });
});

describe('channeling (digest §6)', () => {
  it('Blue 7 with two trades: 2 automatic successes + 1 die rolled', () => {
    expect(planChanneling('Blue', 7, 2)).toMatchObject({ rolledDice: 1, autoSuccesses: 2, modifier: 0 });
  });
  it('failed draws before Channeling add +1 each to rolled dice, within the clamp', () => {
    expect(planChanneling('Red', 4, 0, 2).modifier).toBe(2);
    expect(planChanneling('Red', 4, 0, 7).modifier).toBe(5);
  });
  it('too many trades is an error', () => {
    expect(() => planChanneling('Blue', 5, 2)).toThrow(/trades must be a whole number from 0 to 1/);
  });
  it('lands never exceed the colour attribute', () => {
    expect(channelingResult('Blue', [6, 7, 8], 0, 2, 4, 1)).toMatchObject({ successes: 5, lands: 3, wasted: 2, land: 'Island' });
    expect(channelingResult('Green', [5, 5], 1, 0, 3)).toMatchObject({ successes: 2, lands: 2, land: 'Forest' });
  });
});

describe('Toughness (digest §7)', () => {
  it('worked example: 5 damage, Toughness 4, faces 1 7 6 1', () => {
    expect(toughnessRoll(5, [1, 7, 6, 1])).toEqual({ successes: 2, damageTaken: 3, toughnessLost: 2, toughnessAfter: 2 });
  });
  it('damage taken never goes below 0 and Toughness never below 0', () => {
    expect(toughnessRoll(1, [9, 9, 9])).toMatchObject({ damageTaken: 0, toughnessLost: 0 });
    expect(toughnessRoll(3, [1, 1])).toMatchObject({ damageTaken: 3, toughnessLost: 2, toughnessAfter: 0 });
    expect(toughnessRoll(3, [])).toMatchObject({ damageTaken: 3, toughnessAfter: 0 });
  });
  it('a modifier helps successes but wear counts raw 1s', () => {
    expect(toughnessRoll(4, [1, 5, 5], 1)).toMatchObject({ successes: 2, damageTaken: 2, toughnessLost: 1 });
  });
  it('staggered when damage left ≥ current Toughness ≥ 1; a bought Toughness of 0 does not stagger', () => {
    expect(staggersFromDamage(3, 2)).toBe(true);
    expect(staggersFromDamage(1, 2)).toBe(false);
    expect(staggersFromDamage(5, 0)).toBe(false);
  });
});

describe('initiative (digest §4)', () => {
  it('orders by successes, then face sum; full ties roll again', () => {
    const order = initiativeOrder([
      { name: 'Ajani', faces: [6, 2, 3] },
      { name: 'Chandra', faces: [9, 8, 1] },
      { name: 'Jace', faces: [7, 1, 1] },
      { name: 'Liliana', faces: [6, 3, 2] },
    ]);
    // Chandra 2 successes; Ajani, Liliana and Jace 1 each — Ajani and Liliana sum 11, Jace 9.
    expect(order.map((s) => s.name)).toEqual(['Chandra', 'Ajani', 'Liliana', 'Jace']);
    expect(order[1]!.rerollWith).toEqual(['Liliana']);
    expect(order[3]!.rerollWith).toEqual([]);
  });
});

describe('starting hand (digest §5)', () => {
  const deck = [
    { name: 'Island', rarity: 'Common' as const },
    { name: 'Counterspell', rarity: 'Uncommon' as const },
    { name: 'Mahamoti Djinn', rarity: 'Rare' as const },
    { name: 'Unsummon', rarity: 'Common' as const },
    { name: 'Power Sink', rarity: 'Uncommon' as const },
    { name: 'Time Walk', rarity: 'Rare' as const },
  ];
  it('maps faces to 1-based deck positions', () => {
    const hand = startingHand([4, 1, 2], deck, 3);
    expect(hand.cards.map((c) => c.name)).toEqual(['Unsummon', 'Island', 'Counterspell']);
    expect(hand.problems).toEqual([]);
  });
  it('flags hands over floor(Memory/3) Uncommons and floor(Memory/4) Rares', () => {
    const hand = startingHand([2, 5, 3, 1, 4], deck, 5);
    expect(hand.maxUncommons).toBe(1);
    expect(hand.maxRares).toBe(1);
    expect(hand.problems).toEqual(['2 Uncommons; at most 1 with Memory 5']);
    expect(startingHand([3, 6, 1, 4], deck, 4).problems).toEqual(['2 Rares; at most 1 with Memory 4']);
  });
  it('flags repeated and out-of-range positions and a wrong count', () => {
    expect(startingHand([1, 1, 9], deck, 4).problems).toEqual([
      'rolled 3 dice but Memory is 4',
      'position 1 was rolled twice (the roll must use Unique die)',
      'position 9 is outside the deck list (1..6)',
    ]);
  });
});

describe('duel stakes and mana burn ([setting])', () => {
  it('defaults: friendly duel ends at the agreed Life; death −20 outside duels', () => {
    expect(lifeState(0, true)).toBe('duel-lost');
    expect(lifeState(-19, false)).toBe('incapacitated');
    expect(lifeState(-20, false)).toBe('dead');
  });
  it('to the death ends at −10; surrender at 0', () => {
    const death = GameRulesSchema.parse({ duelStakes: 'death' });
    expect(lifeState(-9, true, death)).toBe('incapacitated');
    expect(lifeState(-10, true, death)).toBe('dead');
    expect(lifeState(0, true, GameRulesSchema.parse({ duelStakes: 'surrender' }))).toBe('duel-lost');
  });
  it('mana burn: 1 Life per unused mana by default', () => {
    expect(manaBurn(3)).toBe(3);
    expect(manaBurn(3, GameRulesSchema.parse({ manaBurnPerMana: 0 }))).toBe(0);
  });
});
