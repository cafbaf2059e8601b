/**
 * XenForo 2 boards (Smogon's forum games, EN World, …): none is read from install; a board is read
 * once the user adds it. Its dice markup is not known: rolls there are unchecked.
 */
import type { ForumSite } from '../forum';

/** XenForo 2's markup: `html#XF`, or its post articles. */
export function recogniseXenforo(doc: Document): boolean {
  return !!doc.querySelector('html#XF, article.message--post[data-content^="post-"], article.message[data-author]');
}

export const XENFORO_SITE: ForumSite = {
  id: 'xenforo',
  name: 'XenForo',
  matches: [],
  isHost: () => false,
  recognise: recogniseXenforo,
};
