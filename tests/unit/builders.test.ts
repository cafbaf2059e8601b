// Every reply builder, pre-filled from a bound sheet and the duel: what to roll, the reason, the odds.
import '../../lib/i18n/all';
import { describe, expect, it } from 'vitest';
import { chanceAtLeast } from '../../lib';
import { buildDeclaration, badgeSummary } from '../../lib/games/spark-d10/replies';
import { parseReason } from '../../lib/spark/reason';
import { damageTakenDistribution, expectedLands } from '../../lib/spark/odds';
import { parseSheetText } from '../../lib/spark/sheet';
import { defaultsFor, type Known } from '../../components/games/spark-d10/builders';
import { OSK_SHEET } from '../fixtures/spark-pages.mjs';
import { writeRubb } from '../../lib/forums/rpol/writer';

const osk = parseSheetText(OSK_SHEET).sheet;
const me = {
  name: 'Osk Tarrow',
  sheet: 'post #3',
  life: 7,
  lifeStart: 8,
  lifeState: 'fighting',
  toughness: 1,
  toughnessBase: 3,
  wear: 2,
  staggered: true,
  lands: [{ colour: 'Blue', count: 2, cap: 4 }],
  manaReservoir: 4,
  pendingPlus: 1,
  speed: { successes: 2, faceSum: 14 },
  hand: null,
  memory: 6,
  focus: 2,
  decidedBy: {},
} as const;
const opponent = { ...me, name: 'Mira Vale', toughness: 2, speed: { successes: 2, faceSum: 17 }, pendingPlus: 0 } as const;
const known: Known = { sheet: osk, me: me as never, opponent: opponent as never };

describe('defaults from the sheet and the duel: no number the sheet holds is typed', () => {
  it.each([
    ['draw', { memory: '6', modifier: '0', rarity: 'Common' }],
    ['channel', { colour: 'Blue', carried: '1', lands: '2', trades: '0' }],
    ['speed', { focus: '2', modifier: '1', opponent: '2' }],
    ['damage', { power: '1', toughness: '2' }],
    ['toughness', { toughness: '1', life: '7' }],
    ['ad-hoc', { source: 'Memory', spark: 'Blue' }],
    ['recovery', { toughness: '1' }],
  ] as const)('%s', (kind, want) => {
    expect(defaultsFor(kind, known)).toMatchObject(want);
  });
  it('the draw’s +1 and the Toughness block have their own fields (nothing leaks)', () => {
    expect(defaultsFor('toughness', known)).not.toHaveProperty('rarity');
    expect(defaultsFor('draw', known)).not.toHaveProperty('damage');
  });
});

describe('each builder’s declaration', () => {
  it('Draw: Memory dice, the exact reason, the chance', () => {
    const d = buildDeclaration({ kind: 'draw', card: 'Counterspell', rarity: 'Uncommon', memory: 6, modifier: 0 });
    if ('error' in d) throw new Error(d.error);
    expect(d.roll).toEqual({ dice: '6d10', reason: 'Draw: Counterspell (Uncommon)', options: ['Record each die'] });
    expect(d.odds[0]).toBe(`${(chanceAtLeast(6, 3) * 100).toFixed(1)}% to draw (difficulty 3)`);
  });
  it('Channel: the colour’s dice less the trades, the carried +1 in the reason, expected lands under the cap', () => {
    const d = buildDeclaration({ kind: 'channel', colour: 'Blue', attribute: 4, trades: 1, carried: 1, modifier: 0, landsInPlay: 2 });
    if ('error' in d) throw new Error(d.error);
    expect(d.roll.dice).toBe('1d10');
    expect(parseReason(d.roll.reason)).toMatchObject({ kind: 'channel', colour: 'Blue', modifier: 1 });
    // 1 die at +1 (P = 0.6) plus 1 automatic, room 2: E = 0.6·2 + 0.4·1 = 1.6.
    expect(expectedLands(1, 1, 1, 2)).toBeCloseTo(1.6, 10);
    expect(d.odds[0]).toBe('expected lands 1.60 (room for 2)');
    expect(writeRubb(d.post)).toMatch(/3 traded for 1 automatic success/);
    expect(buildDeclaration({ kind: 'channel', colour: 'Blue', attribute: 4, trades: 2, carried: 0, modifier: 0, landsInPlay: 0 })).toEqual({
      error: 'Trade 0 to 1 sets of 3 dice.',
    });
  });
  it('Speed: Focus dice with the sheet’s +1, and the chance to beat the opponent', () => {
    const d = buildDeclaration({ kind: 'speed', focus: 2, modifier: 1, opponent: { name: 'Mira Vale', successes: 1 } });
    if ('error' in d) throw new Error(d.error);
    expect(d.roll).toMatchObject({ dice: '2d10', reason: 'Speed (+1)' });
    // P(2 successes) at p = 0.6 is 0.36.
    expect(d.odds[1]).toMatch(/^36\.0% to beat Mira Vale’s 1, 48\.0% to tie/);
  });
  it('Damage: Power dice, and against a known Toughness the distribution of damage taken', () => {
    const d = buildDeclaration({ kind: 'damage', power: 2, modifier: 0, target: { name: 'Osk Tarrow', toughness: 1, modifier: 0 } });
    if ('error' in d) throw new Error(d.error);
    // Damage 0/1/2 with p .25/.5/.25; Toughness 1 saves 0/1 with .5/.5: taken 0 = .25 + .5·.5 = .5, 1 = .5·.5 + .25·.5 = .375, 2 = .125.
    expect(damageTakenDistribution(2, 0, 1, 0).map((x) => +x.toFixed(4))).toEqual([0.5, 0.375, 0.125]);
    expect(d.chart!.p.map((x) => +x.toFixed(4))).toEqual([0.5, 0.375, 0.125]);
    expect(d.odds[1]).toBe('against Osk Tarrow’s Toughness 1: 0.63 damage taken on average, 50.0% to get any through');
  });
  it('Toughness: current Toughness dice, the reason with the damage, the chance of wear', () => {
    const d = buildDeclaration({ kind: 'toughness', toughness: 1, damage: 3, modifier: 0, life: 7 });
    if ('error' in d) throw new Error(d.error);
    expect(d.roll).toMatchObject({ dice: '1d10', reason: 'Toughness vs 3' });
    expect(d.odds[1]).toBe('10.0% that a 1 wears Toughness');
    expect(buildDeclaration({ kind: 'toughness', toughness: 0, damage: 3, modifier: 0, life: 7 })).toEqual({
      error: 'At Toughness 0 there is no roll: the damage goes to Life.',
    });
  });
  it('Ad-hoc: one Source + one Spark; Recovery: Toughness dice', () => {
    const a = buildDeclaration({ kind: 'ad-hoc', source: 'Memory', sourceValue: 6, spark: 'Blue', sparkValue: 4, modifier: 0, difficulty: 4 });
    if ('error' in a) throw new Error(a.error);
    expect(a.roll).toMatchObject({ dice: '10d10', reason: 'Ad-hoc: Memory + Blue' });
    expect(parseReason(a.roll.reason)).toMatchObject({ kind: 'ad-hoc', attributes: ['Memory', 'Blue'] });
    const r = buildDeclaration({ kind: 'recovery', toughness: 3, modifier: 0, difficulty: 1 });
    if ('error' in r) throw new Error(r.error);
    expect(r.roll).toMatchObject({ dice: '3d10', reason: 'Recovery' });
    expect(parseReason(r.roll.reason).kind).toBe('recovery');
  });
  it('a badge’s summary for the reply, with its [roll=ID] where known', () => {
    const v = {
      reason: 'Draw: Counterspell (Uncommon)',
      rollId: '1780166795.67528.396958',
      faces: [2, 9, 6, 4, 10, 5],
      modifier: 0,
      successes: 3,
      difficulty: 3,
      outcome: 'drawn',
      drawResult: 'drawn' as const,
      roller: 'Tavi Quell',
      post: 5,
      dice: 6,
      d10: true,
      results: [36],
    };
    expect(writeRubb(badgeSummary(v))).toBe(
      '<b>Draw: Counterspell (Uncommon)</b> – [roll=1780166795.67528.396958] <small>(Tavi Quell, post #5)</small>\nFaces 2 9 6 4 10 5 → 3 vs 3: <green>drawn</green>',
    );
    // In an Italian thread, the same roll in Italian; the colour from the result, not the words.
    expect(writeRubb(badgeSummary(v, 'it'))).toBe(
      '<b>Draw: Counterspell (Uncommon)</b> – [roll=1780166795.67528.396958] <small>(Tavi Quell, messaggio n. 5)</small>\nFacce 2 9 6 4 10 5 → 3 vs 3: <green>pescata</green>',
    );
    expect(writeRubb(badgeSummary({ ...v, successes: 2, faces: [2, 9, 6, 4, 1, 5], drawResult: 'failed', outcome: 'failed: +1 to channeling' }, 'it'))).toMatch(
      /<red>fallita: \+1 a Incanalare<\/red>$/,
    );
    expect(writeRubb(badgeSummary({ ...v, rollId: null, reason: '<script>x</script>' }))).not.toContain('<script>');
  });
});
