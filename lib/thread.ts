/**
 * A thread page read for its game: a forum's page reader (its records, lib/reading) folded by the
 * game's declared reading (`GameReading`, lib/games/game.ts: its sheets and its fold), one post at
 * a time. Forums and games know nothing of each other; this is where the content script, the tests
 * and the benchmarks put the two together. The page's game that reads rolls is The Spark d10.
 */
import { SPARK_READING } from './games/spark-d10/reading';
import type { PostScan, SparkThread, SparkThreadOptions } from './games/spark-d10/thread';
import { type ForumReading, PageReader } from './reading/reader';
import type { ForumPost, PageClock } from './reading/records';

export type ScannerOptions = Omit<SparkThreadOptions, 'rules'> & {
  /** Server rolls seen on the thread's other pages, by key, with the post they stand in. */
  seenTips?: readonly (readonly [string, number])[];
};

export class ThreadScanner<Post extends ForumPost = ForumPost, Raw = unknown> {
  readonly reader: PageReader<Post, Raw>;
  readonly game: SparkThread;

  constructor(forum: ForumReading<Post, Raw>, clock: PageClock, rules?: SparkThreadOptions['rules'], options: ScannerOptions = {}) {
    this.reader = new PageReader(forum, clock, SPARK_READING.sheets);
    this.reader.rememberSeen(options.seenTips ?? []);
    // No rules given: the fold's own default (the book's).
    this.game = new SPARK_READING.Fold({ ...options, rules });
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
