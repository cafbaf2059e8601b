/** RPOL (rpol.net) in the shape every forum has (lib/forums/forum.ts). */
import type { Forum } from '../forum';
import { isRpolLoginPage, rpolPaging } from './paging';
import type { RpolRollMark } from './body';
import { readDiceLog } from './dicelog';
import { detectRpolPage } from './page';
import { MAX_POST_LENGTH, readReplyForm } from './reply';
import { RPOL_READING } from './scan';
import { CHARACTER_SHEETS } from './sheets';
import { RPOL_NAME } from './site';
import { type RpolPost, readPageClock, readThreadInfo } from './thread';
import { RPOL_POSTS } from './watch';

export const RPOL: Forum<RpolPost, RpolRollMark> = {
  ...RPOL_NAME,
  detect: detectRpolPage,
  threadInfo: readThreadInfo,
  clock: readPageClock,
  posts: RPOL_POSTS,
  reading: RPOL_READING,
  paging: rpolPaging,
  isLoginPage: isRpolLoginPage,
  replyBox: readReplyForm,
  maxPostLength: MAX_POST_LENGTH,
  threadIdWithinGame: true,
  diceLog: { url: (origin, gameId) => `${origin}/usermodules/diceroller.cgi?gi=${encodeURIComponent(gameId)}`, read: readDiceLog },
  characterSheets: CHARACTER_SHEETS,
};
