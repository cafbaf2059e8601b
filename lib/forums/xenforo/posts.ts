/**
 * XenForo 2's thread pages (other-forums §7.6): each post an `article.message--post` whose
 * `data-content` is `post-N`; its author in `data-author`, its time in the attribution's
 * `time.u-dt` (`data-time`, seconds), its message in `div.bbWrapper`, its edit notice
 * (`div.message-lastEdit`) and signature (`aside.message-signature`) outside the message. The
 * poster's user id is the name link's `data-user-id` (0, or none, for a guest); the edit notice
 * names an editor only when it is not the poster ("Last edited by a moderator: …").
 */
import { lineOf, machineTime, numberAfter } from '../board';
import { editorNamed, headerUserAttr } from '../poster';
import type { PostShape } from '../../reading/feed';
import type { ForumPost } from '../../reading/records';

export const xenforoNumber = (el: Element): number | null => numberAfter('post-', el.getAttribute('data-content'));

export const XENFORO_POSTS: PostShape = {
  tag: 'article',
  className: 'message',
  selector: 'article.message[data-content^="post-"]',
  is: (el) => xenforoNumber(el) !== null,
};

export const xenforoBody = (el: Element): Element | null => el.getElementsByClassName('bbWrapper')[0] ?? null;

export function readXenforoPost(el: Element, body: Element): ForumPost | null {
  const number = xenforoNumber(el);
  if (number === null) return null;
  const author = (el.getAttribute('data-author') ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) || lineOf(el.querySelector('.message-name .username'));
  const edit = el.getElementsByClassName('message-lastEdit')[0];
  return {
    element: el,
    body,
    number,
    author,
    authorId: headerUserAttr(el.querySelector('.message-user [data-user-id], .message-name [data-user-id]'), body, 'data-user-id'),
    role: null,
    time: machineTime(el.querySelector('.message-attribution time.u-dt, .message-attribution time')),
    edit: edit ? { text: lineOf(edit), time: machineTime(edit.querySelector('time')), by: editorNamed(lineOf(edit), ':') } : null,
  };
}
