/** What a XenForo message holds: quotes and code blocks set apart, the "click to expand" control not read. No dice markup is known. */
import { type BodyMarkup, QUOTE, SKIP } from '../../reading/body';

function kind(el: Element): number {
  const cl = el.classList;
  if (cl.contains('bbCodeBlock-expandLink') || cl.contains('bbCodeBlock-title')) return SKIP;
  if (el.tagName === 'BLOCKQUOTE' || cl.contains('bbCodeBlock--quote') || cl.contains('bbCodeBlock--code') || cl.contains('bbCodeCode')) return QUOTE;
  return 0;
}

export const XENFORO_MARKUP: BodyMarkup<never> = { kind, mark: () => null };
