// The readers' fast paths give what the plain forms they replaced gave (those forms are the spec
// here): the sheet hint, where a roller's name starts, word counts, the time prefix before a name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameCut, PREFIX, prefixAtEnd, words } from '../../lib/forums/rpol/roll-line';
import { mayBeSheet } from '../../lib/games/spark-d10/sheet-test';

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
const pieces = fc.constantFrom('Power', 'POWER', 'toughness', 'Life', 'fred', 'Red', 'white', 'Blue', 'memory', 'Focus', 'Greenish', ':', '=', '-', ' ', '  ', '\n', '\u00a0', '3', '12', '0', 'x', '. ', '! ', '? ', '–', ';', '"', '[', 'Today', 'Yesterday', '12:30, ', 'Mon 4 June', ', ', 'rolled', 'Secret Roll: ');
const text = fc.array(pieces, { maxLength: 60 }).map((p) => p.join(''));

describe('fast paths agree with the patterns they replaced', () => {
  it('the sheet hint', () => {
    fc.assert(fc.property(fc.oneof(text, fc.string({ maxLength: 80 })), (t) => {
      expect(mayBeSheet(t)).toBe(hintByPattern(t));
    }), { numRuns: 3000 });
    expect(mayBeSheet('Power: 3\nToughness 2\nLife=20')).toBe(true);
    expect(mayBeSheet('Power: 3 and nothing else, 2 3 4')).toBe(false);
  });
  it('where a roller’s name starts', () => {
    fc.assert(fc.property(fc.oneof(text, fc.string({ maxLength: 80 })), (t) => {
      expect(nameCut(t)).toBe(cutByLastIndex(t));
    }), { numRuns: 3000 });
  });
  it('word counts', () => {
    fc.assert(fc.property(fc.oneof(text, fc.string({ maxLength: 40 })), (raw) => {
      const t = raw.trim();
      if (t) expect(words(t)).toBe(t.split(/\s+/).length);
    }), { numRuns: 3000 });
  });
  it('the time prefix before a name, from the tail of a long text', () => {
    const long = fc.tuple(fc.string({ maxLength: 200 }), text).map(([a, b]) => a + b);
    fc.assert(fc.property(long, (t) => {
      const fast = prefixAtEnd(t);
      const plain = PREFIX.exec(t);
      expect(fast?.[1]).toBe(plain?.[1]);
      if (plain) expect(fast!.index + fast![0].indexOf(fast![1]!)).toBe(plain.index + plain[0].indexOf(plain[1]!));
    }), { numRuns: 3000 });
  });
});
