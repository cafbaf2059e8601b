// Every text parser against random, mutated and adversarial input: no exception, no hang.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditSheetText } from '../../lib';
import { findRollLines, parseRollLine } from '../../lib/forums/rpol/roll-line';
import { parseRpolDateTime } from '../../lib/forums/rpol/dates';
import { findClaim, readSparkRoll } from '../../lib/spark/reading';
import { parseReason } from '../../lib/spark/reason';
import { parseSheetText } from '../../lib/spark/sheet';
import { readBody } from '../../lib/forums/rpol/body';
import { duelThread, TAVI_SHEET } from '../fixtures/spark-pages.mjs';
import { loadPage } from '../helpers/dom';

const SEEDS = [
  '17:54, Thu 04 June: Maximilian Yragerne rolled 11 using 2d8.\u00a0 Cast Sleep',
  '13:46, Sat 30 May: Max rolled 12,10 using 3d6,3d6 with rolls of 3,3,6,6,2,2. stats. – [roll=1780166795.67528.396958]',
  '09:30, Sat 30 May: Secret Roll: Jelb Garrick rolled 2 using 1d4, rerolling all ones with rolls of 2. HP. – [roll=1.2.3]',
  'Jelb Garrick rolled 12,2 using 1d20+1,1d3 ((11,2)).  If Orc fails.',
  'Draw: Counterspell (Uncommon) (+1)',
  'Toughness vs 5',
  'Ad-hoc: Memory + White',
  '3 successes, drew it',
  TAVI_SHEET,
];
const PIECES = [
  ' rolled ',
  ' using ',
  'd10',
  ',',
  ' with rolls of ',
  '((',
  '))',
  '.',
  ' – ',
  '[roll=',
  ']',
  ':',
  '(',
  ')',
  '+1',
  '-',
  '\n',
  '\u00a0',
  '9',
  '99999999',
  'Today',
  '17:54, ',
  'Draw: ',
  '(Rare)',
  'Power: ',
  'Keywords:',
  '• ',
];

const mutated = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...PIECES), fc.nat(8)), { maxLength: 12 }))
  .map(([seed, edits]) => {
    let s = seed;
    for (const [at, piece, del] of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + piece + s.slice(i + del);
    }
    return s;
  });
const anyText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  mutated,
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join('')),
);

describe('no exception on any text', () => {
  it('roll lines', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        const one = parseRollLine(t);
        if (one) {
          expect(one.results.length).toBe(one.specs.length);
          expect(one.rollerName.length).toBeGreaterThan(0);
        }
        for (const l of findRollLines(t)) expect(l.end).toBeGreaterThanOrEqual(l.start);
      }),
      { numRuns: 1500 },
    );
  });
  it('reasons, claims and readings', () => {
    fc.assert(
      fc.property(anyText, fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 30 }), (t, faces) => {
        parseReason(t);
        findClaim(t);
        const r = readSparkRoll({ specs: [{ count: faces.length, sides: 10, modifier: 0, raw: '' }], faces, results: [0], reason: t, rerollOnes: false });
        if (r.successes !== null) expect(r.successes).toBeLessThanOrEqual(faces.length);
      }),
      { numRuns: 1500 },
    );
  });
  it('sheets', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        const a = auditSheetText(t);
        expect(Number.isFinite(a.spentXp)).toBe(true);
      }),
      { numRuns: 800 },
    );
  });
  it('dates', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: -720, max: 840 }), (t, off) => void parseRpolDateTime(t, off, 1780000000)),
      { numRuns: 800 },
    );
  });
  it('a post body with random markup around a real roll', () => {
    const page = duelThread();
    const doc = loadPage(page.html, page.url);
    fc.assert(
      fc.property(anyText, (t) => {
        const body = doc.querySelector('#msg5')!;
        const extra = doc.createElement('span');
        extra.textContent = t;
        body.appendChild(extra);
        const read = readBody(body);
        expect(read.servers).toHaveLength(1);
        extra.remove();
      }),
      { numRuns: 300 },
    );
  });
});

describe('adversarial sizes finish (linear scans; timings are in npm run bench)', () => {
  const big = (unit: string, n = 50_000) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  it.each([
    ['rolled-and-using storm', big('a rolled 1 using ')],
    ['commas after rolled', `x rolled ${big('1,', 49_000)} using 1d10`],
    ['spec storm', `x rolled 1 using ${big('1d10,', 49_000)}`],
    ['faces storm', `x rolled 1 using 1d10 with rolls of ${big('1,', 49_000)}`],
    ['parentheses', big('(((((')],
    ['colons', big('Power: ')],
    ['one long line of prose', big('The Power of Life: ')],
    ['many lines', big('Power: 1 (+1 Speed)\n')],
  ])('%s', (_name, text) => {
    expect(text.length).toBeGreaterThanOrEqual(49_000);
    findRollLines(text);
    parseRollLine(text);
    parseReason(text);
    findClaim(text);
    parseSheetText(text);
  });
});
