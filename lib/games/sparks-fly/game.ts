/** When Sparks Fly as a registered game: a match's state posts carry its log. */
import { type Key, type Locale, tl } from '../../i18n';
import type { GameDef, TablePost } from '../game';
import { LOG_MARK } from './log-text';
import { type SparksFlyTable, SparksFlyTableSchema } from './stored';
import { sparksFlyStarts } from './start';
import { checkStatePosts } from './thread';
import { sparksFlyTurns } from './turns';

const LABEL: Record<string, Key> = { follows: 'tbl.sf.follows', mismatch: 'tbl.sf.mismatch', rules: 'tbl.sf.rules', unreadable: 'tbl.sf.unreadable' };

export const SPARKS_FLY = {
  id: 'sparks-fly',
  name: 'When Sparks Fly',
  guess: (posts: readonly TablePost[]) => posts.some((p) => p.text.includes(LOG_MARK)),
  checkTablePosts(posts: readonly TablePost[], _thread: string, l: Locale) {
    return checkStatePosts(
      posts.map((p) => ({ number: p.post, text: p.text })),
      l,
    ).map((c) => ({ post: c.post, game: 'sparks-fly', verdict: c.verdict, label: `When Sparks Fly: ${tl(l, LABEL[c.verdict]!)}`, reasons: c.reasons }));
  },
  stored: { schema: SparksFlyTableSchema, version: 1, migrations: {} },
  foldStarts: sparksFlyStarts,
  turns: sparksFlyTurns,
} as const satisfies GameDef<SparksFlyTable>;
