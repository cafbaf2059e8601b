/**
 * One pass over a post body, for every forum: its text with line breaks where the page breaks
 * lines, quotes, and the elements the forum marks (its server's roll markup, look-alikes of it,
 * private lines) with their offsets in that text. What each element is, the forum says
 * (`BodyMarkup`); the walk is the same everywhere. Our own inserted UI (any element with
 * `data-spark-scribe`) is never read.
 */
import type { Said } from '../i18n';

export const OWN_UI_ATTRIBUTE = 'data-spark-scribe';

/** What an element is to the reader: plain (0), or any of these. */
export const QUOTE = 1;
/** Told to the forum once its text is read (`BodyMarkup.mark`). */
export const MARK = 2;
/** Not read at all (an edit footer, a signature). */
export const SKIP = 4;

/** What a marked element turned out to be, once its text was read. */
export type Marked<Raw> = { server: Raw } | { lookAlike: Said } | { private: true } | null;

/** A forum's post markup, as the body walk needs it. */
export interface BodyMarkup<Raw = unknown> {
  /** What an element is (0, QUOTE, MARK, SKIP, or QUOTE | MARK). Asked of every element: keep it cheap. */
  kind(el: Element): number;
  /** A marked element and the text it showed (trimmed). */
  mark(el: Element, shown: string): Marked<Raw>;
}

/** A server roll's markup in a body: what the forum read of it, and where it stands in the text. */
export interface ServerMark<Raw = unknown> {
  element: Element;
  raw: Raw;
  /** The text it showed (the result as the server printed it). */
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

export interface BodyText<Raw = unknown> {
  text: string;
  servers: ServerMark<Raw>[];
  lookAlikes: LookAlike[];
  quotes: [number, number][];
  privates: { text: string; start: number; end: number }[];
  /** Each text node, and (at the same index) where its text starts: to find the node at an offset. */
  textNodes: Node[];
  textStarts: number[];
}

/** Markup that marks nothing: an element's text as the page breaks it into lines. */
export const PLAIN_MARKUP: BodyMarkup<never> = { kind: () => 0, mark: () => null };

/** What a text node's text needs changed: no-break spaces, and line ends (the page's own breaks are <br>s). */
const SPECIAL = /[\u00a0\r\n]/;
/** Each no-break space, and each run of line ends, becomes one space (one pass). */
const SPECIALS = /\u00a0|[\r\n]+/g;
const BLOCK = new Set(['DIV', 'P', 'PRE', 'LI', 'UL', 'OL', 'TR', 'TABLE', 'BLOCKQUOTE', 'CENTER', 'H1', 'H2', 'H3', 'H4', 'HR']);
const NEVER_READ = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

// The walk's stack, kept between calls (one array per field: no object per element). readBody
// never runs inside itself, and each call leaves the stack empty.
const stackEl: Element[] = [];
const stackNext: (Node | null)[] = [];
const stackStart: number[] = [];
/** Bit 1: a quote; bit 2: a block; bit 4: marked. */
const stackFlags: number[] = [];

export function readBody<Raw>(body: Element, markup: BodyMarkup<Raw>): BodyText<Raw> {
  const out: BodyText<Raw> = { text: '', servers: [], lookAlikes: [], quotes: [], privates: [], textNodes: [], textStarts: [] };
  let text = '';
  let quoteDepth = 0;

  // The text's last character, kept apart: reading it from the text would flatten the text
  // (a copy of all of it) at every block.
  let endsInLine = true;
  const newline = () => {
    if (!endsInLine) {
      text += '\n';
      endsInLine = true;
    }
  };

  /** A marked element's children are done: the forum says what it was. */
  const marked = (el: Element, start: number) => {
    const shown = text.slice(start).trim();
    const end = text.length;
    const m = markup.mark(el, shown);
    if (!m) return;
    if ('server' in m) out.servers.push({ element: el, raw: m.server, shown, start, end, inQuote: quoteDepth > 0 });
    else if ('lookAlike' in m) out.lookAlikes.push({ element: el, why: m.lookAlike, start, end });
    else out.privates.push({ text: shown, start, end });
  };

  /** What to do when an element's children are done (the walk is iterative: page depth never grows the call stack). */
  const close = (el: Element, start: number, flags: number) => {
    if (flags & 1) {
      quoteDepth--;
      out.quotes.push([start, text.length]);
    }
    if (flags & 4) marked(el, start);
    if (flags & 2) newline();
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
        if (top !== base) close(el, start, flags);
        continue;
      }
      stackNext[top] = node.nextSibling;
      if (node.nodeType === 3) {
        out.textNodes.push(node);
        out.textStarts.push(text.length);
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
      if (NEVER_READ.has(tag) || el.hasAttribute(OWN_UI_ATTRIBUTE)) continue;
      if (tag === 'BR') {
        text += '\n';
        endsInLine = true;
        continue;
      }
      const kind = markup.kind(el);
      if (kind & SKIP) continue;
      const block = BLOCK.has(tag);
      if (block) newline();
      if (kind & QUOTE) quoteDepth++;
      stackEl.push(el);
      stackNext.push(el.firstChild);
      stackStart.push(text.length);
      stackFlags.push((kind & QUOTE ? 1 : 0) | (block ? 2 : 0) | (kind & MARK ? 4 : 0));
    }
  } finally {
    // A throw (a hostile page's getter) must not leave this call's frames for the next one.
    stackEl.length = stackNext.length = stackStart.length = stackFlags.length = base;
  }
  out.text = text;
  return out;
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

/** The text of an element with line breaks, as `readBody` reads it with a forum's markup. */
export function elementText(el: Element, markup: BodyMarkup = PLAIN_MARKUP): string {
  return readBody(el, markup).text;
}
