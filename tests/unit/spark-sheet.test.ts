import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditSheetText, formatSheet, looksLikeSheet, parseSheetText } from '../../lib';
import { GameRulesSchema } from '../../lib/spark/rules-schema';
import type { CharacterSheet } from '../../lib/spark/sheet';
import { TAVI_SHEET } from '../fixtures/spark-pages.mjs';

// Tavi's sheet (the sample duel's) with a deck list after it.
const LEGAL = `${TAVI_SHEET.replace('Unspent XP: 0', 'Unspent XP: 2')}

Deck:
1x Counterspell (Uncommon)
2x Unsummon (Common)
1x Mind Stone (Common)`;

// Spent: Power 6 + Toughness 3 + Life 9 + Focus 3 + Memory 13 + Blue 10 + White 3 + Deck 6
//        + Uncommon Cards 2 + Uncommon Copies 2 + Flying 5 + Frenzy 2 5 + trait 3 = 70 → 0 unspent.
const rules = (s: string) => s.split('\n');

describe('sheet audit: six sheets', () => {
  it('a legal sheet', () => {
    const a = auditSheetText(LEGAL.replace('Unspent XP: 2', 'Unspent XP: 0'));
    expect(a.spentXp).toBe(70);
    expect(a.earnedXp).toBe(70);
    expect(a.unspentXp).toBe(0);
    expect(a.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(a.complete).toBe(true);
    // Flat race bonus counts in play, not in XP: Power 3 (+1 race) = 6 XP.
    expect(a.spending.find((s) => s.what === 'Power 3')?.xp).toBe(6);
  });

  it('a stated Unspent XP that differs is flagged at its line with the value expected', () => {
    const a = auditSheetText(LEGAL);
    const f = a.findings.find((x) => x.rule === 'xp.unspent-mismatch')!;
    expect(f).toMatchObject({ line: 6, expected: 0 });
    expect(f.message).toContain('earned 70 − spent 70 = 0');
  });

  it('an overspent sheet', () => {
    const a = auditSheetText(LEGAL.replace('Total Earned XP: 70', 'Total Earned XP: 50').replace('Unspent XP: 2', 'Unspent XP: 0'));
    expect(a.unspentXp).toBe(-20);
    expect(a.findings.find((f) => f.rule === 'xp.overspent')).toMatchObject({ line: 5, severity: 'error' });
    expect(a.findings.find((f) => f.rule === 'xp.unspent-mismatch')).toMatchObject({ line: 6, expected: -20 });
  });

  it('affinity broken: a colour outside the affinity is highest, or tied for highest', () => {
    const broken = auditSheetText(LEGAL.replace('White: 2', 'White: 5'));
    expect(broken.findings.find((f) => f.rule === 'affinity.highest')).toMatchObject({ line: 18 });
    const tied = auditSheetText(LEGAL.replace('White: 2', 'White: 4'));
    expect(tied.findings.find((f) => f.rule === 'affinity.highest')?.message).toContain('tied for');
    // Two-colour affinity: the highest may be either.
    const duo = auditSheetText(LEGAL.replace('Colour Affinity: Blue', 'Color Affinity: Azorius').replace('White: 2', 'White: 4'));
    expect(duo.findings.find((f) => f.rule.startsWith('affinity'))).toBeUndefined();
  });

  it('strict affinity (a house rule) wants every affinity colour at least every other colour', () => {
    const text = LEGAL.replace('Colour Affinity: Blue', 'Colour Affinity: Blue/Green').replace('White: 2', 'White: 2\nGreen: 1');
    expect(auditSheetText(text).findings.find((f) => f.rule.startsWith('affinity'))).toBeUndefined();
    const strict = auditSheetText(text, GameRulesSchema.parse({ strictAffinity: true }));
    expect(strict.findings.find((f) => f.rule === 'affinity.strict')?.message).toContain('White 2');
  });

  it('common copies inconsistent with uncommon copies; copies out of range', () => {
    const a = auditSheetText(LEGAL.replace('Max Common Copies: 2', 'Max Common Copies: 4'));
    expect(a.findings.find((f) => f.rule === 'common-copies')).toMatchObject({ line: 26, expected: 2 });
    const b = auditSheetText(LEGAL.replace('Max Uncommon Copies: 1', 'Max Uncommon Copies: 3').replace('Max Common Copies: 2', 'Max Common Copies: 3'));
    expect(b.findings.find((f) => f.rule === 'common-copies')).toBeUndefined();
    const c = auditSheetText(LEGAL.replace('Max Uncommon Copies: 1', 'Max Uncommon Copies: 5'));
    expect(c.findings.find((f) => f.rule === 'attribute.value')).toMatchObject({ line: 25 });
    expect(c.complete).toBe(false);
  });

  it('keyword discounts for prerequisites on the sheet', () => {
    const text = LEGAL.replace('Keywords: Flying, Frenzy 2', 'Keywords: Trample, Uber-Trample, First Strike, Double Strike, Defender');
    const a = auditSheetText(text);
    const xp = Object.fromEntries(a.spending.map((s) => [s.what, s.xp]));
    expect(xp).toMatchObject({ Trample: 4, 'Uber-Trample': 4, 'First Strike': 6, 'Double Strike': 4, Defender: -3 });
  });

  it('malformed lines and stray prose: prose is skipped, malformed lines are findings with their line', () => {
    const text = `Tavi grew up on the shores of Dominaria, where Power was a thing of legend.
She has 3 brothers and Life 12 years ago was simpler.
Name: Tavi
Colour Affinity: Bleu
Total Earned XP: lots
Power: three
Powr: 3
Toughness: 2
Memory: 5
Blue: 1
Keywords: Flying, Teleportation
Deck:
2x Counterspell
Power: 4`;
    const a = auditSheetText(text);
    const byRule = (r: string) => a.findings.filter((f) => f.rule === r).map((f) => f.line);
    expect(byRule('line.malformed')).toEqual([4, 5, 6]);
    expect(byRule('line.unknown-label')).toEqual([7]);
    expect(byRule('keyword.unknown')).toEqual([11]);
    expect(byRule('deck.unreadable')).toEqual([13]);
    expect(byRule('line.duplicate')).toEqual([]); // "Power: three" was not read, so line 14 is the first Power
    expect(a.sheet.attributes.Power?.value).toBe(4);
    expect(a.sheet.attributes.Life).toBeUndefined(); // prose "Life 12 years ago" is not read
    expect(a.earnedXp).toBeNull();
    expect(a.unspentXp).toBeNull();
    expect(a.complete).toBe(false);
  });

  it('deck limits: size, rares, copies, and Mythic/Legendary needs GM confirmation (never an error)', () => {
    const text = `Memory: 6
Max Deck Size: 10
Max Rare Cards: 1
Max Rare Copies: 1
Deck:
2x Serra Angel (Rare)
3x Shock (Common)
4x Giant Growth (C)
1x Nicol Bolas (Mythic)
1x Lightning Bolt (Common)`;
    const a = auditSheetText(text);
    const rules = a.findings.map((f) => f.rule);
    expect(rules).toContain('deck.size');
    expect(rules).toContain('deck.rares');
    expect(a.findings.filter((f) => f.rule === 'deck.copies').map((f) => f.line)).toEqual([6, 7, 8]);
    expect(a.findings.find((f) => f.rule === 'deck.mythic')).toMatchObject({ severity: 'info', line: 9 });
    const acquired = auditSheetText(`Name: Ajani\n${text}`, GameRulesSchema.parse({ acquiredMythics: { Ajani: ['Nicol Bolas'] } }));
    expect(acquired.findings.find((f) => f.rule === 'deck.mythic')).toBeUndefined();
  });

  it('Mana Reservoir must equal the sum of colours plus its bonus', () => {
    expect(auditSheetText(LEGAL.replace('Mana Reservoir: 6', 'Mana Reservoir: 7')).findings.find((f) => f.rule === 'mana-reservoir')).toMatchObject({
      line: 19,
      expected: 6,
    });
    expect(auditSheetText(LEGAL.replace('Mana Reservoir: 6', 'Mana Reservoir: 7 (+1 race)')).findings.find((f) => f.rule === 'mana-reservoir')).toBeUndefined();
  });

  it('reads fixed-width and bulleted sheets in any order', () => {
    const tt = `Memory      6\nPower       2 (+1 Speed)\n• Blue = 3\n- Focus - 1\nKeywords:\n• Flying\n• Reach (2 XP)\n\nLife 10`;
    const { sheet } = parseSheetText(tt);
    expect(sheet.attributes.Memory?.value).toBe(6);
    expect(sheet.attributes.Power).toMatchObject({ value: 2, bonus: 0, modifiers: { speed: 1 } });
    expect(sheet.attributes.Blue?.value).toBe(3);
    expect(sheet.attributes.Focus?.value).toBe(1);
    expect(sheet.attributes.Life?.value).toBe(10);
    expect(sheet.keywords.map((k) => k.text)).toEqual(['Flying', 'Reach']);
  });

  it('racial modifier vs bonus: a signed number naming a roll is a modifier', () => {
    const { sheet } = parseSheetText('Focus: 2 (+1 Speed)\nPower: 3 (+1 race)\nPower2: 1\nMemory: 6 (+1, -1 Draw)');
    expect(sheet.attributes.Focus).toMatchObject({ value: 2, bonus: 0, modifiers: { speed: 1 } });
    expect(sheet.attributes.Power).toMatchObject({ value: 3, bonus: 1 });
    expect(sheet.attributes.Memory).toMatchObject({ value: 6, bonus: 1, modifiers: { draw: -1 } });
  });
});

/** A sheet without its line numbers (to compare two sheets by content). */
const sheetContent = (sheet: CharacterSheet): unknown => JSON.parse(JSON.stringify(sheet, (k, v) => (k === 'line' ? undefined : v)));

describe('canonical form', () => {
  it('formatSheet is read back unchanged', () => {
    const first = parseSheetText(LEGAL).sheet;
    const text = formatSheet(first);
    const again = parseSheetText(text).sheet;
    expect(sheetContent(again)).toEqual(sheetContent(first));
    expect(formatSheet(again)).toBe(text);
  });
});

describe('sheet detection', () => {
  it('a sheet is a sheet; prose that mentions Power and Life is not', () => {
    expect(looksLikeSheet(LEGAL)).toBe(true);
    expect(looksLikeSheet('Her Power: unmatched. Life: fleeting. She cast a spell and drew 3 cards.')).toBe(false);
    expect(looksLikeSheet('I spend 4 XP on Power: 2 and Life: 6.')).toBe(false);
  });
});

describe('parser robustness', () => {
  it('never throws on random or mutated text', () => {
    const lines = rules(LEGAL);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.array(fc.oneof(fc.constantFrom(...lines), fc.string({ maxLength: 40 })), { maxLength: 40 }).map((l) => l.join('\n')),
          fc.array(fc.constantFrom(...lines, '(', ')', ':', '  ', '\t', '-', '9999999', '<b>', '•'), { maxLength: 80 }).map((l) => l.join('')),
        ),
        (text) => {
          const a = auditSheetText(text);
          expect(Number.isFinite(a.spentXp)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
