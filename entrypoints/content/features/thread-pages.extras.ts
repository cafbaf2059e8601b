/**
 * The thread pages' half in the extras (./thread-pages.ts): the pages a later page needs
 * (lib/threads/plan.ts), asked for on the page's own origin with the reader's own session, at
 * most two at once, read by the same forum reader as the page (a parsed document, no script run),
 * kept by the background, and folded before the page's own posts, which are then read again.
 */
import { t } from '../../../components/locale';
import type { ThreadPaging } from '../../../lib/forums/forum';
import { foldStarts } from '../../../lib/games/starts';
import { parsedPosts } from '../../../lib/reading/feed';
import type { PostRecords } from '../../../lib/reading/records';
import { type KeptPage, type KeptPost, keepPost, recordsOf, type StopWhy, tablePostOf } from '../../../lib/threads/kept';
import { WHOLE_UP_TO, waitOf } from '../../../lib/threads/plan';
import { type Asked, readBefore, type ThreadRead } from '../../../lib/threads/read';
import type { TablePost } from '../../../lib/view';
import type { seenRolls } from '../../shared/messages/duel';
import { checkOk } from '../../shared/protocol';
import { checkThreadPages, type keepPages, type threadPages } from '../../shared/messages/thread-pages';
import { send, tell } from '../../shared/transport';
import type { PageContext } from '../page-context';
import { SLICE_MS } from '../slices';
import { half as tables } from './table-badges.extras';

/** The most a page may weigh (characters of HTML): a larger answer is not a thread's page. */
const MAX_HTML = 8_000_000;

type Idle = (cb: () => void, o?: { timeout: number }) => number;
/** The browser's next idle moment (or a task soon, where it has none). */
const idle = () =>
  new Promise<void>((ok) => {
    const ric = (globalThis as { requestIdleCallback?: Idle }).requestIdleCallback;
    if (ric) ric(ok, { timeout: 500 });
    else setTimeout(ok, 0);
  });

/**
 * The page's own fetch: Firefox's `content.fetch` asks as the page does (its origin, so a
 * same-origin request carries the reader's session); elsewhere the content script's fetch is the page's origin's.
 */
const pageFetch = (): typeof fetch => (globalThis as { content?: { fetch?: typeof fetch } }).content?.fetch ?? fetch;

/** Ask for a page of the thread: on the page's own origin only (checked before the request and after any redirect). */
export async function askPage(url: string, signal: AbortSignal): Promise<Asked<string>> {
  let target: URL;
  try {
    target = new URL(url, location.href);
  } catch {
    return { why: 'origin' };
  }
  if (target.origin !== location.origin) return { why: 'origin' };
  let res: Response;
  try {
    res = await pageFetch()(target.href, { credentials: 'same-origin', redirect: 'follow', signal });
  } catch {
    return { why: 'network' };
  }
  if (res.url && new URL(res.url, location.href).origin !== location.origin) return { why: 'origin' };
  if (res.status === 429) return { why: 'busy', status: 429, wait: waitOf(res.headers.get('Retry-After'), Date.now()) };
  if (!res.ok) return { why: 'status', status: res.status };
  if (Number(res.headers.get('Content-Length')) > MAX_HTML) return { why: 'unreadable' };
  const html = await res.text().catch(() => '');
  return html && html.length <= MAX_HTML ? { fetched: html } : { why: 'unreadable' };
}

type Reader = ReturnType<NonNullable<PageContext['reading']>['fresh']>['reader'];

/** A page that came back, read as the page shown is (a stranger's page: nothing it holds may throw out of here). */
function readPage(ctx: PageContext, reader: Reader, j: number, url: string, html: string): Promise<KeptPage | { why: StopWhy }> {
  return readParsed(ctx, reader, j, url, html).catch(() => ({ why: 'unreadable' as const }));
}

/** A parsed document (no script runs), read by the same forum reader, in idle slices. */
async function readParsed(ctx: PageContext, reader: Reader, j: number, url: string, html: string): Promise<KeptPage | { why: StopWhy }> {
  await idle();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (ctx.forum.isLoginPage?.(doc)) return { why: 'login' };
  const info = ctx.forum.threadInfo(doc, url);
  const other = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;
  const paging = ctx.forum.paging?.(doc, url);
  const posts = parsedPosts(doc, ctx.forum.posts);
  if (
    !posts.length ||
    paging?.page !== j ||
    other(info.threadId, ctx.info.threadId) ||
    other(info.gameId, ctx.info.gameId) ||
    other(info.title, ctx.info.title)
  )
    return { why: 'unreadable' };
  const kept: KeptPost[] = [];
  let started = performance.now();
  for (const m of posts) {
    if (performance.now() - started > SLICE_MS) {
      await idle();
      started = performance.now();
    }
    const rec = reader.scanMessage(m);
    if (rec) kept.push(keepPost(rec));
  }
  return { page: j, at: Date.now(), posts: posts.length, kept, tips: reader.takeFresh() };
}

/** This page's own posts worth reading, as kept (a long thread's read back stops at a game's start among them). */
function ownPosts(ctx: PageContext): KeptPost[] {
  const reader = ctx.reading!.fresh().reader;
  return parsedPosts(ctx.doc, ctx.forum.posts).flatMap((m) => {
    const rec = reader.scanMessage(m);
    return rec ? [keepPost(rec)] : [];
  });
}

/** Read, keep and fold the pages page `paging.page` needs; the panel's line says how it went. */
async function readThreadPages(ctx: PageContext, paging: ThreadPaging, signal: AbortSignal): Promise<void> {
  const reading = ctx.reading!;
  const here = { page: paging.page, count: paging.count, posts: parsedPosts(ctx.doc, ctx.forum.posts).length };
  const kept = (await send<typeof threadPages>('thread-pages', { key: ctx.rollsKey }, checkThreadPages))?.thread ?? null;
  const reader = reading.fresh().reader;
  for (const p of Object.values(kept?.pages ?? {})) reader.rememberSeen(p.tips);
  const marked = new Set(ctx.duel.newDuelAt);
  const run = await readBefore<string>({
    here,
    own: paging.count > WHOLE_UP_TO ? ownPosts(ctx) : [],
    kept,
    startsIn: (posts) =>
      foldStarts(posts.map((p) => ({ post: p.n, author: p.author, role: p.role ?? null, text: p.table ?? p.text ?? '', marked: marked.has(p.n) }))),
    source: { ask: (j) => askPage(paging.urlOf(j), signal), read: (j, html) => readPage(ctx, reader, j, paging.urlOf(j), html) },
    now: Date.now,
    onPage(j) {
      if (ctx.summary.thread?.state === 'reading') ctx.summary.thread.at = j;
    },
    signal,
  });
  if (signal.aborted) return;
  if (run.fresh.length || Object.keys(run.tried).length) {
    const tips = run.fresh.flatMap((p) => p.tips);
    if (tips.length) void tell<typeof seenRolls>('seen-rolls', { threadKey: ctx.rollsKey, tips });
    void send<typeof keepPages>(
      'keep-thread-pages',
      { key: ctx.rollsKey, count: paging.count, pages: run.fresh, tried: run.tried, ...(run.wait ? { wait: run.wait } : {}) },
      checkOk,
    );
  }
  await foldAfter(ctx, paging, run);
  // The moment the benchmarks wait for: the thread's pages read and folded (a name, no data).
  performance.mark('spark-scribe:thread');
}

/** The pages read folded before this page's posts (in idle slices), then this page read again; or, stopped, this page alone. */
async function foldAfter(ctx: PageContext, paging: ThreadPaging, run: ThreadRead): Promise<void> {
  const reading = ctx.reading!;
  const base = { page: paging.page, count: paging.count };
  // The page's own table posts (nothing else is in the summary's list before this).
  const own = ctx.summary.tablePosts;
  if (run.stop) {
    ctx.summary.thread = { state: 'stopped', ...base, stop: run.stop };
    reading.refold(undefined, { records: [], tips: [] });
    return rejudgeTables(ctx, own);
  }
  const clock = ctx.forum.clock(ctx.doc);
  const formatTime = (e: number) => ctx.forum.reading.formatTime(e, clock);
  const posts = run.pages.flatMap((p) => p.kept).filter((k) => run.from === null || k.n >= run.from);
  const records: PostRecords[] = posts.map((k) => recordsOf(k, formatTime));
  const tips = run.pages.flatMap((p) => p.tips);
  const primed = reading.fresh();
  primed.reader.rememberSeen(tips);
  let started = performance.now();
  for (const r of records) {
    if (performance.now() - started > SLICE_MS) {
      await idle();
      started = performance.now();
    }
    primed.game.read(r);
  }
  if (ctx.stopped) return;
  ctx.summary.tablePosts = [...posts.map(tablePostOf).filter((p): p is TablePost => p !== null), ...own];
  const pages = run.pages.map((p) => p.page);
  ctx.summary.thread = {
    state: 'read',
    ...base,
    ...(pages.length ? { from: pages[0], to: pages[pages.length - 1] } : {}),
    ...(run.from !== null ? { start: run.from } : {}),
    ...(run.noStart ? { noStart: true } : {}),
  };
  reading.refold(undefined, { records, tips }, primed);
  await rejudgeTables(ctx, own);
}

/** The table posts judged again, the earlier pages' with this page's (the badges on this page's own). */
async function rejudgeTables(ctx: PageContext, own: readonly TablePost[]): Promise<void> {
  if (!ctx.summary.tablePosts.length) return;
  const mine = new Set(own.map((p) => p.post));
  const bodies = new Map<number, Element>();
  for (const m of parsedPosts(ctx.doc, ctx.forum.posts)) {
    const body = ctx.forum.reading.bodyOf(m);
    const n = body && ctx.forum.reading.numberOf(m, body);
    if (n !== null && mine.has(n)) bodies.set(n, body!);
  }
  await tables.tableBadges(ctx, bodies);
}

/**
 * The page read whole: a later page of a thread with a game reads its earlier pages; any other's
 * badges made waiting (its pagination read early, wrongly) are judged at once.
 */
async function pagesOfThread(ctx: PageContext, paging: ThreadPaging | null, signal: AbortSignal): Promise<void> {
  // A game on the page: a roll, a sheet or a table record (a page without one needs none of the others).
  const game = ctx.summary.rolls.length + ctx.summary.tablePosts.length > 0 || ctx.owners.size > 0;
  if (!paging || paging.page < 2 || !game) {
    ctx.summary.thread = null;
    return ctx.reading!.refold();
  }
  if (!ctx.summary.thread) {
    // Shown below its posts only: the badges made meanwhile wait too.
    ctx.summary.thread = { state: 'reading', page: paging.page, count: paging.count, at: paging.count > WHOLE_UP_TO ? paging.page - 1 : 1 };
    const pending = t('th.pages.badge', { page: ctx.summary.thread.at!, count: paging.count });
    for (const v of ctx.summary.rolls) ctx.rollUpdated({ ...v, pending });
  }
  try {
    await readThreadPages(ctx, paging, signal);
  } catch {
    // Whatever went wrong (nothing should): this page judged alone, and said so.
    if (ctx.stopped) return;
    ctx.summary.thread = { state: 'stopped', page: paging.page, count: paging.count, stop: { page: ctx.summary.thread?.at ?? 1, why: 'unreadable' } };
    ctx.reading!.refold(undefined, { records: [], tips: [] });
  }
}

export const half = { threadPages: pagesOfThread };
