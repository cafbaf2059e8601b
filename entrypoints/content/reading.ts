/**
 * A thread read as it parses: each post once the parser has gone past it, in page order (a roll's
 * verdict depends on the duel so far). The posts on screen (from the top, or from `#N`) are read
 * before the first frame that shows them; the rest in idle time. Features hear of each post read
 * (`onPost`) and of the end of the reading (`onDone`); the panel can ask for the rest at once
 * (`finish`) or for the duel read again with new marks (`refold`).
 */
import type { PostFeed } from '../../lib/reading/feed';
import { feedPosts } from '../../lib/reading/feed';
import { postFacts } from '../../lib/reading/records';
import type { PostScan } from '../../lib/thread';
import { ThreadScanner } from '../../lib/thread';
import { uiLocale } from '../../components/locale';
import { rollView, type RollView } from '../../lib/view';
import type { seenRolls } from '../shared/messages/duel';
import { tell } from '../shared/transport';
import type { PageContext } from './page-context';
import type { EarlierPosts, ReadPost, ThreadReading } from './thread-reading';
import { afterNextFrame, FIRST_SCREEN_POSTS, FIRST_SLICE_MS, SLICE_MS, screenStart, sliced } from './slices';

/** Where a thread's posts come from: a feed started while the page parses, and what to do if its order breaks. */
export interface PostSource {
  feed?: PostFeed | null;
  /** The page's posts turned out not to be in the order they were read: read the page again. */
  onDisorder?: () => void;
}

export function readThread(ctx: PageContext, source: PostSource, signal: AbortSignal): ThreadReading {
  const clock = ctx.forum.clock(ctx.doc);
  const options = { ...ctx.duel, locale: uiLocale() };
  let scanner = new ThreadScanner(ctx.forum.reading, clock, ctx.rules, options);
  const postListeners: ((post: ReadPost) => void)[] = [];
  const doneListeners: (() => void)[] = [];
  const fresh = () => new ThreadScanner(ctx.forum.reading, clock, ctx.rules, options);
  let done = false;
  /** Every post handed over so far, in page order; `next` is the first not yet read. */
  const messages: Element[] = [];
  let next = 0;

  const readMessage = (m: Element, again = false) => {
    const scan = scanner.scanMessage(m);
    if (!scan) return;
    const views = scan.failure ? [] : scan.rolls.map((r) => rollView(r, scan.post.author, uiLocale()));
    record(ctx, scan, m, views, again);
    tellEach(postListeners, { scan, element: m, views, again });
  };

  // The posts on screen first: read (in page order, up to them) and badged before the first
  // frame that shows them, which, while a long page parses, is before DOMContentLoaded.
  const screen = firstScreen(ctx, messages);
  const readDone = () => {
    // Read up to the last post parsed so far: the rest of the page is still to come.
    if (!screen.parsed) return;
    screen.check(next);
    performance.mark('spark-scribe:read');
    // Keep the rolls first seen here, so the thread's other pages can tell a reused one.
    const tips = scanner.reader.takeFresh();
    if (tips.length) void tell<typeof seenRolls>('seen-rolls', { threadKey: ctx.rollsKey, tips });
    if (!done) {
      done = true;
      for (const listen of doneListeners) listen();
    }
    ctx.readAll();
  };
  const reading = sliced(
    () => {
      if (next >= messages.length) return false;
      readMessage(messages[next++]!);
      screen.check(next);
      return true;
    },
    // Until the screen's posts are read, slices run back to back; then in idle time.
    () => !screen.shown,
    readDone,
  );
  signal.addEventListener('abort', () => reading.cancel(), { once: true });

  const take = (added: Element[]) => {
    messages.push(...added);
    screen.mark();
    if (!screen.shown) {
      // Read up to the screen's last post now, before the next frame, within one longer slice;
      // what is left (an anchor deep in a long page) runs in the next ones, back to back.
      // (While the `#N` anchor is not parsed, only the top's dozen: the rest goes in 8 ms slices,
      // not in the parser's own task.)
      const started = performance.now();
      const upTo = screen.lastToRead();
      while (next < messages.length && next <= upTo && performance.now() - started < FIRST_SLICE_MS) readMessage(messages[next++]!);
      screen.check(next);
    }
    reading.wake();
  };
  const onParsed = () => {
    screen.parsed = true;
    screen.mark();
    screen.check(next);
    reading.wake();
    // Once the frame after the page's end is drawn (never before it), what is left is read for up
    // to one slice at once: all of a short page (a board's 25 posts), not waiting for idle time; a
    // long page's rest goes on in idle slices.
    afterNextFrame(() => reading.now(SLICE_MS));
  };

  return {
    onPost: (listener) => void postListeners.push(listener),
    onDone(listener) {
      doneListeners.push(listener);
      if (done) listener();
    },
    finish: () => reading.finish(),
    refold: refolding(options, fresh, (again) => {
      reading.finish();
      scanner = again;
      ctx.summary.rolls = [];
      for (const m of messages) readMessage(m, true);
    }),
    scanner: () => scanner,
    fresh,
    start() {
      if (signal.aborted) return;
      // From the feed started while the page parsed, or a new one.
      const watcher = (source.feed ?? feedPosts(ctx.doc, ctx.forum.posts)).take(take, { onParsed, onDisorder: source.onDisorder });
      signal.addEventListener('abort', () => watcher.stop(), { once: true });
    },
  };
}

/**
 * The page read again (`reread`) by a new scanner that has read the thread's earlier posts first,
 * as a reader of its pages in order saw them, and with the duel marks given (each as the last time
 * when not given); `primed`: a scanner that has read them already.
 */
function refolding(options: { newDuelAt: number[] }, fresh: () => ThreadScanner, reread: (scanner: ThreadScanner) => void) {
  let earlier: EarlierPosts = { records: [], tips: [] };
  return (newDuelAt = options.newDuelAt, before = earlier, primed?: ThreadScanner) => {
    options.newDuelAt = newDuelAt;
    earlier = before;
    let scanner = primed;
    if (!scanner) {
      scanner = fresh();
      scanner.reader.rememberSeen(before.tips);
      for (const r of before.records) scanner.game.read(r);
    }
    reread(scanner);
  };
}

/** A post read, told to each listener behind its own guard: a failure in one never stops the others or the reading. */
function tellEach(listeners: readonly ((post: ReadPost) => void)[], post: ReadPost): void {
  for (const listen of listeners) {
    try {
      listen(post);
    } catch {
      /* a feature's own failure stays in its post */
    }
  }
}

/**
 * The screen's first posts: where they begin (the top, or the post of the address's `#N`), marked
 * near so their badges go in at once, and the moment they are all read (the benchmarks' first-screen).
 */
function firstScreen(ctx: PageContext, messages: Element[]) {
  /** The index of the screen's first post, once known (`null` while its `#N` anchor is not parsed). */
  let from: number | null = null;
  let marked = -1;
  const end = () => (from === null ? Infinity : from + FIRST_SCREEN_POSTS - 1);
  const screen = {
    /** Whether the page is parsed (until then, more posts may come). */
    parsed: false,
    shown: false,
    /** The last post to read before the first frame. */
    lastToRead: () => (from === null ? FIRST_SCREEN_POSTS - 1 : end()),
    /** Every post up to `next` is read: is the screen's? */
    check(next: number) {
      if (screen.shown || from === null || !(next > end() || (screen.parsed && next >= messages.length))) return;
      screen.shown = true;
      // The mark names a moment for the benchmarks; it carries no data the page could read.
      performance.mark('spark-scribe:first-screen');
    },
    /** The screen's posts, once it is known where it begins: badged at once, not when the observer reports. */
    mark() {
      if (from === null) from = screenStart(ctx.doc, messages, location.hash, screen.parsed);
      if (from === null) {
        // The `#N` anchor is not parsed yet: until it is, the browser shows the page's top.
        for (let i = 0; i < FIRST_SCREEN_POSTS && i < messages.length; i++) ctx.near(messages[i]!);
        return;
      }
      const last = Math.min(messages.length - 1, end());
      for (let i = Math.max(from, marked + 1); i <= last; i++) {
        ctx.near(messages[i]!);
        ctx.flush(messages[i]!);
      }
      marked = Math.max(marked, last);
    },
  };
  return screen;
}

/** A post's records in the page's summary: its rolls, a failure to read it, a game's table record. */
function record(ctx: PageContext, scan: PostScan, m: Element, views: RollView[], again: boolean): void {
  const post = scan.post;
  if (scan.failure) {
    if (!again) ctx.summary.failures.push({ post: post.number, reason: scan.failure });
    return;
  }
  ctx.summary.rolls.push(...views);
  if (again) return;
  for (const v of views) ctx.owners.set(v.id, m);
  for (const s of scan.sheets) ctx.owners.set(s.id, m);
  // With its time, edit and poster's identity: a game's checks judge a record by who posted it and when it was edited.
  if (scan.tableText !== undefined) ctx.summary.tablePosts.push({ post: post.number, author: post.author, text: scan.tableText, ...postFacts(post) });
}
