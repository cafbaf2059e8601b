/** Gamers' Plane in the shape every forum has (lib/forums/forum.ts). */
import { viewerClock } from '../board';
import type { Forum } from '../forum';
import { isGamersPlaneLoginPage, gamersPlanePaging } from './paging';
import { detectGamersPlanePage, gamersPlaneReplyBox, gamersPlaneThreadInfo } from './page';
import { GAMERS_PLANE_POSTS, type GamersPlanePost } from './posts';
import { GAMERS_PLANE_READING } from './reading';
import type { GpRoll } from './rolls';
import { GAMERS_PLANE_SITE } from './site';

export const GAMERS_PLANE: Forum<GamersPlanePost, GpRoll> = {
  ...GAMERS_PLANE_SITE,
  detect: detectGamersPlanePage,
  threadInfo: gamersPlaneThreadInfo,
  clock: viewerClock,
  posts: GAMERS_PLANE_POSTS,
  reading: GAMERS_PLANE_READING,
  paging: gamersPlanePaging,
  isLoginPage: isGamersPlaneLoginPage,
  replyBox: gamersPlaneReplyBox,
  maxPostLength: null,
  threadIdWithinGame: false,
};
