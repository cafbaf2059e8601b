/**
 * One pass over a post body: its text with line breaks where the page breaks lines, the
 * server-made roll spans with their offsets in that text, quotes, private lines and the edit footer.
 * Our own inserted UI (any element with `data-spark-scribe`) is skipped.
 */
import { isSpaceCode } from '../../chars';
import { t } from '../../i18n';
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
  why: string;
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
  /** Each text node and where its text starts, to find the node at an offset. */
  textNodes: { node: Node; start: number }[];
}

/** What a text node's text needs changed: no-break spaces, and line ends (the page's own breaks are <br>s). */
const SPECIAL = /[\u00a0\r\n]/;
const BLOCK = new Set(['DIV', 'P', 'PRE', 'LI', 'UL', 'OL', 'TR', 'TABLE', 'BLOCKQUOTE', 'CENTER', 'H1', 'H2', 'H3', 'H4', 'HR']);
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** Is this element the server's roll markup? Only `span.helphover[data-tip]` is. */
export function isServerRollSpan(el: Element): boolean {
  return el.tagName === 'SPAN' && el.classList.contains('helphover') && el.hasAttribute('data-tip');
}

export function readBody(body: Element): BodyText {
  let text = '';
  const servers: ServerSpan[] = [];
  const lookAlikes: LookAlike[] = [];
  const quotes: [number, number][] = [];
  const privates: BodyText['privates'] = [];
  let editFooter: string | null = null;
  let quoteDepth = 0;
  const textNodes: BodyText['textNodes'] = [];

  const newline = () => {
    if (text.length && !text.endsWith('\n')) text += '\n';
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
        if (!line) lookAlikes.push({ element: el, why: t('bd.tooltip'), start, end });
        else if (!showsResults(shown, line.results)) {
          lookAlikes.push({ element: el, why: t('bd.shows', { shown: shown.slice(0, 20), results: line.results.join(',') }), start, end });
        } else servers.push({ element: el, tip, line, shown, start, end, inQuote: quoteDepth > 0 });
      } else if (el.classList.contains('helphover') || el.hasAttribute('data-tip')) {
        lookAlikes.push({ element: el, why: t('bd.styled'), start, end: text.length });
      } else if (el.classList.contains('private')) {
        privates.push({ text: text.slice(start).trim(), start, end: text.length });
      }
    }
    if (block) newline();
  };

  type Frame = { el: Element; next: Node | null; start: number; isQuote: boolean; block: boolean };
  const stack: Frame[] = [];
  const open = (el: Element): Frame | null => {
    const tag = el.tagName;
    if (SKIP.has(tag) || el.hasAttribute(OWN_UI_ATTRIBUTE)) return null;
    if (tag === 'BR') {
      text += '\n';
      return null;
    }
    if (tag === 'SPAN' && el.classList.contains('systemmessage')) {
      editFooter = (el.textContent ?? '').trim();
      return null;
    }
    const block = BLOCK.has(tag);
    if (block) newline();
    const isQuote = el.classList.contains('quote');
    if (isQuote) quoteDepth++;
    return { el, next: el.firstChild, start: text.length, isQuote, block };
  };
  const root: Frame = { el: body, next: body.firstChild, start: 0, isQuote: false, block: false };
  stack.push(root);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const node = top.next;
    if (!node) {
      stack.pop();
      if (top !== root) close(top.el, top.start, top.isQuote, top.block);
      continue;
    }
    top.next = node.nextSibling;
    if (node.nodeType === 3) {
      textNodes.push({ node, start: text.length });
      const value = node.nodeValue ?? '';
      text += SPECIAL.test(value) ? value.replace(/\u00a0/g, ' ').replace(/[\r\n]+/g, ' ') : value;
    } else if (node.nodeType === 1) {
      const f = open(node as Element);
      if (f) stack.push(f);
    }
  }
  return { text, servers, lookAlikes, quotes, privates, editFooter, textNodes };
}

/** The text node holding character `offset - 1` (the last node that starts before `offset`). */
export function nodeBefore(body: BodyText, offset: number): Node | null {
  let lo = 0;
  let hi = body.textNodes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (body.textNodes[mid]!.start < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? body.textNodes[found]!.node : null;
}

/** The text of an element with line breaks, as `readBody` reads it. */
export function elementText(el: Element): string {
  return readBody(el).text;
}
