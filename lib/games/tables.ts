/**
 * The games' view of a thread's table posts (game-neutral records from the forum adapter): each
 * game reads the posts that carry its own record and judges them, in page order.
 */
import { tl, type Locale } from '../i18n';
import type { TableCheck, TablePost } from '../view';
import { checkStatePosts } from './sparks-fly/thread';
import { checkDealPosts, PARLOR_MARK } from './parlor/table';

const SPARKS_LABEL = { follows: 'tbl.sf.follows', mismatch: 'tbl.sf.mismatch', rules: 'tbl.sf.rules', unreadable: 'tbl.sf.unreadable' } as const;

const PARLOR_LABEL = { follows: 'tbl.pa.follows', mismatch: 'tbl.pa.mismatch', rules: 'tbl.pa.rules', unreadable: 'tbl.pa.unreadable' } as const;

/** `thread`: the forum's id of the thread ("gi/ti"), part of the Parlor Magic seed. */
export function judgeTablePosts(posts: readonly TablePost[], thread = '-', l: Locale = 'en'): TableCheck[] {
  const ordered = [...posts].sort((a, b) => a.post - b.post);
  const checks: TableCheck[] = [];
  const parlor = ordered.filter((p) => p.text.includes(PARLOR_MARK));
  if (parlor.length) {
    for (const c of checkDealPosts(
      thread,
      parlor.map((p) => ({ number: p.post, author: p.author, text: p.text })),
      l,
    ).checks) {
      checks.push({ post: c.post, game: 'parlor', verdict: c.verdict, label: `Parlor Magic: ${tl(l, PARLOR_LABEL[c.verdict])}`, reasons: c.reasons });
    }
  }
  for (const c of checkStatePosts(
    ordered.map((p) => ({ number: p.post, text: p.text })),
    l,
  )) {
    checks.push({ post: c.post, game: 'sparks-fly', verdict: c.verdict, label: `When Sparks Fly: ${tl(l, SPARKS_LABEL[c.verdict])}`, reasons: c.reasons });
  }
  return checks.sort((a, b) => a.post - b.post);
}
