/**
 * The Mafiascum dice BBCode's box (other-forums §5.1), on any phpBB board that renders it:
 *
 *   div.dicebox > div.dicetop   "<emph>Original Roll String:</emph> 5d10[+2][ <fixed>(STATIC)</fixed>]"
 *               > div.diceroll  "<emph>5 10-Sided Dice:</emph> (7, 3, 9, 6, 1)[+2] = 28"
 *
 * `<emph>` and `<fixed>` are elements no BBCode can make: only the server writes them. A box
 * without `<fixed>` was rolled fresh from a seed the server stored with the post; `(STATIC)` marks
 * a replayed roll (a quote of another post's dice, an edited post, a seed typed by hand).
 */

export interface Dicebox {
  count: number;
  sides: number;
  operator: '+' | '-' | '*' | '/' | null;
  operand: number;
  faces: number[];
  /** The total as the box shows it (a division may show a fraction, or "INVALID"). */
  total: string;
  /** Marked `(STATIC)`: replayed, not rolled for this post. */
  fixed: boolean;
}

const TOP = /^Original Roll String:\s*(\d{1,3})d(\d{1,3})(?:([+\-*/])(\d{1,9}))?\s*(?:\(STATIC\))?$/;
const ROLL = /^(\d{1,3}) (\d{1,3})-Sided Dice:\s*\(\s*(\d{1,3}(?:\s*,\s*\d{1,3}){0,99})\s*\)\s*(?:[+\-*/]\s*\d{1,9}\s*)?=\s*(\S{1,24})$/;

const hasChild = (el: Element, tag: string) => el.getElementsByTagName(tag).length > 0;
const flat = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The box read; null when it is not the server's shape (its lines, or the elements only the server makes). */
export function readDicebox(box: Element): Dicebox | null {
  const top = box.firstElementChild;
  const roll = top?.nextElementSibling;
  if (!top || !roll || !top.classList.contains('dicetop') || !roll.classList.contains('diceroll')) return null;
  if (!hasChild(top, 'emph') || !hasChild(roll, 'emph')) return null;
  const t = TOP.exec(flat(top));
  const r = ROLL.exec(flat(roll));
  if (!t || !r || t[1] !== r[1] || t[2] !== r[2]) return null;
  const faces = r[3]!.split(',').map((f) => Number(f.trim()));
  const count = Number(t[1]);
  if (faces.length !== count) return null;
  return {
    count,
    sides: Number(t[2]),
    operator: (t[3] as Dicebox['operator']) ?? null,
    operand: t[4] ? Number(t[4]) : 0,
    faces,
    total: r[4]!,
    fixed: hasChild(top, 'fixed'),
  };
}

/** The box's text typed into a post ("5 10-Sided Dice: (7, 3, 9, 6, 1) = 26"): where it stands, and what it claims. */
export const TYPED_BOX = /(\d{1,3}) (\d{1,3})-Sided Dice:\s*\(\s*(\d{1,3}(?:\s*,\s*\d{1,3}){0,99})\s*\)/g;
