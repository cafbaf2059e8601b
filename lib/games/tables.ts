/**
 * The games' view of a thread's table posts (game-neutral records from the forum adapter): each
 * game reads the posts that carry its own record and judges them, in page order.
 */
import type { TableCheck, TablePost } from '../view';
import { checkStatePosts } from './sparks-fly/thread';

const SPARKS_LABEL = { follows: 'follows from its log', mismatch: 'does not follow from its log', rules: 'an illegal move in the log', unreadable: 'log not readable' } as const;

export function judgeTablePosts(posts: readonly TablePost[]): TableCheck[] {
  const ordered = [...posts].sort((a, b) => a.post - b.post);
  const checks: TableCheck[] = [];
  for (const c of checkStatePosts(ordered.map((p) => ({ number: p.post, text: p.text })))) {
    checks.push({ post: c.post, game: 'sparks-fly', verdict: c.verdict, label: `When Sparks Fly: ${SPARKS_LABEL[c.verdict]}`, reasons: c.reasons });
  }
  return checks.sort((a, b) => a.post - b.post);
}
