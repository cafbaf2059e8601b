/**
 * vBulletin 3 and 4 boards (RPG Crossing, Myth-Weavers' archive, …): none is read from install; a
 * board is read once the user adds it. Their dice boxes' markup is not known: rolls there are
 * unchecked.
 */
import type { ForumSite } from '../forum';

/** vBulletin's own generator line, or its message divs. */
export function recogniseVbulletin(doc: Document): boolean {
  const generator = doc.querySelector('meta[name="generator"]')?.getAttribute('content') ?? '';
  return /^vBulletin\b/i.test(generator) || !!doc.querySelector('div[id^="post_message_"]');
}

export const VBULLETIN_SITE: ForumSite = {
  id: 'vbulletin',
  name: 'vBulletin',
  matches: [],
  isHost: () => false,
  recognise: recogniseVbulletin,
};
