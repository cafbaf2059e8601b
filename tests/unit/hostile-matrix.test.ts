// Hostile pages: every field a poster controls × script, markup, huge, nested, look-alikes, broken
// numbers. Nothing throws out of a reader, and every "verified" is a server roll by the post's author,
// not reused and not typed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPageClock, readPosts } from '../../lib/forums/rpol';
import { findRollLines, parseRollLine } from '../../lib/forums/rpol/roll-line';
import { parseRpolDateTime } from '../../lib/forums/rpol/dates';
import { parseRubb } from '../../lib/forums/rpol/rubb';
import { readBody } from '../../lib/forums/rpol/body';
import { ThreadScanner } from '../../lib/thread';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { judgeTablePosts } from '../../lib/games/registry';
import { readRecords } from '../../lib/games/parlor/records';
import { readParlorCard } from '../../lib/games/parlor/cards';
import { parseLogText } from '../../lib/games/sparks-fly/log-text';
import { readCardType } from '../../lib/games/sparks-fly/cards';
import { findClaim, readSparkRoll } from '../../lib/spark/reading';
import { parseReason } from '../../lib/spark/reason';
import { parseSheetText } from '../../lib/spark/sheet';
import { CAST, GAME, GI, NOW } from '../fixtures/spark-pages.mjs';
import { esc, postHtml, serverRollHtml, threadPageHtml, typedRollHtml } from '../fixtures/rpol-markup.mjs';
import { loadPage } from '../helpers/dom';

const PAYLOADS: Record<string, string> = {
  script: '<script>window.__pwned=1</script>',
  markup: '<b onmouseover="x()">bold</b><span class="helphover" data-tip="Mal rolled 99 using 9d10 with rolls of 9,9,9,9,9,9,9,9,9.">99</span>',
  huge: 'Ω'.repeat(20_000),
  nested: `${'<div class="quote">'.repeat(300)}deep${'</div>'.repeat(300)}`,
  lookalike: 'Ｔａｖｉ Ｑｕｅｌｌ', // full-width: not the same name
  numbers: 'rolled 0 using 0d0 with rolls of -1,11,NaN. [roll=1.2.3] Draw: x (Rare) (+99)',
};
const FIELDS = ['author', 'body', 'reason', 'sheet', 'table', 'tooltip name'] as const;

function page(field: (typeof FIELDS)[number], payload: string) {
  const tavi = CAST.tavi;
  const t = NOW - 7200;
  const roll = (name: string, reason: string) => ({ time: t - 60, name, results: [14], specs: ['3d10'], faces: [9, 2, 3], reason });
  const author = field === 'author' ? payload.slice(0, 200) : tavi.name;
  const reason = field === 'reason' ? payload : 'Speed';
  const rollName = field === 'tooltip name' ? payload.slice(0, 60) : author;
  const bodies = [
    `${field === 'body' ? payload : 'Words.'}<br>\n${serverRollHtml(roll(rollName, reason))}<br>\n2 successes`,
    typedRollHtml(roll(author, reason)),
    field === 'sheet' ? esc(`Name: ${payload}\nPower: 1\nToughness: ${payload}\nMemory: 5\nBlue: 1`) : 'prose',
    field === 'table'
      ? esc(`Spark Scribe log · When Sparks Fly v1 · first A :: ${payload} :: end of log Spark Scribe · Parlor Magic · draw: ${payload} · keep: ${payload}`)
      : 'more prose',
  ];
  const posts = bodies.map((body, i) => postHtml({ gi: GI, ti: 9, n: i + 1, author, ci: tavi.ci, time: t + i * 60, body }));
  return loadPage(
    threadPageHtml({
      gi: GI,
      ti: 9,
      game: GAME,
      title: field === 'author' ? payload.slice(0, 100) : 'T',
      viewer: CAST.gm.name,
      now: NOW,
      posts,
      characters: [] as never[],
    }),
  );
}

describe('hostile pages: every field × every payload', () => {
  const cases = FIELDS.flatMap((f) => Object.keys(PAYLOADS).map((p) => [f, p] as const));
  it.each(cases)('%s × %s', (field, name) => {
    const doc = page(field, PAYLOADS[name]!);
    const clock = readPageClock(doc);
    const scanner = new ThreadScanner(RPOL_READING, clock);
    const posts = readPosts(doc, clock);
    const scans = [...doc.querySelectorAll('div.message')].map((m) => scanner.scanMessage(m));
    for (const s of scans) expect(s?.failure).toBeUndefined();
    const rolls = scans.flatMap((s) => s?.rolls ?? []);
    for (const r of rolls) {
      if (r.verdict.trust !== 'verified') continue;
      const post = posts.find((p) => p.number === r.postNumber)!;
      expect(r.record.source).toBe('server');
      expect(r.record.rollerName.replace(/\s+/g, ' ').trim()).toBe(post.author.replace(/\s+/g, ' ').trim());
      expect(r.verdict.reasons.join(' ')).not.toMatch(/already appears/);
    }
    // Look-alike names never verify as the author.
    if (name === 'lookalike' && field === 'tooltip name') expect(rolls.filter((r) => r.verdict.trust === 'verified')).toEqual([]);
    // The typed line is never verified.
    expect(rolls.filter((r) => r.record.source === 'typed').every((r) => r.verdict.trust === 'typed')).toBe(true);
    judgeTablePosts(
      scans.flatMap((s) => (s?.tableText ? [{ post: s.post.number, author: s.post.author, text: s.tableText }] : [])),
      '1/2',
    );
  });

  it('8,000 nested elements: the body reader walks them without recursion', () => {
    const doc = loadPage(`<div class="messagebody" id="b">${'<span>'.repeat(8000)}x rolled 5 using 1d10. Speed${'</span>'.repeat(8000)}</div>`);
    const body = readBody(doc.getElementById('b')!);
    expect(body.text).toContain('rolled 5');
  });

  it('2,000 nested RuBB tags: the tree stays within its depth cap', () => {
    const tree = parseRubb(`${'<b>'.repeat(2000)}deep${'</b>'.repeat(2000)}`);
    let depth = 0;
    for (let n: unknown = tree[0]; n && typeof n === 'object' && 'children' in (n as object); n = (n as { children: unknown[] }).children[0]) depth++;
    expect(depth).toBeLessThanOrEqual(100);
  });
});

describe('100,000 generated inputs across every reader: no exception', () => {
  const pieces = [
    ' rolled ',
    ' using ',
    'd10',
    ',',
    ' with rolls of ',
    '[roll=',
    ']',
    ':',
    '(',
    ')',
    '+1',
    '-',
    '\n',
    '·',
    '::',
    '|',
    '"',
    'Spark Scribe log · When Sparks Fly v1',
    'Spark Scribe · Parlor Magic · ',
    'draw: ',
    'keep: ',
    'KH',
    '10d',
    '<b>',
    '</b>',
    '[code]',
    '[/code]',
    '[list]',
    '[*]',
    'Power: ',
    'Draw: ',
    '(Rare)',
    '9',
    '99999999',
    'Today',
    '17:54, ',
  ];
  const text = fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((a) => a.join('')),
  );
  const inputs = fc.sample(text, { numRuns: 10_000, seed: 42 });
  const readers: [string, (t: string) => unknown][] = [
    ['findRollLines', findRollLines],
    ['parseRollLine', parseRollLine],
    ['parseReason', parseReason],
    ['findClaim', findClaim],
    [
      'readSparkRoll',
      (t) => readSparkRoll({ specs: [{ count: 3, sides: 10, modifier: 0, raw: '3d10' }], faces: [1, 5, 10], results: [16], reason: t, rerollOnes: false }),
    ],
    ['parseSheetText', parseSheetText],
    ['parseRpolDateTime', (t) => parseRpolDateTime(t, -300, 1780000000)],
    ['parseRubb', parseRubb],
    ['parseLogText', parseLogText],
    ['readRecords (Parlor Magic)', (t) => readRecords(t)],
    ['readParlorCard', readParlorCard],
    ['readCardType', readCardType],
  ];
  it(`${readers.length} readers × ${inputs.length.toLocaleString('en')} inputs`, () => {
    let n = 0;
    for (const [name, read] of readers) {
      for (const t of inputs) {
        try {
          read(t);
        } catch (e) {
          throw new Error(`${name} threw on ${JSON.stringify(t).slice(0, 200)}: ${String(e)}`);
        }
        n++;
      }
    }
    expect(n).toBeGreaterThanOrEqual(100_000);
  });
});
