/**
 * RPOL's roll-line grammar, shared by the server's `data-tip`, the Die Roller log and lines typed
 * into posts (forum-formats §2.2):
 *
 *   [HH:MM, <Today|Yesterday|Ddd DD Month>: ][Secret Roll: |(Fudged N roll) ]Name rolled R[,R…]
 *   using SPEC[,SPEC…][, rerolling all ones][ with rolls of F,F…][ ((F,F…))]. reason[.][ – [roll=ID]]
 *
 * Parsing works from each " rolled " anchor with sticky, bounded patterns, so a long or hostile
 * text costs time linear in its length.
 */
import { isSpaceCode, trimEndOf } from '../../chars';
import type { DiceSpec, RollRecord, RollSource } from '../../rolls/record';

export interface RollLine {
  timeText: string;
  secret: boolean;
  fudged: number | null;
  rollerName: string;
  results: number[];
  specs: DiceSpec[];
  rerollOnes: boolean;
  faces: number[] | null;
  reason: string;
  rollId: string | null;
  /** Offsets of the line within the text searched. */
  start: number;
  end: number;
}

const MAX_NAME = 60;
const MAX_REASON = 300;
/** A whole line (a tooltip or a log line) is read to its end: its reason may be long, and the server's tag closes it. */
const MAX_WHOLE_REASON = 3_000;
const MAX_LIST = 400;

const RESULTS = /(-?\d{1,7}(?:\s*,\s*-?\d{1,7}){0,99})\s+using\s+/y;
const SPECS = /((?:\d{0,4}d\d{1,5}(?:\s*[+-]\s*\d{1,5})?)(?:\s*,\s*\d{0,4}d\d{1,5}(?:\s*[+-]\s*\d{1,5})?){0,99})/iy;
const REROLL = /,\s*rerolling all ones/iy;
const WITH_ROLLS = /\s+with rolls of\s+(\d{1,5}(?:\s*,\s*\d{1,5}){0,199})/iy;
const DOUBLE_PAREN = /\s*\(\((\d{1,5}(?:\s*,\s*\d{1,5}){0,199})\)\)/y;
const ROLL_ID = /\[roll=(\d{6,12}\.\d{1,8}\.\d{1,10})\]/g;
/** What may stand before a time prefix, and the prefix itself ("HH:MM, Today:", "HH:MM, Mon 05 Oct 2026:"). */
const PREFIX_OPENER = String.raw`[\s>([]`;
const PREFIX_TIME = String.raw`(\d{1,2}:\d{2},\s*(?:Today|Yesterday|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+\d{1,2}\s+[A-Za-z]{3,9}(?:\s+\d{4})?)|Today|Yesterday):\s*$`;
export const PREFIX = new RegExp(`(?:^|${PREFIX_OPENER})${PREFIX_TIME}`);

const SECRET_AT_END = /Secret Roll:\s*$/i;
/**
 * How much of the text before a name the end-anchored patterns look at: a time prefix and its
 * colon are at most about 30 characters (the rest would be a run of 40 spaces).
 */
const TAIL = 72;
/** PREFIX on a window that does not start the text: there, only a delimiter may open the match. */
const PREFIX_IN = new RegExp(PREFIX_OPENER + PREFIX_TIME);

/** The time prefix ("HH:MM, Today:") ending the text before a name, looking only at its tail. */
export function prefixAtEnd(before: string): RegExpExecArray | null {
  if (before.length <= TAIL) return PREFIX.exec(before);
  const from = before.length - TAIL;
  const m = PREFIX_IN.exec(before.slice(from));
  if (m) m.index += from;
  return m;
}

/**
 * Where a roller's name starts, less one: after the last line start, colon, dash, semicolon,
 * quote, bracket, or sentence end (". ", "! ", "? ") in the text before " rolled ".
 */
export function nameCut(back: string): number {
  for (let p = back.length - 1; p >= 0; p--) {
    const c = back.charCodeAt(p);
    if (c === 58 || c === 0x2013 || c === 59 || c === 34 || c === 91 || c === 10) return p;
    if (c === 32 && p > 0) {
      const d = back.charCodeAt(p - 1);
      if (d === 46 || d === 33 || d === 63) return p;
    }
  }
  return -1;
}

/** How many words `s` has (runs of non-space), without splitting it. */
export function words(s: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const space = isSpaceCode(s.charCodeAt(i));
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

function parseSpec(raw: string): DiceSpec | null {
  const m = /^(\d{0,4})d(\d{1,5})(?:\s*([+-])\s*(\d{1,5}))?$/i.exec(raw.trim());
  if (!m) return null;
  const count = m[1] ? Number(m[1]) : 1;
  const sides = Number(m[2]);
  if (count < 1 || sides < 1) return null;
  return { count, sides, modifier: m[3] ? (m[3] === '-' ? -1 : 1) * Number(m[4]) : 0, raw: raw.trim() };
}

/**
 * `list.split(',').map((s) => Number(s.trim()))`: plain whole numbers (what the server prints) are
 * read from the character codes, anything else by `Number` on its piece.
 */
export function numbers(list: string): number[] {
  const out: number[] = [];
  let from = 0;
  for (;;) {
    let end = list.indexOf(',', from);
    const last = end < 0;
    if (last) end = list.length;
    let a = from;
    let b = end;
    while (a < b && isSpaceCode(list.charCodeAt(a))) a++;
    while (b > a && isSpaceCode(list.charCodeAt(b - 1))) b--;
    let value = 0;
    let plain = b > a && b - a <= 15;
    const negative = plain && list.charCodeAt(a) === 45 && b - a > 1;
    for (let i = negative ? a + 1 : a; plain && i < b; i++) {
      const d = list.charCodeAt(i) - 48;
      if (d < 0 || d > 9) plain = false;
      else value = value * 10 + d;
    }
    out.push(plain ? (negative ? -value : value) : Number(list.slice(a, b)));
    if (last) return out;
    from = end + 1;
  }
}

function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Parse the roll line whose " rolled " anchor is at `anchor` in `text`; null when it is not one. */
const WHOLE_PREFIX = /^\s*((?:\d{1,2}:\d{2},\s*[A-Za-z0-9][A-Za-z0-9 ]{2,29}|Today|Yesterday):\s*)?/;

function parseAt(text: string, anchor: number, lineStart: number, lineEnd: number, whole = false): RollLine | null {
  // Name: back from the anchor to a line start, a colon, or sentence punctuation. In a whole line
  // (a tooltip or a log line), everything after the time prefix.
  const back = text.slice(Math.max(lineStart, anchor - 200), anchor);
  const wholePrefix = whole ? WHOLE_PREFIX.exec(back)![0].length - 1 : -1;
  const cut = whole ? wholePrefix : nameCut(back);
  let name = whole
    ? back.slice(cut + 1).trim()
    : back
        .slice(cut + 1)
        .replace(/^[\s.!?)\]]+/, '')
        .trim();
  let before = back.slice(0, cut + 1);
  let secret = false;
  let fudged: number | null = null;
  const fudge = /^\(Fudged (\d{1,3}) rolls?\)\s*/i.exec(name);
  if (fudge) {
    fudged = Number(fudge[1]);
    name = name.slice(fudge[0].length).trim();
  }
  if (whole && /^Secret Roll:\s*/i.test(name)) {
    secret = true;
    name = name.replace(/^Secret Roll:\s*/i, '');
    const f2 = /^\(Fudged (\d{1,3}) rolls?\)\s*/i.exec(name);
    if (f2) {
      fudged = Number(f2[1]);
      name = name.slice(f2[0].length).trim();
    }
  }
  if (SECRET_AT_END.test(before.slice(-TAIL))) {
    secret = true;
    before = before.replace(SECRET_AT_END, '');
  }
  if (!name || name.length > MAX_NAME || (!whole && (words(name) > 8 || /\d{1,2}:\d{2}/.test(name)))) return null;
  const prefix = prefixAtEnd(before);
  const timeText = prefix ? prefix[1]!.trim() : '';
  const start = prefix
    ? Math.max(lineStart, anchor - back.length + (prefix.index + prefix[0].indexOf(prefix[1]!)))
    : anchor - name.length - (fudge ? fudge[0].length : 0);

  let at = anchor + ' rolled '.length;
  const results = sticky(RESULTS, text, at);
  if (!results) return null;
  at = RESULTS.lastIndex;
  const specsMatch = sticky(SPECS, text, at);
  if (!specsMatch) return null;
  at = SPECS.lastIndex;
  const specs = specsMatch[1]!.split(',').map(parseSpec);
  if (specs.some((s) => s === null)) return null;
  const resultList = numbers(results[1]!);
  if (resultList.length !== specs.length) return null;

  let rerollOnes = false;
  if (sticky(REROLL, text, at)) {
    rerollOnes = true;
    at = REROLL.lastIndex;
  }
  let faces: number[] | null = null;
  const withRolls = sticky(WITH_ROLLS, text, at);
  if (withRolls && withRolls[1]!.length <= MAX_LIST) {
    faces = numbers(withRolls[1]!);
    at = WITH_ROLLS.lastIndex;
  }
  const paren = sticky(DOUBLE_PAREN, text, at);
  if (paren && paren[1]!.length <= MAX_LIST) {
    faces ??= numbers(paren[1]!);
    at = DOUBLE_PAREN.lastIndex;
  }
  // Then ". reason" up to the end of the line (bounded), an en dash and the roll tag.
  const restEnd = Math.min(lineEnd, at + (whole ? MAX_WHOLE_REASON : MAX_REASON) + 60);
  let rest = text.slice(at, restEnd);
  let end = at + rest.length;
  let rollId: string | null = null;
  // The server's tag is the last on the line: one typed into the reason comes before it.
  let tag: RegExpExecArray | null = null;
  ROLL_ID.lastIndex = 0;
  for (let m = ROLL_ID.exec(rest); m; m = ROLL_ID.exec(rest)) tag = m;
  if (tag && !whole) {
    // In a post, a typed line ends at its first tag (the next line's may follow).
    ROLL_ID.lastIndex = 0;
    tag = ROLL_ID.exec(rest);
  }
  if (tag) {
    rollId = tag[1]!;
    end = at + tag.index + tag[0].length;
    rest = rest.slice(0, tag.index);
  }
  // "reason. – " ends the reason: what follows the dash is the tag or the result shown after it.
  const dash = /\.\s*–(?:\s|$)/.exec(rest);
  if (dash) {
    rest = rest.slice(0, dash.index + 1);
    if (!tag) end = at + dash.index + dash[0].length;
  }
  // Another roll on the same line ends this one's reason.
  const next = rest.indexOf(' rolled ');
  if (next >= 0) {
    const clip = Math.max(rest.lastIndexOf('.', next), 0);
    rest = rest.slice(0, clip + 1);
    if (!tag) end = at + rest.length;
  }
  const reason = cleanReason(rest, whole ? MAX_WHOLE_REASON : MAX_REASON);
  return {
    timeText,
    secret,
    fudged,
    rollerName: name,
    results: resultList,
    specs: specs as DiceSpec[],
    rerollOnes,
    faces,
    reason,
    rollId,
    start: Math.max(lineStart, start),
    end,
  };
}

/** The reason as a line's tail gives it: the leading ". ", a trailing dash and full stop off. */
function cleanReason(rest: string, cap: number): string {
  let reason = rest
    .replace(/^\s*\.?/, '')
    .trimEnd()
    .replace(/[–-]$/, '')
    .trim()
    .replace(/\.$/, '')
    .trim();
  // The closing bracket of a private line ("[Private to GM: … roll.]") is not part of the reason.
  if (reason.endsWith(']') && !reason.includes('[')) reason = trimEndOf(reason, '].');
  if (reason.length > cap) reason = reason.slice(0, cap);
  return reason;
}

/**
 * The server's own tooltip, in its plain form ("17:54, Thu 04 June: Name rolled 11 using 2d8
 * with rolls of 5,6.  Reason"), read with one strict pattern. Null for anything else (a secret
 * or fudged roll, a tag, a dash, odd spacing), which the general parser then reads; where this
 * gives a line, it is the one the general parser gives (a property test holds them together).
 */
const STRICT_TIP =
  /^(\d{1,2}:\d{2}, (?:Today|Yesterday|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Za-z]{3,9}(?: \d{4})?)): ([A-Za-z][^:()[\]\n–]{0,58}?) rolled (\d{1,7}(?:,\d{1,7}){0,19}) using (\d{0,4}d\d{1,5}(?:[+-]\d{1,5})?(?:,\d{0,4}d\d{1,5}(?:[+-]\d{1,5})?){0,19})(?: with rolls of (\d{1,5}(?:,\d{1,5}){0,199}))?(\. {1,3}[^[\]–]{0,298})$/;
export function strictTip(clean: string): RollLine | null {
  const m = STRICT_TIP.exec(clean);
  if (!m) return null;
  const [, timeText, name, results, specList, faces, rest] = m as unknown as string[];
  if (name !== name!.trim() || name!.includes(' rolled ') || rest!.includes(' rolled ') || /[–-]\s*$/.test(rest!) || (faces && faces.length > MAX_LIST))
    return null;
  const specs = specList!.split(',').map(parseSpec);
  const resultList = numbers(results!);
  if (specs.some((x) => x === null) || resultList.length !== specs.length) return null;
  return {
    timeText: timeText!,
    secret: false,
    fudged: null,
    rollerName: name!,
    results: resultList,
    specs: specs as DiceSpec[],
    rerollOnes: false,
    faces: faces ? numbers(faces) : null,
    reason: cleanReason(rest!, MAX_WHOLE_REASON),
    rollId: null,
    start: 0,
    end: clean.length,
  };
}

/** The general parser on a whole line (for the test that holds the strict pattern to it). */
export const parseAtForTest = (clean: string, anchor: number): RollLine | null => parseAt(clean, anchor, 0, clean.length, true);

/** Every roll line in `text` (several per line allowed), in order. */
export function findRollLines(text: string): RollLine[] {
  const found: RollLine[] = [];
  let from = 0;
  let lineStart = 0;
  let lineEnd = text.indexOf('\n');
  if (lineEnd < 0) lineEnd = text.length;
  for (;;) {
    const anchor = text.indexOf(' rolled ', from);
    if (anchor < 0) break;
    while (anchor > lineEnd) {
      lineStart = lineEnd + 1;
      lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd < 0) lineEnd = text.length;
    }
    const line = parseAt(text, anchor, lineStart, lineEnd);
    if (line && (found.length === 0 || line.start >= found[found.length - 1]!.end)) {
      found.push(line);
      from = Math.max(anchor + 1, line.end);
    } else from = anchor + 1;
  }
  return found;
}

/** Parse one whole roll line (a `data-tip` or a log line); null when it is not one. */
export function parseRollLine(text: string): RollLine | null {
  const clean = text
    .replace(/\u00a0/g, ' ')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 4000);
  const strict = strictTip(clean);
  if (strict) return strict;
  const anchor = clean.indexOf(' rolled ');
  if (anchor < 0) return null;
  return parseAt(clean, anchor, 0, clean.length, true);
}

/**
 * A roll record from a parsed line. A log line's roll id gives the exact time and the roller's
 * character id; a server tooltip's time is its minute (`time`); a typed line has no time.
 */
export function recordFromLine(line: RollLine, source: RollSource, text: string, time: number | null = null): RollRecord {
  const [epoch, , ci] = line.rollId?.split('.') ?? [];
  const fromId = source === 'log' && epoch ? Number(epoch) : null;
  return {
    source,
    rollerName: line.rollerName,
    rollerId: source === 'log' ? (ci ?? null) : null,
    rollId: line.rollId,
    time: source === 'typed' ? null : (fromId ?? time),
    timeToMinute: source === 'server',
    timeText: line.timeText,
    results: line.results,
    specs: line.specs,
    faces: line.faces,
    rerollOnes: line.rerollOnes,
    reason: line.reason,
    secret: line.secret,
    fudged: line.fudged,
    text: text.slice(0, 2000),
  };
}
