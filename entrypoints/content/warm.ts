/**
 * Warming the reader while the page parses. The first posts read at DOMContentLoaded would
 * otherwise pay for the reader's first run (its functions compiled, its patterns built, the badge
 * template and style sheet made) just before the page's first frame. So, at document_start, one
 * made-up post is read, judged and badged in a document of its own that the page never sees: on
 * a page that arrives over the network the parser is mostly waiting for bytes, and this fills
 * that wait. Nothing it reads is kept (its scanner, duel and badge are dropped).
 */
import { ThreadScanner } from '../../lib/games/spark-d10/scanner';
import { DEFAULT_GAME_RULES } from '../../lib/spark/settings';
import { rollView } from '../../lib/view';
import { mountRollBadge } from './roll-badge';
import type { Theme } from './mount';

/** One RPOL post, as the server writes it: a typed roll line, a server roll, a header with the rolls link. */
function madeUpPost(doc: Document): Element {
  const el = (tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]) => {
    const e = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.append(...children);
    return e;
  };
  const tip = '12:30, Mon 4 June: Warm rolled 2 using 4d10 with rolls of 1,7,6,1.\u00a0 Toughness vs 5';
  return el(
    'div',
    { class: 'message' },
    el('a', { id: '1' }),
    el(
      'div',
      { class: 'messagedetails' },
      el('span', { class: 'messageauthor' }, el('a', { href: '/gameinfo.php?action=viewdescription&gi=1&ci=1' }, 'Warm')),
      el('div', { class: 'authoringdetails' }, el('div', { class: 'characterdetails' }, 'Player, 1 posts'), 'Posted Mon 4 June, 12:31'),
      el('a', { href: '/usermodules/profile.cgi?action=rolls&gi=1&ci=1&timestamp=1780576260' }, 'Rolls'),
    ),
    el(
      'div',
      { class: 'messagecontent' },
      el('ul', { class: 'messageheader' }, el('li', {}, 'msg #1')),
      el(
        'div',
        { class: 'messagebody', id: 'msg1' },
        el('span', { class: 'orange' }, '12:29, Today: Warm rolled 3 using 5d10 with rolls of 1,7,6,10,2.\u00a0 Draw: Shock (Common). –'),
        el('br'),
        'Then I brace: ',
        el('span', { class: 'helphover', 'data-tip': tip }, '2'),
        el('br'),
        'Two successes.',
      ),
    ),
  );
}

/** Read, judge and badge the made-up post (never throws; nothing is kept or put into the page). */
export function warmReader(theme: Theme): void {
  try {
    const doc = document.implementation.createHTMLDocument('');
    const post = madeUpPost(doc);
    doc.body.append(post);
    const scan = new ThreadScanner({ now: 1780576300, offset: 0 }, DEFAULT_GAME_RULES).scanMessage(post);
    for (const r of scan?.rolls ?? []) mountRollBadge('roll', rollView(r, scan!.post.author), theme);
  } catch {
    /* a warm-up only: the real read reports its own failures */
  }
}
