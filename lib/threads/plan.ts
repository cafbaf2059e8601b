/**
 * Which of a thread's other pages a page needs, and which kept ones it can use as they are. Pure:
 * the clock and what is kept come in. A page of a thread of at most `WHOLE_UP_TO` pages is folded
 * from the thread's first post, so it needs every page before it; a longer thread is read back
 * from the page before this one until a page holds a post where a game's fold may start (./read.ts).
 */
import type { KeptPage, KeptThread, Tried } from './kept';

/** A thread of at most this many pages is read whole (every page before the one shown). */
export const WHOLE_UP_TO = 40;
/** A longer thread is read back at most this many pages looking for a game's start. */
export const BACK_AT_MOST = 40;
/** No page is asked for twice within this (ms). */
export const AGAIN_AFTER_MS = 10 * 60_000;
/** A kept page is read again after this (ms): a post may have been edited since. */
export const STALE_AFTER_MS = 24 * 3600_000;
/** The most requests at once. */
export const AT_ONCE = 2;
/** How long to wait after the forum answers 429 without saying how long (ms). */
export const BUSY_WAIT_MS = 10 * 60_000;

/** What the page shown says of its thread: where it is, how many pages, how many posts it shows. */
export interface PageFacts {
  page: number;
  count: number;
  posts: number;
}

/**
 * A kept page the page in front of the reader shows to have changed: a day old (edits); read when
 * the thread had more pages than it has now (posts were removed: every page after moved); or
 * shorter than a full page while no longer the thread's last (posts were added to it since).
 */
export function isStale(kept: KeptThread, page: KeptPage, here: PageFacts, now: number): boolean {
  if (now - page.at > STALE_AFTER_MS || now < page.at) return true;
  if (here.count < kept.count) return true;
  return page.page < here.count && page.posts < fullPage(kept, here);
}

/** A full page's posts: the page shown's when it is not the last, else the most any kept page showed. */
function fullPage(kept: KeptThread, here: PageFacts): number {
  let most = here.page < here.count ? here.posts : 0;
  for (const p of Object.values(kept.pages)) most = Math.max(most, p.posts);
  return most;
}

/** What to do for page `j`: use its kept copy, ask for it, or stop (asked for too lately, or the forum asked to wait). */
export type PageStep = { use: KeptPage } | { ask: true } | { stop: Tried & { why: NonNullable<Tried['why']> } };

export function stepFor(kept: KeptThread | null, j: number, here: PageFacts, now: number): PageStep {
  const page = kept?.pages[j];
  const tried = kept?.tried[j];
  const lately = tried !== undefined && now - tried.at < AGAIN_AFTER_MS && now >= tried.at;
  if (page && (lately || !isStale(kept!, page, here, now))) return { use: page };
  // Asked for within ten minutes and not read: what it answered then stands.
  if (lately) return { stop: { ...tried!, why: tried!.why ?? 'network' } };
  if (kept?.wait !== undefined && now < kept.wait) return { stop: { at: now, why: 'busy' } };
  return { ask: true };
}

/** The pages a page needs before it, in reading order: every one before it on a thread read whole, else back from the one before it. */
export function pagesBefore(here: PageFacts): { pages: number[]; back: boolean } {
  const k = Math.min(here.page, here.count);
  if (k <= 1) return { pages: [], back: false };
  if (here.count <= WHOLE_UP_TO) return { pages: Array.from({ length: k - 1 }, (_, i) => i + 1), back: false };
  const first = Math.max(1, k - BACK_AT_MOST);
  return { pages: Array.from({ length: k - first }, (_, i) => k - 1 - i), back: true };
}

/** How long a 429's `Retry-After` asks to wait (seconds, or a date), within an hour; the default when it says neither. */
export function waitOf(retryAfter: string | null, now: number): number {
  const text = (retryAfter ?? '').trim();
  let ms = BUSY_WAIT_MS;
  if (/^\d{1,9}$/.test(text)) ms = Number(text) * 1000;
  else if (text) {
    const at = Date.parse(text);
    if (Number.isFinite(at)) ms = at - now;
  }
  return now + Math.min(Math.max(ms, 60_000), 3600_000);
}
