/**
 * What vBulletin tells the page reader every forum shares: its posts, and the lines in them that
 * name a pool and its faces. Its dice boxes' markup is not known, so every roll there is unchecked.
 */
import type { ForumReading } from '../../reading/reader';
import type { ForumPost } from '../../reading/records';
import { facesTypedLines, formatStamp, NAMES_A_POOL, noServerRolls } from '../board';
import { VBULLETIN_MARKUP } from './body';
import { readVbulletinPost, vbulletinNumber } from './posts';

export const VBULLETIN_READING: ForumReading<ForumPost, never> = {
  markup: VBULLETIN_MARKUP,
  bodyOf: (el) => el,
  readPost: (el) => readVbulletinPost(el),
  numberOf: (el) => vbulletinNumber(el),
  mayHoldRolls: (_body, plain) => NAMES_A_POOL.test(plain),
  serverRoll: noServerRolls,
  typedLines: facesTypedLines,
  formatTime: (epoch, clock) => formatStamp(epoch, clock.offset),
  diceUnknown: true,
};
