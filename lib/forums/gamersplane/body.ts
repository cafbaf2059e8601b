/**
 * What a Gamers' Plane post body holds (other-forums §4.2): the header and the edit notice are not
 * read as text; quotes (`blockquote.quote`) and code (`pre`) are set apart; the raw BBCode a
 * snippet keeps hidden (`div.snippetBBCode`) and a hidden style block are not read. A `div.roll`
 * is the server's only where the server puts it: in `div.rollInfo` in `div.rolls`, straight in the
 * post's content, after the message, where no message can reach.
 */
import { type BodyMarkup, MARK, type Marked, QUOTE, SKIP } from '../../reading/body';
import { type GpRoll, readGpRoll } from './rolls';

const SKIPPED = ['editInfoDiv', 'snippetBBCode', 'style', 'postPoint'];

function kind(el: Element): number {
  const tag = el.tagName;
  const cl = el.classList;
  if (tag === 'DIV' && cl.contains('roll')) return MARK;
  if (tag === 'HEADER' || tag === 'PRE' || tag === 'FORM') return tag === 'PRE' ? QUOTE : SKIP;
  if (tag === 'BLOCKQUOTE') return cl.contains('quote') ? QUOTE : 0;
  for (const c of SKIPPED) if (cl.contains(c)) return SKIP;
  return 0;
}

/** Is this `div.roll` where only the server writes rolls? */
function inServerBlock(el: Element): boolean {
  const info = el.parentElement;
  const rolls = info?.parentElement;
  return !!(
    info?.classList.contains('rollInfo') &&
    rolls?.classList.contains('rolls') &&
    rolls.parentElement?.classList.contains('postContent') &&
    !el.closest('.post')
  );
}

function mark(el: Element): Marked<GpRoll> {
  if (!inServerBlock(el)) return { lookAlike: { key: 'gp.notBlock' } };
  const roll = readGpRoll(el);
  return roll ? { server: roll } : { lookAlike: { key: 'gp.unread' } };
}

export const GAMERS_PLANE_MARKUP: BodyMarkup<GpRoll> = { kind, mark };
