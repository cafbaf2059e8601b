/**
 * A thread's pages read for its other pages (lib/threads): a page asks the background for what is
 * kept of its thread, and sends what it read to keep. The background validates both ways with zod
 * (../storage/thread-pages.ts); the page checks the answer cheaply (it carries no zod).
 */
import { checkKeptThread, type KeptPage, type KeptThread, type Tried } from '../../../lib/threads/kept';
import { checkOk, isRecord, isThreadKey, isWhole, type Message } from '../protocol';

export const checkThreadPages = (x: unknown): { thread: KeptThread | null } | null => (isRecord(x) ? { thread: checkKeptThread(x.thread) } : null);

/** What is kept of thread `key` (its seen rolls' key). */
export const threadPages = {
  type: 'thread-pages',
  ask: (m) => (isRecord(m) && isThreadKey(m.key) ? { key: m.key } : null),
  answer: checkThreadPages,
} as const satisfies Message;

/** Keep pages read of thread `key`, with the requests made and the thread's page count now (each page validated by the background). */
export const keepPages = {
  type: 'keep-thread-pages',
  ask: (m) =>
    isRecord(m) && isThreadKey(m.key) && isWhole(m.count) && m.count >= 1 && Array.isArray(m.pages) && m.pages.length <= 50 && isRecord(m.tried)
      ? {
          key: m.key,
          count: m.count,
          pages: m.pages as KeptPage[],
          tried: m.tried as Record<string, Tried>,
          ...(typeof m.wait === 'number' ? { wait: m.wait } : {}),
        }
      : null,
  answer: checkOk,
} as const satisfies Message;
