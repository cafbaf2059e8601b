/**
 * Who posts for a duelist, and what of theirs changed after the other side acted: the duel's watch
 * over its posts' forum identities and edits (issue 40). Pure; one per duel.
 *
 * Rulings (also in docs/games/spark-d10.md):
 * - A duelist is the forum identity (RPOL's character id, a board's user id) of the first post that
 *   gave the duel their record under their own name (a sheet, a roll, a hand size). A later post
 *   under that name by another identity, or by none where that first post showed one (RPOL's
 *   one-off identities), is not theirs. Where the forum shows no identity at all, or the first
 *   post showed none, names bind as before.
 * - A sheet or hand size in a post edited after a later post of another duelist (who may have
 *   acted on it) is not taken as it reads: the sheet in use before it comes back. The edit is
 *   judged by the page's own times: an edit in the same minute as that post (RPOL's footer gives
 *   minutes) counts as before it. Where the forum shows an edit but not its time, it is kept, with
 *   a caution saying it may have changed.
 *
 * The comparisons here are lib/games/posters.ts's (`identityMatch`, `editOrder` with the same
 * time counted as before), written out: this runs in the first script every RPOL page loads, and
 * calling the shared ones cost that script 106 B gzip over its ceiling (scripts/script-budget.mjs).
 * tests/unit/game-posters.test.ts and duel-identity.test.ts hold both to the same table.
 */
import { type Key, type Locale, type Params, tl } from '../../i18n';
import type { ForumPost } from '../../reading/records';
import type { Finding, SheetInPlay } from './duel';

interface Watched {
  post: number;
  duelist: string;
  /** The duelist's name as the post showed it. */
  name: string;
  kind: 'sheet' | 'hand';
  editTime: number | null;
  /** The sheet in use before this one, which comes back if this one is not taken. */
  back: SheetInPlay | null;
  done: boolean;
}

/** A record of another duelist that a post shows was edited after it (or at a time the forum does not show). */
export interface EditedAfter {
  duelist: string;
  post: number;
  back: SheetInPlay | null;
  /** Not taken as it reads (false: kept, with the caution). */
  drop: boolean;
  finding: Finding;
}

/** At most this many edited records watched per duel (a hostile thread may post hundreds). */
const MAX_WATCHED = 200;

export class DuelPosters {
  /** Each duelist's identity, by folded name: the post that first gave it, and its id (null: that post showed none). */
  private readonly ids = new Map<string, { id: string | null; post: number }>();
  private readonly watched: Watched[] = [];

  constructor(private readonly l: Locale) {}

  private finding(rule: string, k: Key, values: Params): Finding {
    return { rule, values, text: tl(this.l, k, values) };
  }

  /** Why a post under `author`'s name (folded) is not theirs: another identity, or none where theirs showed one; null when it is theirs. */
  foreign(author: string, post: ForumPost): Finding | null {
    const id = post.authorId;
    if (id === undefined || !author) return null;
    const bound = this.ids.get(author);
    if (!bound || bound.id === null || bound.id === id) return null;
    const values = { post: post.number, name: post.author, first: bound.post };
    return id === null ? this.finding('identity.none', 'id.noIdentity', values) : this.finding('identity.other', 'id.otherIdentity', values);
  }

  /** A post that gave `author` (folded) a record under their own name: the first one binds the name to its identity. */
  bind(author: string, post: ForumPost): void {
    if (!author || post.authorId === undefined || this.ids.has(author)) return;
    this.ids.set(author, { id: post.authorId, post: post.number });
  }

  /** A sheet or hand size taken from `post`: watched, if the post was edited, against the other duelists' later posts. */
  watch(duelist: string, post: ForumPost, kind: Watched['kind'], back: SheetInPlay | null): void {
    if (!post.edit || !duelist || this.watched.length >= MAX_WATCHED) return;
    this.watched.push({ post: post.number, duelist, name: post.author, kind, editTime: post.edit.time, back, done: false });
  }

  /** A post by `author` (folded) that acts in the duel: the earlier records of other duelists edited after it. */
  actedOn(author: string, post: ForumPost): EditedAfter[] {
    const out: EditedAfter[] = [];
    for (const w of this.watched) {
      if (w.done || w.duelist === author || w.post >= post.number) continue;
      w.done = true;
      const values = { post: w.post, name: w.name, other: post.author, later: post.number };
      if (w.editTime !== null && post.time !== null) {
        // Edited before this post: the other side saw it as it reads (and every later post too).
        if (w.editTime <= post.time) continue;
        const k = w.kind === 'sheet' ? 'id.sheetEditedAfter' : 'id.handEditedAfter';
        out.push({ duelist: w.duelist, post: w.post, back: w.back, drop: true, finding: this.finding('edit.after', k, values) });
      } else {
        const k = w.kind === 'sheet' ? 'id.sheetEditedUnknown' : 'id.handEditedUnknown';
        out.push({ duelist: w.duelist, post: w.post, back: w.back, drop: false, finding: this.finding('edit.unknown', k, values) });
      }
    }
    return out;
  }
}
