/**
 * The thread, not the page (issue 40): on a later page of a thread with a game (rolls, sheets, a
 * table record), what its verdicts depend on is read from the thread's earlier pages, after the
 * page's first frame, and the page is read again after them. Until then its roll badges say which
 * page is being read instead of a verdict. Its half in the extras reads, keeps and folds the pages
 * (./thread-pages.extras.ts); here is only what the first frame needs: which page this is.
 */
import { t } from '../../../components/locale';
import type { ThreadPaging } from '../../../lib/forums/forum';
import { loadExtras } from '../extras';
import { afterNextFrame } from '../slices';
import type { Feature } from './feature';
import type { half } from './thread-pages.extras';

export const threadPages: Feature<typeof half> = {
  on: ['thread'],
  init(ctx, signal) {
    const reading = ctx.reading;
    const paging = ctx.forum.paging;
    if (!reading || !paging) return;
    let at: ThreadPaging | null | undefined;
    /** The page shows a game: a roll, a sheet or a table record. */
    let game = false;
    const wait = (p: ThreadPaging) => (ctx.summary.thread = { state: 'reading', page: p.page, count: p.count, at: p.count > 40 ? p.page - 1 : 1 });
    // Before roll badges are made (this feature is listed first): a later page's say what is read.
    reading.onPost(({ scan, views, again }) => {
      game ||= scan.rolls.length + scan.sheets.length > 0 || scan.tableText !== undefined;
      if (at === undefined && (at = paging(ctx.doc, location.href)) && at.page > 1) wait(at);
      const s = ctx.summary.thread;
      if (!again && s?.state === 'reading') for (const v of views) v.pending = t('th.pages.badge', { page: s.at!, count: s.count });
    });
    reading.onDone(() => {
      // The whole page: its pagination read again (a page may show it only below its posts).
      const p = paging(ctx.doc, location.href);
      if (!p || p.page < 2 || !game) {
        if (ctx.summary.thread) {
          ctx.summary.thread = null;
          reading.refold();
        }
        return;
      }
      if (!ctx.summary.thread) {
        // Shown below its posts only: the badges made meanwhile wait too.
        const s = wait(p);
        for (const v of ctx.summary.rolls) ctx.rollUpdated({ ...v, pending: t('th.pages.badge', { page: s.at!, count: s.count }) });
      }
      // Never before the page's first frame: the requests, and the reading of what they bring, come after it.
      afterNextFrame(() =>
        loadExtras<typeof half>().then(
          (x) => x.readThreadPages(ctx, p, signal),
          () => {
            // The extension is gone or updated: the page as it reads alone.
            ctx.summary.thread = null;
            reading.refold();
          },
        ),
      );
    });
  },
};
