/** phpBB in the shape every forum has (lib/forums/forum.ts). */
import type { ForumPost } from '../../reading/records';
import { viewerClock } from '../board';
import type { Forum } from '../forum';
import { isPhpbbLoginPage, phpbbPaging } from './paging';
import type { Dicebox } from './dicebox';
import { detectPhpbbPage, phpbbReplyBox, phpbbThreadInfo } from './page';
import { PHPBB_POSTS } from './posts';
import { PHPBB_READING } from './reading';
import { PHPBB_SITE } from './site';

export const PHPBB: Forum<ForumPost, Dicebox> = {
  ...PHPBB_SITE,
  detect: detectPhpbbPage,
  threadInfo: phpbbThreadInfo,
  clock: viewerClock,
  posts: PHPBB_POSTS,
  reading: PHPBB_READING,
  paging: phpbbPaging,
  isLoginPage: isPhpbbLoginPage,
  replyBox: phpbbReplyBox,
  maxPostLength: null,
  threadIdWithinGame: false,
};
