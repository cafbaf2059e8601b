/**
 * What a vBulletin message holds: quotes and code set apart (vBulletin 4's `div.bbcode_container`,
 * 3's `bbcode_quote` and the `alt2` cells and boxes its quote and code templates are made of).
 */
import { type BodyMarkup, QUOTE } from '../../reading/body';

function kind(el: Element): number {
  const cl = el.classList;
  if (cl.contains('bbcode_container') || cl.contains('bbcode_quote') || cl.contains('bbcode_code')) return QUOTE;
  if (cl.contains('alt2') && (el.tagName === 'TD' || el.tagName === 'PRE' || el.tagName === 'DIV')) return QUOTE;
  return 0;
}

export const VBULLETIN_MARKUP: BodyMarkup<never> = { kind, mark: () => null };
