/**
 * A post's records, read once per text. One panel update folds the same posts several times (the
 * game starts, the game without and with the reader's secret, with the lines being written, the
 * nonces kept, the table posts' verdicts), and each fold went through every post's lines again:
 * 12 posts were parsed 180 times an update. The readings are kept by text, so every fold of an
 * update, and of the next one, shares one reading of a post; a post edited is a new text, read anew.
 *
 * Bounded (least recently used goes first) by count and by characters, so a long session on many
 * threads keeps only the recent posts; the texts are the ones the panel already holds. A reading is
 * frozen: one reader cannot change what the next one reads.
 */
import { PARLOR_MARK, type ParlorRecord, readRecords } from './records';

export interface PostReading {
  readonly records: readonly ParlorRecord[];
  readonly unreadable: readonly string[];
}

/** Enough for a few long threads' Parlor posts at once (a panel reads one thread at a time). */
const MAX_POSTS = 2000;
const MAX_CHARS = 4_000_000;

const readings = new Map<string, PostReading>();
let chars = 0;

/** A post with no Parlor line (most of a thread) holds no record: nothing to read or keep. */
const NONE: PostReading = Object.freeze({ records: Object.freeze([]), unreadable: Object.freeze([]) });

/** The value frozen all the way down (records are plain objects, arrays and strings). */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** The records in a post's text (as `readRecords` reads them), read once and shared by every later call with the same text. */
export function postRecords(text: string): PostReading {
  if (!text.includes(PARLOR_MARK)) return NONE;
  const kept = readings.get(text);
  if (kept) {
    // Used again: moved to the end, the last to go.
    readings.delete(text);
    readings.set(text, kept);
    return kept;
  }
  const read: PostReading = frozen(readRecords(text));
  readings.set(text, read);
  chars += text.length;
  for (const old of readings.keys()) {
    if (readings.size <= MAX_POSTS && chars <= MAX_CHARS) break;
    readings.delete(old);
    chars -= old.length;
  }
  return read;
}
