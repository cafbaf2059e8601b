/**
 * Where Parlor Magic's fold may start without the posts before it (a long thread is read back to
 * the last such post, lib/threads): a game opens with both rulers' commitments, one after the
 * other; so a commitment whose next Parlor post is another ruler's commitment is a game's first.
 * (A commitment alone is not: the other ruler's may stand before it, on the page before.)
 */
import { foldedName } from '../../chars';
import type { StartPost } from '../game';
import { PARLOR_MARK } from './records';

const COMMIT = `${PARLOR_MARK} · commitment: `;

export function parlorStarts(posts: readonly StartPost[]): number[] {
  const own = posts.filter((p) => p.text.includes(PARLOR_MARK));
  const starts: number[] = [];
  own.forEach((p, i) => {
    const next = own[i + 1];
    if (next && p.text.includes(COMMIT) && next.text.includes(COMMIT) && foldedName(next.author) !== foldedName(p.author)) starts.push(p.post);
  });
  return starts;
}
