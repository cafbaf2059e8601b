// The full scan of the 1,000-post show=all page in happy-dom, next to one read of the page's text.
import { bench, describe } from 'vitest';
import { readPageClock } from '../lib/forums/rpol';
import { ThreadScanner } from '../lib/thread';
import { RPOL_READING } from '../lib/forums/rpol/scan';
import { findRollLines } from '../lib/forums/rpol/roll-line';
import { parseSheetText } from '../lib/spark/sheet';
import { bigThread } from '../tests/fixtures/spark-pages.mjs';
import { loadPage } from '../tests/helpers/dom';

const page = bigThread(1000);
const doc = loadPage(page.html, page.url);

describe('1,000-post page (happy-dom)', () => {
  bench('read document.body.innerText once', () => {
    void doc.body.innerText;
  });
  bench('read document.body.textContent once', () => {
    void doc.body.textContent;
  });
  bench('full scan: every post, roll, verdict and sheet', () => {
    const clock = readPageClock(doc);
    const scanner = new ThreadScanner(RPOL_READING, clock);
    for (const m of Array.from(doc.querySelectorAll('div.message'))) scanner.scanMessage(m);
  });
});

const normal = 'Tavi Quell rolled 12 using 3d10 with rolls of 6,3,3. Speed.\n'.repeat(830).slice(0, 50_000);
const hostile = 'a rolled 1 using '.repeat(3000).slice(0, 50_000);
const sheetLike = 'Power: 1 (+1 Speed)\n'.repeat(2600).slice(0, 50_000);
describe('50,000-character posts (linear time)', () => {
  bench('roll lines: ordinary text', () => void findRollLines(normal));
  bench('roll lines: "a rolled 1 using " × 3,000', () => void findRollLines(hostile));
  bench('sheet parser: 2,600 attribute lines', () => void parseSheetText(sheetLike));
});
