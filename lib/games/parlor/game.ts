/** Parlor Magic as a registered game: its posts carry the game's lines, judged from the thread. */
import { type Key, type Locale, tl } from '../../i18n';
import type { GameDef, TablePost } from '../game';
import { PARLOR_MARK } from './records';
import { PARLOR_PRIVATE, PARLOR_STORED, type ParlorTable } from './stored';
import { parlorStarts } from './start';
import { foldParlorThread, parlorGameStarts } from './thread';
import { parlorTurns } from './turns';

const LABEL: Record<string, Key> = { follows: 'tbl.pa.follows', mismatch: 'tbl.pa.mismatch', rules: 'tbl.pa.rules', unreadable: 'tbl.pa.unreadable' };

export const PARLOR = {
  id: 'parlor',
  name: 'Parlor Magic',
  guess: (posts: readonly TablePost[]) => posts.some((p) => p.text.includes(PARLOR_MARK)),
  checkTablePosts(posts: readonly TablePost[], _thread: string, l: Locale) {
    const own = posts.filter((p) => p.text.includes(PARLOR_MARK));
    if (!own.length) return [];
    // What the forum shows of each post (its time, edit and poster's identity) goes with it: the fold judges edits and posters by them.
    const thread = own.map(({ post, ...rest }) => ({ ...rest, number: post }));
    // Each game in the thread folded on its own (and what comes before the first commitment with the first).
    const starts = parlorGameStarts(thread);
    const checks = (starts.length ? starts : [0]).flatMap((from, i) => foldParlorThread(thread, { from: i ? from : 0, l }).checks);
    return checks.map((c) => ({ post: c.post, game: 'parlor', verdict: c.verdict, label: `Parlor Magic: ${tl(l, LABEL[c.verdict]!)}`, reasons: c.reasons }));
  },
  stored: PARLOR_STORED,
  privateStore: PARLOR_PRIVATE,
  foldStarts: parlorStarts,
  turns: parlorTurns,
} as const satisfies GameDef<ParlorTable>;
