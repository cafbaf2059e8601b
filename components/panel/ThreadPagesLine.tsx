/**
 * What was read of the thread's other pages for the page shown (lib/threads): a line under the
 * game's choice, said to a screen reader as it changes (reading, read, stopped). Nothing when the
 * page needs no other page.
 */
import type { Key } from '../../lib/i18n';
import type { ThreadPagesView } from '../../lib/view';
import { t } from '../locale';

/** The line's words for what was read. */
export function threadPagesText(v: ThreadPagesView): string {
  if (v.state === 'reading') return t('th.pages.reading', { page: v.at ?? 1, count: v.count });
  if (v.state === 'stopped' && v.stop) {
    const why = t(`th.pages.why.${v.stop.why}` as Key, { page: v.stop.page, status: v.stop.status ?? '' });
    return t('th.pages.stopped', { why });
  }
  if (v.from === undefined || v.to === undefined) return v.start !== undefined ? t('th.pages.startHere', { post: v.start }) : '';
  const range = { from: v.from, to: v.to, count: v.count };
  if (v.noStart) return t('th.pages.noStart', range);
  if (v.start !== undefined) return t('th.pages.readBack', { ...range, post: v.start });
  return t(v.from === v.to ? 'th.pages.readOne' : 'th.pages.read', range);
}

export function ThreadPagesLine({ thread }: { thread: ThreadPagesView | null | undefined }) {
  if (!thread) return null;
  const text = threadPagesText(thread);
  return (
    <p
      class={`small${thread.state === 'stopped' ? ' alert' : ' muted'}`}
      role="status"
      aria-label={t('th.pages.label')}
      data-testid="thread-pages"
      data-state={thread.state}
    >
      {text}
    </p>
  );
}
