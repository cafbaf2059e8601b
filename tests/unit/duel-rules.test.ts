// The duel fold and the public Spark d10 rules are the same rules: on random duels (random sheets,
// random rolls by both duelists), every step of the fold is what lib/spark's functions say it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSuccesses } from '../../lib/dice/pool';
import { type DuelState, initiative, SparkDuel } from '../../lib/games/spark-d10/duel';
import { isRefusal } from '../../lib/games/game';
import type { Colour } from '../../lib/spark/attributes';
import { drawOutcome, type Rarity } from '../../lib/spark/draw';
import { channelingResult, channelingTrades, initiativeOrder, staggersFromRoll, toughnessRoll } from '../../lib/spark/duel';
import { channelingOutcomeText, drawOutcomeText, toughnessOutcomeText } from '../../lib/spark/outcomes';
import { parseReason } from '../../lib/spark/reason';
import { inPlay, parseSheetText } from '../../lib/spark/sheet';
import { DEFAULT_GAME_RULES, type GameRules } from '../../lib/spark/settings';

const NAMES = ['Mira Vale', 'Osk Tarrow'] as const;
const COLOURS: Colour[] = ['Red', 'Blue'];
const RARITIES: Rarity[] = ['Basic Land', 'Common', 'Uncommon', 'Rare', 'Mythic/Legendary'];

const sheetArb = fc.record({
  power: fc.integer({ min: 1, max: 5 }),
  toughness: fc.integer({ min: 0, max: 6 }),
  life: fc.integer({ min: 1, max: 20 }),
  focus: fc.integer({ min: 1, max: 4 }),
  memory: fc.integer({ min: 5, max: 9 }),
  red: fc.integer({ min: 0, max: 8 }),
  blue: fc.integer({ min: 0, max: 8 }),
});
type SheetValues = typeof sheetArb extends fc.Arbitrary<infer T> ? T : never;

const sheetText = (name: string, v: SheetValues) =>
  `Name: ${name}\nRace: Human\nColour Affinity: Red\n\nThe Source\nPower: ${v.power}\nToughness: ${v.toughness}\nLife: ${v.life}\nFocus: ${v.focus}\nMemory: ${v.memory}\n\nThe Spark\nRed: ${v.red}\nBlue: ${v.blue}`;

const faces = fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 9 });
const rollArb = fc.record({
  who: fc.constantFrom(0, 1),
  reason: fc.oneof(
    fc.constantFrom(...COLOURS).map((c) => `Channel: ${c}`),
    fc.integer({ min: 0, max: 8 }).map((d) => `Toughness vs ${d}`),
    fc.constantFrom(...RARITIES).map((r) => `Draw: Some Card (${r})`),
    fc.constant('Speed'),
    fc.constant('Damage'),
  ),
  faces,
});

interface Model {
  speeds: Map<string, number[]>;
}

/** One roll through the fold, and the same step by the public rules from the state before it. */
function checkStep(before: DuelState, roll: { who: number; reason: string; faces: number[] }, i: number, rules: GameRules, model: Model): DuelState {
  const roller = NAMES[roll.who]!;
  const reason = parseReason(roll.reason);
  const input = { id: `r${i}`, post: i + 3, roller, reason, faces: roll.faces, dice: roll.faces.length, sides: 10, d10: true, changesState: true };
  const { state, outcome } = SparkDuel.apply(before, { roll: input, rules });
  if (outcome === null || isRefusal(outcome)) throw new Error('a roll is never refused');
  const d = before.duelists[roller]!;
  const after = state.duelists[roller]!;
  const sheet = d.sheet!.sheet;
  const j = outcome;
  if (reason.kind === 'channel') {
    const colour = reason.colour!;
    const cap = inPlay(sheet, colour);
    const trades = channelingTrades(cap, roll.faces.length) ?? 0;
    const already = d.lands[colour] ?? 0;
    const result = channelingResult(colour, roll.faces, j.modifier, trades, cap, already);
    expect(j.successes).toBe(countSuccesses(roll.faces, j.modifier) + trades);
    expect(j.lands).toBe(result.lands);
    expect(j.room).toBe(result.room);
    expect(j.outcome).toBe(channelingOutcomeText('en', colour, result.lands, result.wasted, cap));
    expect(after.lands[colour]).toBe(already + result.lands);
    expect(after.pendingPlus).toBe(0);
  } else if (reason.kind === 'toughness' && d.toughness !== 0) {
    const current = d.toughness ?? roll.faces.length;
    const t = toughnessRoll(reason.damage!, roll.faces, j.modifier, current);
    const staggered = staggersFromRoll(t.damageTaken, current, t.toughnessAfter);
    expect(after.toughness).toBe(t.toughnessAfter);
    expect(after.wear).toBe(d.wear + t.toughnessLost);
    expect(after.life).toBe(d.life === null ? null : d.life - t.damageTaken);
    expect(after.staggered).toBe(d.staggered || staggered);
    expect(j.outcome).toBe(
      toughnessOutcomeText('en', { taken: t.damageTaken, successes: j.successes, wear: t.toughnessLost, after: t.toughnessAfter, staggered }),
    );
  } else if (reason.kind === 'toughness') {
    expect(after.toughness).toBe(0);
    expect(after.life).toBe(d.life === null ? null : d.life - reason.damage!);
  } else if (reason.kind === 'draw') {
    const drawn = drawOutcome(reason.rarity!, j.successes!);
    expect(j.difficulty).toBe(drawn.difficulty);
    expect(j.outcome).toBe(drawOutcomeText('en', reason.rarity!, drawn.drawn));
    expect(after.pendingPlus).toBe(d.pendingPlus + drawn.channelingBonus);
    expect(after.staggered).toBe(false);
  } else if (reason.kind === 'speed') {
    model.speeds.set(roller, roll.faces);
    const byRule = initiativeOrder([...model.speeds].map(([name, f]) => ({ name, faces: f, modifier: state.duelists[name]!.speed!.modifier })));
    // Full ties have no order of their own (they roll again): compare seats ordered by rank, then name.
    const seats = (xs: [string, number, number, string[]][]) =>
      xs.sort((p, q) => q[1] - p[1] || q[2] - p[2] || p[0].localeCompare(q[0])).map((x) => [...x.slice(0, 3), [...x[3]].sort()]);
    expect(seats(initiative(state).map((x) => [x.name, x.successes, x.faceSum, x.tiedWith]))).toEqual(
      seats(byRule.map((x) => [x.name, x.successes, x.faceSum, x.rerollWith])),
    );
  }
  return state;
}

describe('the duel fold calls the public rules (random duels)', () => {
  it.each([
    ['the default rules', DEFAULT_GAME_RULES],
    ['wear resets each turn', { ...DEFAULT_GAME_RULES, wearResetsEachTurn: true }],
  ])('every step, under %s', (_, rules) => {
    fc.assert(
      fc.property(sheetArb, sheetArb, fc.array(rollArb, { maxLength: 30 }), (a, b, rolls) => {
        let s = SparkDuel.setup(1);
        NAMES.forEach((name, k) => {
          const sheet = parseSheetText(sheetText(name, k ? b : a)).sheet;
          s = SparkDuel.apply(s, { sheet: name, sheetInPlay: { from: { post: k + 1 }, sheet } }).state;
        });
        const model: Model = { speeds: new Map() };
        rolls.forEach((roll, i) => {
          s = checkStep(s, roll, i, rules, model);
        });
      }),
      { numRuns: 300 },
    );
  });
});
