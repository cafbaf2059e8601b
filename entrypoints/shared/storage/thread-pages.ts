/**
 * The pages of a thread read for its other pages (lib/threads): one key per thread (its seen
 * rolls' key, ../page-start's rollsKeyOf), the thread as one JSON string, validated with zod on
 * the way in and out (lib/threads/schema.ts), and an index of each kept thread's last use and size
 * by which the least recently used go once the whole passes its cap. Only the background writes
 * them; a page asks for its thread's through a message (../messages/thread-pages.ts).
 */
import { KEPT_VERSION, type KeptPage, type KeptThread, type Tried } from '../../../lib/threads/kept';
import { KeptThreadSchema, readKeptThread } from '../../../lib/threads/schema';
import { isRecord } from '../protocol';
import { browserContext, inTurn } from './item';

export const pagesKey = (threadKey: string): string => `pages:${threadKey}`;
/** The kept threads, each with its last use (ms) and its size (bytes of its string). */
export const PAGES_INDEX_KEY = 'pagesThreads';
/** Every kept thread together at most (bytes of their strings): past it, the least recently used go. */
export const PAGES_MAX_BYTES = 4_000_000;
/** One thread at most: past it, its pages furthest from its last one go first. */
export const PAGES_MAX_THREAD_BYTES = 1_000_000;

type Index = Record<string, { used: number; bytes: number }>;

function indexOf(stored: unknown): Index {
  const index: Index = {};
  if (!isRecord(stored)) return index;
  for (const [k, v] of Object.entries(stored))
    if (isRecord(v) && typeof v.used === 'number' && typeof v.bytes === 'number' && Number.isFinite(v.used)) index[k] = { used: v.used, bytes: v.bytes };
  return index;
}

const local = () => browserContext.area;
const inTurnOfIndex = <T>(job: () => Promise<T>): Promise<T> => inTurn(browserContext, [PAGES_INDEX_KEY], job);

/** A thread's kept pages (null: none, or not readable), its use noted for the least-recently-used order. */
export const readThreadPages = (threadKey: string, now = Date.now()): Promise<KeptThread | null> =>
  inTurnOfIndex(async () => {
    const key = pagesKey(threadKey);
    const got = await local().get([key, PAGES_INDEX_KEY]);
    const thread = got[key] === undefined ? null : readKeptThread(got[key]);
    const index = indexOf(got[PAGES_INDEX_KEY]);
    if (thread && index[threadKey]) {
      index[threadKey].used = now;
      await local().set({ [PAGES_INDEX_KEY]: index });
    }
    return thread;
  });

/** What a page sends to keep: the thread's page count now, the pages it read, its requests, a wait asked for. */
export interface PagesToKeep {
  count: number;
  pages: KeptPage[];
  tried: Record<string, Tried>;
  wait?: number;
}

/** `more` put into the kept thread: a page read again replaces its copy; pages past the count go (the thread is shorter). */
function merged(kept: KeptThread | null, more: PagesToKeep): KeptThread {
  const pages = { ...(kept?.pages ?? {}) };
  for (const p of more.pages) pages[String(p.page)] = p;
  for (const k of Object.keys(pages)) if (Number(k) > more.count) delete pages[k];
  const out: KeptThread = { v: KEPT_VERSION, count: more.count, pages, tried: { ...(kept?.tried ?? {}), ...more.tried } };
  const wait = more.wait ?? kept?.wait;
  if (wait !== undefined) out.wait = wait;
  return out;
}

/** The thread as stored (validated), its pages furthest back dropped while it is over its cap. */
function stringOf(thread: KeptThread): string {
  const valid = KeptThreadSchema.parse(thread) as KeptThread;
  let text = JSON.stringify(valid);
  const order = Object.keys(valid.pages).sort((a, b) => Number(a) - Number(b));
  while (text.length > PAGES_MAX_THREAD_BYTES && order.length) {
    delete valid.pages[order.shift()!];
    text = JSON.stringify(valid);
  }
  return text;
}

/** Keep what a page read of its thread (validated: a value that does not pass throws, nothing written); the least recently used threads go past the cap. */
export const keepThreadPages = (threadKey: string, more: PagesToKeep, now = Date.now()): Promise<void> =>
  inTurnOfIndex(async () => {
    const key = pagesKey(threadKey);
    const got = await local().get([key, PAGES_INDEX_KEY]);
    const text = stringOf(merged(got[key] === undefined ? null : readKeptThread(got[key]), more));
    const index = indexOf(got[PAGES_INDEX_KEY]);
    index[threadKey] = { used: now, bytes: text.length };
    let total = Object.values(index).reduce((n, t) => n + t.bytes, 0);
    const gone: string[] = [];
    for (const k of Object.keys(index).sort((a, b) => index[a]!.used - index[b]!.used)) {
      if (total <= PAGES_MAX_BYTES || k === threadKey) continue;
      total -= index[k]!.bytes;
      delete index[k];
      gone.push(pagesKey(k));
    }
    await local().set({ [key]: text, [PAGES_INDEX_KEY]: index });
    if (gone.length) await local().remove(gone);
  });
