/** Parlor Magic as a registered game: its posts carry the deal's records. */
import { type Key, type Locale, tl } from '../../i18n';
import type { GameDef, TablePost } from '../game';
import { type ParlorTable, ParlorTableSchema } from './stored';
import { checkDealPosts, PARLOR_MARK } from './table';

const LABEL: Record<string, Key> = { follows: 'tbl.pa.follows', mismatch: 'tbl.pa.mismatch', rules: 'tbl.pa.rules', unreadable: 'tbl.pa.unreadable' };

export const PARLOR = {
  id: 'parlor',
  name: 'Parlor Magic',
  guess: (posts: readonly TablePost[]) => posts.some((p) => p.text.includes(PARLOR_MARK)),
  tabs: ['deal', 'calc', 'thread', 'reply'],
  checkTablePosts(posts: readonly TablePost[], thread: string, l: Locale) {
    const own = posts.filter((p) => p.text.includes(PARLOR_MARK));
    if (!own.length) return [];
    const { checks } = checkDealPosts(
      thread,
      own.map((p) => ({ number: p.post, author: p.author, text: p.text })),
      l,
    );
    return checks.map((c) => ({ post: c.post, game: 'parlor', verdict: c.verdict, label: `Parlor Magic: ${tl(l, LABEL[c.verdict]!)}`, reasons: c.reasons }));
  },
  stored: { schema: ParlorTableSchema, version: 1, migrations: {} },
} as const satisfies GameDef<ParlorTable>;
