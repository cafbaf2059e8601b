/**
 * What a phpBB message holds: quotes (`blockquote`) and code boxes (`div.codebox`) set apart, the
 * dice box marked (read in ./dicebox.ts); anything styled like the box without the server's own
 * elements is a look-alike.
 */
import { type BodyMarkup, MARK, type Marked, QUOTE } from '../../reading/body';
import { type Dicebox, readDicebox } from './dicebox';

function kind(el: Element): number {
  const tag = el.tagName;
  if (tag === 'BLOCKQUOTE') return QUOTE;
  if (tag !== 'DIV') return 0;
  const cl = el.classList;
  if (cl.contains('codebox')) return QUOTE;
  return cl.contains('dicebox') ? MARK : 0;
}

function mark(el: Element): Marked<Dicebox> {
  const box = readDicebox(el);
  return box ? { server: box } : { lookAlike: { key: 'bb.dicebox' } };
}

export const PHPBB_MARKUP: BodyMarkup<Dicebox> = { kind, mark };
