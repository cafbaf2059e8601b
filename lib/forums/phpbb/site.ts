/**
 * phpBB (prosilver and styles built on it): forum.mafiascum.net is read from install (its dice
 * are the Mafiascum dice BBCode); any other phpBB board when the user adds it.
 */
import type { ForumSite } from '../forum';

export const PHPBB_MATCHES = ['*://forum.mafiascum.net/*'];
/** The pages its content script runs on: topics. */
export const PHPBB_PAGES = ['*://forum.mafiascum.net/viewtopic.php*'];

const HOSTS = /^forum\.mafiascum\.net$/i;

/** prosilver's markup: `body#phpbb`, or its post blocks. */
export function recognisePhpbb(doc: Document): boolean {
  return !!doc.querySelector('body#phpbb, div.post[id^="p"] div.postbody, div.post[id^="p"] > div.inner');
}

export const PHPBB_SITE: ForumSite = {
  id: 'phpbb',
  name: 'phpBB',
  matches: PHPBB_MATCHES,
  isHost: (host) => HOSTS.test(host),
  recognise: recognisePhpbb,
};
