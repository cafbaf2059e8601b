/**
 * The table badges' half in the extras: the games' verdicts on a thread's table posts, asked of
 * the background (the game engines stay out of the content script), drawn as badges on those posts.
 */
import { tableBadge } from '../../../components/table-badge';
import type { TableCheck, TablePost } from '../../../lib/view';
import { checkPostFacts } from '../../shared/messages/tab';
import { isRecord, isText, isWhole, listOf, type Message } from '../../shared/protocol';
import { send } from '../../shared/transport';
import { createHost, shadowRootElement } from '../mount';
import type { PageContext } from '../page-context';
import { styled } from '../styled';

const isTablePost = (p: unknown): p is TablePost => isRecord(p) && Number.isInteger(p.post) && isText(p.text) && isText(p.author);

const VERDICTS: readonly string[] = ['follows', 'mismatch', 'rules', 'unreadable'] satisfies TableCheck['verdict'][];
const isTableCheck = (c: unknown): c is TableCheck =>
  isRecord(c) &&
  isWhole(c.post) &&
  isText(c.game, 40) &&
  isText(c.verdict) &&
  VERDICTS.includes(c.verdict) &&
  isText(c.label) &&
  Array.isArray(c.reasons) &&
  c.reasons.every((r) => isText(r));

export const checkTableChecks = (x: unknown): { checks: TableCheck[] } | null => (isRecord(x) ? { checks: listOf(x.checks, isTableCheck) ?? [] } : null);

/** Judge a thread's table posts (every field checked and cut to size: the page wrote them). */
export const judgeTables = {
  type: 'judge-tables',
  ask: (m) =>
    isRecord(m) && Array.isArray(m.posts)
      ? {
          posts: listOf(m.posts, isTablePost, 5000)!.map((p) => ({
            post: p.post,
            author: p.author.slice(0, 200),
            text: p.text.slice(0, 60_000),
            ...checkPostFacts(p as unknown as Record<string, unknown>),
          })),
          thread: isText(m.thread) && /^[\d-]{1,9}\/[\d-]{1,9}$/.test(m.thread) ? m.thread : '-/-',
        }
      : null,
  answer: checkTableChecks,
} as const satisfies Message;

type TableContext = Pick<PageContext, 'doc' | 'theme' | 'hosts' | 'summary' | 'info' | 'stopped'>;

function badgeTables(ctx: TableContext, checks: TableCheck[], bodies: Map<number, Element>): void {
  if (ctx.stopped) return;
  ctx.summary.tableChecks = checks;
  for (const c of checks) {
    const where = bodies.get(c.post);
    const id = `table-${c.post}`;
    ctx.hosts.get(id)?.remove();
    if (!where) continue;
    const { host, shadow } = createHost('table', { 'data-post': c.post, 'data-game': c.game, 'data-verdict': c.verdict });
    shadowRootElement(shadow, ctx.theme).appendChild(styled(tableBadge(ctx.doc, c)));
    where.insertBefore(host, where.firstChild);
    ctx.hosts.set(id, host);
  }
}

export const half = {
  /** Ask for the verdicts on the thread's table posts and badge each post (`bodies`: where each post's badge goes). */
  async tableBadges(ctx: TableContext, bodies: Map<number, Element>): Promise<void> {
    const thread = `${ctx.info.gameId ?? '-'}/${ctx.info.threadId ?? '-'}`;
    const checks = (await send<typeof judgeTables>('judge-tables', { posts: ctx.summary.tablePosts, thread }, checkTableChecks))?.checks ?? [];
    badgeTables(ctx, checks, bodies);
  },
};
