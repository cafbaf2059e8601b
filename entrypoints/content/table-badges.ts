/**
 * The games' verdicts on a thread's table posts, asked of the background (the game engines stay
 * out of the content script) and drawn as badges on those posts. Run in the extras.
 */
import { tableBadge } from '../../components/table-badge';
import type { TableCheck } from '../../lib/view';
import { askTableChecks } from '../shared/messages';
import { createHost, shadowRootElement } from './mount';
import type { PageContext } from './page-context';

type TableContext = Pick<PageContext, 'doc' | 'theme' | 'hosts' | 'summary' | 'info' | 'stopped'>;

function badgeTables(ctx: TableContext, checks: TableCheck[], bodies: Map<number, Element>, withStyle: (el: HTMLElement) => HTMLElement): void {
  if (ctx.stopped) return;
  ctx.summary.tableChecks = checks;
  for (const c of checks) {
    const where = bodies.get(c.post);
    const id = `table-${c.post}`;
    ctx.hosts.get(id)?.remove();
    if (!where) continue;
    const { host, shadow } = createHost('table', { 'data-post': c.post, 'data-game': c.game, 'data-verdict': c.verdict });
    shadowRootElement(shadow, ctx.theme).appendChild(withStyle(tableBadge(ctx.doc, c)));
    where.insertBefore(host, where.firstChild);
    ctx.hosts.set(id, host);
  }
}

/** Ask for the verdicts on the thread's table posts and badge each post (`bodies`: where each post's badge goes). */
export async function judgeTables(ctx: TableContext, bodies: Map<number, Element>, withStyle: (el: HTMLElement) => HTMLElement): Promise<void> {
  const thread = `${ctx.info.gameId ?? '-'}/${ctx.info.threadId ?? '-'}`;
  const checks = await askTableChecks(ctx.summary.tablePosts, thread);
  badgeTables(ctx, checks, bodies, withStyle);
}
