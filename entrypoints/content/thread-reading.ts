/**
 * What reading a thread gives the content script's features: each post read, and the whole page
 * read. Its own file so that the page's context (page-context.ts) and the reader (reading.ts)
 * do not import each other.
 */
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

export interface ThreadReading {
  /** Each post read, in page order. */
  onPost(listener: (post: ReadPost) => void): void;
  /** The whole page read (once; at once if it is). */
  onDone(listener: () => void): void;
  /** Read what is left now (the panel asked for the whole thread). */
  finish(): void;
  /** Read the whole thread again with new duel marks (where the user marked new duels). */
  refold(newDuelAt: number[]): void;
  scanner(): ThreadScanner;
  /** Take the page's posts (once every feature listens). */
  start(): void;
}
