import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPlaneswalkers, type PwEvent } from '../../lib';
import { PLANESWALKER_RULES } from '../../lib/games/planeswalkers/engine';

const jace = (id: string, controller: 'A' | 'B', name = 'Jace, the Mind Sculptor', loyalty = 3): PwEvent => ({
  enter: id,
  name,
  subtype: 'Jace',
  controller,
  loyalty,
});
const elspeth = (id: string, controller: 'A' | 'B', loyalty = 4): PwEvent => ({
  enter: id,
  name: 'Elspeth, Knight-Errant',
  subtype: 'Elspeth',
  controller,
  loyalty,
});

describe('the seed’s Elspeth example', () => {
  it('Elspeth with 2 counters; a Lightning Bolt (3) aimed at her controller and redirected: 0, to the graveyard', () => {
    const s = runPlaneswalkers({ events: [elspeth('e', 'B', 2), { redirect: 'e', amount: 3 }] });
    expect(s).toEqual({ battlefield: [], graveyard: ['e'], refused: [] });
  });
});

describe('loyalty', () => {
  it('enters with its printed loyalty; damage removes counters, never below 0', () => {
    const s = runPlaneswalkers({ events: [elspeth('e', 'A', 4), { damage: 'e', amount: 1 }] });
    expect(s.battlefield).toEqual([{ id: 'e', name: 'Elspeth, Knight-Errant', subtype: 'Elspeth', controller: 'A', loyalty: 3 }]);
    expect(runPlaneswalkers({ events: [elspeth('e', 'A', 4), { damage: 'e', amount: 9 }] }).graveyard).toEqual(['e']);
  });
  it('one that enters with 0 goes straight to the graveyard', () => {
    expect(runPlaneswalkers({ events: [elspeth('e', 'A', 0)] }).graveyard).toEqual(['e']);
  });
});

describe('activation', () => {
  const base: PwEvent[] = [elspeth('e', 'A', 4), { turn: 'A' }];

  it('+X and −X change loyalty; 0 costs nothing; −X down to 0 sends it to the graveyard', () => {
    expect(runPlaneswalkers({ events: [...base, { activate: 'e', by: 'A', cost: 1 }] }).battlefield[0]!.loyalty).toBe(5);
    expect(runPlaneswalkers({ events: [...base, { activate: 'e', by: 'A', cost: 0 }] }).battlefield[0]!.loyalty).toBe(4);
    expect(runPlaneswalkers({ events: [...base, { activate: 'e', by: 'A', cost: -4 }] })).toMatchObject({ battlefield: [], graveyard: ['e'] });
  });

  it.each<[string, PwEvent[], keyof typeof PLANESWALKER_RULES]>([
    ['by the opponent', [...base, { activate: 'e', by: 'B', cost: 1 }], 'controller'],
    ['on the opponent’s turn', [elspeth('e', 'A'), { turn: 'B' }, { activate: 'e', by: 'A', cost: 1 }], 'sorcery'],
    ['before any turn', [elspeth('e', 'A'), { activate: 'e', by: 'A', cost: 1 }], 'sorcery'],
    ['in combat', [...base, { phase: 'combat' }, { activate: 'e', by: 'A', cost: 1 }], 'sorcery'],
    ['with the stack busy', [...base, { phase: 'main', stack: 'busy' }, { activate: 'e', by: 'A', cost: 1 }], 'sorcery'],
    ['twice in a turn', [...base, { activate: 'e', by: 'A', cost: 1 }, { activate: 'e', by: 'A', cost: 1 }], 'oncePerTurn'],
    ['a cost it can’t pay', [...base, { activate: 'e', by: 'A', cost: -5 }], 'cost'],
    ['one not on the battlefield', [...base, { activate: 'x', by: 'A', cost: 1 }], 'onBattlefield'],
  ])('refused %s, with the rule in words', (_name, events, rule) => {
    const s = runPlaneswalkers({ events });
    expect(s.refused).toHaveLength(1);
    expect(s.refused[0]!.event).toBe(events.length - 1);
    expect(s.refused[0]!.rule).toContain(PLANESWALKER_RULES[rule].en);
    // A refused event leaves the state unchanged.
    expect({ ...s, refused: [] }).toEqual(runPlaneswalkers({ events: events.slice(0, -1) }));
  });

  it('allowed again next turn; allowed on the turn it entered or came under the player’s control', () => {
    const s = runPlaneswalkers({
      events: [...base, { activate: 'e', by: 'A', cost: 1 }, { turn: 'B' }, { turn: 'A' }, { activate: 'e', by: 'A', cost: 1 }],
    });
    expect(s.battlefield[0]!.loyalty).toBe(6);
    const stolen = runPlaneswalkers({
      events: [
        elspeth('e', 'A'),
        { turn: 'A' },
        { activate: 'e', by: 'A', cost: 1 },
        { control: 'e', to: 'B' },
        { turn: 'B' },
        { activate: 'e', by: 'B', cost: 1 },
      ],
    });
    expect(stolen).toMatchObject({ refused: [], battlefield: [{ controller: 'B', loyalty: 6 }] });
  });
});

describe('uniqueness', () => {
  it('the seed’s rule (default): any Jace kills any other Jace, whoever controls them; in the order they entered', () => {
    const s = runPlaneswalkers({ events: [jace('j1', 'A'), jace('j2', 'B', 'Jace Beleren')] });
    expect(s).toMatchObject({ battlefield: [], graveyard: ['j1', 'j2'] });
  });
  it('the 2013 rule: same subtype, same controller, who keeps the one that came under their control last', () => {
    const opp = runPlaneswalkers({ uniqueness: '2013', events: [jace('j1', 'A'), jace('j2', 'B', 'Jace Beleren')] });
    expect(opp.battlefield.map((p) => p.id)).toEqual(['j1', 'j2']);
    const mine = runPlaneswalkers({ uniqueness: '2013', events: [jace('j1', 'A'), jace('j2', 'A', 'Jace Beleren')] });
    expect(mine).toMatchObject({ battlefield: [{ id: 'j2' }], graveyard: ['j1'] });
    const taken = runPlaneswalkers({ uniqueness: '2013', events: [jace('j1', 'A'), jace('j2', 'B'), { control: 'j1', to: 'B' }] });
    expect(taken).toMatchObject({ battlefield: [{ id: 'j1', controller: 'B' }], graveyard: ['j2'] });
  });
  it('the legend rule: same name, same controller', () => {
    const two = runPlaneswalkers({ uniqueness: 'legend', events: [jace('j1', 'A'), jace('j2', 'A', 'Jace Beleren')] });
    expect(two.battlefield).toHaveLength(2);
    const same = runPlaneswalkers({ uniqueness: 'legend', events: [jace('j1', 'A'), jace('j2', 'A')] });
    expect(same).toMatchObject({ battlefield: [{ id: 'j2' }], graveyard: ['j1'] });
  });
});

describe('combat and redirection', () => {
  it('a blocked trampler: lethal to blockers, the rest to the planeswalker up to its loyalty, the excess lost', () => {
    expect(runPlaneswalkers({ events: [elspeth('e', 'B', 4), { trample: 'e', power: 6, blockersLethal: 3 }] }).battlefield[0]!.loyalty).toBe(1);
    expect(runPlaneswalkers({ events: [elspeth('e', 'B', 4), { trample: 'e', power: 9, blockersLethal: 2 }] }).graveyard).toEqual(['e']);
    expect(runPlaneswalkers({ events: [elspeth('e', 'B', 4), { trample: 'e', power: 2, blockersLethal: 3 }] }).battlefield[0]!.loyalty).toBe(4);
  });
  it('bad numbers and unknown events are refused, never thrown', () => {
    const s = runPlaneswalkers({ events: [elspeth('e', 'B'), { damage: 'e', amount: -1 }, { bogus: 1 } as unknown as PwEvent, null as unknown as PwEvent] });
    expect(s.refused.map((r) => r.event)).toEqual([1, 2, 3]);
  });
});

describe('properties', () => {
  const ids = ['p1', 'p2', 'p3'];
  const ev = fc.oneof(
    fc.record({ turn: fc.constantFrom<'A' | 'B'>('A', 'B') }),
    fc.record({ phase: fc.constantFrom<'main' | 'combat' | 'end'>('main', 'combat', 'end') }),
    fc.record({
      enter: fc.constantFrom(...ids),
      name: fc.constantFrom('Jace', 'Liliana'),
      subtype: fc.constantFrom('Jace', 'Liliana', 'Ajani'),
      controller: fc.constantFrom<'A' | 'B'>('A', 'B'),
      loyalty: fc.nat(7),
    }),
    fc.record({ activate: fc.constantFrom(...ids), by: fc.constantFrom<'A' | 'B'>('A', 'B'), cost: fc.integer({ min: -6, max: 3 }) }),
    fc.record({ damage: fc.constantFrom(...ids), amount: fc.nat(8) }),
    fc.record({ control: fc.constantFrom(...ids), to: fc.constantFrom<'A' | 'B'>('A', 'B') }),
  ) as fc.Arbitrary<PwEvent>;
  it('loyalty never below 0; no id twice on the battlefield; uniqueness holds; replay is the same', () => {
    fc.assert(
      fc.property(fc.constantFrom<'seed' | '2013' | 'legend'>('seed', '2013', 'legend'), fc.array(ev, { maxLength: 40 }), (uniqueness, events) => {
        const s = runPlaneswalkers({ uniqueness, events });
        expect(s.battlefield.every((p) => p.loyalty > 0)).toBe(true);
        expect(new Set(s.battlefield.map((p) => p.id)).size).toBe(s.battlefield.length);
        const key = (p: (typeof s.battlefield)[number]) =>
          uniqueness === 'seed' ? p.subtype : uniqueness === '2013' ? `${p.controller}${p.subtype}` : `${p.controller}${p.name}`;
        expect(new Set(s.battlefield.map(key)).size).toBe(s.battlefield.length);
        expect(runPlaneswalkers({ uniqueness, events })).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });
});
