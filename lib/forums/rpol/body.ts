/**
 * One pass over a post body: its text with line breaks where the page breaks lines, the
 * server-made roll spans with their offsets in that text, quotes, private lines and the edit footer.
 * Our own inserted UI (any element with `data-spark-scribe`) is skipped.
 */
import { isSpaceCode } from '../../chars';
import type { Said } from '../../i18n';
import { parseRollLine, type RollLine } from './roll-line';

export const OWN_UI_ATTRIBUTE = 'data-spark-scribe';

/** Does `shown`, without its white space, read exactly as the results joined by commas? No string is made. */
function showsResults(shown: string, results: readonly number[]): boolean {
  const joined = results.join(',');
  let j = 0;
  for (let i = 0; i < shown.length; i++) {
    const c = shown.charCodeAt(i);
    if (isSpaceCode(c)) continue;
    if (j >= joined.length || joined.charCodeAt(j) !== c) return false;
    j++;
  }
  return j === joined.length;
}

export interface ServerSpan {
  element: Element;
  tip: string;
  line: RollLine;
  /** The span's own text (the result as the server printed it). */
  shown: string;
  start: number;
  end: number;
  inQuote: boolean;
}

export interface LookAlike {
  element: Element;
  /** Why it is not the server's markup (words for the reader, said in their language). */
  why: Said;
  start: number;
  end: number;
}

export interface BodyText {
  text: string;
  servers: ServerSpan[];
  lookAlikes: LookAlike[];
  quotes: [number, number][];
  privates: { text: string; start: number; end: number }[];
  editFooter: string | null;
  /** Each text node, and (at the same index) where its text starts: to find the node at an offset. */
  textNodes: Node[];
  textStarts: number[];
}

/** What a text node's text needs changed: no-break spaces, and line ends (the page's own breaks are <br>s). */
const SPECIAL = /[\u00a0\r\n]/;
/** Each no-break space, and each run of line ends, becomes one space (one pass). */
const SPECIALS = /\u00a0|[\r\n]+/g;
const BLOCK = new Set(['DIV', 'P', 'PRE', 'LI', 'UL', 'OL', 'TR', 'TABLE', 'BLOCKQUOTE', 'CENTER', 'H1', 'H2', 'H3', 'H4', 'HR']);
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** Is this element the server's roll markup? Only `span.helphover[data-tip]` is. */
export function isServerRollSpan(el: Element): boolean {
  return el.tagName === 'SPAN' && el.classList.contains('helphover') && el.hasAttribute('data-tip');
}

// The walk's stack, kept between calls (one array per field: no object per element). readBody
// never runs inside itself, and each call leaves the stack empty.
const stackEl: Element[] = [];
const stackNext: (Node | null)[] = [];
const stackStart: number[] = [];
/** Bit 1: a quote; bit 2: a block. */
const stackFlags: number[] = [];

export function readBody(body: Element): BodyText {
  let text = '';
  const servers: ServerSpan[] = [];
  const lookAlikes: LookAlike[] = [];
  const quotes: [number, number][] = [];
  const privates: BodyText['privates'] = [];
  let editFooter: string | null = null;
  let quoteDepth = 0;
  const textNodes: Node[] = [];
  const textStarts: number[] = [];

  // The text's last character, kept apart: reading it from the text would flatten the text
  // (a copy of all of it) at every block.
  let endsInLine = true;
  const newline = () => {
    if (!endsInLine) {
      text += '\n';
      endsInLine = true;
    }
  };

  /** What to do when an element's children are done (the walk is iterative: page depth never grows the call stack). */
  const close = (el: Element, start: number, isQuote: boolean, block: boolean) => {
    if (isQuote) {
      quoteDepth--;
      quotes.push([start, text.length]);
    }
    if (el.tagName === 'SPAN') {
      if (isServerRollSpan(el)) {
        const tip = el.getAttribute('data-tip') ?? '';
        const line = parseRollLine(tip);
        const shown = text.slice(start).trim();
        const end = text.length;
        if (!line) lookAlikes.push({ element: el, why: { key: 'bd.tooltip' }, start, end });
        else if (!showsResults(shown, line.results)) {
          lookAlikes.push({ element: el, why: { key: 'bd.shows', values: { shown: shown.slice(0, 20), results: line.results.join(',') } }, start, end });
        } else servers.push({ element: el, tip, line, shown, start, end, inQuote: quoteDepth > 0 });
      } else if (el.classList.contains('helphover') || el.hasAttribute('data-tip')) {
        lookAlikes.push({ element: el, why: { key: 'bd.styled' }, start, end: text.length });
      } else if (el.classList.contains('private')) {
        privates.push({ text: text.slice(start).trim(), start, end: text.length });
      }
    }
    if (block) newline();
  };

  const base = stackEl.length;
  stackEl.push(body);
  stackNext.push(body.firstChild);
  stackStart.push(0);
  stackFlags.push(0);
  try {
    while (stackEl.length > base) {
      const top = stackEl.length - 1;
      const node = stackNext[top]!;
      if (!node) {
        const el = stackEl.pop()!;
        stackNext.pop();
        const start = stackStart.pop()!;
        const flags = stackFlags.pop()!;
        if (top !== base) close(el, start, (flags & 1) !== 0, (flags & 2) !== 0);
        continue;
      }
      stackNext[top] = node.nextSibling;
      if (node.nodeType === 3) {
        textNodes.push(node);
        textStarts.push(text.length);
        const value = node.nodeValue ?? '';
        if (!value.length) continue;
        // A text node's line ends are turned into spaces: it never ends the text in a line break.
        text += SPECIAL.test(value) ? value.replace(SPECIALS, ' ') : value;
        endsInLine = false;
        continue;
      }
      if (node.nodeType !== 1) continue;
      const el = node as Element;
      const tag = el.tagName;
      if (SKIP.has(tag) || el.hasAttribute(OWN_UI_ATTRIBUTE)) continue;
      if (tag === 'BR') {
        text += '\n';
        endsInLine = true;
        continue;
      }
      if (tag === 'SPAN' && el.classList.contains('systemmessage')) {
        editFooter = (el.textContent ?? '').trim();
        continue;
      }
      const block = BLOCK.has(tag);
      if (block) newline();
      const isQuote = el.classList.contains('quote');
      if (isQuote) quoteDepth++;
      stackEl.push(el);
      stackNext.push(el.firstChild);
      stackStart.push(text.length);
      stackFlags.push((isQuote ? 1 : 0) | (block ? 2 : 0));
    }
  } finally {
    // A throw (a hostile page's getter) must not leave this call's frames for the next one.
    stackEl.length = stackNext.length = stackStart.length = stackFlags.length = base;
  }
  return { text, servers, lookAlikes, quotes, privates, editFooter, textNodes, textStarts };
}

/** The text node holding character `offset - 1` (the last node that starts before `offset`). */
export function nodeBefore(body: BodyText, offset: number): Node | null {
  const starts = body.textStarts;
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? body.textNodes[found]! : null;
}

/** The text of an element with line breaks, as `readBody` reads it. */
export function elementText(el: Element): string {
  return readBody(el).text;
}
