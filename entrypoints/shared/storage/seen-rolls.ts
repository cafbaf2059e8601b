/**
 * Server rolls seen in a thread (by `tipKey`, with the post they first stood in), for "reused from
 * post #N" across pages: one key per thread (./page-start.ts), and an index of the kept threads'
 * last writes by which the oldest go.
 */
import { isRecord } from '../protocol';
import { OLD_SEEN_KEY, rollsKeyOfThread, SEEN_INDEX_KEY, SEEN_PER_THREAD, SEEN_THREADS, seenKey, seenOf } from '../page-start';
import { browserContext, inTurn } from './item';

const local = browserContext.area;

export async function readSeenRolls(threadKey: string): Promise<[string, number][]> {
  const key = seenKey(threadKey);
  return seenOf((await local.get(key))[key]);
}

/** The kept threads' last writes, by thread key (anything else stored there: none). */
function seenIndexOf(stored: unknown): Record<string, number> {
  const index: Record<string, number> = {};
  if (!isRecord(stored)) return index;
  for (const [thread, at] of Object.entries(stored)) if (typeof at === 'number' && Number.isFinite(at)) index[thread] = at;
  return index;
}

/** Add `fresh` to a thread's seen rolls (an earlier post wins), and let the oldest threads past SEEN_THREADS go. */
async function addSeen(threadKey: string, fresh: readonly (readonly [string, number])[], at: number): Promise<void> {
  if (!fresh.length) return;
  const key = seenKey(threadKey);
  const got = await local.get([key, SEEN_INDEX_KEY]);
  const map = new Map(seenOf(got[key]));
  for (const [k, p] of fresh) if (!map.has(k) || p < map.get(k)!) map.set(k, p);
  const index = seenIndexOf(got[SEEN_INDEX_KEY]);
  index[threadKey] = Math.max(at, index[threadKey] ?? 0);
  const gone = Object.keys(index)
    .sort((a, b) => index[b]! - index[a]!)
    .slice(SEEN_THREADS);
  for (const thread of gone) delete index[thread];
  await local.set({ [key]: JSON.stringify([...map].slice(-SEEN_PER_THREAD)), [SEEN_INDEX_KEY]: index });
  if (gone.length) await local.remove(gone.map(seenKey));
}

/** The seen rolls' writes, one after another (they all change the index): two pages telling at once never lose each other's. */
const inTurnOfIndex = (job: () => Promise<void>): Promise<void> => inTurn(browserContext, [SEEN_INDEX_KEY], job);

export const addSeenRolls = (threadKey: string, fresh: [string, number][]): Promise<void> => inTurnOfIndex(() => addSeen(threadKey, fresh, Date.now()));

/**
 * The seen rolls as they were kept before (every thread's in one object, read whole by every page
 * load), moved to a key per thread: once, at the background's start, a board's topic by its id
 * alone as pages now keep it (rollsKeyOfThread); a thread already kept under its own key gets the
 * old rolls added.
 */
export const moveOldSeenRolls = (): Promise<void> =>
  inTurnOfIndex(async () => {
    const old = (await local.get(OLD_SEEN_KEY))[OLD_SEEN_KEY];
    if (old === undefined) return;
    const when = (v: Record<string, unknown>) => (typeof v.at === 'number' && Number.isFinite(v.at) ? v.at : 0);
    const threads = Object.entries(isRecord(old) ? old : {})
      .filter((e): e is [string, Record<string, unknown>] => isRecord(e[1]) && seenOf(e[1].tips).length > 0)
      .sort((a, b) => when(b[1]) - when(a[1]));
    for (const [thread, v] of threads.slice(0, SEEN_THREADS)) await addSeen(rollsKeyOfThread(thread), seenOf(v.tips), when(v));
    await local.remove(OLD_SEEN_KEY);
  });
