/**
 * A thread page read for The Spark d10: a forum's page reader (its records, lib/reading) folded by
 * the game (lib/games/spark-d10), one post at a time. Forums and games know nothing of each
 * other; this is where the content script, the tests and the benchmarks put the two together.
 */
import { SPARK_SHEETS } from './games/spark-d10/sheet-test';
import { type PostScan, SparkThread, type SparkThreadOptions } from './games/spark-d10/thread';
import { type ForumReading, PageReader } from './reading/reader';
import type { ForumPost, PageClock } from './reading/records';
import type { GameRules } from './spark/settings';

export type ScannerOptions = Omit<SparkThreadOptions, 'rules'> & {
  /** Server rolls seen on the thread's other pages, by key, with the post they stand in. */
  seenTips?: readonly (readonly [string, number])[];
};

export class ThreadScanner<Post extends ForumPost = ForumPost, Raw = unknown> {
  readonly reader: PageReader<Post, Raw>;
  readonly game: SparkThread;

  constructor(forum: ForumReading<Post, Raw>, clock: PageClock, rules?: GameRules, options: ScannerOptions = {}) {
    this.reader = new PageReader(forum, clock, SPARK_SHEETS);
    if (options.seenTips) this.reader.rememberSeen(options.seenTips);
    this.game = new SparkThread({ ...options, ...(rules ? { rules } : {}) });
  }

  /** Null for a post with nothing to read (prose) and for what is not a post. Never throws. */
  scanMessage(element: Element): PostScan | null {
    const rec = this.reader.scanMessage(element);
    return rec ? this.game.read(rec) : null;
  }

  scanPost(post: Post): PostScan {
    return this.game.read(this.reader.scanPost(post));
  }
}

export type { PostScan, ScannedRoll, ScannedSheet } from './games/spark-d10/thread';
