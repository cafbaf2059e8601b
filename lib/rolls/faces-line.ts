/**
 * A line typed into a post that names a pool and lists its faces, on any forum: "5d10: 7, 3, 9,
 * 6, 1", "Attack 5d10 (7 3 9 6 1) = 26", "1d20 → [14]", "5d10: 7-3-9-6-1" (a DICEK result written
 * after its pool). It is what a player writes where a board's roller is not known, or copies from
 * another roller; it is read as a typed roll (never verified), its faces counted like any other.
 *
 * A list is read only when it holds exactly as many faces as the pool has dice: prose that merely
 * mentions "2d6" and a number is not a roll. Work is linear in the text: each "NdX" is looked at
 * once with bounded, sticky patterns.
 */
import { isSpaceCode, trimEndOf } from '../chars';
import { boardRecord, type RollRecord } from './record';

export interface FacesLine {
  record: RollRecord;
  start: number;
  end: number;
}

const SPEC = /(\d{1,3})[dD](\d{1,4})(?![\dA-Za-z])/g;
/**
 * After the pool: an optional modifier, the bracket that closes a pool written "(5d10)", a
 * separator, then the faces (in brackets or not), then an optional total.
 */
const TAIL =
  /(?:\s*([+-])\s*(\d{1,4})(?!\d))?\)?\s*(?::|=|→|->|=>|\(|\[|\brolled\b:?|\bresults?\b:?)(?:\s*[([])?\s*(\d{1,4}(?:(?:\s*[,/+-]\s*|\s+)\d{1,4}){0,199})\s*[)\]]?(?:\s*=\s*-?\d{1,6})?/y;
const MAX_REASON = 120;

/** The text on the spec's line before it, as the roll's reason ("Attack (Power 3)"). */
function reasonBefore(text: string, at: number): string {
  let from = at;
  while (from > 0 && text.charCodeAt(from - 1) !== 10 && at - from < MAX_REASON) from--;
  return trimEndOf(text.slice(from, at), ':=([-–—').trimStart();
}

function facesOf(list: string): number[] {
  const out: number[] = [];
  let n = -1;
  for (let i = 0; i <= list.length; i++) {
    const c = i < list.length ? list.charCodeAt(i) : 32;
    if (c >= 48 && c <= 57) n = (n < 0 ? 0 : n * 10) + (c - 48);
    else if (n >= 0 && (isSpaceCode(c) || c === 44 || c === 47 || c === 43 || c === 45 || i === list.length)) {
      out.push(n);
      n = -1;
    }
  }
  return out;
}

/** Every line in `text` that names a pool and lists exactly its faces (each the roll of `rollerName`, the post's author). */
export function findFacesLines(text: string, rollerName = ''): FacesLine[] {
  const out: FacesLine[] = [];
  SPEC.lastIndex = 0;
  for (let m = SPEC.exec(text); m; m = SPEC.exec(text)) {
    // A pool's number starts at a word's start ("x5d10" is no pool).
    const before = m.index > 0 ? text.charCodeAt(m.index - 1) : 32;
    if ((before >= 65 && before <= 90) || (before >= 97 && before <= 122)) continue;
    const count = Number(m[1]);
    const sides = Number(m[2]);
    TAIL.lastIndex = SPEC.lastIndex;
    const t = TAIL.exec(text);
    if (!t || count < 1 || sides < 2) continue;
    const faces = facesOf(t[3]!);
    if (faces.length !== count) continue;
    const modifier = t[1] ? (t[1] === '-' ? -1 : 1) * Number(t[2]) : 0;
    const end = TAIL.lastIndex;
    let sum = modifier;
    for (const f of faces) sum += f;
    const raw = `${count}d${sides}${modifier ? `${modifier > 0 ? '+' : ''}${modifier}` : ''}`;
    out.push({
      start: m.index,
      end,
      record: boardRecord('typed', rollerName, {
        results: [sum],
        specs: [{ count, sides, modifier, raw }],
        faces,
        reason: reasonBefore(text, m.index),
        text: text.slice(m.index, end),
      }),
    });
    SPEC.lastIndex = end;
  }
  return out;
}
