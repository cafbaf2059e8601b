// The thread's other pages (issue 40, item 1), the pure half (lib/threads): which pages a page
// needs, when a kept page is stale, the reading with a fake network (at most two requests at once,
// earlier pages first, a stop at the first page that cannot be had, nothing asked twice within ten
// minutes, a 429's wait), and a long thread read back to a game's start.
import { describe, expect, it } from 'vitest';
import { foldStarts } from '../../lib/games/starts';
import { GAMES } from '../../lib/games/registry';
import type { KeptPage, KeptPost, KeptThread } from '../../lib/threads/kept';
import { AGAIN_AFTER_MS, isStale, pagesBefore, STALE_AFTER_MS, stepFor, waitOf } from '../../lib/threads/plan';
import { type Asked, type PageSource, readBefore } from '../../lib/threads/read';

const NOW = Date.UTC(2026, 11, 5, 12, 0);

const post = (n: number, text = 'I roll.', author = 'Ada', role: string | null = 'player'): KeptPost => ({ n, author, role, text });
const page = (j: number, over: Partial<KeptPage> = {}): KeptPage => ({ page: j, at: NOW - 60_000, posts: 25, kept: [post(j * 25)], tips: [], ...over });
const thread = (count: number, pages: KeptPage[], over: Partial<KeptThread> = {}): KeptThread => ({
  v: 1,
  count,
  pages: Object.fromEntries(pages.map((p) => [String(p.page), p])),
  tried: {},
  ...over,
});
const startsOf = (posts: readonly KeptPost[]) =>
  foldStarts(posts.map((p) => ({ post: p.n, author: p.author, role: p.role ?? null, text: p.table ?? p.text ?? '' })));

/** A fake network: each page answers after `delay` ms (or as `answer` says), counting requests and those in flight at once. */
function fakeSite(count: number, opts: { answer?: (j: number) => Asked<number>; delay?: (j: number) => number; posts?: (j: number) => KeptPost[] } = {}) {
  const asked: number[] = [];
  let inFlight = 0;
  let most = 0;
  const source: PageSource<number> = {
    async ask(j) {
      asked.push(j);
      most = Math.max(most, ++inFlight);
      await new Promise((ok) => setTimeout(ok, opts.delay?.(j) ?? 1));
      inFlight--;
      return opts.answer?.(j) ?? { fetched: j };
    },
    async read(j) {
      return { page: j, at: NOW, posts: 25, kept: opts.posts?.(j) ?? [post(j * 25)], tips: [] };
    },
  };
  return { source, asked, most: () => most, count };
}

const input = (
  site: ReturnType<typeof fakeSite>,
  here: { page: number; count: number; posts?: number },
  kept: KeptThread | null = null,
  own: KeptPost[] = [],
) => ({
  here: { posts: 25, ...here },
  own,
  kept,
  startsIn: startsOf,
  source: site.source,
  now: () => NOW,
});

describe('which pages a page needs', () => {
  it('every page before it on a thread of at most 40 pages, earlier first; none on page 1', () => {
    expect(pagesBefore({ page: 1, count: 5, posts: 25 })).toEqual({ pages: [], back: false });
    expect(pagesBefore({ page: 3, count: 5, posts: 25 })).toEqual({ pages: [1, 2], back: false });
    expect(pagesBefore({ page: 40, count: 40, posts: 25 }).pages).toHaveLength(39);
  });
  it('back from the page before it on a longer thread, at most 40 pages', () => {
    expect(pagesBefore({ page: 60, count: 60, posts: 25 })).toEqual({ pages: Array.from({ length: 40 }, (_, i) => 59 - i), back: true });
  });
});

describe('a kept page', () => {
  const here = { page: 3, count: 3, posts: 10 };
  it('is used as it is within a day, when the thread has not moved there', () => {
    const kept = thread(3, [page(1), page(2)]);
    expect(isStale(kept, kept.pages['1']!, here, NOW)).toBe(false);
    expect(stepFor(kept, 2, here, NOW)).toEqual({ use: kept.pages['2'] });
  });
  it('is stale after a day (edits), when the thread lost pages, or when it was a short last page and is no longer the last', () => {
    const old = thread(3, [page(1, { at: NOW - STALE_AFTER_MS - 1 })]);
    expect(isStale(old, old.pages['1']!, here, NOW)).toBe(true);
    const shrunk = thread(4, [page(1)]);
    expect(isStale(shrunk, shrunk.pages['1']!, here, NOW)).toBe(true);
    const short = thread(2, [page(1), page(2, { posts: 7 })]);
    expect(isStale(short, short.pages['2']!, here, NOW)).toBe(true);
    expect(isStale(short, short.pages['1']!, here, NOW)).toBe(false);
  });
  it('is not asked for again within ten minutes, even stale; a page that failed then stays failed', () => {
    const kept = thread(2, [page(2, { posts: 7 })], { tried: { 2: { at: NOW - 60_000 }, 1: { at: NOW - 60_000, why: 'status', status: 500 } } });
    expect(stepFor(kept, 2, here, NOW)).toEqual({ use: kept.pages['2'] });
    expect(stepFor(kept, 1, here, NOW)).toEqual({ stop: { at: NOW - 60_000, why: 'status', status: 500 } });
    expect(stepFor(kept, 1, here, NOW + AGAIN_AFTER_MS)).toEqual({ ask: true });
  });
  it('is not asked for while the forum asked to wait (429)', () => {
    expect(stepFor(thread(3, [], { wait: NOW + 1000 }), 1, here, NOW)).toEqual({ stop: { at: NOW, why: 'busy' } });
    expect(waitOf('120', NOW)).toBe(NOW + 120_000);
    expect(waitOf(null, NOW)).toBe(NOW + 600_000);
    expect(waitOf('99999999', NOW)).toBe(NOW + 3600_000);
  });
});

describe('reading the pages before this one', () => {
  it('asks for each page once, at most two at a time, and hands them over in page order', async () => {
    // Page 1 answers last: the reading still goes in page order.
    const site = fakeSite(10, { delay: (j) => (j === 1 ? 30 : 2) });
    const read = await readBefore(input(site, { page: 10, count: 10 }));
    expect(read.stop).toBeNull();
    expect(read.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...site.asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(site.asked.slice(0, 2)).toEqual([1, 2]);
    expect(site.most()).toBeLessThanOrEqual(2);
    expect(Object.keys(read.tried)).toHaveLength(9);
  });
  it('uses kept pages without asking for them', async () => {
    const site = fakeSite(3);
    const read = await readBefore(input(site, { page: 3, count: 3 }, thread(3, [page(1)])));
    expect(site.asked).toEqual([2]);
    expect(read.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(read.fresh.map((p) => p.page)).toEqual([2]);
  });
  it('stops at the first page that cannot be had, says which and why, and folds nothing before', async () => {
    const site = fakeSite(5, { answer: (j) => (j === 2 ? { why: 'status', status: 500 } : { fetched: j }) });
    const read = await readBefore(input(site, { page: 5, count: 5 }));
    expect(read.stop).toEqual({ page: 2, why: 'status', status: 500 });
    expect(read.pages).toEqual([]);
    expect(read.tried[2]).toMatchObject({ why: 'status', status: 500 });
    expect(site.asked).not.toContain(4);
  });
  it('a login page or a page of another thread stops it too', async () => {
    const site = fakeSite(3);
    site.source.read = async (j) => (j === 1 ? { why: 'login' } : { page: j, at: NOW, posts: 25, kept: [], tips: [] });
    expect((await readBefore(input(site, { page: 3, count: 3 }))).stop).toEqual({ page: 1, why: 'login' });
  });
  it('a 429 stops it and keeps the wait it asked for', async () => {
    const site = fakeSite(3, { answer: () => ({ why: 'busy', status: 429, wait: NOW + 5000 }) });
    const read = await readBefore(input(site, { page: 3, count: 3 }));
    expect(read.stop).toMatchObject({ why: 'busy', status: 429 });
    expect(read.wait).toBe(NOW + 5000);
  });
  it('reopened within ten minutes: nothing is asked for', async () => {
    const first = fakeSite(3);
    const done = await readBefore(input(first, { page: 3, count: 3 }));
    const kept = thread(3, done.fresh, { tried: done.tried });
    const again = fakeSite(3);
    const read = await readBefore(input(again, { page: 3, count: 3 }, kept));
    expect(again.asked).toEqual([]);
    expect(read.pages.map((p) => p.page)).toEqual([1, 2]);
  });
});

describe('a thread over 40 pages, read back to a game start', () => {
  // Page 52 holds the GM's stakes post that opens a duel (The Spark d10's start).
  const posts = (j: number) => (j === 52 ? [post(1290, 'Stakes: Life: 20 each.', 'The GM', 'GM'), post(1295)] : [post(j * 25)]);
  it('60 pages, opened on the last, a start on page 52: reads pages 52–59 only, and folds from the start', async () => {
    const site = fakeSite(60, { posts });
    const read = await readBefore(input(site, { page: 60, count: 60 }));
    expect(site.asked).toEqual([59, 58, 57, 56, 55, 54, 53, 52]);
    expect(read.pages.map((p) => p.page)).toEqual([52, 53, 54, 55, 56, 57, 58, 59]);
    expect(read.from).toBe(1290);
    expect(read.noStart).toBe(false);
  });
  it('a start on the page shown: nothing is read', async () => {
    const site = fakeSite(60, { posts });
    const read = await readBefore(input(site, { page: 60, count: 60 }, null, [post(1480, 'Life: 15 each', 'The GM', 'GM')]));
    expect(site.asked).toEqual([]);
    expect(read.from).toBe(1480);
  });
  it('no start within 40 pages: reads those 40 and says so', async () => {
    const site = fakeSite(100);
    const read = await readBefore(input(site, { page: 100, count: 100 }));
    expect(site.asked).toHaveLength(40);
    expect(read.noStart).toBe(true);
    expect(read.from).toBeNull();
  });
});

describe('where a game’s fold may start', () => {
  it('the registry’s games declare the same tests the content script lists', async () => {
    const { FOLD_STARTS } = await import('../../lib/games/starts');
    expect(new Set(GAMES.flatMap((g) => ('foldStarts' in g ? [g.foldStarts] : [])))).toEqual(new Set(FOLD_STARTS));
  });
  it('Parlor: a commitment followed by the other ruler’s; not one whose pair stands before it', () => {
    const c = (n: number, who: string) => post(n, `Spark Scribe · Parlor Magic · commitment: ${'a'.repeat(64)} · nonce: ${'b'.repeat(16)}`, who);
    const o = (n: number, who: string) => post(n, 'Spark Scribe · Parlor Magic · opening seven', who);
    expect(startsOf([c(1, 'Ada'), c(2, 'Bram'), o(3, 'Ada')])).toEqual([1]);
    expect(startsOf([c(2, 'Bram'), o(3, 'Ada'), o(4, 'Bram')])).toEqual([]);
  });
  it('The Spark d10: a post the user marked, or a GM’s stakes; a player writing the same is not one', () => {
    expect(startsOf([post(5, 'Life: 20 each', 'Ada')])).toEqual([]);
    expect(foldStarts([{ post: 7, author: 'Ada', role: null, text: '', marked: true }])).toEqual([7]);
  });
});
