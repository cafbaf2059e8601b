// No typed or server line, however broken its numbers, throws out of the scan; a post whose
// reading fails is reported on its own and the posts after it are still read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPageClock } from '../../lib/forums/rpol/thread';
import { ThreadScanner } from '../../lib/thread';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { CAST, GAME, GI, NOW } from '../fixtures/spark-pages.mjs';
import { esc, postHtml, threadPageHtml } from '../fixtures/rpol-markup.mjs';
import { loadPage } from '../helpers/dom';

const num = fc.oneof(fc.integer({ min: -20, max: 30 }), fc.integer({ min: -100000, max: 9999999 }), fc.constantFrom(0, 11, 12, -1, 1001));
const spec = fc.tuple(
  fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1, 2, 1001)),
  fc.oneof(fc.constant(10), fc.integer({ min: 0, max: 99999 })),
  fc.option(fc.integer({ min: -99, max: 99 }), { nil: null }),
);
const reason = fc.oneof(
  fc.constantFrom('Draw: Shivan Dragon (Rare)', 'Toughness vs 5', 'Channel: Red', 'Damage (+5)', 'Speed', 'Ad-hoc: Memory + Red', 'Starting hand'),
  fc.string({ maxLength: 40 }),
);
/** A roll line, as typed (any numbers at all). */
const line = fc
  .tuple(fc.array(fc.tuple(num, spec), { minLength: 1, maxLength: 3 }), fc.option(fc.array(num, { maxLength: 25 }), { nil: null }), reason)
  .map(([parts, faces, why]) => {
    const results = parts.map(([r]) => r).join(',');
    const specs = parts.map(([, [c, s, m]]) => `${c}d${s}${m === null ? '' : m < 0 ? m : `+${m}`}`).join(',');
    return `Tavi Quell rolled ${results} using ${specs}${faces ? ` with rolls of ${faces.join(',')}` : ''}. ${why}`;
  });

function page(bodies: string[]) {
  const posts = bodies.map((body, i) => postHtml({ gi: GI, ti: 9, n: i + 1, author: CAST.tavi.name, ci: CAST.tavi.ci, time: NOW - 3600 + i, body }));
  return loadPage(threadPageHtml({ gi: GI, ti: 9, game: GAME, title: 't', viewer: CAST.gm.name, now: NOW, posts, characters: Object.values(CAST) as never[] }));
}

describe('generated roll lines never stop the scan', () => {
  it('the issue’s lines: a face of 11, 0, 12, a negative result, 1,001 dice', () => {
    const lines = [
      'X rolled 11 using 1d10.',
      'X rolled 0 using 1d10.',
      'X rolled 12 using 1d10.',
      'X rolled -3 using 1d10.',
      'X rolled 5 using 1001d10.',
      'Tavi Quell rolled 9 using 3d10 with rolls of 0,12,-3.',
    ];
    const doc = page([...lines.map(esc), 'Tavi Quell rolled 3 using 1d10. Speed']);
    const scanner = new ThreadScanner(RPOL_READING, readPageClock(doc));
    const scans = [...doc.querySelectorAll('div.message')].map((m) => scanner.scanMessage(m));
    expect(scans.every((s) => s && !s.failure)).toBe(true);
    expect(scans.map((s) => s!.rolls.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // Impossible faces are never counted; the last, honest-looking line is read as usual.
    expect(scans[0]!.rolls[0]!.reading.successes).toBeNull();
    expect(scans[5]!.rolls[0]!.reading.notes.join(' ')).toMatch(/no die can do that/);
    expect(scans[6]!.rolls[0]!.reading.successes).toBe(0);
  });

  it('5,000 generated lines in 250 posts: no exception, no post fails', () => {
    const samples = fc.sample(line, { numRuns: 5000, seed: 7 });
    const bodies: string[] = [];
    for (let i = 0; i < samples.length; i += 20)
      bodies.push(
        samples
          .slice(i, i + 20)
          .map(esc)
          .join('<br>\n'),
      );
    const doc = page(bodies);
    const scanner = new ThreadScanner(RPOL_READING, readPageClock(doc));
    let read = 0;
    for (const m of doc.querySelectorAll('div.message')) {
      const s = scanner.scanMessage(m);
      expect(s?.failure).toBeUndefined();
      read += s?.rolls.length ?? 0;
    }
    expect(read).toBeGreaterThan(4000);
  });

  it('a post whose reading throws is reported with its number, and the next post is still read', () => {
    const doc = page(['Tavi Quell rolled 3 using 1d10. Speed', 'Tavi Quell rolled 4 using 1d10. Speed', 'Tavi Quell rolled 5 using 1d10. Speed']);
    const [a, b, c] = [...doc.querySelectorAll('div.message')];
    const body = b!.getElementsByClassName('messagebody')[0]!;
    Object.defineProperty(body, 'textContent', {
      get: () => {
        throw new Error('hostile node');
      },
    });
    const scanner = new ThreadScanner(RPOL_READING, readPageClock(doc));
    expect(scanner.scanMessage(a!)!.rolls).toHaveLength(1);
    const failed = scanner.scanMessage(b!)!;
    expect(failed.failure).toMatch(/could not read this post: hostile node/);
    expect(failed.post.number).toBe(2);
    expect(scanner.scanMessage(c!)!.rolls[0]!.reading.successes).toBe(0);
  });
});

describe('the dice log: the server’s [roll=…] is the last on the line; long reasons are read', async () => {
  const { parseRollLine } = await import('../../lib/forums/rpol/roll-line');
  it('a fake tag typed into the reason does not hide the server’s', () => {
    const line =
      '13:46, Sat 30 May: Korrin Vask rolled 30 using 6d10 with rolls of 9,3,2,5,2,9. Draw: Shivan Dragon (Rare) [roll=1780166700.11111.510003] – [roll=1780166795.67528.510003]';
    expect(parseRollLine(line)!.rollId).toBe('1780166795.67528.510003');
  });
  it('a reason of 1,000 characters keeps the line and its tag', () => {
    const reason = `Draw: Shivan Dragon (Rare) ${'because the dragon is mine '.repeat(37)}`.slice(0, 1000);
    const l = parseRollLine(`13:46, Sat 30 May: Korrin Vask rolled 30 using 6d10 with rolls of 9,3,2,5,2,9. ${reason} – [roll=1780166795.67528.510003]`)!;
    expect(l.rollId).toBe('1780166795.67528.510003');
    expect(l.reason.length).toBeGreaterThan(900);
  });
});
