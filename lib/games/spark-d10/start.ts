/**
 * Where the duel's fold may start without the posts before it (a long thread is read back to the
 * last such post, lib/threads): a post the user marked as a new duel, or a GM's post that sets
 * the duel's stakes ("Life: 20 each"), which opens a duel.
 */
import type { StartPost } from '../game';

/** A GM's stakes: the Life each duelist starts with. */
export const LIFE_EACH = /\bLife:?\s*(\d{1,3})\s+each\b/i;

export const sparkStarts = (posts: readonly StartPost[]): number[] =>
  posts.filter((p) => p.marked || (p.role === 'GM' && LIFE_EACH.test(p.text))).map((p) => p.post);
