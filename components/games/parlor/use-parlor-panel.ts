/** What Parlor Magic's table reads from the panel: the thread, its posts, the viewer, and the secrets kept for it (the table is kept by `useGameTable`). */
import { markSecretPosted, PARLOR_PRIVATE, saveNewSecret } from '../../../lib/games/parlor/stored';
import type { TablePost } from '../../../lib/view';
import { usePanel } from '../../panel/context';

const NO_POSTS: TablePost[] = [];

export function useParlorPanel() {
  const { threadKey, summary, source, writer, postLocale, io } = usePanel();
  return {
    tableKey: threadKey ?? '',
    viewer: summary?.viewer ?? null,
    threadPosts: summary?.tablePosts ?? NO_POSTS,
    loadSecrets: () => source.loadPrivate(PARLOR_PRIVATE),
    saveSecret: (secret: string, thread: string) => saveNewSecret((change) => source.updatePrivate(PARLOR_PRIVATE, change), secret, thread, Date.now()),
    /** Marks the secret of a commitment posted (inserted or copied): rejects when that cannot be saved. */
    markPosted: (commitment: string) => source.updatePrivate(PARLOR_PRIVATE, (live) => markSecretPosted(live, commitment, Date.now())).then(() => {}),
    writer,
    postLocale,
    io,
  };
}
