/**
 * Incremental reading, for every forum: every post is handed over once, in page order. While the
 * page parses, a post is handed over as soon as the parser has gone past it (the next node after
 * it exists: the parser never adds to an element it has closed); once it is parsed, a
 * MutationObserver (from the document's own window) looks only at added nodes and ignores the
 * nodes we inserted ourselves. What a post element is, the forum says (`PostShape`).
 */
import { OWN_UI_ATTRIBUTE } from './body';

/** A forum's post elements: an element name and a class every post has, and a selector that finds them all. */
export interface PostShape {
  /** The posts' element name, lower case ("div", "article"). */
  tag: string;
  /** A class every post element has ("message", "post"); '' where posts have none (vBulletin 3's message divs). */
  className: string;
  /** A selector for every post of a page (`${tag}.${className}`, narrowed where the forum needs). */
  selector: string;
  /** A further test of an element with that name and class (an id's form, an attribute). */
  is?(el: Element): boolean;
  /**
   * Where posts are not siblings (vBulletin's message sits deep in its post's list item or
   * table): a selector for the element around each post that the page repeats side by side. The
   * parser is past a post once it is past the post's unit.
   */
  unit?: string;
}

export interface PostWatcher {
  /** Posts already handed over. */
  readonly seen: WeakSet<Element>;
  stop(): void;
}

export interface WatchOptions {
  /** Once the page is parsed and every post in it handed over (at once, if it was parsed already). */
  onParsed?: () => void;
  /**
   * A post turned up above one already handed over once the page was parsed (a page whose posts
   * are not siblings): page order is lost, and nothing more is handed over. The caller reads the
   * page again from the top.
   */
  onDisorder?: () => void;
}

/** The posts of one page, as they are parsed, for one taker (who may come later: they are kept). */
export interface PostFeed {
  /** Settles once the first post is parsed whole, or the page is parsed, whichever is first. */
  readonly started: Promise<void>;
  /** Hand every post so far to `onPosts` now, then each later one, once. */
  take(onPosts: (messages: Element[]) => void, options?: WatchOptions): PostWatcher;
  stop(): void;
}

/**
 * Run `job` once `doc` is parsed (at once if it is). Only the parser's end counts: a page's own
 * script can dispatch DOMContentLoaded while the document is still loading. Returns a canceller.
 */
export function whenParsed(doc: Document, job: () => void): () => void {
  const check = () => {
    if (doc.readyState === 'loading') return;
    doc.removeEventListener('DOMContentLoaded', check);
    job();
  };
  if (doc.readyState !== 'loading') {
    job();
    return () => {};
  }
  doc.addEventListener('DOMContentLoaded', check);
  return () => doc.removeEventListener('DOMContentLoaded', check);
}

/**
 * How many added nodes are looked at for the first post before giving up until the page's end:
 * a forum's page header is a few hundred; a page with no posts (the old table layout) would otherwise
 * have every one of its nodes looked at as it parses.
 */
export const FIRST_POST_WITHIN = 5000;

/** Is this node one of the forum's posts (and not our own UI)? */
const isPostOf =
  (shape: PostShape) =>
  (n: Node | null): n is Element =>
    !!n &&
    n.nodeType === 1 &&
    (n as Element).localName === shape.tag &&
    (!shape.className || (n as Element).classList.contains(shape.className)) &&
    !(n as Element).hasAttribute(OWN_UI_ATTRIBUTE) &&
    (!shape.is || shape.is(n as Element));

function collect(node: Node, shape: PostShape, seen: WeakSet<Element>, out: Element[]) {
  if (node.nodeType !== 1) return;
  const el = node as Element;
  if (el.hasAttribute(OWN_UI_ATTRIBUTE) || el.closest(`[${OWN_UI_ATTRIBUTE}]`)) return;
  const candidates = el.matches(shape.selector) ? [el] : Array.from(el.querySelectorAll(shape.selector));
  // A node added inside a post (an image loading, a late edit) re-reads nothing.
  for (const m of candidates) {
    if (!seen.has(m)) {
      seen.add(m);
      out.push(m);
    }
  }
}

/** After the page is parsed: each post added later (a page's own script, a late load), once. */
function observeAdded(
  doc: Document | null,
  root: Document | Element,
  shape: PostShape,
  seen: WeakSet<Element>,
  onPosts: (messages: Element[]) => void,
): MutationObserver | null {
  const Observer = doc?.defaultView?.MutationObserver;
  if (!Observer) return null;
  const observer = new Observer((mutations) => {
    const added: Element[] = [];
    for (const m of mutations) for (const n of Array.from(m.addedNodes)) collect(n, shape, seen, added);
    if (added.length) onPosts(added);
  });
  observer.observe('body' in root && root.body ? root.body : (root as Element), { childList: true, subtree: true });
  return observer;
}

/**
 * The posts of a page that is still being parsed. Until the first post appears, the document's
 * added nodes are looked at (the page's header: a few hundred nodes); from then on only the posts'
 * parent's own children, and a post is handed over once a node follows it (with any posts nested
 * in it, in page order). At DOMContentLoaded every post not handed over yet is, and posts added
 * later are watched for as on a parsed page.
 */
/** The first post among nodes the parser added (and how many nodes were looked at to find it). */
function firstPostAdded(mutations: MutationRecord[], isPost: (n: Node) => n is Element): { post: Element | null; looked: number } {
  let looked = 0;
  for (const m of mutations) {
    const added = m.addedNodes;
    for (let i = 0; i < added.length; i++) {
      const n = added[i]!;
      if (isPost(n) && n.parentNode) return { post: n, looked: looked + i + 1 };
    }
    looked += added.length;
  }
  return { post: null, looked };
}

/**
 * At the page's end: the posts not handed over yet, in page order (the query's own), each marked
 * seen; null when one of them comes before the last one handed over (it is above it, its own
 * nested posts come after it): the reading so far is out of page order. One pass: no position is
 * compared, which cost O(n) a post on a long page.
 */
function postsLeft(doc: Document, shape: PostShape, seen: WeakSet<Element>, last: Element | null): Element[] | null {
  const out: Element[] = [];
  const all = doc.querySelectorAll(shape.selector);
  let pastLast = !last;
  for (let i = 0; i < all.length; i++) {
    const m = all[i]!;
    if (m === last) pastLast = true;
    if (seen.has(m) || m.closest(`[${OWN_UI_ATTRIBUTE}]`)) continue;
    if (!pastLast) return null;
    seen.add(m);
    out.push(m);
  }
  return out;
}

/**
 * The posts the parser has gone past, walked from the first one found along its siblings (or its
 * unit's, where the forum names one): each post handed over once, with any posts nested in it.
 */
function pastParser(shape: PostShape, isPost: (n: Node | null) => n is Element, seen: WeakSet<Element>) {
  let firstUnit: Element | null = null;
  let lastUnit: Element | null = null;
  let last: Element | null = null;
  const isUnit = (el: Element): boolean => (shape.unit ? el.matches(shape.unit) : isPost(el));
  const handOver = (m: Element, out: Element[]) => {
    seen.add(m);
    out.push(m);
    last = m;
    // Posts without a class (vBulletin's) never nest (and an empty class name is not asked for).
    if (!shape.className) return;
    const nested = m.getElementsByClassName(shape.className);
    for (let i = 0; i < nested.length; i++) {
      const n = nested[i]!;
      if (isPost(n) && !seen.has(n) && !n.closest(`[${OWN_UI_ATTRIBUTE}]`)) {
        seen.add(n);
        out.push(n);
      }
    }
  };
  return {
    /** The first post found: the element the page repeats for each post (null: none around it where the forum says). */
    begin(first: Element): Element | null {
      firstUnit = shape.unit ? first.closest(shape.unit) : first;
      return firstUnit;
    },
    /** The posts the parser has gone past since the last call, in page order. */
    advance(): Element[] {
      const out: Element[] = [];
      for (let el: Element | null = lastUnit ? lastUnit.nextElementSibling : firstUnit; el; el = el.nextElementSibling) {
        if (!isUnit(el)) continue;
        if (!el.nextSibling) break; // the parser is still in it
        lastUnit = el;
        if (!shape.unit) {
          if (!seen.has(el)) handOver(el, out);
          continue;
        }
        const inside = el.querySelectorAll(shape.selector);
        for (let i = 0; i < inside.length; i++) {
          const m = inside[i]!;
          if (isPost(m) && !seen.has(m) && !m.closest(`[${OWN_UI_ATTRIBUTE}]`)) handOver(m, out);
        }
      }
      return out;
    },
    /** The last post handed over. */
    last: () => last,
  };
}

export function feedPosts(doc: Document, shape: PostShape): PostFeed {
  const isPost = isPostOf(shape);
  const seen = new WeakSet<Element>();
  let queue: Element[] = [];
  let taker: ((messages: Element[]) => void) | null = null;
  let options: WatchOptions = {};
  let parsed = false;
  let stopped = false;
  let disordered = false;
  let first: Element | null = null;
  let firstUnit: Element | null = null;
  let later: MutationObserver | null = null;
  let start = () => {};
  const started = new Promise<void>((ok) => (start = ok));

  const give = (posts: Element[]) => {
    if (!posts.length || stopped) return;
    if (taker) taker(posts);
    else queue.push(...posts);
  };
  const walker = pastParser(shape, isPost, seen);
  /** Hand over every post the parser has gone past, from the last one handed over. */
  const advance = () => {
    const out = walker.advance();
    if (out.length) {
      give(out);
      start();
    }
  };
  let looked = 0;
  const Observer = doc.defaultView?.MutationObserver;
  const observer = Observer
    ? new Observer((mutations) => {
        if (!first) {
          const found = firstPostAdded(mutations, isPost);
          looked += found.looked;
          first = found.post;
          firstUnit = first && walker.begin(first);
          if (!first || !firstUnit?.parentNode) {
            // No post in the page's first nodes (or one outside the unit the forum names): not a
            // page of posts as the forum writes them; the page's end decides.
            if (first || looked > FIRST_POST_WITHIN) observer!.disconnect();
            return;
          }
          // From now on only the posts' (or their units') parent's own children matter.
          observer!.disconnect();
          observer!.observe(firstUnit.parentNode, { childList: true });
        }
        advance();
      })
    : null;
  observer?.observe(doc, { childList: true, subtree: true });

  const finish = () => {
    if (parsed || stopped) return;
    parsed = true;
    observer?.disconnect();
    const rest = postsLeft(doc, shape, seen, walker.last());
    disordered = rest === null;
    const out = rest ?? [];
    start();
    if (disordered) {
      queue = [];
      if (taker) options.onDisorder?.();
      return;
    }
    give(out);
    later = observeAdded(doc, doc, shape, seen, give);
    if (taker) options.onParsed?.();
  };
  const cancelFinish = whenParsed(doc, finish);

  const stop = () => {
    stopped = true;
    observer?.disconnect();
    later?.disconnect();
    cancelFinish();
  };
  return {
    started,
    take(onPosts, opts = {}) {
      taker = onPosts;
      options = opts;
      const had = queue;
      queue = [];
      if (had.length) onPosts(had);
      if (disordered) opts.onDisorder?.();
      else if (parsed) opts.onParsed?.();
      return { seen, stop };
    },
    stop,
  };
}

/**
 * Hand every post under `root` to `onPosts` now (on a document still being parsed, every
 * post the parser has gone past), then each one parsed or added later, once. Returns a handle
 * whose `stop()` disconnects the observers.
 */
export function watchPosts(root: Document | Element, shape: PostShape, onPosts: (messages: Element[]) => void, options: WatchOptions = {}): PostWatcher {
  // A document: its feed (a parsed one is handed over whole at once, then watched).
  if ('defaultView' in root) return feedPosts(root, shape).take(onPosts, options);
  const seen = new WeakSet<Element>();
  const first: Element[] = [];
  for (const m of Array.from(root.querySelectorAll(shape.selector))) {
    seen.add(m);
    first.push(m);
  }
  if (first.length) onPosts(first);
  const observer = observeAdded(root.ownerDocument, root, shape, seen, onPosts);
  options.onParsed?.();
  return { seen, stop: () => observer?.disconnect() };
}

/** Every post of a document read whole (a thread's other page, parsed apart from the one shown), in page order. */
export function parsedPosts(doc: Document, shape: PostShape): Element[] {
  return Array.from(doc.querySelectorAll(shape.selector)).filter(isPostOf(shape));
}
