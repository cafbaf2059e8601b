import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canPlayOnTrumps,
  landMana,
  parlorAbility,
  parlorCanCarry,
  parlorCard,
  parlorCompare,
  parlorCompareGroups,
  parlorCounterspell,
  parlorCounts,
  parlorDomainDefense,
  type ParlorEntity,
} from '../../lib';
import { CANONICAL_DECK } from '../../lib/games/parlor/cards';

describe('card notation, type and cost', () => {
  it.each([
    ['KH', 'K', 'H'],
    ['K♥', 'K', 'H'],
    ['Kh', 'K', 'H'],
    ['10d', '10', 'D'],
    ['10 of Diamonds', '10', 'D'],
    ['Queen of Spades', 'Q', 'S'],
    ['ace of clubs', 'A', 'C'],
    ['2♣', '2', 'C'],
    [' 7s ', '7', 'S'],
    ['TD', '10', 'D'],
  ])('%s is %s of %s', (text, rank, suit) => {
    expect(parlorCard(text)).toMatchObject({ rank, suit });
  });

  it.each([
    // rank: type, power, toughness, cost in suit, generic
    ['AH', 'creature', 1, 1, 1, 1],
    ['JH', 'creature', 1, 2, 2, 1],
    ['QH', 'creature', 2, 2, 2, 2],
    ['KH', 'creature', 2, 3, 3, 2],
    ['2H', 'enchantment', null, null, 1, 1],
    ['3H', 'enchantment', null, null, 2, 1],
    ['4H', 'enchantment', null, null, 2, 2],
    ['5H', 'enchantment', null, null, 3, 2],
    ['6H', 'enchantment', null, null, 3, 3],
    ['7H', 'land', null, null, 0, 0],
    ['10H', 'land', null, null, 0, 0],
  ])('%s: %s %s/%s costs %i suit + %i generic', (text, type, power, toughness, suit, generic) => {
    expect(parlorCard(text as string)).toEqual({ rank: (text as string).slice(0, -1), suit: 'H', type, power, toughness, cost: { suit, generic } });
  });

  it.each(['', 'KX', '11H', '1 of Hearts of Spades', 'Knight of Hearts', 'H', 'K', '0S'])('%j throws a clear Error', (text) => {
    expect(() => parlorCard(text)).toThrow(/is not a card/);
  });
});

describe('spot counts (the seed’s Jack of Clubs)', () => {
  it('the highest value per suit, not the sum', () => {
    expect(parlorCounts({ card: 'JC' })).toEqual({ C: 1 });
    expect(parlorCounts({ card: 'JC', echs: ['3C'] })).toEqual({ C: 3 });
    expect(parlorCounts({ card: 'JC', echs: ['3C', '5C'] })).toEqual({ C: 5 });
    expect(parlorCounts({ card: 'JC', echs: ['3C', '5C', '2D'] })).toEqual({ C: 5, D: 2 });
    expect(parlorCounts({ card: '9D' })).toEqual({ D: 9 });
    expect(parlorCounts({})).toEqual({});
    expect(parlorCounts({ echs: ['4S'] })).toEqual({ S: 4 });
  });
  it('an Ech must be a 2–6 card', () => {
    expect(() => parlorCounts({ card: 'KH', echs: ['9D'] })).toThrow(/not an Ech/);
  });
});

describe('the K♥ / A♠ / Q♦ series', () => {
  const K = { card: 'KH' };
  const K5 = { card: 'KH', echs: ['5D'] };
  const A2 = { card: 'AS', echs: ['2H'] };
  const Q2 = { card: 'QD', echs: ['2H'] };

  it('K♥ alone is outranked by A♠+2♥ and by Q♦+2♥', () => {
    expect(parlorCompare(A2, K)).toMatchObject({ ranks: ['H'], outranks: true, trumps: false, bonus: { power: 1, toughness: 1 } });
    expect(parlorCompare(Q2, K)).toMatchObject({ outranks: true, bonus: { power: 1, toughness: 1 } });
    expect(parlorCompare(K, A2)).toMatchObject({ ranks: [], outranks: false });
  });
  it('A♠+2♥ and Q♦+2♥ are level', () => {
    const r = parlorCompare(A2, Q2);
    expect(r).toMatchObject({ ranks: [], outranks: false, trumps: false, bonus: { power: 0, toughness: 0 } });
    expect(r.reason).toMatch(/level/);
    expect(parlorCompare(Q2, A2).outranks).toBe(false);
  });
  it('K♥+5♦: A♠+2♥ still outranks it; the K outranks Q♦+2♥, who still ranks it in ♥', () => {
    expect(parlorCompare(A2, K5).outranks).toBe(true);
    expect(parlorCompare(K5, A2).outranks).toBe(false);
    expect(parlorCompare(K5, Q2)).toMatchObject({ ranks: ['D'], outranks: true, bonus: { power: 2, toughness: 1 } });
    const q = parlorCompare(Q2, K5);
    expect(q).toMatchObject({ ranks: ['H'], outranks: false });
    expect(q.reason).toMatch(/ranks .* but does not outrank/);
  });
  it('trump ♠: A♠ trumps both', () => {
    expect(parlorCompare({ card: 'AS' }, K, 'S')).toMatchObject({ trumps: true, outranks: false, bonus: { power: 1, toughness: 1 } });
    expect(parlorCompare({ card: 'AS' }, Q2, 'S')).toMatchObject({ trumps: true });
    expect(parlorCompare(K, { card: 'AS' }, 'S')).toMatchObject({ trumps: false, ranks: [] });
  });
  it('the bonus vectors: d = 4 → +2; d = 1 → +1; trump d = 1 → +1', () => {
    expect(parlorCompare(K5, Q2).bonus.power).toBe(2);
    expect(parlorCompare(A2, K).bonus.power).toBe(1);
    expect(parlorCompare({ card: 'AS' }, K, 'S').bonus.power).toBe(1);
    expect(parlorCompare({ card: 'AS', echs: ['6H'] }, K).bonus).toEqual({ power: 3, toughness: 1 }); // d = 5 → 3
  });
  it('the bonus is for creatures against creatures only', () => {
    expect(parlorCompare({ echs: ['5H'] }, K)).toMatchObject({ outranks: true, bonus: { power: 0, toughness: 0 } });
  });
});

describe('lands, Domain Defense, groups', () => {
  it('an Ech alone never outranks a land in its base suit; a land outranks what has a count in its suit', () => {
    expect(parlorCompare({ echs: ['6D'] }, { card: '7D' }).outranks).toBe(false);
    expect(parlorCompare({ card: '7D' }, { card: 'QD', echs: ['6D'] }).outranks).toBe(true);
    // Outranked only in another suit: a 2♥ Ech on a ♥ creature against a 9♦ land with a ♥... not shared: nothing.
    expect(parlorCompare({ card: 'AH', echs: ['3H'] }, { card: '9D' }).ranks).toEqual([]);
  });
  it('a Domain Defense with no Ech can’t rank or be ranked, but a trump attacker trumps it', () => {
    expect(parlorCompare({ card: 'KH', echs: ['6H'] }, {})).toMatchObject({ ranks: [], outranks: false, trumps: false });
    expect(parlorCompare({ card: 'AS' }, {}, 'S')).toMatchObject({ trumps: true });
    expect(parlorCompare({}, { card: 'AS' })).toMatchObject({ outranks: false });
  });
  it('a group’s count per suit is the best of its members', () => {
    const g = parlorCompareGroups(
      [
        { card: 'AS', echs: ['2H'] },
        { card: 'JD', echs: ['4H'] },
      ],
      [{ card: 'KH' }],
    );
    expect(g).toMatchObject({ outranks: true, d: 3 });
  });
  it('Domain Defense against all unblocked attackers: 1 prevented and 1..3 dealt', () => {
    const r = parlorDomainDefense({ echs: ['6H'] }, [{ card: 'KH' }, { card: 'AH' }]);
    expect(r).toMatchObject({ defenseWins: true, prevented: 1, damageToAttackers: 3 });
    const back = parlorDomainDefense({ echs: ['2S'] }, [{ card: 'AC', echs: ['5S'] }]);
    expect(back).toMatchObject({ defenseWins: false, attackersPowerBonus: 2 });
  });
});

describe('Carry (the seed’s Queen of Hearts cases)', () => {
  const Q = { card: 'QH' };
  it.each<[string, ParlorEntity, ParlorEntity, 'H' | 'D' | 'S' | 'C' | null, number, boolean]>([
    ['Q♥ vs a 9♦ land', Q, { card: '9D' }, null, 0, true],
    ['the same land with a 2♥ Ech', Q, { card: '9D', echs: ['2H'] }, null, 0, false],
    ['Q♥ with a 3♦ Ech vs the 9♦ land', { card: 'QH', echs: ['3D'] }, { card: '9D' }, null, 0, false],
    ['Q♥ vs an 8♥ land', Q, { card: '8H' }, null, 0, false],
    ['Q♥ with a trump Ech greater than any on the land', { card: 'QH', echs: ['3S'] }, { card: '8H', echs: ['2S'] }, 'S', 0, true],
    ['Q♥ with a trump Ech not greater than the land’s', { card: 'QH', echs: ['3S'] }, { card: '8H', echs: ['4S'] }, 'S', 0, false],
    [
      'Q♥ with a trump Ech equal to the land’s (the seed: “greater than any on the land”)',
      { card: 'QH', echs: ['3S'] },
      { card: '8H', echs: ['3S'] },
      'S',
      0,
      false,
    ],
    ['Q♥ with a 5♥ Ech and 3 petals vs the 8♥ land', { card: 'QH', echs: ['5H'] }, { card: '8H' }, null, 3, true],
    ['… with 2 petals', { card: 'QH', echs: ['5H'] }, { card: '8H' }, null, 2, false],
    ['a land of the other colour', Q, { card: '9S' }, null, 0, false],
    ['a black Queen and a ♣ land', { card: 'QS' }, { card: '10C' }, null, 0, true],
  ])('%s → %s', (_name, queen, land, trump, petals, works) => {
    expect(parlorCanCarry(queen, land, trump, petals)).toBe(works);
  });
});

describe('court abilities, counterspells, trumps stack, mana', () => {
  it('an ability fails when the target ranks or trumps the activator; the activator ranking never disables it', () => {
    expect(parlorAbility({ card: 'KC' }, { card: 'QH', echs: ['3C'] }, 'Ally').works).toBe(false); // the Q's 3♣ ranks K♣'s ♣1
    expect(parlorAbility({ card: 'KC' }, { card: 'AC' }, 'Ally').works).toBe(true);
    expect(parlorAbility({ card: 'KC' }, { card: 'AH' }, 'Ally').works).toBe(false); // not of its suit
    expect(parlorAbility({ card: 'JS' }, { card: 'KH' }, 'Volley').works).toBe(true);
    expect(parlorAbility({ card: 'JS' }, { card: 'KH' }, 'Volley', 'H').works).toBe(false); // trumps
    expect(parlorAbility({ card: 'KH' }, { card: 'KS' }, 'Harry').works).toBe(false); // KH has no Harry
  });
  it('counterspells: rank an Ech, outrank a creature, trump a land; damage is the bonus', () => {
    expect(parlorCounterspell('3H', { card: '2H' }, 'ech')).toMatchObject({ legal: true, removedTo: 'recycle' });
    expect(parlorCounterspell('2H', { card: '2H' }, 'ech').legal).toBe(false);
    expect(parlorCounterspell('5H', { card: 'KH' }, 'creature')).toMatchObject({ legal: true, damage: 2, removedTo: 'recycle' });
    expect(parlorCounterspell('6D', { card: '9D' }, 'land').legal).toBe(false);
    expect(parlorCounterspell('2S', { card: '9D' }, 'land', 'S')).toMatchObject({ legal: true, removedTo: 'discard' });
  });
  it('the Trumps stack takes an Ech of at least the top card’s value; trump Ech on a land gives trump mana', () => {
    expect(canPlayOnTrumps('4S', null)).toBe(true);
    expect(canPlayOnTrumps('4S', '4H')).toBe(true);
    expect(canPlayOnTrumps('3S', '4H')).toBe(false);
    expect(landMana({ card: '8D', echs: ['2S'] }, 'S')).toBe('S');
    expect(landMana({ card: '8D', echs: ['2S'] }, 'H')).toBe('D');
  });
});

describe('properties', () => {
  const card = fc.constantFrom(...CANONICAL_DECK);
  const echCard = fc.constantFrom(...CANONICAL_DECK.filter((c) => /^[2-6]/.test(c)));
  const entity = fc.record({ card: fc.option(card, { nil: undefined }), echs: fc.array(echCard, { maxLength: 3 }) });
  const trump = fc.constantFrom<'H' | 'D' | 'S' | 'C' | null>(null, 'H', 'D', 'S', 'C');

  it('no two entities outrank (or trump) each other', () => {
    fc.assert(
      fc.property(entity, entity, trump, (a, b, t) => {
        const ab = parlorCompare(a, b, t);
        const ba = parlorCompare(b, a, t);
        expect(ab.outranks && ba.outranks).toBe(false);
        expect(ab.trumps && ba.trumps).toBe(false);
        expect(ab.bonus.power).toBeLessThanOrEqual(3);
        expect(typeof ab.reason).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });
});
