/** A thread's kept pages: read for a page of it, and what a page read kept (validated with zod by the storage). */
import type { KeptThread } from '../../../lib/threads/kept';
import { keepPages, threadPages } from '../../shared/messages/thread-pages';
import type { PagesToKeep } from '../../shared/storage/thread-pages';
import { ofSenderSite } from './duel';
import type { HandlersOf } from './handler';

export function threadPagesHandlers(
  read: (key: string) => Promise<KeptThread | null>,
  keep: (key: string, more: PagesToKeep) => Promise<void>,
): HandlersOf<typeof threadPages | typeof keepPages> {
  return {
    [threadPages.type]: (m) =>
      read(m.key).then(
        (thread) => ({ thread }),
        () => ({ thread: null }),
      ),
    [keepPages.type]: (m, sender) => {
      const { key, ...more } = m;
      if (!ofSenderSite(key, sender)) return Promise.resolve({ ok: false });
      return keep(key, more).then(
        () => ({ ok: true }),
        () => ({ ok: false }),
      );
    },
  };
}
