// A duel turn judged as a chain: each roll against its roller's sheet and the duel so far.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPageClock, readPosts } from '../../lib/forums/rpol';
import { emptyDuel, judgeRoll, withSheet, type DuelState } from '../../lib/games/spark-d10/duel';
import { ThreadScanner } from '../../lib/thread';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { duelView } from '../../lib/games/spark-d10/view';
import { auditSheetText } from '../../lib';
import { parseReason } from '../../lib/spark/reason';
import { parseSheetText } from '../../lib/spark/sheet';
import { DEFAULT_GAME_RULES, type GameRules } from '../../lib/spark/settings';
import { duelThread, duelTurnThread, MIRA_SHEET, OSK_SHEET } from '../fixtures/spark-pages.mjs';
import { loadPage } from '../helpers/dom';
import { writeRubb } from '../../lib/forums/rpol/writer';

function read(page: { html: string; url: string }, rules?: GameRules) {
  const doc = loadPage(page.html, page.url);
  const clock = readPageClock(doc);
  const scanner = new ThreadScanner(RPOL_READING, clock, rules);
  const scans = readPosts(doc, clock).map((p) => scanner.scanPost(p));
  return { scans, rolls: scans.flatMap((s) => s.rolls), final: scanner.game.state() };
}

describe('the 15-post duel turn (every roll honest)', () => {
  const { scans, rolls, final } = read(duelTurnThread());
  const byPost = (n: number) => rolls.find((r) => r.postNumber === n)!;

  it('both sheets audit clean', () => {
    const problems = (t: string) => auditSheetText(t).findings.filter((f) => f.severity !== 'info');
    expect(problems(MIRA_SHEET)).toEqual([]);
    expect(problems(OSK_SHEET)).toEqual([]);
    expect(auditSheetText(scans[1]!.sheets[0]!.text).spentXp).toBe(24);
    expect(auditSheetText(scans[2]!.sheets[0]!.text).spentXp).toBe(29);
  });

  // Worked out by hand, post by post (faces from the fixture):
  // 4 Mira Speed 3d10 [8,7,2], Focus 1: wrong pool; 2 successes.
  // 5 Osk Speed 2d10 [5,9], Focus 2 (+1 Speed): the +1 applies unwritten: 6, 10 → 2; claim "2 successes" agrees.
  // 6 Mira Draw Rare 6d10 [2,9,5,4,1,3]: 1 vs 4, failed (+1 pending); "Not drawn this time" is no claim.
  // 7 Mira Channel Red 3d10 [5,3,9] with the +1: 6, 4, 10 → 2 → 2 Mountains (Red 2 of 3); "2 Mountains" agrees.
  // 8 Osk Draw Uncommon 6d10 [7,2,8,1,3,4]: 2 vs 3, failed (+1); "Needed 3 successes, got none…" is no claim.
  // 9 Osk Channel Blue (4) rolls 1d10 [5]: 3 dice traded for 1 automatic success; 5+1 = 6 → 1 + 1 = 2 → 2 Islands.
  // 10 Mira Damage 2d10 [9,6], Power 2: 2.
  // 11 Osk Toughness vs 2, 3d10 [1,1,6]: 1 success, 1 taken (Life 8 → 7), two 1s: Toughness 3 → 1; 1 ≥ 1: staggered.
  //    Rolled a minute after the post, and the edit a minute later added it: a caution, not a mismatch.
  // 12 Mira Channel Red 4d10 [6,7,8,2]: Red 3 allows 3 (or 0) dice: wrong pool; 3 successes, room 1 → 1 Mountain;
  //    "3 Mountains" claims more than the cap leaves: a second rules finding.
  // 13 Osk Toughness vs 3, 1d10 [1]: 0 successes, 3 taken (Life 7 → 4), Toughness 1 → 0: staggered.
  // 14 Osk Toughness vs 1 with 2d10 at Toughness 0: no roll allowed (and 0 dice expected): 2 rules findings; 1 to Life (4 → 3).
  // 15 Mira Channel Red 3d10 [6,9,10]: 3 successes, Red 3 full: 0 Mountains; "5 Mountains!" is over the cap: a rules finding.
  const table: [number, { successes: number; lands?: number | null; rules: number; cautions: number; outcome?: RegExp }][] = [
    [4, { successes: 2, rules: 1, cautions: 0 }],
    [5, { successes: 2, rules: 0, cautions: 0 }],
    [6, { successes: 1, rules: 0, cautions: 0, outcome: /failed/ }],
    [7, { successes: 2, lands: 2, rules: 0, cautions: 0, outcome: /^2 Mountains$/ }],
    [8, { successes: 2, rules: 0, cautions: 0, outcome: /failed/ }],
    [9, { successes: 2, lands: 2, rules: 0, cautions: 0, outcome: /^2 Islands$/ }],
    [10, { successes: 2, rules: 0, cautions: 0 }],
    [11, { successes: 1, rules: 0, cautions: 1, outcome: /1 damage taken, Toughness −2 \(now 1\), staggered/ }],
    [12, { successes: 3, lands: 1, rules: 2, cautions: 0, outcome: /1 Mountain \(2 lost to the cap of 3\)/ }],
    [13, { successes: 0, rules: 0, cautions: 0, outcome: /3 damage taken, Toughness −1 \(now 0\), staggered/ }],
    [14, { successes: 2, rules: 2, cautions: 0, outcome: /no roll at Toughness 0: 1 damage to Life/ }],
    [15, { successes: 3, lands: 0, rules: 1, cautions: 0, outcome: /0 Mountains \(3 lost/ }],
  ];
  it.each(table)('post #%i', (post, want) => {
    const r = byPost(post);
    expect(r.verdict.trust, r.verdict.reasons.join(' ')).toBe('verified');
    expect(r.reading.successes).toBe(want.successes);
    if (want.lands !== undefined) expect(r.lands).toBe(want.lands);
    expect(
      r.findings.map((f) => f.text),
      r.findings.map((f) => f.text).join(' | '),
    ).toHaveLength(want.rules);
    expect(r.verdict.cautions).toHaveLength(want.cautions);
    if (want.outcome) expect(r.reading.outcome).toMatch(want.outcome);
  });

  it('no badge is red on an honest duel', () => {
    expect(rolls.filter((r) => r.verdict.trust !== 'verified')).toEqual([]);
  });

  it('the findings say which rule', () => {
    expect(byPost(4).findings[0]!.text).toMatch(/Speed rolls Focus: Focus 1 .*so 1 die; this roll used 3/);
    expect(byPost(12).findings.map((f) => f.rule)).toEqual(['pool.channel', 'channel.cap']);
    expect(byPost(14).findings.map((f) => f.rule)).toEqual(['pool.toughness', 'toughness.zero']);
    expect(byPost(11).verdict.cautions[0]).toMatch(/the edit at .* added it/);
  });

  it('the state at the end: Life, Toughness, lands, staggered, initiative', () => {
    const view = duelView(final, DEFAULT_GAME_RULES);
    const mira = view.duelists.find((d) => d.name === 'Mira Vale')!;
    const osk = view.duelists.find((d) => d.name === 'Osk Tarrow')!;
    expect(mira).toMatchObject({ life: 10, lifeStart: 10, toughness: 2, wear: 0, staggered: false, pendingPlus: 0, sheet: 'post #2' });
    expect(mira.lands).toEqual([{ colour: 'Red', count: 3, cap: 3 }]);
    expect(osk).toMatchObject({ life: 3, lifeStart: 8, toughness: 0, wear: 3, staggered: true, pendingPlus: 0, sheet: 'post #3', lifeState: 'fighting' });
    expect(osk.lands).toEqual([{ colour: 'Blue', count: 2, cap: 4 }]);
    expect(view.initiative.map((s) => [s.name, s.successes, s.faceSum])).toEqual([
      ['Mira Vale', 2, 17],
      ['Osk Tarrow', 2, 14],
    ]);
    // Each value links to the roll that decided it.
    expect(osk.decidedBy).toMatchObject({ life: '14-0', toughness: '13-0', 'lands.Blue': '9-0' });
  });

  it('the earlier duel thread: Life from the GM’s "Life: 20 each"; forgeries still caught', () => {
    const { rolls: old, final: f } = read(duelThread());
    expect(duelView(f, DEFAULT_GAME_RULES).duelists.find((d) => d.name === 'Tavi Quell')!.lifeStart).toBe(20);
    expect(old.filter((r) => r.verdict.trust === 'mismatch').map((r) => r.postNumber)).toEqual([10, 15, 16, 23, 24]);
  });
});

describe('house rules change outcomes', () => {
  const sheet = (text: string) => ({ from: { post: 1 }, sheet: parseSheetText(text).sheet });
  const roll = (reason: string, faces: number[], roller = 'Osk Tarrow') => ({
    id: 'x',
    post: 2,
    roller,
    reason: parseReason(reason),
    faces,
    dice: faces.length,
    sides: 10,
    d10: true,
    changesState: true,
  });
  const osk = withSheet(emptyDuel(), 'Osk Tarrow', sheet(OSK_SHEET));

  it('wear resets each turn (at the duelist’s Draw) only with the house rule', () => {
    const worn = judgeRoll(osk, roll('Toughness vs 2', [1, 1, 6]), DEFAULT_GAME_RULES).state;
    const draw = roll('Draw: Shock (Common)', [6, 6, 6, 6, 6, 6]);
    expect(judgeRoll(worn, draw, DEFAULT_GAME_RULES).state.duelists['Osk Tarrow']!.toughness).toBe(1);
    expect(judgeRoll(worn, draw, { ...DEFAULT_GAME_RULES, wearResetsEachTurn: true }).state.duelists['Osk Tarrow']!.toughness).toBe(3);
  });

  it('no Toughness roll against direct damage, when the GM rules so', () => {
    const r = roll('Toughness vs 3 direct', [6, 7, 2]);
    expect(judgeRoll(osk, r, DEFAULT_GAME_RULES).judgement.findings).toEqual([]);
    expect(judgeRoll(osk, r, { ...DEFAULT_GAME_RULES, toughnessVsDirectDamage: false }).judgement.findings.map((f) => f.rule)).toEqual(['toughness.direct']);
  });

  it('the Toughness test below 0 Life uses the house rule’s difficulty', () => {
    const r = roll('Toughness test', [6, 7, 2]);
    expect(judgeRoll(osk, r, DEFAULT_GAME_RULES).judgement.outcome).toBe('unconscious');
    expect(judgeRoll(osk, r, { ...DEFAULT_GAME_RULES, belowZeroTestDifficulty: 2 }).judgement.outcome).toBe('keeps acting below 0 Life');
  });

  it('duel stakes decide the Life state', () => {
    const low: DuelState = { ...osk, duelists: { 'Osk Tarrow': { ...osk.duelists['Osk Tarrow']!, life: -3 } } };
    const state = (stakes: GameRules['duelStakes']) => duelView(low, { ...DEFAULT_GAME_RULES, duelStakes: stakes }).duelists[0]!.lifeState;
    expect(state('friendly')).toBe('duel-lost');
    expect(state('death')).toBe('incapacitated');
    expect(duelView(low, { ...DEFAULT_GAME_RULES, duelStakes: 'death', duelToDeathLife: -3 }).duelists[0]!.lifeState).toBe('dead');
  });

  it('a race’s roll modifier applies to its rolls when the sheet lists none', () => {
    const plain = withSheet(emptyDuel(), 'Mira Vale', sheet(MIRA_SHEET));
    const speed = roll('Speed', [5], 'Mira Vale');
    expect(judgeRoll(plain, speed, DEFAULT_GAME_RULES).judgement.successes).toBe(0);
    const elves: GameRules = {
      ...DEFAULT_GAME_RULES,
      races: [{ name: 'Human', bonuses: {}, modifiers: { speed: 1 }, allowedAffinities: [], keywordAdjustments: {} }],
    };
    expect(judgeRoll(plain, speed, elves).judgement.successes).toBe(1);
  });

  it('a modifier typed beyond the known ones is the player’s declaration', () => {
    const j = judgeRoll(osk, roll('Damage (+5)', [1, 1, 1]), DEFAULT_GAME_RULES).judgement;
    expect(j).toMatchObject({ successes: 3, declared: 5, modifier: 5 });
    // Known +1 Speed repeated in the reason: applied once.
    expect(judgeRoll(osk, roll('Speed (+1)', [5, 9]), DEFAULT_GAME_RULES).judgement).toMatchObject({ modifier: 1, declared: 0 });
  });
});

describe('properties of the fold', () => {
  const kinds = ['Toughness vs 2', 'Toughness vs 5', 'Channel: Blue', 'Channel: Red', 'Draw: Shock (Common)', 'Speed', 'Damage'];
  const arb = fc.array(fc.tuple(fc.constantFrom(...kinds), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 0, maxLength: 6 })), { maxLength: 40 });
  const run = (events: [string, number[]][]) => {
    let s = withSheet(emptyDuel(), 'Osk Tarrow', { from: { post: 1 }, sheet: parseSheetText(OSK_SHEET).sheet });
    const states = [s];
    events.forEach(([reason, faces], i) => {
      s = judgeRoll(
        s,
        { id: `${i}`, post: i + 2, roller: 'Osk Tarrow', reason: parseReason(reason), faces, dice: faces.length, sides: 10, d10: true, changesState: true },
        DEFAULT_GAME_RULES,
      ).state;
      states.push(s);
    });
    return states;
  };
  it('Toughness never rises and never falls below 0; lands never exceed the cap; replay gives the same state', () => {
    fc.assert(
      fc.property(arb, (events) => {
        const states = run(events);
        for (let i = 1; i < states.length; i++) {
          const a = states[i - 1]!.duelists['Osk Tarrow']!;
          const b = states[i]!.duelists['Osk Tarrow']!;
          expect(b.toughness!).toBeLessThanOrEqual(a.toughness!);
          expect(b.toughness!).toBeGreaterThanOrEqual(0);
          expect(b.lands.Blue ?? 0).toBeLessThanOrEqual(4);
          expect(b.lands.Red ?? 0).toBeLessThanOrEqual(0);
        }
        expect(run(events)).toEqual(states);
      }),
      { numRuns: 400 },
    );
  });
});

describe('fishing: re-rolls of the same thing, reworded', async () => {
  const { findRerolls } = await import('../../lib/trust/fishing');
  const { sameSparkRoll } = await import('../../lib/games/spark-d10/fishing');
  const rec = (reason: string, minute: number, dice = 6, who = 'Korrin Vask') => ({
    source: 'log' as const,
    rollerName: who,
    rollerId: '1',
    rollId: null,
    time: 1_780_000_000 + minute * 60,
    timeToMinute: false,
    timeText: '',
    results: [30],
    specs: [{ count: dice, sides: 10, modifier: 0, raw: `${dice}d10` }],
    faces: null,
    rerollOnes: false,
    reason,
    secret: false,
    fudged: null,
    text: '',
  });
  it('"Draw: Shivan Dragon (Rare)", "Draw - Shivan Dragon - Rare (again)", "shivan": four 6d10 in 9 minutes are one draw fished three times', () => {
    const log = [rec('Draw: Shivan Dragon (Rare)', 0), rec('Draw - Shivan Dragon - Rare (again)', 3), rec('shivan', 6), rec('Draw: Shivan Dragon (Rare)', 9)];
    expect(findRerolls(log, 60, sameSparkRoll).map((r) => r.attempt)).toEqual([2, 3, 4]);
    // The exact-reason grouping misses two of them.
    expect(findRerolls(log, 60).map((r) => r.index)).toEqual([3]);
  });
  it('another pool, another kind, another card or another character is not the same roll', () => {
    expect(findRerolls([rec('Draw: Shivan Dragon (Rare)', 0), rec('Draw: Shivan Dragon (Rare)', 2, 5)], 60, sameSparkRoll)).toEqual([]);
    expect(findRerolls([rec('Speed', 0), rec('Damage', 2)], 60, sameSparkRoll)).toEqual([]);
    expect(findRerolls([rec('Draw: Shivan Dragon (Rare)', 0), rec('Draw: Lightning Bolt (Common)', 2)], 60, sameSparkRoll)).toEqual([]);
    expect(
      findRerolls(
        [rec('Speed', 0), rec('Speed', 2, 6, 'Tavi Quell')].map((r, i) => ({ ...r, rollerId: String(i) })),
        60,
        sameSparkRoll,
      ),
    ).toEqual([]);
    expect(findRerolls([rec('Channel: Blue', 0), rec('Channel: Red', 2)], 60, sameSparkRoll)).toEqual([]);
    expect(findRerolls([rec('Channel: Blue', 0), rec('Channel: blue', 2)], 60, sameSparkRoll)).toHaveLength(1);
  });
});

describe('race fields on the sheet', () => {
  const human: GameRules = { ...DEFAULT_GAME_RULES, races: [{ name: 'Human', bonuses: {}, modifiers: {}, allowedAffinities: [], keywordAdjustments: {} }] };
  const minotaur: GameRules = {
    ...DEFAULT_GAME_RULES,
    races: [{ name: 'Human', bonuses: { Power: 2 }, modifiers: {}, allowedAffinities: [], keywordAdjustments: {} }],
  };
  const free = MIRA_SHEET.replace('Power: 2', 'Power: 2 (+2)');
  it('a free `Power: 2 (+2)` is flagged once the race is entered, and passes when the race gives it', () => {
    const warn = (rules: GameRules, text = free) => auditSheetText(text, rules).findings.filter((f) => f.rule === 'race.bonus' && f.severity === 'warning');
    expect(warn(DEFAULT_GAME_RULES)).toEqual([]);
    expect(warn(human)).toHaveLength(1);
    expect(warn(human)[0]!.message).toMatch(/Power has a flat bonus of \+2; a Human gives none/);
    expect(warn(minotaur)).toEqual([]);
    expect(
      auditSheetText(MIRA_SHEET, minotaur)
        .findings.filter((f) => f.rule === 'race.bonus')
        .map((f) => f.severity),
    ).toEqual(['info']);
  });
});

describe('the duel through the game layer', async () => {
  const { SparkDuel } = await import('../../lib/games/spark-d10/duel');
  const { foldEvents, refusalText } = await import('../../lib/games/game');
  it('folds sheets, stakes and rolls like the thread reader does; a stray event is refused', () => {
    const osk = { from: { post: 3 }, sheet: parseSheetText(OSK_SHEET).sheet };
    const roll = (reason: string, faces: number[]) => ({
      roll: { id: 'r', post: 4, roller: 'Osk Tarrow', reason: parseReason(reason), faces, dice: faces.length, sides: 10, d10: true, changesState: true },
      rules: DEFAULT_GAME_RULES,
    });
    const { state, refused } = foldEvents(SparkDuel, SparkDuel.setup(1), [
      { lifeEach: 12 },
      { sheet: 'Osk Tarrow', sheetInPlay: osk },
      roll('Toughness vs 4', [1, 6, 2]),
      { bogus: 1 } as never,
    ]);
    expect(state.duelists['Osk Tarrow']).toMatchObject({ life: 9, lifeStart: 12, toughness: 2, wear: 1 });
    expect(refused.map((r) => ({ event: r.event, rule: refusalText('en', r.refusal) }))).toEqual([{ event: 3, rule: 'Not an event of a Spark d10 duel.' }]);
  });
});

describe('the duel table', async () => {
  const { nextStep, withCorrections, endStepDue, duelStatePost, DUEL_STEPS } = await import('../../lib/games/spark-d10/table');
  const { final } = read(duelTurnThread());
  const view = duelView(final, DEFAULT_GAME_RULES);
  it('nine steps; after End the next duelist in initiative order starts at Untap, a new turn when the order comes round', () => {
    expect(DUEL_STEPS).toHaveLength(9);
    const order = ['Mira Vale', 'Osk Tarrow'];
    expect(nextStep({ number: 1, active: 'Mira Vale', step: 4 }, order)).toEqual({ number: 1, active: 'Mira Vale', step: 5 });
    expect(nextStep({ number: 1, active: 'Mira Vale', step: 8 }, order)).toEqual({ number: 1, active: 'Osk Tarrow', step: 2 });
    expect(nextStep({ number: 1, active: 'Osk Tarrow', step: 8 }, order)).toEqual({ number: 2, active: 'Mira Vale', step: 2 });
  });
  it('a correction of a value a verified roll decided says so; one of a value no roll decided does not', () => {
    const rolls = [{ id: '14-0', post: 14, trust: 'verified' }] as never;
    const { view: v, notes } = withCorrections(
      view,
      [
        { duelist: 'Osk Tarrow', field: 'life', value: 5, note: '' },
        { duelist: 'Mira Vale', field: 'hand', value: 8, note: '' },
      ],
      rolls,
    );
    expect(v.duelists.find((d) => d.name === 'Osk Tarrow')!.life).toBe(5);
    const of = (name: string) => notes.find((n) => n.duelist === name)!;
    expect([of('Osk Tarrow').contradicts, of('Mira Vale').contradicts]).toEqual([true, false]);
    expect(of('Osk Tarrow').text).toBe('Life set to 5 by hand: this contradicts the verified roll in post #14, which gives 3.');
  });
  it('the End step: discard above Memory, mana burn by the house rule, Focus, Toughness restored or not', () => {
    const osk = { ...view.duelists.find((d) => d.name === 'Osk Tarrow')!, hand: 8 };
    expect(endStepDue(osk, DEFAULT_GAME_RULES, 3)).toEqual([
      'Discard 2 (hand 8, Memory 6).',
      'Mana burn: 3 unused mana costs 3 Life.',
      'Discard artifacts and enchantments above Focus 2.',
      'Toughness stays at 0: the wear from rolled 1s lasts the duel. Creatures and planeswalkers restore toughness lost to damage.',
    ]);
    const house = endStepDue(osk, { ...DEFAULT_GAME_RULES, manaBurnPerMana: 2, wearResetsEachTurn: true }, 3);
    expect(house[1]).toBe('Mana burn: 3 unused mana costs 6 Life.');
    expect(house[3]).toBe('Toughness comes back to 3 next turn (house rule: wear resets each turn).');
  });
  it('the state post is RPOL table markup, names kept as text', () => {
    const post = writeRubb(
      duelStatePost(
        { ...view, duelists: view.duelists.map((d) => (d.name === 'Mira Vale' ? { ...d, name: '<b>Mira</b>' } : d)) },
        { number: 2, active: 'Osk Tarrow', step: 8 },
        null,
      ),
    );
    expect(post.split('\n')[0]).toBe('<b>Duel state</b> — turn 2, Osk Tarrow: End');
    expect(post).toContain('<tr><td>bMira/b</td><td>10/10</td><td>2/2</td><td>Red 3/3</td><td>—</td><td></td></tr>');
  });
});

describe('rarities typed in the reason are judged against the sheet', () => {
  const ashra = `Name: Ashra Venn\nColour Affinity: Green\nPower: 1\nToughness: 1\nMemory: 6\nGreen: 2\nMax Deck Size: 20\nMax Rare Cards: 1\nMax Rare Copies: 1\nDeck:\n1x Craw Wurm (Rare)\n2x Llanowar Elves (Common)`;
  const state = withSheet(emptyDuel(), 'Ashra Venn', { from: { post: 1 }, sheet: parseSheetText(ashra).sheet });
  const draw = (reason: string, faces: number[]) =>
    judgeRoll(
      state,
      { id: 'd', post: 2, roller: 'Ashra Venn', reason: parseReason(reason), faces, dice: faces.length, sides: 10, d10: true, changesState: true },
      DEFAULT_GAME_RULES,
    ).judgement;
  it('a Rare typed as Common: a rules finding, and the draw judged at the Rare difficulty', () => {
    const j = draw('Draw: Craw Wurm (Common)', [6, 7, 2, 3, 1, 4]);
    expect(j.findings.map((f) => f.rule)).toEqual(['draw.rarity']);
    expect(j).toMatchObject({ difficulty: 4, outcome: 'failed: +1 to channeling' });
  });
  it('as the sheet lists it: no finding; a card off the list: the rarity is the player’s word', () => {
    expect(draw('Draw: Craw Wurm (Rare)', [6, 7, 8, 9, 1, 4]).findings).toEqual([]);
    expect(draw('Draw: Shivan Dragon (Common)', [6, 7, 2, 3, 1, 4]).notes.join(' ')).toMatch(/not on the deck list .* player’s word/);
  });
});
