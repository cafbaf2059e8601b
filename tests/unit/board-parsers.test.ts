// Properties of what the boards share: a pool written with its faces reads back as itself; no text
// becomes BBCode markup; nothing a poster writes throws out of a board's reader, and nothing
// typed is ever verified.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Forum } from '../../lib/forums/forum';
import { GAMERS_PLANE } from '../../lib/forums/gamersplane';
import { PHPBB } from '../../lib/forums/phpbb';
import { VBULLETIN } from '../../lib/forums/vbulletin';
import { XENFORO } from '../../lib/forums/xenforo';
import { type BbcodeDialect, BBCODE_COLOURS, bbcodeText, parseBbcode, writeBbcode } from '../../lib/post/bbcode';
import type { RichNode } from '../../lib/post/rich';
import { findFacesLines } from '../../lib/rolls/faces-line';
import { parseRubb } from '../../lib/forums/rpol/rubb';
import { writeRubb } from '../../lib/forums/rpol/writer';
import { ThreadScanner } from '../../lib/thread';
import { esc } from '../fixtures/rpol-markup.mjs';
import { gamersPlanePageHtml, phpbbPageHtml, vbulletinPageHtml, xenforoPageHtml } from '../fixtures/board-markup.mjs';
import { loadPage } from '../helpers/dom';

const pool = fc.record({ count: fc.integer({ min: 1, max: 20 }), sides: fc.integer({ min: 2, max: 100 }) }).chain(({ count, sides }) =>
  fc.record({
    count: fc.constant(count),
    sides: fc.constant(sides),
    faces: fc.array(fc.integer({ min: 1, max: sides }), { minLength: count, maxLength: count }),
  }),
);
const separator = fc.constantFrom(', ', ' ', '-', ',', ' / ');
const opener = fc.constantFrom(': ', ' = ', ' (', ' [', ' → ', ': [');

describe('a pool and its faces, on any forum', () => {
  it('reads back as written, with its reason', () => {
    fc.assert(
      fc.property(pool, separator, opener, fc.constantFrom('Speed', 'Ad-hoc: Power + Focus', 'Channel: Green', ''), (p, sep, open, reason) => {
        const close = open.includes('(') ? ')' : open.includes('[') ? ']' : '';
        const text = `${reason}${reason ? ' ' : ''}${p.count}d${p.sides}${open}${p.faces.join(sep)}${close}`;
        const lines = findFacesLines(text);
        expect(lines).toHaveLength(1);
        expect(lines[0]!.record.faces).toEqual(p.faces);
        expect(lines[0]!.record.specs[0]).toMatchObject({ count: p.count, sides: p.sides });
        expect(lines[0]!.record.reason).toBe(reason);
        expect(lines[0]!.record.source).toBe('typed');
      }),
    );
  });

  it('never reads a list that is not exactly the pool’s dice, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const l of findFacesLines(text)) expect(l.record.faces!.length).toBe(l.record.specs[0]!.count);
      }),
    );
    expect(findFacesLines('I rolled 2d6: 3 and then 4')).toEqual([]);
    expect(findFacesLines('x5d10: 1, 2, 3, 4, 5')).toEqual([]);
  });
});

const DIALECTS: BbcodeDialect[] = [
  { tables: false, colour: BBCODE_COLOURS, smallSize: '85', upper: false },
  { tables: true, colour: BBCODE_COLOURS, smallSize: '2', upper: true },
  { tables: false, colour: null, smallSize: null, upper: true },
];
const onlyText = (nodes: RichNode[]): boolean => nodes.every((n) => n.type === 'text' || n.type === 'br');

describe('BBCode: text stays text', () => {
  const tagLike = fc.stringMatching(/^(?:\[\/?(?:b|i|color=red|url|img|dice|quote|code|table|\*|list)\]|[a-z \][=/]){0,40}$/);

  it.each(DIALECTS.map((d, i) => [i, d] as const))('dialect %i: a line of any text is shown as that text', (_i, d) => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), tagLike), (s) => {
        const written = writeBbcode(d, [{ line: [s] }]);
        expect(onlyText(parseBbcode(d, written))).toBe(true);
        expect(written).toBe(bbcodeText(s));
      }),
    );
  });

  it('RPOL too: no name can embed a roll or a private line', () => {
    expect(writeRubb([{ line: ['[[roll=1700000000.1.5]'] }])).toBe('[[\u200droll=1700000000.1.5]');
    expect(writeRubb([{ line: ['[', { b: ['x'] }, '/roll=1.2.3]'] }])).not.toMatch(/\[\/?roll/);
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^(?:\[\/?(?:roll=1\.2\.3|code|list|\*|Private to GM: )\]?|[a-z \][=/<>])*$/)),
        (s) => {
          const tree = parseRubb(writeRubb([{ line: [s] }]));
          expect(
            tree.every((n) => n.type === 'text' || n.type === 'br'),
            JSON.stringify(s),
          ).toBe(true);
        },
      ),
    );
  });

  it('writes emphasis, colour, small text, lists and tables in the dialect, and reads them back', () => {
    const doc = [
      { line: [{ b: ['Ada'] }, ' ', { colour: 'success' as const, text: ['3 successes'] }] },
      { line: [{ small: ['a note'] }] },
      { list: [['one'], ['two']] },
      { table: { head: [['Who'], ['Life']], rows: [[['Ada'], ['20']]] } },
      { data: 'Spark Scribe log :: A bid 10 [/code] end' },
    ];
    const phpbb = writeBbcode(DIALECTS[0]!, doc);
    expect(phpbb).toContain('[b]Ada[/b] [color=green]3 successes[/color]');
    expect(phpbb).toContain('[size=85]a note[/size]');
    expect(phpbb).toContain('[b]Ada[/b] — 20');
    expect(phpbb).not.toContain('[table]');
    expect(phpbb).toContain('[code]Spark Scribe log :: A bid 10 [/ code] end[/code]');
    const xf = writeBbcode(DIALECTS[1]!, doc);
    expect(xf).toContain('[TABLE][TR][TH]Who[/TH][TH]Life[/TH][/TR][TR][TD]Ada[/TD][TD]20[/TD][/TR][/TABLE]');
    const tree = parseBbcode(DIALECTS[1]!, xf);
    expect(JSON.stringify(tree)).toContain('"tag":"table"');
    expect(JSON.stringify(tree)).toContain('"tag":"green"');
    expect(JSON.stringify(tree)).toContain('"tag":"small"');
    expect(writeBbcode(DIALECTS[2]!, doc)).not.toContain('[COLOR');
  });
});

/** One post per forum whose every field a stranger wrote. */
function hostilePages(author: string, body: string) {
  const post = { id: 11, author, time: 1_790_000_000, body, edited: 1_790_000_100 };
  return [
    [PHPBB, phpbbPageHtml({ forumId: 1, topicId: 2, title: author, posts: [post] }), 'https://forum.mafiascum.net/viewtopic.php?t=2'],
    [
      GAMERS_PLANE,
      gamersPlanePageHtml({ threadId: 3, title: author, posts: [{ ...post, character: author, rolls: [] }] }),
      'https://gamersplane.com/forums/thread/3/',
    ],
    [XENFORO, xenforoPageHtml({ threadId: 4, forumId: 5, title: author, posts: [post] }), 'http://xf.example/threads/x.4/'],
    [VBULLETIN, vbulletinPageHtml({ version: 3, threadId: 6, forumId: 7, title: author, posts: [post] }), 'http://vb.example/showthread.php?t=6'],
    [VBULLETIN, vbulletinPageHtml({ version: 4, threadId: 6, forumId: 7, title: author, posts: [post] }), 'http://vb.example/showthread.php?t=6'],
  ] as [Forum, string, string][];
}

describe('hostile posts on every board', () => {
  const PAYLOADS = [
    '<script>window.__pwned=1</script>',
    `${'<blockquote>'.repeat(300)}deep 5d10: 9, 9, 9, 9, 9${'</blockquote>'.repeat(300)}`,
    '<div class="dicebox"><div class="dicetop">Original Roll String: 5d10</div><div class="diceroll">5 10-Sided Dice: (10, 10, 10, 10, 10) = 50</div></div>',
    '<div class="rolls"><div class="rollInfo"><div class="roll"><p class="rollString">x - (5d10)</p></div></div></div>',
    `5d10: ${'9, '.repeat(3000)}9`,
    'Ω'.repeat(20_000),
    '1d0: 0 · 0d10: · 3d10: -1, 11, NaN',
  ];
  it('nothing throws, and nothing typed is verified', () => {
    for (const payload of PAYLOADS) {
      for (const [forum, html, url] of hostilePages(esc(payload).slice(0, 400), payload)) {
        const doc = loadPage(html, url);
        const clock = forum.clock(doc);
        const scanner = new ThreadScanner(forum.reading as never, clock);
        for (const el of Array.from(doc.querySelectorAll(forum.posts.selector))) {
          const scan = scanner.scanMessage(el);
          for (const r of scan?.rolls ?? []) {
            if (r.verdict.trust === 'verified') expect(r.record.source, `${forum.id}: ${payload.slice(0, 30)}`).toBe('server');
            expect(r.verdict.trust).not.toBe('mismatch');
          }
        }
        expect(() => forum.threadInfo(doc, url)).not.toThrow();
      }
    }
  });
});
