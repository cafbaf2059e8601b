// The readers' fast paths give what the plain forms they replaced gave (those forms are the spec
// here): the sheet hint, where a roller's name starts, word counts, the time prefix before a name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { nameCut, numbers, parseAtForTest, PREFIX, prefixAtEnd, strictTip, words } from '../../lib/forums/rpol/roll-line';
import { REAL_DIR } from '../helpers/dom';
import { mayBeSheet } from '../../lib/games/spark-d10/sheet-test';
import { isSpaceCode } from '../../lib/chars';
import { tipKey } from '../../lib/forums/rpol/scan';
import { knownFaces, impossibleFace, type RollRecord } from '../../lib/rolls/record';

/** The key as first written: the tooltip's white space folded and trimmed, then hashed (the keys kept across pages must not change). */
function tipKeyByReplace(tip: string): string {
  const t = tip.replace(/\s+/g, ' ').trim();
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const SHEET_HINT = /(?:power|toughness|life|focus|memory|black|blue|green|red|white)\s*[:=-]?\s*\d/gi;
function hintByPattern(text: string): boolean {
  SHEET_HINT.lastIndex = 0;
  let n = 0;
  while (SHEET_HINT.exec(text)) if (++n >= 3) return true;
  return false;
}
const cutByLastIndex = (back: string) =>
  Math.max(
    ...[':', '–', ';', '"', '[', '\n', '. ', '! ', '? '].map((c) => {
      const i = back.lastIndexOf(c);
      return i < 0 ? -1 : i + c.length - 1;
    }),
  );

/** Text built from the pieces these patterns care about, so that matches are common. */
const pieces = fc.constantFrom(
  'Power',
  'POWER',
  'toughness',
  'Life',
  'fred',
  'Red',
  'white',
  'Blue',
  'memory',
  'Focus',
  'Greenish',
  ':',
  '=',
  '-',
  ' ',
  '  ',
  '\n',
  '\u00a0',
  '3',
  '12',
  '0',
  'x',
  '. ',
  '! ',
  '? ',
  '–',
  ';',
  '"',
  '[',
  'Today',
  'Yesterday',
  '12:30, ',
  'Mon 4 June',
  ', ',
  'rolled',
  'Secret Roll: ',
);
const text = fc.array(pieces, { maxLength: 60 }).map((p) => p.join(''));

describe('fast paths agree with the patterns they replaced', () => {
  it('white space, code by code, is what \\s matches', () => {
    for (let c = 0; c <= 0xffff; c++) expect(isSpaceCode(c), c.toString(16)).toBe(/\s/.test(String.fromCharCode(c)));
  });
  it('a list of numbers, read from the character codes', () => {
    const piece = fc.oneof(
      fc.integer({ min: -99999, max: 999999 }).map(String),
      fc.constantFrom('', ' ', ' 7 ', '\u00a07', '-', '+5', '1.5', '1e3', '0x1f', '007', '-0', 'x', '9999999999999999', '12345678901234', 'Infinity', '\n3\t'),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 12 }).map((p) => p.join(',')),
        (list) => {
          expect(numbers(list)).toEqual(list.split(',').map((x) => Number(x.trim())));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('a server roll’s key, white space folded as it hashes', () => {
    const spaced = fc.array(fc.oneof(pieces, fc.constantFrom(' ', '\t', '\u2003', '\u3000', '\ufeff', '\r\n')), { maxLength: 40 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(spaced, fc.string({ maxLength: 80, unit: 'binary' })), (t) => {
        expect(tipKey(t)).toBe(tipKeyByReplace(t));
      }),
      { numRuns: 3000 },
    );
    expect(tipKey('  a \n b ')).toBe(tipKeyByReplace('a b'));
  });
  it('known and impossible faces, with indexed loops, read as the rule says', () => {
    const spec = fc.record({ count: fc.integer({ min: 0, max: 6 }), sides: fc.integer({ min: 1, max: 20 }), modifier: fc.integer({ min: -3, max: 3 }) });
    fc.assert(
      fc.property(
        fc.array(spec, { maxLength: 3 }),
        fc.option(fc.array(fc.integer({ min: -1, max: 21 }), { maxLength: 12 })),
        fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 3 }),
        (specs, faces, results) => {
          const r = { specs: specs.map((x) => ({ ...x, raw: `${x.count}d${x.sides}` })), faces, results } as unknown as RollRecord;
          const dice = specs.reduce((a, x) => a + x.count, 0);
          // The rule, written plainly: faces that line up with the dice are checked die by die (and then
          // they alone); other faces against the largest die; then each total against its range.
          let expected: boolean;
          const lineUp = !!faces && faces.length === dice;
          if (faces && lineUp) {
            const sidesOf = specs.flatMap((x) => Array.from({ length: x.count }, () => x.sides));
            expected = faces.some((f, i) => f < 1 || f > sidesOf[i]!);
          } else if (faces) {
            const max = Math.max(0, ...specs.map((x) => x.sides));
            expected = faces.some((f) => f < 1 || f > max);
          } else expected = false;
          if (!expected && !lineUp)
            expected = specs.some((x, i) => results[i] !== undefined && (results[i]! < x.count + x.modifier || results[i]! > x.count * x.sides + x.modifier));
          expect(impossibleFace(r) !== null).toBe(expected);
          const known = knownFaces(r);
          if (expected) expect(known).toBeNull();
          else if (faces && faces.length === dice) expect(known).toBe(faces);
          else if (specs.length && results.length === specs.length && specs.every((x) => x.count === 1 && x.modifier === 0)) expect(known).toBe(results);
          else expect(known).toBeNull();
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('the sheet hint', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 80 })), (t) => {
        expect(mayBeSheet(t)).toBe(hintByPattern(t));
      }),
      { numRuns: 3000 },
    );
    expect(mayBeSheet('Power: 3\nToughness 2\nLife=20')).toBe(true);
    expect(mayBeSheet('Power: 3 and nothing else, 2 3 4')).toBe(false);
  });
  it('where a roller’s name starts', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 80 })), (t) => {
        expect(nameCut(t)).toBe(cutByLastIndex(t));
      }),
      { numRuns: 3000 },
    );
  });
  it('word counts', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 40 })), (raw) => {
        const t = raw.trim();
        if (t) expect(words(t)).toBe(t.split(/\s+/).length);
      }),
      { numRuns: 3000 },
    );
  });
  it('the time prefix before a name, from the tail of a long text', () => {
    const long = fc.tuple(fc.string({ maxLength: 200 }), text).map(([a, b]) => a + b);
    fc.assert(
      fc.property(long, (t) => {
        const fast = prefixAtEnd(t);
        const plain = PREFIX.exec(t);
        expect(fast?.[1]).toBe(plain?.[1]);
        if (plain) expect(fast!.index + fast![0].indexOf(fast![1]!)).toBe(plain.index + plain[0].indexOf(plain[1]!));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the strict server-tooltip pattern', () => {
  // The general parser alone: the text as parseRollLine cleans it, read from its " rolled ".
  const general = (tip: string) => {
    const clean = tip
      .replace(/\u00a0/g, ' ')
      .replace(/[\r\n]+/g, ' ')
      .slice(0, 4000);
    const anchor = clean.indexOf(' rolled ');
    return anchor < 0 ? null : parseAtForTest(clean, anchor);
  };
  const tipPieces = {
    time: fc.constantFrom('17:54, Thu 04 June', '9:05, Mon 1 Jan 2026', '18:54, Today', '09:34, Yesterday', '7:00,Thu 04 June', '17:54, Thu 04 June '),
    name: fc.constantFrom('Maximilian Yragerne', 'Osk', "'Slip' Harren", 'Secret Roll: Bob', '(Fudged 1 roll) Ann', 'A rolled B', 'Bo ', 'x'.repeat(70), 'Zoë'),
    results: fc.constantFrom('11', '4,5', '-3', '7 , 8', '0'),
    specs: fc.constantFrom('2d8', '1d20+1', '3d10', '1d20,1d6', '0d6', '4D10', '1d20 + 1', 'd10'),
    faces: fc.constantFrom('', ' with rolls of 5,6', ' with rolls of 1,2,3', ' ((1,2))', ', rerolling all ones', ' with rolls of 1, 2'),
    reason: fc.constantFrom(
      '.\u00a0 Cast Sleep',
      '.  Draw: Shivan Dragon (Rare)',
      '. attack.',
      '.  to-hit -',
      '.  x – [roll=1782775857.5.396958]',
      '.  a. – ',
      '. Speed [1]',
      '.  Bob rolled 4 using 1d6.',
      '',
      `.  ${'r'.repeat(400)}`,
    ),
  };
  const tip = fc.record(tipPieces).map((p) => `${p.time}: ${p.name} rolled ${p.results} using ${p.specs}${p.faces}${p.reason}`);

  it('gives the general parser’s line wherever it gives one', () => {
    let strictCount = 0;
    fc.assert(
      fc.property(tip, (t) => {
        const clean = t.replace(/\u00a0/g, ' ');
        const fast = strictTip(clean);
        if (fast) {
          strictCount++;
          expect(fast).toEqual(general(t));
        }
      }),
      // 10,000 runs: the plain form comes about 8 times in 1,000 (about 80 here), so the bound below
      // never fails by chance (at 5,000 runs, about 40: one run in several hundred fell to 20).
      { numRuns: 10_000 },
    );
    // The plain form is common in what was generated: the fast path is taken, not always refused.
    expect(strictCount).toBeGreaterThan(20);
  });

  it('reads every server tooltip of the real saved pages, as the general parser does', () => {
    const dir = REAL_DIR;
    if (!existsSync(dir)) return;
    const tips = ['thread-aside-urvan.html', 'thread-aside-rimbling.html'].flatMap((f) =>
      [...readFileSync(`${dir}/${f}`, 'utf8').matchAll(/data-tip="([^"]*)"/g)].map((m) =>
        m[1]!
          .replace(/&nbsp;/g, '\u00a0')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&'),
      ),
    );
    expect(tips.length).toBe(8);
    for (const t of tips) {
      const fast = strictTip(t.replace(/\u00a0/g, ' '));
      expect(fast, t).not.toBeNull();
      expect(fast).toEqual(general(t));
    }
  });
});
