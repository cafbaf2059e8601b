/** RPOL (rpol.net): its sites, read from install (http and https). */
import type { ForumSite } from '../forum';
import { RPOL_MATCHES } from './hosts';
import { isRpolHost } from './page';

export const RPOL_SITE: ForumSite = { id: 'rpol', name: 'RPOL', matches: RPOL_MATCHES, isHost: isRpolHost };
