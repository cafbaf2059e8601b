/** The games' verdicts on a thread's table posts: judged here, the game engines stay out of the content script. */
import type { TableCheck, TablePost } from '../../../lib/view';
import { judgeTables } from '../../content/features/table-badges.extras';
import type { HandlersOf } from './handler';

export function tableHandlers(judge: (posts: TablePost[], thread: string) => TableCheck[]): HandlersOf<typeof judgeTables> {
  return {
    [judgeTables.type](m) {
      try {
        return Promise.resolve({ checks: judge(m.posts, m.thread) });
      } catch {
        return Promise.resolve({ checks: [] });
      }
    },
  };
}
