// Every reader of a stranger's text (sheets, the planner, roll reasons, each forum's roll lines,
// board and log readers, settings fields, post bodies and markup) fed pathological lines at its
// size limit: long runs of spaces, no-break spaces, tabs, brackets, digits, `(x`, each between a
// start and an end chosen to make a backtracking pattern fail late. Linear code answers in
// milliseconds; a call over a second fails the test (the one timed assertion the brief allows:
// the ReDoS guard of issue 33).
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { readGpRoll } from '../../lib/forums/gamersplane/rolls';
import { readDicebox } from '../../lib/forums/phpbb/dicebox';
import { lineBefore } from '../../lib/forums/phpbb/reading';
import { readRecordLine, readRecords } from '../../lib/games/parlor/records';
import { BBCODE_COLOURS, parseBbcode, writeBbcode } from '../../lib/post/bbcode';
import { discordMessages, discordToText } from '../../lib/post/discord';
import { parseGmtOffset, parsePageClock, parseRpolDateTime } from '../../lib/forums/rpol/dates';
import { findRollLines, parseRollLine, strictTip } from '../../lib/forums/rpol/roll-line';
import { parseRubb } from '../../lib/forums/rpol/rubb';
import { parseEditFooter, readThreadInfo } from '../../lib/forums/rpol/thread';
import { writeRubb } from '../../lib/forums/rpol/writer';
import { boardAddress } from '../../lib/forums/added';
import { editorNamed, headerUserId } from '../../lib/forums/poster';
import { memberUser } from '../../lib/forums/vbulletin/posts';
import { readSummaryLine } from '../../lib/games/sparks-fly/board';
import { parseCardRef } from '../../lib/games/sparks-fly/cards';
import { parseLogText, readSparksFlyLog } from '../../lib/games/sparks-fly/log-text';
import { checkStatePosts } from '../../lib/games/sparks-fly/thread';
import { findFacesLines } from '../../lib/rolls/faces-line';
import { parseNameList, parseOwnedCards, parseSignedList } from '../../lib/settings/fields';
import { importBackup, importSettings } from '../../lib/settings/schema';
import { auditSheetText } from '../../lib/spark/audit';
import { findRarity } from '../../lib/spark/draw';
import { parseKeyword } from '../../lib/spark/keywords';
import { updateSheetText } from '../../lib/spark/planner';
import { findClaim } from '../../lib/spark/reading';
import { parseReason } from '../../lib/spark/reason';
import { looksLikeSheet, parseAffinity, parseSheetText } from '../../lib/spark/sheet';

/** What repeats: white space of each kind, brackets, digits, the deck line's `(x`, tag openers, separators. */
const UNITS = [' ', '\u00a0', '\t', ' \t', '[', ']', '(', ')', '1', '1 ', '1,', '(x', ' (x', '[/', '[*=/', '<[', ':', ' - ', '@', 'a ', '=>', '\n', ' \n'];
/** What stands around the run: a start that opens a pattern's match, an end that makes it fail late. */
const SHAPES: [string, string][] = [
  ['', ''],
  ['1', '(x'],
  ['1 ', '\u0000\n'],
  ['A', '\u0000'],
  ['Power ', ' x'],
  ['Draw: ', '(rare\n'],
  ['ad hoc ', ' +'],
  ['0:00, ', '\u0000 T'],
  ['x rolled 1 using 1d10 ', '!'],
  ['5d10: (', 's'],
  ['Card [', '+[0]'],
  ['a, welcome to ', '\n'],
];

/** The run of one unit inside one shape, `size` characters long in all. */
const line = (unit: string, [start, end]: [string, string], size: number) => {
  const room = Math.max(0, size - start.length - end.length);
  return start + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + end;
};

const sheet = parseSheetText('Power: 3\nLife: 10\nUnspent XP: 5').sheet;
const power = sheet.attributes.Power!;
const changed = { ...sheet, attributes: { ...sheet.attributes, Power: { ...power, value: 4 } } };
const dialect = { tables: true, colour: BBCODE_COLOURS, smallSize: '2', upper: true };
const window = new Window();
const doc = window.document as unknown as Document;
/** An element with classes and children (text or elements), built node by node (happy-dom: the readers take a DOM element). */
const el = (tag: string, cls: string, ...children: (string | Element)[]): Element => {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) e.append(typeof c === 'string' ? doc.createTextNode(c) : c);
  return e;
};
const threadPage = (h2: string): Document => {
  const body = doc.body;
  body.replaceChildren(el('h2', '', h2));
  return doc;
};

/** Each reader, its size limit (the longest text it reads; longer is cut by the reader or its caller), and how it is called. */
const READERS: [string, number, (s: string) => unknown][] = [
  ['sheet audit (one line at MAX_LINE)', 500, (s) => auditSheetText(s.replace(/\n/g, ' '))],
  ['Parlor record line', 60_000, (s) => readRecordLine(s)],
  ['Parlor record line: fields after a head', 60_000, (s) => readRecordLine(`damage · assign: ${s} · toughness: ${s}`)],
  ['Parlor records in a post', 60_000, (s) => readRecords(`Spark Scribe · Parlor Magic · ${s}`)],
  ['sheet audit: a deck line at MAX_LINE', 500, (s) => auditSheetText(`Deck:\n${s.replace(/\n/g, ' ')}`)],
  ['sheet audit: a deck entry after the label', 500, (s) => auditSheetText(`Deck: ${s.replace(/\n/g, ' ')}`)],
  ['sheet audit (a whole sheet)', 20_000, (s) => auditSheetText(s)],
  ['sheet parse', 20_000, (s) => parseSheetText(s)],
  ['looks like a sheet', 20_000, (s) => looksLikeSheet(s)],
  ['affinity', 500, (s) => parseAffinity(s)],
  ['planner: the sheet text rewritten', 20_000, (s) => updateSheetText(`${s}\nPower: 3`, sheet, changed)],
  [
    'planner: a long line rewritten',
    20_000,
    (s) => updateSheetText(s.replace(/\n/g, ' '), { ...sheet, attributes: { Power: { ...power, line: 1 } } }, changed),
  ],
  ['keyword', 200, (s) => parseKeyword(s)],
  ['rarity', 300, (s) => findRarity(s)],
  ['roll reason', 300, (s) => parseReason(s)],
  ['claim', 240, (s) => findClaim(s)],
  ['RPOL roll lines', 60_000, (s) => findRollLines(s)],
  ['RPOL roll line', 60_000, (s) => parseRollLine(s)],
  ['RPOL tooltip', 3_000, (s) => strictTip(s)],
  ['RPOL date', 300, (s) => parseRpolDateTime(s, 0, 1780000000)],
  ['RPOL page clock', 3_000, (s) => parsePageClock(s)],
  ['RPOL GMT offset', 300, (s) => parseGmtOffset(s)],
  ['RPOL edit footer', 3_000, (s) => parseEditFooter(s, { now: 1780000000, offset: 0 }, null)],
  ['RPOL thread header', 3_000, (s) => readThreadInfo(threadPage(s), 'https://rpol.net/game.cgi?gi=1&ti=2')],
  ['faces lines (XenForo, vBulletin, phpBB typed)', 60_000, (s) => findFacesLines(s, 'Ada')],
  ['phpBB line before a box', 60_000, (s) => lineBefore(s, s.length)],
  [
    'phpBB dice box',
    3_000,
    (s) => readDicebox(el('div', '', el('div', 'dicetop', el('emph', ''), 'Original Roll String: 2d6'), el('div', 'diceroll', el('emph', ''), s))),
  ],
  ["Gamers' Plane roll", 3_000, (s) => readGpRoll(el('div', 'roll', el('p', 'rollString', s)))],
  ['RuBB read back', 60_000, (s) => parseRubb(s)],
  ['BBCode read back', 60_000, (s) => parseBbcode(dialect, s)],
  ['RuBB written', 60_000, (s) => writeRubb([{ line: [s] }, { pre: s }])],
  ['BBCode written', 60_000, (s) => writeBbcode(dialect, [{ line: [s] }, { pre: s }])],
  ['Discord written', 60_000, (s) => discordMessages([{ line: [s] }, { data: s }])],
  ['Discord read back', 60_000, (s) => discordToText(s)],
  ['Sparks Fly card', 200, (s) => parseCardRef(s)],
  ['Sparks Fly summary line', 60_000, (s) => readSummaryLine(s)],
  ['Sparks Fly log', 60_000, (s) => readSparksFlyLog(s)],
  ['Sparks Fly log text', 60_000, (s) => parseLogText(`Spark Scribe log :: sparks fly\n${s}`)],
  ['Sparks Fly state posts', 60_000, (s) => checkStatePosts([{ number: 1, text: s }])],
  ['settings: signed list', 10_000, (s) => parseSignedList(s)],
  ['settings: owned cards', 10_000, (s) => parseOwnedCards(s)],
  ['settings: names', 10_000, (s) => parseNameList(s)],
  ['settings import', 60_000, (s) => importSettings(s)],
  ['backup import', 60_000, (s) => importBackup(JSON.stringify({ version: 1, settings: { names: s } }))],
  ['board address', 3_000, (s) => boardAddress(s)],
  ['edit note’s editor', 3_000, (s) => [editorNamed(`Last edited by ${s}`, ' on '), editorNamed(s, ';')]],
  [
    'board profile link',
    3_000,
    (s) => {
      const a = el('a', '');
      a.setAttribute('href', `./member.php/${s}?u=${s}`);
      return headerUserId(a, el('div', ''), memberUser);
    },
  ],
];

/** Every call over this fails (linear code takes milliseconds). */
const LIMIT_MS = 1_000;

describe('readers run in linear time on pathological lines at their size limits', () => {
  it.each(READERS)('%s', { timeout: 600_000 }, (_name, size, read) => {
    const slow: string[] = [];
    for (const unit of UNITS)
      for (const shape of SHAPES) {
        const input = line(unit, shape, size);
        const t = performance.now();
        try {
          read(input);
        } catch {
          // Throwing is other tests' business (fuzz, hostile-*); here only time counts.
        }
        const ms = performance.now() - t;
        if (ms > LIMIT_MS) slow.push(`${JSON.stringify(shape[0])} + ${JSON.stringify(unit)}×${size} + ${JSON.stringify(shape[1])}: ${Math.round(ms)} ms`);
      }
    expect(slow).toEqual([]);
  });

  it('the sheet line of issue 33 (500 characters of `1`, spaces, `(x`) is one of the inputs', () => {
    const attack = line(' ', ['1', '(x'], 500);
    expect(attack).toHaveLength(500);
    expect(attack.startsWith('1 ')).toBe(true);
    expect(attack.endsWith(' (x')).toBe(true);
  });
});
