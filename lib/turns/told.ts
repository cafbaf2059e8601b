/**
 * A thread page read for the Turns view, as it is told to the background (issue 41): each post's
 * number, author, forum identity, first time, edit time, the forum's mark of the viewer's own and
 * its role; the posts that carry a game's records; the rolls; the duelists the page's duel fold
 * saw. The content script tells it of the page shown (entrypoints/content/features/turns-report.ts),
 * the background's checks of a page they fetched (./fetched.ts): one reading of the headers, here.
 */
import type { ForumReading } from '../reading/reader';
import type { ForumPost, PageClock } from '../reading/records';

/** A post as told: [number, author, authorId, time, edit time, the viewer's own, role] (what the page does not show: absent). */
export type ToldPost = [number, string, (string | null)?, (number | null)?, (number | null)?, boolean?, (string | null)?];
/** A roll as told: [post, author, kind]. */
export type ToldRoll = [number, string, string];
/** A duelist of the page's duel fold: [name, their Speed roll when they took part (false: not seen; null: no Speed roll)]. */
export type ToldDuelist = [string, false | null | { faces: number[]; modifier: number }];

export interface TurnsPage {
  threadKey: string;
  forum: string;
  title: string | null;
  viewer: string | null;
  gameId: string | null;
  posts: ToldPost[];
  tablePosts: { post: number; author: string; text: string }[];
  rolls: ToldRoll[];
  duelists: ToldDuelist[];
}

/** The posts told of a page: its last 80 (a post that cannot be read ends the list there: what was read is told). */
export function toldPosts<P extends ForumPost, R>(elements: readonly Element[], reading: ForumReading<P, R>, clock: PageClock): ToldPost[] {
  const posts: ToldPost[] = [];
  try {
    for (const el of elements.slice(-80)) {
      const body = reading.bodyOf(el);
      const p = (body && reading.readPost(el, clock, body)) as (P & { you?: boolean }) | null;
      if (p) posts.push([p.number, p.author, p.authorId, p.time, p.edit?.time, p.you, p.role]);
    }
  } catch {
    /* a stranger's page: nothing in it throws out of here */
  }
  return posts;
}
