/** What Parlor Magic's table reads from the panel: the thread, its posts, the viewer, and the table stored for it. */
import { PARLOR } from '../../../lib/games/parlor/game';
import type { TablePost } from '../../../lib/view';
import { usePanel } from '../../panel/context';
import { tableStore } from '../../panel/use-thread-table';

const NO_POSTS: TablePost[] = [];

export function useParlorPanel() {
  const { threadKey, summary, source, writer, postLocale, io } = usePanel();
  const { load, save } = tableStore(PARLOR.id, source);
  return {
    tableKey: threadKey ?? '',
    viewer: summary?.viewer ?? null,
    threadPosts: summary?.tablePosts ?? NO_POSTS,
    load,
    save,
    loadSecrets: source.loadParlorSecrets,
    saveSecret: source.saveParlorSecret,
    writer,
    postLocale,
    io,
  };
}
