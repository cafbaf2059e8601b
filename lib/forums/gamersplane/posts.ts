/**
 * Gamers' Plane's thread pages (other-forums §4.2): each post a `div.postBlock[data-postid]`; its
 * names (a character's or NPC's `p.charName` above the user's `p.posterName`), its header, the
 * message (`div.post`, with the edit notice `div.editInfoDiv` inside it) and, after the message,
 * the server's `div.rolls`. The body read is `div.postContent`: message and rolls together, so
 * that a roll's place is after the words it answers. The poster's identity is the user's, from
 * the profile link (`/user/N/`) beside the user's name, also when the post is made as a character;
 * the edit notice names no editor, and its date is converted by a page script: neither is read.
 */
import { lineOf } from '../board';
import { headerUserId } from '../poster';
import type { PostShape } from '../../reading/feed';
import type { ForumPost } from '../../reading/records';

export const GAMERS_PLANE_POSTS: PostShape = {
  tag: 'div',
  className: 'postBlock',
  selector: 'div.postBlock[data-postid]',
  is: (el) => /^\d{1,12}$/.test(el.getAttribute('data-postid') ?? ''),
};

export interface GamersPlanePost extends ForumPost {
  /** The user who posted (the author is the character or NPC when the post is made as one). */
  user: string;
}

export function gamersPlaneNumber(el: Element): number | null {
  const raw = el.getAttribute('data-postid') ?? '';
  const n = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  return n > 0 ? n : null;
}

export const gamersPlaneBody = (el: Element): Element | null => el.getElementsByClassName('postContent')[0] ?? null;

const PROFILE_PATH = /^\/user\/(\d{1,12})\/?$/;
const profileUser = (url: URL): string | null => PROFILE_PATH.exec(url.pathname)?.[1] ?? null;

/** One post block; null when it has no id or body (a preview, a stranger's markup). */
export function readGamersPlanePost(el: Element, body: Element): GamersPlanePost | null {
  const number = gamersPlaneNumber(el);
  if (number === null) return null;
  const names = el.getElementsByClassName('postNames')[0] ?? el;
  const poster = names.getElementsByClassName('posterName')[0];
  const userLink = poster?.getElementsByClassName('username')[0];
  const user = lineOf(userLink ?? poster);
  const character = lineOf(names.getElementsByClassName('charName')[0]);
  const notice = body.getElementsByClassName('editInfoDiv')[0];
  return {
    element: el,
    body,
    number,
    author: character || user,
    user,
    authorId: headerUserId(userLink, body, profileUser),
    role: null,
    // The page prints times in the server's zone and a page script converts them: not read.
    time: null,
    edit: notice ? { text: lineOf(notice), time: null, by: null } : null,
  };
}
