// Readers at 10k, 20k, 40k and 80k characters of adversarial text: the time should double with the
// size (a ratio of about 8 from 10k to 80k), never square it. Read the ratios off the table.
import { bench, describe } from 'vitest';
import { findRollLines, parseRollLine } from '../lib/forums/rpol/roll-line';
import { parseRubb } from '../lib/forums/rpol/rubb';
import { readBody } from '../lib/forums/rpol/body';
import { readRecords } from '../lib/games/parlor/records';
import { parseLogText } from '../lib/games/sparks-fly/log-text';
import { findClaim } from '../lib/spark/reading';
import { parseReason } from '../lib/spark/reason';
import { parseSheetText } from '../lib/spark/sheet';
import { loadPage } from '../tests/helpers/dom';

const sized = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const SIZES = [10_000, 20_000, 40_000, 80_000];
const readers: [string, string, (t: string) => unknown][] = [
  ['roll lines', 'a rolled 1 using 1d10, ', findRollLines],
  ['one roll line', 'x rolled 1,', parseRollLine],
  ['reason', 'Draw: (+1)', parseReason],
  ['claim', 'not 3 successes? ', findClaim],
  ['sheet', 'Power: 1 (+1 Speed)\n', parseSheetText],
  ['RuBB', '<b>[code]<i>[list][*]', parseRubb],
  ['match log', 'Spark Scribe log · When Sparks Fly v1 · first A :: A bid 1 | ', parseLogText],
  ['Parlor Magic lines', 'Spark Scribe · Parlor Magic · draw: KH, ', (t) => readRecords(t)],
];

for (const [name, unit, read] of readers) {
  describe(`${name} (adversarial)`, () => {
    for (const n of SIZES) {
      const text = sized(unit, n);
      bench(`${n / 1000}k`, () => {
        read(text);
      });
    }
  });
}

describe('post body, nested elements', () => {
  for (const n of [1_000, 2_000, 4_000, 8_000]) {
    const doc = loadPage(`<div class="messagebody" id="b">${'<span class="quote">'.repeat(n)}x${'</span>'.repeat(n)}</div>`);
    const body = doc.getElementById('b')!;
    bench(`${n} deep`, () => {
      readBody(body);
    });
  }
});
