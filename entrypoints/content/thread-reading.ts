/**
 * What reading a thread gives the content script's features: each post read, and the whole page
 * read. Its own file so that the page's context (page-context.ts) and the reader (reading.ts)
 * do not import each other.
 */
import type { PostRecords } from '../../lib/reading/records';
import type { PostScan, ThreadScanner } from '../../lib/thread';
import type { RollView } from '../../lib/view';

/** A post read: its scan, its element, its rolls as the badges and the panel show them. */
export interface ReadPost {
  scan: PostScan;
  element: Element;
  views: RollView[];
  /** Read again after the duel's marks changed (its badges are there: they are updated). */
  again: boolean;
}

/** The thread's posts before this page (lib/threads), as the page reader gave them, and the server rolls they showed first. */
export interface EarlierPosts {
  records: readonly PostRecords[];
  tips: readonly (readonly [string, number])[];
}

export interface ThreadReading {
  /** Each post read, in page order. */
  onPost(listener: (post: ReadPost) => void): void;
  /** The whole page read (once; at once if it is). */
  onDone(listener: () => void): void;
  /** Read what is left now (the panel asked for the whole thread). */
  finish(): void;
  /**
   * Read the page's posts again, after the thread's earlier posts (kept from its other pages, read
   * first) and with new duel marks (where the user marked new duels); each, when not given, as the
   * last time. Its badges are updated in place. `primed`: a scanner (`fresh()`) that has read the
   * earlier posts already (in idle time), used as it is.
   */
  refold(newDuelAt?: number[], earlier?: EarlierPosts, primed?: ThreadScanner): void;
  scanner(): ThreadScanner;
  /** A new scanner of the thread with the page's options (its reader reads the thread's other pages: the page's own). */
  fresh(): ThreadScanner;
  /** Take the page's posts (once every feature listens). */
  start(): void;
}
