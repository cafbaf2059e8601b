/** RPOL (rpol.net): its sites, read from install (http and https). */
import type { ForumSite } from '../forum';
import { RPOL_MATCHES } from './hosts';
import { isRpolHost } from './page';

/** RPOL's id and name: all its content script needs of its site. */
export const RPOL_NAME = { id: 'rpol', name: 'RPOL' } as const;

export const RPOL_SITE: ForumSite = { ...RPOL_NAME, matches: RPOL_MATCHES, isHost: isRpolHost };
