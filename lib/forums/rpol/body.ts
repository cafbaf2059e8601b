/**
 * RPOL's post body markup (forum-formats §1.3, §2.1): the server's roll span
 * (`span.helphover[data-tip]`, whose tooltip is the roll line and whose text shows the results),
 * spans that look like it, quotes (`.quote`), private lines (`span.private`) and the edit footer
 * (`span.systemmessage`, not read as text). The walk itself is every forum's (lib/reading/body.ts).
 */
import { isSpaceCode } from '../../chars';
import { type BodyMarkup, type BodyText, elementText as plainText, MARK, type Marked, QUOTE, readBody as walk, SKIP } from '../../reading/body';
import { parseRollLine, type RollLine } from './roll-line';

export { nodeBefore, OWN_UI_ATTRIBUTE } from '../../reading/body';

/** What RPOL's server roll span holds: its tooltip and the roll line read from it. */
export interface RpolRollMark {
  tip: string;
  line: RollLine;
}

export type RpolBody = BodyText<RpolRollMark>;

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

/** Is this element the server's roll markup? Only `span.helphover[data-tip]` is. */
export function isServerRollSpan(el: Element): boolean {
  return el.tagName === 'SPAN' && el.classList.contains('helphover') && el.hasAttribute('data-tip');
}

function markSpan(el: Element, shown: string): Marked<RpolRollMark> {
  if (isServerRollSpan(el)) {
    const tip = el.getAttribute('data-tip') ?? '';
    const line = parseRollLine(tip);
    if (!line) return { lookAlike: { key: 'bd.tooltip' } };
    if (!showsResults(shown, line.results)) return { lookAlike: { key: 'bd.shows', values: { shown: shown.slice(0, 20), results: line.results.join(',') } } };
    return { server: { tip, line } };
  }
  if (el.classList.contains('helphover') || el.hasAttribute('data-tip')) return { lookAlike: { key: 'bd.styled' } };
  return el.classList.contains('private') ? { private: true } : null;
}

export const RPOL_MARKUP: BodyMarkup<RpolRollMark> = {
  kind(el) {
    const quote = el.classList.contains('quote') ? QUOTE : 0;
    if (el.tagName !== 'SPAN') return quote;
    const cl = el.classList;
    if (cl.contains('systemmessage')) return SKIP;
    return quote | (cl.contains('helphover') || cl.contains('private') || el.hasAttribute('data-tip') ? MARK : 0);
  },
  mark: markSpan,
};

/** An RPOL post body read: its text, the server's roll spans, look-alikes, quotes and private lines. */
export const readBody = (body: Element): RpolBody => walk(body, RPOL_MARKUP);

/** The text of an element of an RPOL page with line breaks, as `readBody` reads it. */
export const elementText = (el: Element): string => plainText(el, RPOL_MARKUP);
