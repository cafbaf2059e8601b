/**
 * A thread page read for a game: a forum's page reader (its records, lib/reading) folded by the
 * game's declared reading (`GameReading`, lib/games/game.ts), one post at a time. Forums and games
 * know nothing of each other; this is where the content script, the tests and the benchmarks put
 * the two together. The page's game is The Spark d10 (`ThreadScanner`); another game that reads
 * rolls is read by `GameScanner` with its own reading.
 */
import type { GameReading } from './games/game';
import { SPARK_READING } from './games/spark-d10/reading';
import type { PostScan, SparkThread, SparkThreadOptions } from './games/spark-d10/thread';
import { type ForumReading, PageReader } from './reading/reader';
import type { ForumPost, PageClock, PostRecords } from './reading/records';

/** The page reader and a game's fold of one thread: each post's records, read once, then folded. */
export class GameScanner<Scan, Options, Post extends ForumPost = ForumPost, Raw = unknown> {
  readonly reader: PageReader<Post, Raw>;
  readonly game: { read(records: PostRecords): Scan };

  /** `seenTips`: server rolls seen on the thread's other pages, by key, with the post they stand in. */
  constructor(
    reading: GameReading<Options, Scan>,
    forum: ForumReading<Post, Raw>,
    clock: PageClock,
    options: Options,
    seenTips?: readonly (readonly [string, number])[],
  ) {
    this.reader = new PageReader(forum, clock, reading.sheets);
    if (seenTips) this.reader.rememberSeen(seenTips);
    this.game = reading.fold(options);
  }

  /** Null for a post with nothing to read (prose) and for what is not a post. Never throws. */
  scanMessage(element: Element): Scan | null {
    const rec = this.reader.scanMessage(element);
    return rec ? this.game.read(rec) : null;
  }

  scanPost(post: Post): Scan {
    return this.game.read(this.reader.scanPost(post));
  }
}

export type ScannerOptions = Omit<SparkThreadOptions, 'rules'> & {
  /** Server rolls seen on the thread's other pages, by key, with the post they stand in. */
  seenTips?: readonly (readonly [string, number])[];
};

/** A thread read for The Spark d10, through its game's declared reading. */
export class ThreadScanner<Post extends ForumPost = ForumPost, Raw = unknown> extends GameScanner<PostScan, SparkThreadOptions, Post, Raw> {
  declare readonly game: SparkThread;

  constructor(forum: ForumReading<Post, Raw>, clock: PageClock, rules?: SparkThreadOptions['rules'], options: ScannerOptions = {}) {
    super(SPARK_READING, forum, clock, { ...options, ...(rules ? { rules } : {}) }, options.seenTips);
  }
}

export type { PostScan, ScannedRoll, ScannedSheet } from './games/spark-d10/thread';
