/**
 * What phpBB tells the page reader every forum shares (lib/reading/reader.ts): its posts, the dice
 * box as a server roll (fresh: verified; `(STATIC)`: replayed, so never verified, and a quote of
 * another post's roll is always replayed), and the lines typed into a post that imitate a roller:
 * the box's own text, or a pool with its faces (a DICEK result among them).
 */
import { trimEndOf } from '../../chars';
import { boardRecord, type RollRecord } from '../../rolls/record';
import type { ForumReading, TypedLine } from '../../reading/reader';
import type { ForumPost } from '../../reading/records';
import { facesTypedLines, formatStamp, NAMES_A_POOL } from '../board';
import { PHPBB_MARKUP } from './body';
import { type Dicebox, TYPED_BOX } from './dicebox';
import { phpbbBody, phpbbNumber, readPhpbbPost } from './posts';

const MAX_REASON = 120;

/** The last line of text before `at` (a box is a block: what the poster wrote above it is its reason). */
export function lineBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  const start = Math.max(text.lastIndexOf('\n', end - 1) + 1, end - MAX_REASON);
  return trimEndOf(text.slice(start, end), ':–—-').trim();
}

function record(source: 'server' | 'typed', box: Omit<Dicebox, 'fixed' | 'total'>, author: string, reason: string, text: string): RollRecord {
  const additive = box.operator === '+' || box.operator === '-';
  const modifier = additive ? (box.operator === '-' ? -box.operand : box.operand) : 0;
  let sum = modifier;
  for (const f of box.faces) sum += f;
  return boardRecord(source, author, {
    results: [sum],
    specs: [{ count: box.count, sides: box.sides, modifier, raw: `${box.count}d${box.sides}${box.operator ? `${box.operator}${box.operand}` : ''}` }],
    faces: box.faces,
    reason: reason.slice(0, MAX_REASON),
    text: text.slice(0, 400),
  });
}

/** The box's text typed by hand (no box), and any pool written with its faces. */
function typedLines(text: string, author: string): TypedLine[] {
  const out: TypedLine[] = [];
  TYPED_BOX.lastIndex = 0;
  for (let m = TYPED_BOX.exec(text); m; m = TYPED_BOX.exec(text)) {
    const faces = m[3]!.split(',').map((f) => Number(f.trim()));
    const box = { count: Number(m[1]), sides: Number(m[2]), operator: null, operand: 0, faces };
    if (faces.length !== box.count) continue;
    const start = m.index;
    const end = start + m[0].length;
    out.push({ record: record('typed', box, author, '', m[0]), start, end, rollTagAsText: false });
  }
  for (const l of facesTypedLines(text, author)) if (!out.some((o) => o.start < l.end && o.end > l.start)) out.push(l);
  return out.sort((a, b) => a.start - b.start);
}

export const PHPBB_READING: ForumReading<ForumPost, Dicebox> = {
  markup: PHPBB_MARKUP,
  bodyOf: phpbbBody,
  readPost: (el, _clock, body) => readPhpbbPost(el, body),
  numberOf: (el) => phpbbNumber(el),
  mayHoldRolls: (body, plain) => body.getElementsByClassName('dicebox').length > 0 || NAMES_A_POOL.test(plain) || plain.includes('-Sided Dice'),
  serverRoll(mark, post, _clock, text) {
    const rec = record('server', mark.raw, post.author, lineBefore(text, mark.start), mark.shown);
    // A quote of another post's roll is replayed (STATIC): a fresh box in a quote is the poster's own.
    return {
      record: rec,
      key: null,
      rollerName: post.author,
      facts: { inQuote: false, verifiedBecause: 'trust.serverDicebox', ...(mark.raw.fixed ? { replayed: true } : {}) },
    };
  },
  typedLines,
  formatTime: (epoch, clock) => formatStamp(epoch, clock.offset),
};
