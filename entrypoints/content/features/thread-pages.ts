/**
 * The thread, not the page (issue 40): on a later page of a thread with a game (rolls, sheets, a
 * table record), what its verdicts depend on is read from the thread's earlier pages, after the
 * page's first frame, and the page is read again after them. Until then its roll badges say which
 * page is being read instead of a verdict. Its half in the extras reads, keeps and folds the pages
 * (./thread-pages.extras.ts); here is only what the first frame needs: which page this is.
 */
import { t } from '../../../components/locale';
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
    /** What a badge says while it waits (null: it does not; undefined: the page's pagination not read yet). */
    let label: string | null | undefined;
    // Before roll badges are made (this feature is listed first): a later page's say what is read.
    reading.onPost(({ views, again }) => {
      if (label === undefined) {
        const p = paging(ctx.doc, location.href);
        label = null;
        if (p && p.page > 1) {
          const at = p.count > 40 ? p.page - 1 : 1;
          ctx.summary.thread = { state: 'reading', page: p.page, count: p.count, at };
          label = t('th.pages.badge', { page: at, count: p.count });
        }
      }
      if (label && !again) for (const v of views) v.pending = label;
    });
    // The whole page read (its pagination too, where it shows it only below its posts): never before
    // the page's first frame, the rest is the extras'.
    reading.onDone(() => {
      const p = paging(ctx.doc, location.href);
      if ((p && p.page > 1) || label)
        afterNextFrame(() =>
          loadExtras<typeof half>().then(
            (x) => x.threadPages(ctx, p, signal),
            () => reading.refold(),
          ),
        );
    });
  },
};
