/**
 * vBulletin 3 and 4 thread pages (other-forums §7.2, §7.5). The element both versions share is
 * the message itself, `div#post_message_N`, so that is what a post is here; its header is read
 * from the post around it (vBulletin 3's `table#postN`, vBulletin 4's `li#post_N`): the author
 * (`a.bigusername`, `a.username`) with its user id (the profile link's `member.php?u=N`, or
 * vBulletin 4's `member.php/N-name`) and the edit note ("Last edited by NAME; …"), outside the
 * message. Times are written in each board's own format and zone: not read.
 */
import { lineOf, numberAfter } from '../board';
import { editorNamed, headerUserId } from '../poster';
import type { PostShape } from '../../reading/feed';
import type { ForumPost } from '../../reading/records';

export const vbulletinNumber = (el: Element): number | null => numberAfter('post_message_', el.id);

export const VBULLETIN_POSTS: PostShape = {
  tag: 'div',
  // vBulletin 3's message divs have no class.
  className: '',
  selector: 'div[id^="post_message_"]',
  is: (el) => vbulletinNumber(el) !== null,
  // The messages sit deep in their posts: vBulletin 4's list items and vBulletin 3's `div#editN`
  // wrappers are what the page repeats side by side (read as the page parses, one post at a time).
  unit: 'li[id^="post_"], div[id^="edit"]',
};

/** The post around a message: vBulletin 4's list item, vBulletin 3's table. */
export function postAround(message: Element): Element {
  return message.closest('li.postcontainer, li[id^="post_"], table[id^="post"]') ?? message.parentElement ?? message;
}

const EDITED = /\bLast edited by\b/i;

/** The edit note: text saying "Last edited by" in the post, outside the message. */
function editNote(post: Element, message: Element): string | null {
  const candidates = post.querySelectorAll('.lastedited, div.smallfont em, em');
  for (let i = 0; i < candidates.length; i++) {
    const el = candidates[i]!;
    if (message.contains(el)) continue;
    const text = lineOf(el, 300);
    if (EDITED.test(text)) return text;
  }
  return null;
}

const MEMBER_PATH = /\/member\.php\/(\d{1,12})(?:-|$)/;

/** A profile link's user: `member.php?u=N` (vBulletin 3, and 4 without friendly addresses) or `member.php/N-name`. */
export const memberUser = (url: URL): string | null =>
  url.pathname.endsWith('/member.php') ? url.searchParams.get('u') : (MEMBER_PATH.exec(url.pathname)?.[1] ?? null);

export function readVbulletinPost(message: Element): ForumPost | null {
  const number = vbulletinNumber(message);
  if (number === null) return null;
  const post = postAround(message);
  const menu = post.querySelector(`#postmenu_${number}`) ?? post;
  const author = lineOf(menu.querySelector('a.bigusername, a.username strong, a.username, .username'));
  const authorId = headerUserId(menu.querySelector('a.bigusername, a.username'), message, memberUser);
  const edit = editNote(post, message);
  return {
    element: message,
    body: message,
    number,
    author,
    authorId,
    role: null,
    time: null,
    edit: edit ? { text: edit, time: null, by: editorNamed(edit, ';') } : null,
  };
}
