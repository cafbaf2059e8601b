/** vBulletin 3 and 4 in the shape every forum has (lib/forums/forum.ts). */
import type { ForumPost } from '../../reading/records';
import { viewerClock } from '../board';
import type { Forum } from '../forum';
import { isVbulletinLoginPage, vbulletinPaging } from './paging';
import { detectVbulletinPage, vbulletinReplyBox, vbulletinThreadInfo } from './page';
import { VBULLETIN_POSTS } from './posts';
import { VBULLETIN_READING } from './reading';
import { VBULLETIN_SITE } from './site';

export const VBULLETIN: Forum<ForumPost, never> = {
  ...VBULLETIN_SITE,
  detect: detectVbulletinPage,
  threadInfo: vbulletinThreadInfo,
  clock: viewerClock,
  posts: VBULLETIN_POSTS,
  reading: VBULLETIN_READING,
  paging: vbulletinPaging,
  isLoginPage: isVbulletinLoginPage,
  replyBox: vbulletinReplyBox,
  maxPostLength: null,
  threadIdWithinGame: false,
};
