/**
 * phpBB's topic pages (prosilver, other-forums §7.1): each post a `div.post` with id `pN`; its
 * author in `p.author` (or the profile's `dt`), its time in `p.author time[datetime]` where the
 * board's version writes one, its message in `div.content`, and the edit notice (`div.notice`)
 * and signature (`div.signature`) after the message, outside it. The poster's user id is the
 * `u` of the name's profile link (`memberlist.php?mode=viewprofile&u=N`; a guest has none), and the
 * edit notice names its editor ("Last edited by <a …>Ada</a> on …"); its date is in the board's
 * own words and zone, not read.
 */
import { lineOf, machineTime, numberAfter } from '../board';
import { editorNamed, headerUserId } from '../poster';
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

/** The `u` of a profile link (`memberlist.php?mode=viewprofile&u=N`). */
const profileUser = (url: URL): string | null =>
  url.pathname.endsWith('/memberlist.php') && url.searchParams.get('mode') === 'viewprofile' ? url.searchParams.get('u') : null;

/** The edit notice's editor: its profile link's name, else the English notice's words. */
function editor(notice: Element): string | null {
  const link = notice.querySelector('a.username, a.username-coloured, a[href*="memberlist.php"]');
  return lineOf(link, 80) || editorNamed(lineOf(notice, 300), ' on ');
}

export function readPhpbbPost(el: Element, body: Element): ForumPost | null {
  const number = phpbbNumber(el);
  if (number === null) return null;
  const authorLink = el.querySelector(AUTHOR);
  const author = lineOf(authorLink ?? el.querySelector('p.author strong, dl.postprofile dt'));
  const notice = el.getElementsByClassName('notice')[0];
  return {
    element: el,
    body,
    number,
    author,
    authorId: headerUserId(authorLink, body, profileUser),
    role: null,
    time: machineTime(el.querySelector('p.author time')),
    // The notice's date is in the board's own words and zone: its text and editor are kept, its time not read.
    edit: notice && !body.contains(notice) ? { text: lineOf(notice, 300), time: null, by: editor(notice) } : null,
  };
}
