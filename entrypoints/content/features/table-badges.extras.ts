/**
 * The table badges' half in the extras: the games' verdicts on a thread's table posts, asked of
 * the background (the game engines stay out of the content script), drawn as badges on those posts.
 */
import { t } from '../../../components/locale';
import { pendingTableBadge, tableBadge } from '../../../components/table-badge';
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

/** A table post's badge put in (any earlier one of the post's taken out). */
function putBadge(ctx: TableContext, post: number, where: Element, attributes: Record<string, string | number>, badge: HTMLElement): void {
  const id = `table-${post}`;
  ctx.hosts.get(id)?.remove();
  const { host, shadow } = createHost('table', { 'data-post': post, ...attributes });
  shadowRootElement(shadow, ctx.theme).appendChild(styled(badge));
  where.insertBefore(host, where.firstChild);
  ctx.hosts.set(id, host);
}

function badgeTables(ctx: TableContext, checks: TableCheck[], bodies: Map<number, Element>): void {
  if (ctx.stopped) return;
  ctx.summary.tableChecks = checks;
  for (const c of checks) {
    const where = bodies.get(c.post);
    if (!where) continue;
    putBadge(ctx, c.post, where, { 'data-game': c.game, 'data-verdict': c.verdict }, tableBadge(ctx.doc, c));
  }
}

export const half = {
  /** Ask for the verdicts on the thread's table posts and badge each post (`bodies`: where each post's badge goes). */
  async tableBadges(ctx: TableContext, bodies: Map<number, Element>): Promise<void> {
    // A later page whose earlier pages are being read: its table posts wait for them (judged alone, a game begun earlier would not follow).
    const reading = ctx.summary.thread;
    if (reading?.state === 'reading') {
      const label = t('th.pages.badge', { page: reading.at ?? 1, count: reading.count });
      for (const [post, where] of bodies) putBadge(ctx, post, where, { 'data-verdict': 'pending' }, pendingTableBadge(ctx.doc, label));
      return;
    }
    const thread = `${ctx.info.gameId ?? '-'}/${ctx.info.threadId ?? '-'}`;
    const checks = (await send<typeof judgeTables>('judge-tables', { posts: ctx.summary.tablePosts, thread }, checkTableChecks))?.checks ?? [];
    badgeTables(ctx, checks, bodies);
  },
};
