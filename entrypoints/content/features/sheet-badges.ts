/**
 * A badge beside each character sheet: XP spent and unspent, and the audit's findings. The audit
 * and the badge are the extras' (loaded when a page has a sheet).
 */
import { t } from '../../../components/locale';
import { loadExtras } from '../extras';
import { markAllRead, type PageContext } from '../page-context';
import type { Feature } from './feature';
import type { half } from './sheet-badges.extras';
import { errorText } from '../../../lib/errors';

/** When the extras cannot load: said in the post (or on the page), and in the panel. */
function notAudited(ctx: PageContext, post: number, element: Element, e: unknown, put: (job: () => void) => void): void {
  if (ctx.stopped) return;
  const reason = errorText(e);
  ctx.summary.failures.push({ post, reason });
  put(() => ctx.badgeFailure(post, t('cs.sheetNotAudited', { reason }), element));
}

/** The sheets of a thread, audited in the order they were read; each badge goes in when its post comes near. */
export const threadSheets: Feature<typeof half> = {
  on: ['thread'],
  init(ctx) {
    let audited: Promise<void> = Promise.resolve();
    ctx.reading?.onPost(({ scan, element, again }) => {
      if (again || scan.failure) return;
      for (const s of scan.sheets) {
        const done = ctx.hold();
        const put = (job: () => void) => ctx.place(element, job);
        audited = audited
          .then(() => loadExtras<typeof half>())
          .then(
            (x) => x.auditSheet(ctx, s, scan.post.author, put),
            (e: unknown) => notAudited(ctx, s.postNumber, s.element, e, put),
          )
          .finally(done);
      }
    });
    ctx.beforeSummary.push(() => audited);
  },
};

/** The sheet on a character page: found, kept for the game's threads, audited and badged by the extras. */
export const characterSheet: Feature<typeof half> = {
  on: ['character'],
  init(ctx) {
    // The page counts as read once the sheet's badge is in.
    const audited = loadExtras<typeof half>().then(
      (x) => x.characterPage(ctx),
      (e: unknown) => notAudited(ctx, 0, ctx.doc.body, e, (job) => job()),
    );
    ctx.beforeSummary.push(() => audited);
    void audited.then(markAllRead);
  },
};
