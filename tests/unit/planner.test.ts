import { describe, expect, it } from 'vitest';
import { auditSheetText, formatSheet, parseSheetText } from '../../lib';
import { applyPlan, planOptions, type PlanStep } from '../../lib/spark/planner';
import { sheetPost, xpSpendPost, drawDeclaration, damageAfterToughness, rollSummary } from '../../lib/games/spark-d10/replies';
import { parseRubb } from '../../lib/forums/rpol/rubb';
import { parseRollLine } from '../../lib/forums/rpol/roll-line';
import { TAVI_SHEET } from '../fixtures/spark-pages.mjs';
import { writeRubb } from '../../lib/forums/rpol/writer';

const tavi = parseSheetText(TAVI_SHEET).sheet;

describe('XP planner', () => {
  const opts = planOptions(tavi);
  it('prices the next step of every attribute from the sheet', () => {
    const by = Object.fromEntries(opts.attributes.map((a) => [a.attribute, a]));
    expect(by.Power).toMatchObject({ from: 3, to: 4, xp: 4 });
    expect(by.Life).toMatchObject({ from: 12, to: 13, xp: 2 });
    expect(by.Memory).toMatchObject({ from: 7, to: 8, xp: 8 });
    expect(by['Max Deck Size']).toMatchObject({ from: 30, to: 40, xp: 6 });
    expect(by.Black).toMatchObject({ from: 0, to: 1, xp: 1 });
  });
  it('prices keyword levels and new keywords with discounts', () => {
    expect(opts.levels).toEqual([{ type: 'keyword-level', keyword: 'Frenzy', text: 'Frenzy 2', level: 3, xp: 2 }]);
    const withTrample = planOptions(applyPlan(tavi, [{ type: 'keyword', keyword: 'Trample', choice: null, xp: 4 }]));
    expect(withTrample.keywords.find((k) => k.def.name === 'Uber-Trample')!.xp).toBe(4);
    expect(opts.keywords.find((k) => k.def.name === 'Flying')).toBeUndefined();
    expect(opts.keywords.find((k) => k.def.name === 'Protection From Color')).toMatchObject({ xp: 11, needs: 'colour' });
  });
  it('a plan applied to the sheet audits to the same spend, and the sheet posts in canonical form', () => {
    const plan: PlanStep[] = [
      { type: 'attribute', attribute: 'Power', from: 3, to: 4, xp: 4 },
      { type: 'keyword-level', keyword: 'Frenzy', text: 'Frenzy 2', level: 3, xp: 2 },
      { type: 'keyword', keyword: 'Resistance to Color', choice: 'Red', xp: 3 },
    ];
    const after = applyPlan({ ...tavi, earnedXp: { value: 79, line: 5 }, unspentXp: { value: 9, line: 6 } }, plan);
    const post = writeRubb(sheetPost(after));
    const text = post.replace(/^<tt>|<\/tt>$/g, '');
    const audit = auditSheetText(text);
    expect(audit.spentXp).toBe(70 + 9);
    expect(audit.unspentXp).toBe(0);
    expect(audit.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(formatSheet(parseSheetText(text).sheet)).toBe(text);
    expect(
      writeRubb(
        xpSpendPost(
          plan.map((p) => ({ what: p.type, xp: p.xp })),
          9,
        ),
      ),
    ).toContain('Total: 9 XP</b> · Unspent 9 → 0');
  });
});

describe('reply markup', () => {
  it('a draw declaration gives the roll to make and its odds', () => {
    const d = drawDeclaration('Counterspell', 'Uncommon', 6);
    expect(d.roll).toEqual({ dice: '6d10', reason: 'Draw: Counterspell (Uncommon)', options: ['Record each die'] });
    expect(writeRubb(d.post)).toContain('65.6% to draw');
  });
  it('a roll summary from a Die Roller log line keeps its [roll=ID]', () => {
    const line = parseRollLine(
      '17:54, Mon 05 Oct: Tavi Quell rolled 36 using 6d10 with rolls of 2,9,6,4,10,5. Draw: Counterspell (Uncommon). – [roll=1791234567.12345.510002]',
    )!;
    const text = writeRubb(
      rollSummary({
        source: 'log',
        rollerName: line.rollerName,
        rollerId: '510002',
        rollId: line.rollId,
        time: 1,
        timeToMinute: false,
        timeText: '',
        results: line.results,
        specs: line.specs,
        faces: line.faces,
        rerollOnes: false,
        reason: line.reason,
        secret: false,
        fudged: null,
        text: '',
      }),
    );
    expect(text).toBe('<b>Draw: Counterspell (Uncommon)</b> – [roll=1791234567.12345.510002]\nFaces 2 9 6 4 10 5 → 3 vs 3: <green>drawn</green>');
  });
  it('damage after Toughness (digest §7 example)', () => {
    expect(writeRubb(damageAfterToughness(5, [1, 7, 6, 1], 0, 12, null))).toBe(
      '<b>Toughness vs 5</b>\nFaces 1 7 6 1 → 2 prevented.\n<b>3 damage taken</b>: Life 12 → 9.\nToughness 4 → 2 (2 ones rolled).',
    );
  });
  it('names cannot smuggle markup into a post', () => {
    expect(writeRubb(drawDeclaration('<b>Evil</b>[roll=1.2.3]', 'Rare', 5).post)).not.toMatch(/<b>Evil|\[roll=/);
  });
});

describe('RuBB preview tree', () => {
  it('makes elements only of RPOL’s own tags', () => {
    expect(parseRubb('<b>bold</b> <script>x</script> <red>r</red>\n[roll=1.2.3]')).toEqual([
      { type: 'el', tag: 'b', children: [{ type: 'text', text: 'bold' }] },
      { type: 'text', text: ' <script>x</script> ' },
      { type: 'el', tag: 'red', children: [{ type: 'text', text: 'r' }] },
      { type: 'br' },
      { type: 'roll', id: '1.2.3' },
    ]);
  });
  it('lists, code and private lines', () => {
    const tree = parseRubb('[list]\n[*] one\n[*] two\n[/list][code]<b>x</b>[/code][Private to GM: hi]');
    expect(tree[0]).toMatchObject({ type: 'list', ordered: false });
    expect((tree[0] as { items: unknown[] }).items).toHaveLength(2);
    expect(tree[1]).toEqual({ type: 'code', text: '<b>x</b>' });
    expect(tree[2]).toMatchObject({ type: 'private', label: 'Private to GM' });
  });
});

describe('the planner writes legal sheets', async () => {
  const { affinityProblem, updateSheetText, withDerived } = await import('../../lib/spark/planner');
  const SHEET = `Name: Rell Vantor
Race: Human
Colour Affinity: Blue
Total Earned XP: 47
Unspent XP: 15
Rell grew up on the docks of Tolaria West, and never trusts a calm sea.

The Source
Power: 2
Toughness: 1
Life: 8
Focus: 1
Memory: 6
Keywords: Flying

The Spark
Blue: 3 (+1 Channeling)
Red: 2
Mana Reservoir: 5

The Library
Max Deck Size: 10
Max Uncommon Copies: 2
Max Common Copies: 2
He keeps a spare deck, just in case.`;
  const sheet = parseSheetText(SHEET).sheet;
  const audit = auditSheetText(SHEET);

  it('the sheet starts clean', () => {
    expect(audit.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(audit.spentXp).toBe(32);
  });

  it('the updated sheet: values changed where they stand, derived values recomputed, the prose kept; it audits clean', () => {
    const plan: PlanStep[] = [
      { type: 'attribute', attribute: 'Blue', from: 3, to: 4, xp: 4 },
      { type: 'attribute', attribute: 'Max Uncommon Copies', from: 2, to: 3, xp: 2 },
      { type: 'attribute', attribute: 'Black', from: 0, to: 1, xp: 1 },
      { type: 'keyword', keyword: 'Haste', choice: null, xp: 2 },
    ];
    const after = withDerived(applyPlan(sheet, plan));
    const text = updateSheetText(SHEET, sheet, after);
    expect(text).toContain('Rell grew up on the docks of Tolaria West, and never trusts a calm sea.');
    expect(text).toContain('He keeps a spare deck, just in case.');
    expect(text).toContain('Blue: 4 (+1 Channeling)');
    expect(text).toContain('Mana Reservoir: 7');
    expect(text).toContain('Max Common Copies: 3');
    expect(text).toContain('Unspent XP: 6');
    expect(text).toContain('Keywords: Flying, Haste');
    expect(text).toMatch(/Black: 1/);
    const again = auditSheetText(text);
    expect(again.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(again.spentXp).toBe(32 + 9);
    expect(again.unspentXp).toBe(6);
  });

  it('a step that would break the affinity warns before it is added', () => {
    expect(affinityProblem(sheet, { type: 'attribute', attribute: 'Red', from: 2, to: 3, xp: 3 })).toMatch(/affinity/i);
    expect(affinityProblem(sheet, { type: 'attribute', attribute: 'Blue', from: 3, to: 4, xp: 4 })).toBeNull();
    expect(affinityProblem(sheet, { type: 'attribute', attribute: 'Power', from: 2, to: 3, xp: 3 })).toBeNull();
  });
});
