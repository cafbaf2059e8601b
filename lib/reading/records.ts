/**
 * What a forum's page gives the games, whatever the forum: posts with their author, number, time
 * and edit; the rolls in them with the facts that make them trustworthy (or not) and the text a
 * claim about them may stand in; sheet candidates; and the text of posts that carry a game's
 * record. Game-neutral and forum-neutral: a forum's reader fills them, a game reads them.
 */
import type { RollRecord } from '../rolls/record';
import type { ServerRollFacts, TypedRollFacts } from '../trust/verdict';

/** A post's edit marker, as far as the forum shows it. */
export interface ForumEdit {
  text: string;
  /** When the edit was made (Unix seconds), when the page says. */
  time: number | null;
  /** Who made it, where the page says (RPOL: "GM" or "player"; a board: the editor's name). */
  by?: string | null;
}

export interface ForumPost {
  element: Element;
  body: Element | null;
  /** The post's number as the forum links to it (RPOL's msg number, phpBB's N of #pN, …): digits only. */
  number: number;
  author: string;
  /** The poster's forum identity where the page shows it (RPOL's character id, a board's user id): a name is not one. */
  authorId?: string | null;
  /** "GM" or "player" where the forum says which. */
  role: string | null;
  /** Unix seconds the post was first written, when the page says. */
  time: number | null;
  edit: ForumEdit | null;
}

/**
 * What a post says of itself, for a game's fold (a `PostFacts` of lib/games/game.ts, as plain
 * JSON: it travels to the panel and the background by message): its time, its last edit (when,
 * by whom) and its poster's forum identity, each null where the page does not show it. `authorId`
 * is left out when the forum reads no identity at all (names as before).
 */
export function postFacts(post: Pick<ForumPost, 'time' | 'edit' | 'authorId'>): {
  time: number | null;
  edit: { time: number | null; by: string | null } | null;
  authorId?: string | null;
} {
  const edit = post.edit ? { time: post.edit.time ?? null, by: post.edit.by ?? null } : null;
  return post.authorId === undefined ? { time: post.time ?? null, edit } : { time: post.time ?? null, edit, authorId: post.authorId };
}

/** The page's own clock: its time, when it shows it, and the viewer's zone (minutes east of UTC). */
export interface PageClock {
  now: number | null;
  offset: number;
}

export interface RollEntry {
  id: string;
  postNumber: number;
  record: RollRecord;
  /** Insert the badge right after this node. */
  anchor: Node;
  /** What the page shows about a server roll (the verdict's facts, without any claim). */
  server: Omit<ServerRollFacts, 'claimProblem'> | null;
  /** What the page shows about a typed line. */
  typed: Omit<TypedRollFacts, 'claimProblem'> | null;
  /** The text after the roll, up to the next roll: where the poster's claim about it stands. */
  claimText: string;
  /** The roll is struck out (inside <s>, <strike> or <del>). */
  struck: boolean;
}

export interface SheetCandidate {
  id: string;
  postNumber: number;
  element: Element;
  text: string;
}

export interface PostRecords<Post extends ForumPost = ForumPost> {
  post: Post;
  rolls: RollEntry[];
  sheets: SheetCandidate[];
  /** The post's text (bounded), for what games read beyond rolls and sheets (stakes, hand sizes). */
  text: string;
  /** Set when reading this post failed: what went wrong, as the error said it (the post is then shown as not read). */
  failure?: string;
  /** The post's text, when it carries a record for a game table (a match log, a deal): games read it. */
  tableText?: string;
}

/** Posts that carry a game's own record say so with this mark (the games define what follows it). */
export const TABLE_MARK = 'Spark Scribe';
