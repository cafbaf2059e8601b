// The readers' fast paths give what the plain forms they replaced gave (those forms are the spec
// here): the sheet hint, where a roller's name starts, word counts, the time prefix before a name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { nameCut, parseAtForTest, PREFIX, prefixAtEnd, strictTip, words } from '../../lib/forums/rpol/roll-line';
import { REAL_DIR } from '../helpers/dom';
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

describe('the strict server-tooltip pattern', () => {
  // The general parser alone: the text as parseRollLine cleans it, read from its " rolled ".
  const general = (tip: string) => {
    const clean = tip.replace(/\u00a0/g, ' ').replace(/[\r\n]+/g, ' ').slice(0, 4000);
    const anchor = clean.indexOf(' rolled ');
    return anchor < 0 ? null : parseAtForTest(clean, anchor);
  };
  const tipPieces = {
    time: fc.constantFrom('17:54, Thu 04 June', '9:05, Mon 1 Jan 2026', '18:54, Today', '09:34, Yesterday', '7:00,Thu 04 June', '17:54, Thu 04 June '),
    name: fc.constantFrom('Maximilian Yragerne', 'Osk', "'Slip' Harren", 'Secret Roll: Bob', '(Fudged 1 roll) Ann', 'A rolled B', 'Bo ', 'x'.repeat(70), 'Zoë'),
    results: fc.constantFrom('11', '4,5', '-3', '7 , 8', '0'),
    specs: fc.constantFrom('2d8', '1d20+1', '3d10', '1d20,1d6', '0d6', '4D10', '1d20 + 1', 'd10'),
    faces: fc.constantFrom('', ' with rolls of 5,6', ' with rolls of 1,2,3', ' ((1,2))', ', rerolling all ones', ' with rolls of 1, 2'),
    reason: fc.constantFrom('.\u00a0 Cast Sleep', '.  Draw: Shivan Dragon (Rare)', '. attack.', '.  to-hit -', '.  x – [roll=1782775857.5.396958]', '.  a. – ', '. Speed [1]', '.  Bob rolled 4 using 1d6.', '', '.  ' + 'r'.repeat(400)),
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
      { numRuns: 5000 },
    );
    // The plain form is common in what was generated: the fast path is taken, not always refused.
    expect(strictCount).toBeGreaterThan(20);
  });

  it('reads every server tooltip of the real saved pages, as the general parser does', () => {
    const dir = REAL_DIR;
    if (!existsSync(dir)) return;
    const tips = ['thread-aside-urvan.html', 'thread-aside-rimbling.html'].flatMap((f) => [...readFileSync(`${dir}/${f}`, 'utf8').matchAll(/data-tip="([^"]*)"/g)].map((m) => m[1]!.replace(/&nbsp;/g, '\u00a0').replace(/&#39;/g, "'").replace(/&amp;/g, '&')));
    expect(tips.length).toBe(8);
    for (const t of tips) {
      const fast = strictTip(t.replace(/\u00a0/g, ' '));
      expect(fast, t).not.toBeNull();
      expect(fast).toEqual(general(t));
    }
  });
});
