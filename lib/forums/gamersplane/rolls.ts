/**
 * Gamers' Plane's server rolls (other-forums §4.2): the `div.rolls` block the server writes after
 * a post's message, one `div.roll` per roll. Each die's face is its `<i data-rv>`, never the shown
 * total (a game's options may rewrite `.rollTotal` on the page into a count); dropped dice are
 * `i.rollDrop`; a rerolled ace holds its earlier throws struck out (`<s>`) and its `data-rv` is
 * their sum. A roll whose dice are hidden from the viewer shows no results at all.
 */

export interface GpDie {
  value: number;
  dropped: boolean;
  /** A rerolled ace: `value` is the sum of its throws. */
  ace: boolean;
}

export interface GpHandful {
  count: number;
  sides: number;
  /** Subtracted ("1d20 - 1d4"). */
  negative: boolean;
  dice: GpDie[];
}

export interface GpPart {
  handfuls: GpHandful[];
  modifier: number;
}

export interface GpRoll {
  reason: string;
  /** The roll's strings as the server lists them ("5d10", "1d20+3"). */
  strings: string[];
  /** A hidden roll (the author or GM sees it marked so; anyone else sees "Secret Roll" or no dice). */
  secret: boolean;
  /** The viewer is shown no results: nothing about them can be read. */
  hidden: boolean;
  aces: boolean;
  parts: GpPart[];
}

const LABEL = /^\s*\[(?:Hidden [^\]]{1,30}|Everything Hidden)\]\s*/;
/** A roll string: dice, then signed dice or numbers (a number is one run of digits, so no split of it is tried twice). */
const STRING = /^[+-]?\d{0,4}d\d{1,5}(?:[hl]\d{1,4})?(?:[+-](?:\d{0,4}d\d{1,5}|\d{1,9})(?:[hl]\d{1,4})?)*$/i;
const MAX_DICE = 500;

/** The reason and the roll strings from `p.rollString` ("Attack - (5d10)", "Secret Roll", "[Hidden Roll/Result] Attack - (5d10, RA)"). */
function readRollString(text: string): Pick<GpRoll, 'reason' | 'strings' | 'secret' | 'aces'> {
  let t = text.replace(/\s+/g, ' ').trim();
  let secret = false;
  const label = LABEL.exec(t);
  if (label) {
    secret = true;
    t = t.slice(label[0].length);
  }
  if (/^Secret Roll\b/.test(t)) {
    secret = true;
    t = t.slice('Secret Roll'.length).trim();
  }
  let reason = t;
  let list = '';
  const open = t.lastIndexOf(' - (');
  if (open >= 0 && t.endsWith(')')) {
    reason = t.slice(0, open);
    list = t.slice(open + 4, -1);
  } else if (/^\[ ?RA ?\]$|^[\dd+\-hl, ]+(?:\[ RA \])?$/i.test(t)) {
    reason = '';
    list = t;
  }
  const aces = /(?:^|, ?|\[ ?)RA(?: ?\])?$/.test(list);
  const strings = list
    .replace(/,? ?\[? ?RA ?\]?$/, '')
    .split(',')
    .map((s) => s.replace(/\s+/g, ''))
    .filter((s) => STRING.test(s));
  return { reason: reason.slice(0, 300), strings, secret, aces };
}

/** One die: its own attribute's value. Null when the attribute is not a whole number. */
function readDie(i: Element): GpDie | null {
  const raw = i.getAttribute('data-rv') ?? '';
  if (!/^\d{1,6}$/.test(raw)) return null;
  return { value: Number(raw), dropped: i.classList.contains('rollDrop'), ace: i.getElementsByTagName('s').length > 0 };
}

/** The text just before an element, within its parent (a handful's sign stands there: "- ("). */
function textBefore(el: Element): string {
  const prev = el.previousSibling;
  return prev && prev.nodeType === 3 ? (prev.nodeValue ?? '') : '';
}

function readHandful(span: Element): GpHandful | null {
  const m = /^(\d{0,4})d(\d{1,5})$/.exec(span.getAttribute('data-rollstring') ?? '');
  if (!m) return null;
  const dice: GpDie[] = [];
  const items = span.getElementsByTagName('i');
  for (let k = 0; k < items.length; k++) {
    if (!items[k]!.hasAttribute('data-rv')) continue;
    const die = readDie(items[k]!);
    if (!die) return null;
    dice.push(die);
  }
  const count = m[1] === '' ? 1 : Number(m[1]);
  // A 0dN roll shows one die of 0; anything else shows each die it rolled.
  if (count === 0 || dice.length !== count || count > MAX_DICE) return null;
  return { count, sides: Number(m[2]), negative: /-\s*\(\s*$/.test(textBefore(span)), dice };
}

/** The modifier after a part's last handful: the text between its closing bracket and the total. */
function readModifier(p: Element): number {
  const total = p.getElementsByClassName('rollResultTotal')[0];
  const container = total?.parentElement ?? p;
  let text = '';
  for (let n = container.firstChild; n && n !== total; n = n.nextSibling) {
    text = n.nodeType === 3 ? text + (n.nodeValue ?? '') : '';
  }
  const m = /\)\s*([+-])\s*(\d{1,6})\s*$/.exec(text) ?? /^\s*([+-])\s*(\d{1,6})\s*$/.exec(text);
  return m ? (m[1] === '-' ? -1 : 1) * Number(m[2]) : 0;
}

/** A `div.roll` read; null when its markup is not the server's shape. */
export function readGpRoll(roll: Element): GpRoll | null {
  let stringEl: Element | null = null;
  const results: Element[] = [];
  for (let c = roll.firstElementChild; c; c = c.nextElementSibling) {
    if (c.tagName !== 'P') continue;
    if (c.classList.contains('rollString')) stringEl ??= c;
    else if (c.classList.contains('rollResults')) results.push(c);
  }
  if (!stringEl) return null;
  const head = readRollString(stringEl.textContent ?? '');
  const parts: GpPart[] = [];
  for (const p of results) {
    const spans = p.getElementsByClassName('rollValues');
    const handfuls: GpHandful[] = [];
    for (let k = 0; k < spans.length; k++) {
      const h = readHandful(spans[k]!);
      if (!h) return null;
      handfuls.push(h);
    }
    if (!handfuls.length) return null;
    parts.push({ handfuls, modifier: readModifier(p) });
  }
  return { ...head, hidden: parts.length === 0, parts };
}
