/**
 * Reading the pages a thread page needs (./plan.ts): kept ones used as they are, the others asked
 * for (at most `AT_ONCE` at a time, earlier pages first) and read in page order by the same reader
 * as the page itself (the caller's `source`). The first page that cannot be had stops the reading
 * (its HTTP status, a login page, a page that is not this thread's, a wait asked for): the page is
 * then judged alone. Pure: the network and the reader come in as `source`, the clock as `now`.
 */
import type { KeptPage, KeptPost, KeptThread, StopWhy, Tried } from './kept';
import { AT_ONCE, type PageFacts, type PageStep, pagesBefore, stepFor } from './plan';

/** Why a page was not had. */
export interface Stop {
  page: number;
  why: StopWhy;
  status?: number;
}

/** A page's answer: what came back, or why it cannot be read (`wait`: the forum asked to wait until then). */
export type Asked<F> = { fetched: F } | { why: StopWhy; status?: number; wait?: number };

/** The network and the reader: `ask` requests page `j`; `read` reads what came back (called in page order). */
export interface PageSource<F> {
  ask(j: number): Promise<Asked<F>>;
  read(j: number, fetched: F): Promise<KeptPage | { why: StopWhy }>;
}

export interface ThreadRead {
  /** The pages read before this one (kept or asked for), in page order, from the page the fold starts on. */
  pages: KeptPage[];
  /** Reading back: the post the fold starts at (a game's start); null from the thread's first post. */
  from: number | null;
  /** Reading back found no start within the pages it may read: the fold starts at the first of them. */
  noStart: boolean;
  stop: Stop | null;
  /** Pages read now (to keep), and every request made, by page. */
  fresh: KeptPage[];
  tried: Record<number, Tried>;
  /** The forum asked to wait until then (ms since the epoch). */
  wait?: number;
}

export interface ReadInput<F> {
  here: PageFacts;
  /** This page's own posts worth reading (a start among them ends a read back at once). */
  own: readonly KeptPost[];
  kept: KeptThread | null;
  /** The posts (numbers) where a game's fold may start, among posts in page order (lib/games/starts.ts). */
  startsIn(posts: readonly KeptPost[]): number[];
  source: PageSource<F>;
  now(): number;
  /** Page `j` is being read. */
  onPage?(j: number): void;
  signal?: AbortSignal;
}

/** The last post where a fold may start, among the pages read back and this page's own posts. */
function lastStart<F>(input: ReadInput<F>, pages: readonly KeptPage[]): number | null {
  const starts = input.startsIn([...pages.flatMap((p) => p.kept), ...input.own]);
  return starts.length ? Math.max(...starts) : null;
}

/** One page had: kept, or asked for and read; a stop otherwise. */
async function pageOf<F>(input: ReadInput<F>, out: ThreadRead, j: number, step: PageStep, asked?: Promise<Asked<F>>): Promise<KeptPage | null> {
  if ('use' in step) return step.use;
  if ('stop' in step) {
    out.stop = { page: j, why: step.stop.why, ...(step.stop.status !== undefined ? { status: step.stop.status } : {}) };
    return null;
  }
  const answer = await (asked ?? ask(input, out, j));
  if (input.signal?.aborted) return null;
  const read: KeptPage | { why: StopWhy; status?: number } = 'fetched' in answer ? await input.source.read(j, answer.fetched) : answer;
  if ('page' in read) {
    out.fresh.push(read);
    return read;
  }
  const status = read.status !== undefined ? { status: read.status } : {};
  out.stop = { page: j, why: read.why, ...status };
  out.tried[j] = { ...out.tried[j]!, why: read.why, ...status };
  return null;
}

/** Ask for page `j`, the request noted (a 429's wait too). */
function ask<F>(input: ReadInput<F>, out: ThreadRead, j: number): Promise<Asked<F>> {
  out.tried[j] = { at: input.now() };
  return input.source.ask(j).then(
    (a) => {
      if ('wait' in a && a.wait !== undefined) out.wait = a.wait;
      return a;
    },
    () => ({ why: 'network' as const }),
  );
}

/** Every page before this one, earlier first, at most AT_ONCE asked for at a time. */
async function forward<F>(input: ReadInput<F>, pages: number[], out: ThreadRead): Promise<void> {
  const now = input.now();
  const steps = new Map(pages.map((j) => [j, stepFor(input.kept, j, input.here, now)]));
  const toAsk = pages.filter((j) => 'ask' in steps.get(j)!);
  const asked = new Map<number, Promise<Asked<F>>>();
  let next = 0;
  let running = 0;
  /** A page answered that it cannot be read: nothing more is asked for. */
  let failed = false;
  const launch = () => {
    while (running < AT_ONCE && next < toAsk.length && !failed && !out.stop && !input.signal?.aborted) {
      const j = toAsk[next++]!;
      running++;
      const answer = ask(input, out, j).then((a) => {
        failed ||= 'why' in a;
        return a;
      });
      asked.set(
        j,
        answer.finally(() => {
          running--;
          launch();
        }),
      );
    }
  };
  launch();
  for (const j of pages) {
    if (input.signal?.aborted) return;
    input.onPage?.(j);
    const page = await pageOf(input, out, j, steps.get(j)!, asked.get(j));
    if (!page) return;
    out.pages.push(page);
  }
}

/** Back from the page before this one, one page at a time, until a page holds a start. */
async function back<F>(input: ReadInput<F>, pages: number[], out: ThreadRead): Promise<void> {
  for (const j of pages) {
    if (input.signal?.aborted) return;
    input.onPage?.(j);
    const page = await pageOf(input, out, j, stepFor(input.kept, j, input.here, input.now()));
    if (!page) return;
    out.pages.unshift(page);
    out.from = lastStart(input, out.pages);
    if (out.from !== null) return;
  }
  out.noStart = (out.pages[0]?.page ?? 1) > 1;
}

/** Read the pages a thread page needs (./plan.ts), stopping at the first that cannot be had. */
export async function readBefore<F>(input: ReadInput<F>): Promise<ThreadRead> {
  const out: ThreadRead = { pages: [], from: null, noStart: false, stop: null, fresh: [], tried: {} };
  const { pages, back: backwards } = pagesBefore(input.here);
  if (backwards) {
    // A start on this very page: nothing before it is needed.
    out.from = lastStart(input, []);
    if (out.from === null) await back(input, pages, out);
  } else await forward(input, pages, out);
  if (out.stop) out.pages = [];
  return out;
}
