/**
 * What every game judges the same way about who posted and when a post was edited, from what the
 * forum shows (issue 40): a post's forum identity against the one bound to a name, and an edit's
 * time against a later post's. Each game rules on what follows (Parlor takes a post showing no
 * identity as its ruler's with a caution; the duel sets it aside), so the rulings stay in the games
 * and the comparisons live here once.
 */
import type { PostEdit } from './game';

/**
 * A post's identity against the one bound to a name: `unbound` (none was bound: names decide),
 * `same`, `none` (the post shows no identity where one was bound) or `other`.
 */
export type IdentityMatch = 'unbound' | 'same' | 'none' | 'other';

/** How a post's shown identity (`shown`: '' and absent alike are none) stands against `bound`. */
export function identityMatch(bound: string | null | undefined, shown: string | null | undefined): IdentityMatch {
  if (!bound) return 'unbound';
  if (shown === bound) return 'same';
  return shown ? 'other' : 'none';
}

/**
 * Where a post's edit stands against a later post: `before` it (shown by both times), `after` it,
 * or `unknown` (a time the page does not show); null when the post shows no edit. Two equal times
 * are `sameTime`: a game whose forum gives minutes may rule that an edit in the same minute came
 * before (the duel), or that it cannot be placed (Parlor, whose records bind hidden hands).
 */
export function editOrder(
  edit: Pick<PostEdit, 'time'> | null | undefined,
  later: { time?: number | null },
  sameTime: 'before' | 'unknown',
): 'before' | 'after' | 'unknown' | null {
  if (!edit) return null;
  const at = edit.time;
  const then = later.time;
  // (Number.isFinite is false for null and undefined too.)
  if (!Number.isFinite(at) || !Number.isFinite(then)) return 'unknown';
  return at === then ? sameTime : (at as number) < (then as number) ? 'before' : 'after';
}
