// Parlor Magic as a whole game (lib/games/parlor/engine.ts): a scripted game to a winner computed
// by hand, the seed's and the digest's examples as game logs, and the fold's properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runParlor } from '../../lib';
import { foldParlor, type ParlorEvent, type ParlorLog, type ParlorState } from '../../lib/games/parlor/engine';
import { CANONICAL_DECK, readParlorCard } from '../../lib/games/parlor/cards';

/** The events of one ruler's turn that opens with the draw (`cards`, keep the first unless said). */
const turn = (r: 'A' | 'B', cards: [string, string] | [string] | [], keep = cards[0] ?? ''): ParlorEvent[] => [{ turn: r }, { draw: r, cards, keep }];
const end = (r: 'A' | 'B', recycle: string[] = []): ParlorEvent => ({ end: r, recycle });
const tapAll = (...ids: string[]): ParlorEvent[] => ids.map((id) => ({ tap: id }));

/** B only plays lands and passes; A builds four spades and attacks. Worked out by hand below. */
const SCRIPTED: ParlorLog = {
  first: 'A',
  events: [
    { hand: 'A', cards: ['7S', '8S', '9S', '10S', 'AS', 'JS', 'QS'] },
    { hand: 'B', cards: ['7H', '8H', '9H', '10H', '2H', '3H', '4H'] },
    // A1: land 7S.
    ...turn('A', ['KS', '7C']),
    { land: 'A', card: '7S' },
    end('A'),
    ...turn('B', ['AH', '5H']),
    { land: 'B', card: '7H' },
    end('B'),
    // A2: land 8S, the A♠ (1♠ + 1).
    ...turn('A', ['7D', '2C']),
    { land: 'A', card: '8S' },
    ...tapAll('A:7S', 'A:8S'),
    { cast: 'A', card: 'AS', pay: { S: 2 } },
    end('A'),
    ...turn('B', ['JH', '6H']),
    { land: 'B', card: '8H' },
    end('B'),
    // A3: land 9S, the J♠ (2♠ + 1); the A♠ attacks, unblocked: B 19.
    ...turn('A', ['8D', '3C']),
    { land: 'A', card: '9S' },
    ...tapAll('A:7S', 'A:8S', 'A:9S'),
    { cast: 'A', card: 'JS', pay: { S: 3 } },
    { attack: 'A', with: ['A:AS'] },
    { block: 'B', blocks: [] },
    { damage: {} },
    end('A'),
    ...turn('B', ['QH', '2D']),
    { land: 'B', card: '9H' },
    end('B'),
    // A4: land 10S, the Q♠ (2♠ + 2); A♠ and J♠ attack: B 17.
    ...turn('A', ['6S', '4C']),
    { land: 'A', card: '10S' },
    ...tapAll('A:7S', 'A:8S', 'A:9S', 'A:10S'),
    { cast: 'A', card: 'QS', pay: { S: 4 } },
    { attack: 'A', with: ['A:AS', 'A:JS'] },
    { block: 'B', blocks: [] },
    { damage: {} },
    end('A'),
    ...turn('B', ['KH', '3D']),
    { land: 'B', card: '10H' },
    end('B'),
    // A5: land 7D, the K♠ (3♠ + 2); A♠, J♠, Q♠ attack: 4, B 13.
    ...turn('A', ['9D', '5C']),
    { land: 'A', card: '7D' },
    ...tapAll('A:7S', 'A:8S', 'A:9S', 'A:10S', 'A:7D'),
    { cast: 'A', card: 'KS', pay: { S: 4, D: 1 } },
    { attack: 'A', with: ['A:AS', 'A:JS', 'A:QS'] },
    { block: 'B', blocks: [] },
    { damage: {} },
    end('A'),
    ...turn('B', ['4D', '5D']),
    end('B', ['4D']),
    // A6: land 8D, 6♠ on the Trumps stack (3♠ + 3): trump is ♠; all four attack, the spades trump
    // B's bare Domain Defense (♠1 against nothing: d = 1, Power +1 to the first declared): 7, B 6.
    ...turn('A', ['10D', '6C']),
    { land: 'A', card: '8D' },
    ...tapAll('A:7S', 'A:8S', 'A:9S', 'A:10S', 'A:7D', 'A:8D'),
    { cast: 'A', card: '6S', target: 'trumps', pay: { S: 4, D: 2 } },
    { attack: 'A', with: ['A:AS', 'A:JS', 'A:QS', 'A:KS'] },
    { block: 'B', blocks: [] },
    { damage: {} },
    end('A'),
    ...turn('B', ['6D', '2S']),
    end('B', ['6D']),
    // A7: the same attack: 7, B −1; A has won.
    ...turn('A', ['AD', '2D']),
    { attack: 'A', with: ['A:AS', 'A:JS', 'A:QS', 'A:KS'] },
    { block: 'B', blocks: [] },
    { damage: {} },
    // After the win nothing more happens.
    end('A'),
  ],
};

describe('a scripted game to a winner, computed by hand', () => {
  const s = runParlor(SCRIPTED);

  it('B falls to −1 on A’s seventh turn; A wins; the event after the win is refused', () => {
    expect(s.life).toEqual({ A: 20, B: -1 });
    expect(s.winner).toBe('A');
    expect(s.refused).toEqual([{ event: SCRIPTED.events.length - 1, rule: 'pm.over' }]);
    expect(s.turn).toBe('A');
  });

  it('the hands, piles and Recycle piles', () => {
    expect(s.hand).toEqual({ A: ['9D', '10D', 'AD'], B: ['2H', '3H', '4H', 'AH', 'JH', 'QH', 'KH'] });
    expect(s.recycle).toEqual({ A: ['7C', '2C', '3C', '4C', '5C', '6C', '2D'], B: ['5H', '6H', '2D', '3D', '5D', '4D', '2S', '6D'] });
    expect(s.drawPile).toEqual({ A: 31, B: 33 });
    expect(s.discard).toEqual({ A: [], B: [] });
  });

  it('the field: A’s six lands untapped this turn, four creatures tapped from the attack; B’s four lands; 6♠ on the Trumps stack', () => {
    const row = (id: string) => s.field.find((f) => f.id === id);
    for (const land of ['A:7S', 'A:8S', 'A:9S', 'A:10S', 'A:7D', 'A:8D', 'B:7H', 'B:8H', 'B:9H', 'B:10H'])
      expect(row(land)).toMatchObject({ tapped: false, sick: false });
    for (const c of ['A:AS', 'A:JS', 'A:QS', 'A:KS']) expect(row(c)).toMatchObject({ tapped: true, sick: false, damage: 0 });
    expect(s.field).toHaveLength(14);
    expect(s.trumps).toEqual(['A:6S']);
    expect(s.pool).toEqual({ A: {}, B: {} });
  });
});

// ---- the seed's and the digest's examples, played ----

interface Side {
  /** Lands to play, one a turn, in this order. */
  lands: string[];
  /** Then cast, paid from the lands (tapped each turn, as mana allows). */
  casts?: { card: string; target?: string }[];
  /** Kept in hand. */
  hold?: string[];
}

const FILLER = ['2C', '3C', '4C', '5C', '6C', '2D', '3D', '4D', '5D', '6D', 'AC', 'JC', 'QC', 'KC', 'AD', 'JD', 'QD', 'KD', '2S', '3S', '4S', '5S'];

/**
 * A legal log that brings each ruler's lands and casts into play: the cards wanted come in the
 * opening hand or, past seven, in the draws; each turn a ruler plays a land, taps every land and
 * casts what the pool pays for (the suit part in the card's suit). Ends with A's turn begun and
 * its draw done, creatures no longer sick.
 */
function develop(a: Side, b: Side): ParlorEvent[] {
  const sides = { A: a, B: b } as const;
  const events: ParlorEvent[] = [];
  const wanted = (x: Side) => [...x.lands, ...(x.casts ?? []).map((c) => c.card), ...(x.hold ?? [])];
  const want = { A: wanted(a), B: wanted(b) };
  const filler = (r: 'A' | 'B') => FILLER.filter((c) => !want[r].includes(c));
  const extra = { A: filler('A'), B: filler('B') };
  const hand = { A: want.A.slice(0, 7), B: want.B.slice(0, 7) };
  const queue = { A: want.A.slice(7), B: want.B.slice(7) };
  for (const r of ['A', 'B'] as const) {
    while (hand[r].length < 7) hand[r].push(extra[r].shift()!);
    events.push({ hand: r, cards: [...hand[r]] });
  }
  const landsLeft = { A: [...a.lands], B: [...b.lands] };
  const castsLeft = { A: [...(a.casts ?? [])], B: [...(b.casts ?? [])] };
  const onField = { A: [] as string[], B: [] as string[] };
  const cost = (card: string) => readParlorCard(card)!.cost;
  for (let round = 0; round < 40 && (landsLeft.A.length || landsLeft.B.length || castsLeft.A.length || castsLeft.B.length || round < 2); round++) {
    for (const r of ['A', 'B'] as const) {
      const next = queue[r].shift();
      const drawn = [next ?? extra[r].shift()!, extra[r].shift()!];
      events.push({ turn: r }, { draw: r, cards: drawn, keep: drawn[0]! });
      hand[r].push(drawn[0]!);
      const land = landsLeft[r].shift();
      if (land) {
        events.push({ land: r, card: land });
        hand[r].splice(hand[r].indexOf(land), 1);
        onField[r].push(land);
      }
      const pool: Partial<Record<string, number>> = {};
      // Lands are tapped only to pay for casts (an untapped land stays a target for Carry).
      for (const l of castsLeft[r].length ? onField[r] : []) {
        events.push({ tap: `${r}:${l}` });
        const s = readParlorCard(l)!.suit;
        pool[s] = (pool[s] ?? 0) + 1;
      }
      while (castsLeft[r].length) {
        const c = castsLeft[r][0]!;
        const { suit, generic } = cost(c.card);
        const s = readParlorCard(c.card)!.suit;
        if ((pool[s] ?? 0) < suit) break;
        const pay: Partial<Record<string, number>> = { [s]: suit };
        const rest = { ...pool, [s]: (pool[s] ?? 0) - suit };
        let need = generic;
        for (const k of Object.keys(rest)) {
          const n = Math.min(need, rest[k] ?? 0);
          if (n) pay[k] = (pay[k] ?? 0) + n;
          need -= n;
        }
        if (need) break;
        for (const [k, n] of Object.entries(pay)) pool[k] = (pool[k] ?? 0) - (n ?? 0);
        events.push(c.target ? { cast: r, card: c.card, target: c.target, pay } : { cast: r, card: c.card, pay });
        hand[r].splice(hand[r].indexOf(c.card), 1);
        castsLeft[r].shift();
      }
      const over = hand[r].filter((x) => !want[r].includes(x)).slice(0, Math.max(0, hand[r].length - 7));
      for (const x of over) hand[r].splice(hand[r].indexOf(x), 1);
      events.push({ end: r, recycle: over });
    }
  }
  // A's turn begins: its creatures are no longer sick.
  const drawn = [extra.A.shift()!, extra.A.shift()!];
  events.push({ turn: 'A' }, { draw: 'A', cards: drawn, keep: drawn[0]! });
  void sides;
  return events;
}

/** The table after a developed board and then `more` events; the refusals of `more` (by their index in it). */
function played(a: Side, b: Side, more: ParlorEvent[], petals = 0) {
  const base = develop(a, b);
  const { state, table, outcomes } = foldParlor({ first: 'A', petals, events: [...base, ...more] });
  const baseRefused = state.refused.filter((r) => r.event < base.length);
  if (baseRefused.length) throw new Error(`the board did not develop: ${JSON.stringify(baseRefused)}`);
  return { state, table, refused: state.refused.filter((r) => r.event >= base.length).map((r) => ({ event: r.event - base.length, rule: r.rule })), outcomes };
}

describe('game logs of the seed’s and the digest’s examples', () => {
  it('Carry (seed): Q♥ taps an untapped 9♦ of B’s for ♦ mana; the land skips its next untap; with a 2♥ Ech on the land she fails', () => {
    const ok = played({ lands: ['7H', '8H', '9H', '10H'], casts: [{ card: 'QH' }] }, { lands: ['9D'] }, [{ ability: 'carry', by: 'A:QH', target: 'B:9D' }]);
    expect(ok.refused).toEqual([]);
    expect(ok.state.pool.A).toMatchObject({ D: 1 });
    expect(ok.state.field.find((f) => f.id === 'B:9D')).toMatchObject({ tapped: true, skipsUntap: true });
    const warded = played(
      { lands: ['7H', '8H', '9H', '10H'], casts: [{ card: 'QH' }] },
      { lands: ['9D', '7H', '8H'], casts: [{ card: '2H', target: 'B:9D' }] },
      [{ ability: 'carry', by: 'A:QH', target: 'B:9D' }],
    );
    expect(warded.refused).toEqual([{ event: 0, rule: 'pm.ability.fails' }]);
    expect(warded.state.field.find((f) => f.id === 'A:QH')?.tapped).toBe(false);
  });

  it('Carry (seed): against an 8♥, Q♥ with a 5♥ Ech and 3 petals works, with 2 fails; a trump Ech equal to the land’s trump count fails, greater works', () => {
    const board = (petals: number) =>
      played(
        { lands: ['7H', '9H', '10H', '7D', '8D', '9D'], casts: [{ card: 'QH' }, { card: '5H', target: 'A:QH' }] },
        { lands: ['8H'] },
        [{ ability: 'carry', by: 'A:QH', target: 'B:8H' }],
        petals,
      );
    expect(board(3).refused).toEqual([]);
    expect(board(2).refused).toEqual([{ event: 0, rule: 'pm.ability.fails' }]);
    // Trump ♠ (a 2♠ on the Trumps stack); the land carries a 4♠ Ech; the Queen a 4♠ (equal: fails) or a 5♠ (greater: works).
    const trumped = (queenEch: string) =>
      played(
        { lands: ['7H', '9H', '10H', '7S', '8S', '9S'], casts: [{ card: 'QH' }, { card: '2S', target: 'trumps' }, { card: queenEch, target: 'A:QH' }] },
        { lands: ['8H', '7S', '8S', '9S'], casts: [{ card: '4S', target: 'B:8H' }] },
        [{ ability: 'carry', by: 'A:QH', target: 'B:8H' }],
      );
    expect(trumped('4S').refused).toEqual([{ event: 0, rule: 'pm.ability.fails' }]);
    expect(trumped('5S').refused).toEqual([]);
  });

  it('Ally (digest): K♣ at a Q♥ carrying a 3♣ Ech fails alone, works with a 5♣ Ech on him; the Queen skips her next untap', () => {
    const ally = (echs: { card: string; target?: string }[]) =>
      played(
        { lands: ['7C', '8C', '9C', '10C', '7D', '8D'], casts: [{ card: 'KC' }, ...echs] },
        { lands: ['7H', '8H', '7C', '8C'], casts: [{ card: 'QH' }, { card: '3C', target: 'B:QH' }] },
        [{ ability: 'ally', by: 'A:KC', target: 'B:QH' }],
      );
    expect(ally([]).refused).toEqual([{ event: 0, rule: 'pm.ability.fails' }]);
    const works = ally([{ card: '5C', target: 'A:KC' }]);
    expect(works.refused).toEqual([]);
    expect(works.state.field.find((f) => f.id === 'B:QH')).toMatchObject({ tapped: true, skipsUntap: true });
    // B's next turn: the Queen stays tapped (and untaps the turn after).
    const later = foldParlor({
      first: 'A',
      events: [
        ...develop(
          { lands: ['7C', '8C', '9C', '10C', '7D', '8D'], casts: [{ card: 'KC' }, { card: '5C', target: 'A:KC' }] },
          { lands: ['7H', '8H', '7C', '8C'], casts: [{ card: 'QH' }, { card: '3C', target: 'B:QH' }] },
        ),
        { ability: 'ally', by: 'A:KC', target: 'B:QH' },
        { end: 'A', recycle: [] },
        { turn: 'B' },
      ],
    });
    expect(later.state.field.find((f) => f.id === 'B:QH')).toMatchObject({ tapped: true, skipsUntap: false });
  });

  it('combat (digest): K♥+5♦ blocked by Q♦+2♥ outranks it: d = 4, Power +2 and Toughness +1; the Queen dies, the King lives', () => {
    const fight = played(
      { lands: ['7H', '8H', '9H', '7D', '8D', '9D'], casts: [{ card: 'KH' }, { card: '5D', target: 'A:KH' }] },
      { lands: ['7D', '8D', '7H', '8H'], casts: [{ card: 'QD' }, { card: '2H', target: 'B:QD' }] },
      [{ attack: 'A', with: ['A:KH'] }, { block: 'B', blocks: [{ blocker: 'B:QD', attacker: 'A:KH' }] }, { damage: {} }],
    );
    expect(fight.refused).toEqual([]);
    // K♥ 2/3 → 4/4 with the bonus; Q♦ 2/2 deals 2 to it; the King deals 4 to the Queen.
    expect(fight.state.field.find((f) => f.id === 'A:KH')).toMatchObject({ damage: 2 });
    expect(fight.state.field.some((f) => f.id === 'B:QD')).toBe(false);
    expect(fight.state.discard.B.sort()).toEqual(['2H', 'QD']);
  });

  it('a refused event changes nothing and names its rule', () => {
    const log: ParlorLog = {
      first: 'A',
      events: [
        { hand: 'A', cards: ['7S', '8S', '9S', '10S', 'AS', 'JS', 'QS'] },
        { turn: 'A' },
        { hand: 'B', cards: ['7H', '8H', '9H', '10H', '2H', '3H', '4H'] },
        { turn: 'B' },
        { turn: 'A' },
        { land: 'A', card: '7S' },
        { draw: 'A', cards: ['KS', 'KS'], keep: 'KS' },
        { draw: 'A', cards: ['KS', '2C'], keep: '3C' },
        { draw: 'A', cards: ['KS', '2C'], keep: 'KS' },
        { land: 'A', card: 'AS' },
        { cast: 'A', card: 'JS', pay: { S: 3 } },
        { land: 'A', card: '7S' },
        { land: 'A', card: '8S' },
      ],
    };
    const s = runParlor(log);
    expect(s.refused.map((r) => [r.event, r.rule])).toEqual([
      [1, 'pm.turn.order'],
      [3, 'pm.turn.order'],
      [5, 'pm.timing.main'],
      [6, 'pm.card.notInPile'],
      [7, 'pm.draw.keep'],
      [9, 'pm.land.notLand'],
      [10, 'pm.pay.pool'],
      [12, 'pm.land.once'],
    ]);
    expect(s.hand.A).toEqual(['8S', '9S', '10S', 'AS', 'JS', 'QS', 'KS']);
    expect(s.field.map((f) => f.id)).toEqual(['A:7S']);
  });

  it('a group of blockers: each blocker deals its Power, the attacker’s damage lethal to each in blocking order, the rest to the last', () => {
    // A's K♠ (2/3) blocked by B's A♥ (1/1) and J♥ (1/2): the K deals 1 to the A♥ (lethal) and 1 to the J♥; takes 2.
    const blockers = { lands: ['7H', '8H', '9H', '10H', '7D'], casts: [{ card: 'AH' }, { card: 'JH' }] };
    const blocks = [
      { blocker: 'B:AH', attacker: 'A:KS' },
      { blocker: 'B:JH', attacker: 'A:KS' },
    ];
    const fight = played({ lands: ['7S', '8S', '9S', '10S', '7D'], casts: [{ card: 'KS' }] }, blockers, [
      { attack: 'A', with: ['A:KS'] },
      { block: 'B', blocks },
      { damage: {} },
    ]);
    expect(fight.refused).toEqual([]);
    expect(fight.state.field.find((f) => f.id === 'A:KS')).toMatchObject({ damage: 2 });
    expect(fight.state.field.find((f) => f.id === 'B:JH')).toMatchObject({ damage: 1 });
    expect(fight.state.discard.B).toEqual(['AH']);
    // A choice that does not add up to the attacker's Power is refused; one that does is taken.
    const chosen = played({ lands: ['7S', '8S', '9S', '10S', '7D'], casts: [{ card: 'KS' }] }, blockers, [
      { attack: 'A', with: ['A:KS'] },
      { block: 'B', blocks },
      { damage: { assign: { 'A:KS': { 'B:JH': 3 } } } },
      { damage: { assign: { 'A:KS': { 'B:JH': 2 } } } },
    ]);
    expect(chosen.refused).toEqual([{ event: 2, rule: 'pm.damage.sum' }]);
    expect(chosen.state.discard.B).toEqual(['JH']);
  });

  it('Volley: J♠ taps for 1 damage to a blocker, judged with the combat', () => {
    const volley = played(
      { lands: ['7S', '8S', '9S', '7D', '8D'], casts: [{ card: 'JS' }, { card: 'AS' }] },
      { lands: ['7H', '8H'], casts: [{ card: 'AH' }] },
      [
        { attack: 'A', with: ['A:AS'] },
        { block: 'B', blocks: [{ blocker: 'B:AH', attacker: 'A:AS' }] },
        { ability: 'volley', by: 'A:JS', target: 'B:AH' },
        { damage: {} },
      ],
    );
    expect(volley.refused).toEqual([]);
    expect(volley.state.discard.B).toEqual(['AH']);
    expect(volley.state.field.find((f) => f.id === 'A:JS')?.tapped).toBe(true);
  });

  it('a Domain Defense that outranks the unblocked attackers prevents 1 damage and deals its bonus among them', () => {
    // B's Domain Defense carries a 6♥; A's A♥ (♥1) attacks alone, unblocked: ♥6 against ♥1, d = 5, 3 damage to the Ace; 1 − 1 = 0 to B.
    const d = played(
      { lands: ['7H', '8H'], casts: [{ card: 'AH' }] },
      { lands: ['7H', '8H', '9H', '10H', '7D', '8D'], casts: [{ card: '6H', target: 'B:defense' }] },
      [{ attack: 'A', with: ['A:AH'] }, { block: 'B', blocks: [] }, { damage: {} }],
    );
    expect(d.refused).toEqual([]);
    expect(d.state.life).toEqual({ A: 20, B: 20 });
    expect(d.state.discard.A).toEqual(['AH']);
  });

  it('counterspells (digest): a single Ech is removed by ranking it, to its owner’s Recycle; a land only by trumping it; the counterspell to its caster’s Discard', () => {
    const b = { lands: ['7H', '8H'], casts: [{ card: '2H', target: 'A:7H' }] };
    const ranked = played({ lands: ['7H', '8H', '9H', '10H'], hold: ['3H', '4S'] }, b, [
      { tap: 'A:7H' },
      { tap: 'A:8H' },
      { tap: 'A:9H' },
      { counter: 'A', card: '3H', target: 'B:2H', pay: { H: 3 } },
    ]);
    expect(ranked.refused).toEqual([]);
    expect(ranked.state.field.find((f) => f.id === 'A:7H')?.echs).toEqual([]);
    expect(ranked.state.recycle.B).toContain('2H');
    expect(ranked.state.discard.A).toEqual(['3H']);
    // A land is removed only by trumping it: with no Trumps stack, a 4♠ can't touch B's 8♥.
    const land = played({ lands: ['7S', '8S', '9S', '10S'], hold: ['4S'] }, { lands: ['7H', '8H'] }, [
      ...['A:7S', 'A:8S', 'A:9S', 'A:10S'].map((id) => ({ tap: id })),
      { counter: 'A', card: '4S', target: 'B:8H', pay: { S: 4 } },
    ]);
    expect(land.refused).toEqual([{ event: 4, rule: 'pm.counter.weak' }]);
    expect(land.state.hand.A).toContain('4S');
  });
});

describe('properties of the fold', () => {
  const cardsOf = (s: ParlorState, r: 'A' | 'B') => [
    ...s.hand[r],
    ...s.recycle[r],
    ...s.discard[r],
    ...s.field.filter((f) => f.id.startsWith(`${r}:`)).map((f) => f.id.slice(2)),
    ...[...s.field.flatMap((f) => f.echs), ...s.defense.A, ...s.defense.B, ...s.trumps].filter((id) => id.startsWith(`${r}:`)).map((id) => id.slice(2)),
  ];

  it('cards are conserved across zones, a refused event changes nothing, replay gives the same state', () => {
    const events = SCRIPTED.events;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: events.length - 1 }), { maxLength: 12 }),
        fc.array(fc.nat(events.length), { maxLength: 4 }),
        (drop, dup) => {
          // A log mangled: some events left out, some repeated (most of these come out refused).
          const mangled = events.filter((_, i) => !drop.includes(i));
          for (const i of dup) if (mangled[i]) mangled.splice(i, 0, mangled[i]!);
          const log = { first: 'A' as const, events: mangled };
          const s = runParlor(log);
          for (const r of ['A', 'B'] as const) {
            const seen = cardsOf(s, r);
            expect(new Set(seen).size).toBe(seen.length);
            expect(seen.length + s.drawPile[r]).toBe(CANONICAL_DECK.length);
          }
          // A refused event changes nothing: the log without the refused events folds to the same state.
          const kept = mangled.filter((_, i) => !s.refused.some((r) => r.event === i));
          expect({ ...runParlor({ first: 'A', events: kept }), refused: [] }).toEqual({ ...s, refused: [] });
          expect(runParlor(log)).toEqual(s);
        },
      ),
      { numRuns: 200 },
    );
  });
});
