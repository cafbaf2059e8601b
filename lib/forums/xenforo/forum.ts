/** XenForo 2 in the shape every forum has (lib/forums/forum.ts). */
import type { ForumPost } from '../../reading/records';
import { viewerClock } from '../board';
import type { Forum } from '../forum';
import { isXenforoLoginPage, xenforoPaging } from './paging';
import { detectXenforoPage, xenforoReplyBox, xenforoThreadInfo } from './page';
import { XENFORO_POSTS } from './posts';
import { XENFORO_READING } from './reading';
import { XENFORO_SITE } from './site';

export const XENFORO: Forum<ForumPost, never> = {
  ...XENFORO_SITE,
  detect: detectXenforoPage,
  threadInfo: xenforoThreadInfo,
  clock: viewerClock,
  posts: XENFORO_POSTS,
  reading: XENFORO_READING,
  paging: xenforoPaging,
  isLoginPage: isXenforoLoginPage,
  replyBox: xenforoReplyBox,
  maxPostLength: null,
  threadIdWithinGame: false,
};
