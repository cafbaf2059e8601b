/**
 * phpBB's topic pages (prosilver, other-forums §7.1): each post a `div.post` with id `pN`; its
 * author in `p.author` (or the profile's `dt`), its time in `p.author time[datetime]` where the
 * board's version writes one, its message in `div.content`, and the edit notice (`div.notice`)
 * and signature (`div.signature`) after the message, outside it.
 */
import { lineOf, machineTime, numberAfter } from '../board';
import type { PostShape } from '../../reading/feed';
import type { ForumPost } from '../../reading/records';

export const PHPBB_POSTS: PostShape = {
  tag: 'div',
  className: 'post',
  selector: 'div.post[id^="p"]',
  is: (el) => numberAfter('p', el.id) !== null,
};

export const phpbbNumber = (el: Element): number | null => numberAfter('p', el.id);

export const phpbbBody = (el: Element): Element | null => el.getElementsByClassName('content')[0] ?? null;

const AUTHOR = 'p.author a.username, p.author a.username-coloured, dl.postprofile dt a.username, dl.postprofile dt a.username-coloured';

export function readPhpbbPost(el: Element, body: Element): ForumPost | null {
  const number = phpbbNumber(el);
  if (number === null) return null;
  const author = lineOf(el.querySelector(AUTHOR) ?? el.querySelector('p.author strong, dl.postprofile dt'));
  const notice = el.getElementsByClassName('notice')[0];
  return {
    element: el,
    body,
    number,
    author,
    role: null,
    time: machineTime(el.querySelector('p.author time')),
    // The notice's date is in the board's own words and zone: its text is kept, its time not read.
    edit: notice && !body.contains(notice) ? { text: lineOf(notice, 300), time: null } : null,
  };
}
