/** Gamers' Plane (gamersplane.com): its sites, read from install (http and https). */
import type { ForumSite } from '../forum';

export const GAMERS_PLANE_MATCHES = ['*://gamersplane.com/*', '*://www.gamersplane.com/*'];
/** The pages its content script runs on: threads. */
export const GAMERS_PLANE_PAGES = ['*://gamersplane.com/forums/thread/*', '*://www.gamersplane.com/forums/thread/*'];

const HOSTS = /^(?:www\.)?gamersplane\.com$/i;

export const GAMERS_PLANE_SITE: ForumSite = {
  id: 'gamersplane',
  name: 'Gamers’ Plane',
  matches: GAMERS_PLANE_MATCHES,
  isHost: (host) => HOSTS.test(host),
};
