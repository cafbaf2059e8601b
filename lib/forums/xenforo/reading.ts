/**
 * What XenForo tells the page reader every forum shares: its posts, and the lines in them that
 * name a pool and its faces. XenForo's dice markup is not known, so no roll there is verified and
 * none is called typed: each is unchecked.
 */
import type { ForumReading } from '../../reading/reader';
import type { ForumPost } from '../../reading/records';
import { facesTypedLines, formatStamp, NAMES_A_POOL, noServerRolls } from '../board';
import { XENFORO_MARKUP } from './body';
import { readXenforoPost, xenforoBody, xenforoNumber } from './posts';

export const XENFORO_READING: ForumReading<ForumPost, never> = {
  markup: XENFORO_MARKUP,
  bodyOf: xenforoBody,
  readPost: (el, _clock, body) => readXenforoPost(el, body),
  numberOf: (el) => xenforoNumber(el),
  mayHoldRolls: (_body, plain) => NAMES_A_POOL.test(plain),
  serverRoll: noServerRolls,
  typedLines: facesTypedLines,
  formatTime: (epoch, clock) => formatStamp(epoch, clock.offset),
  diceUnknown: true,
};
