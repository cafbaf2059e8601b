/**
 * A thread page read for The Spark d10: the RPOL adapter's records folded by the game, one post at
 * a time. What the content script, the tests and the benchmarks use.
 */
import { RpolPageReader } from '../../forums/rpol/scan';
import type { PageClock, RpolPost } from '../../forums/rpol/thread';
import type { GameRules } from '../../spark/settings';
import { SPARK_SHEETS } from './sheet-test';
import { SparkThread, type PostScan, type SparkThreadOptions } from './thread';

export class ThreadScanner {
  readonly reader: RpolPageReader;
  readonly game: SparkThread;

  constructor(clock: PageClock, rules?: GameRules, options: Omit<SparkThreadOptions, 'rules'> & { seenTips?: readonly (readonly [string, number])[] } = {}) {
    this.reader = new RpolPageReader(clock, SPARK_SHEETS);
    if (options.seenTips) this.reader.rememberSeen(options.seenTips);
    this.game = new SparkThread({ ...options, ...(rules ? { rules } : {}) });
  }

  /** Null for a post with nothing to read (prose) and for what is not a post. Never throws. */
  scanMessage(message: Element): PostScan | null {
    const rec = this.reader.scanMessage(message);
    return rec ? this.game.read(rec) : null;
  }

  scanPost(post: RpolPost): PostScan {
    return this.game.read(this.reader.scanPost(post));
  }
}

export type { PostScan, ScannedRoll, ScannedSheet } from './thread';
