/**
 * What RPOL tells the page reader every forum shares (lib/reading/reader.ts): its post markup,
 * its server roll (the tooltip's roll line, whose time is read against the post and the page's
 * clock, keyed by the tooltip so a reused roll is caught across posts and pages), and the lines
 * typed into posts that imitate its roller (forum-formats §2).
 */
import { isSpaceCode } from '../../chars';
import type { ForumReading, TypedLine } from '../../reading/reader';
import type { PageClock } from '../../reading/records';
import { RPOL_MARKUP, type RpolRollMark } from './body';
import { formatLocal, parseRpolDateTime } from './dates';
import { findRollLines, recordFromLine } from './roll-line';
import { postNumber, type RpolPost, readPost } from './thread';

/** A short, stable key for a server roll's tooltip (whitespace folded): 53 bits of cyrb53, in base 36. */
export function tipKey(tip: string): string {
  // The hash of `tip.replace(/\s+/g, ' ').trim()`, folded as it goes (no string is made).
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let started = false;
  let space = false;
  for (let i = 0; i < tip.length; i++) {
    const c = tip.charCodeAt(i);
    if (isSpaceCode(c)) {
      space = started;
      continue;
    }
    // A run of white space between two characters counts as one space.
    if (space) {
      h1 = Math.imul(h1 ^ 32, 2654435761);
      h2 = Math.imul(h2 ^ 32, 1597334677);
      space = false;
    }
    started = true;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The lines typed into a post's text that read as RPOL's roller output. */
function typedLines(text: string): TypedLine[] {
  return findRollLines(text).map((line) => ({
    record: recordFromLine(line, 'typed', text.slice(line.start, line.end)),
    start: line.start,
    end: line.end,
    rollTagAsText: line.rollId !== null,
  }));
}

export const RPOL_READING: ForumReading<RpolPost, RpolRollMark> = {
  markup: RPOL_MARKUP,
  bodyOf: (el) => el.getElementsByClassName('messagebody')[0] ?? null,
  readPost,
  numberOf: postNumber,
  mayHoldRolls: (body, plain) => plain.includes(' rolled ') || plain.includes('[roll=') || body.getElementsByClassName('helphover').length > 0,
  serverRoll(mark, post, clock: PageClock) {
    const when = parseRpolDateTime(mark.raw.line.timeText, clock.offset, post.time ?? clock.now);
    const record = recordFromLine(mark.raw.line, 'server', mark.raw.tip, when?.epoch ?? null);
    return { record, key: tipKey(mark.raw.tip), rollerName: record.rollerName };
  },
  typedLines,
  formatTime: (epoch, clock) => formatLocal(epoch, clock.offset),
};
