/**
 * The games' view of a thread's table posts (game-neutral records from the forum adapter): each
 * game reads the posts that carry its own record and judges them, in page order.
 */
import type { TableCheck, TablePost } from '../view';
import { checkStatePosts } from './sparks-fly/thread';
import { checkDealPosts, PARLOR_MARK } from './parlor/table';

const SPARKS_LABEL = { follows: 'follows from its log', mismatch: 'does not follow from its log', rules: 'an illegal move in the log', unreadable: 'log not readable' } as const;

const PARLOR_LABEL = { follows: 'follows from the seeded deal', mismatch: 'contradicts the commitment or the deal', rules: 'out of turn in the deal', unreadable: 'record not readable' } as const;

/** `thread`: the forum's id of the thread ("gi/ti"), part of the Parlor Magic seed. */
export function judgeTablePosts(posts: readonly TablePost[], thread = '-'): TableCheck[] {
  const ordered = [...posts].sort((a, b) => a.post - b.post);
  const checks: TableCheck[] = [];
  const parlor = ordered.filter((p) => p.text.includes(PARLOR_MARK));
  if (parlor.length) {
    for (const c of checkDealPosts(thread, parlor.map((p) => ({ number: p.post, author: p.author, text: p.text }))).checks) {
      checks.push({ post: c.post, game: 'parlor', verdict: c.verdict, label: `Parlor Magic: ${PARLOR_LABEL[c.verdict]}`, reasons: c.reasons });
    }
  }
  for (const c of checkStatePosts(ordered.map((p) => ({ number: p.post, text: p.text })))) {
    checks.push({ post: c.post, game: 'sparks-fly', verdict: c.verdict, label: `When Sparks Fly: ${SPARKS_LABEL[c.verdict]}`, reasons: c.reasons });
  }
  return checks.sort((a, b) => a.post - b.post);
}
