// Posts handed over while the page parses: each one once, whole, in page order, however the
// parser cuts the page into chunks; a page's own DOMContentLoaded changes nothing; posts found
// out of order at the end are reported, not read out of order.
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { feedPosts, FIRST_POST_WITHIN, watchPosts } from '../../lib/forums/rpol/watch';
import { screenStart, sliced } from '../../entrypoints/content/slices';
import { duelThread } from '../fixtures/spark-pages.mjs';
import { hasRealPages, loadPage, realPage } from '../helpers/dom';

/** An empty document that says it is being parsed, and a way to end its parsing. */
function parsingDocument(url: string) {
  const w = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const doc = w.document as unknown as Document;
  doc.removeChild(doc.documentElement);
  let state: DocumentReadyState = 'loading';
  Object.defineProperty(doc, 'readyState', { get: () => state, configurable: true });
  return {
    doc,
    /** The parser's end: the state changes, then DOMContentLoaded. */
    end() {
      state = 'interactive';
      doc.dispatchEvent(new (w.Event as unknown as typeof Event)('DOMContentLoaded'));
    },
    fakeEvent() {
      doc.dispatchEvent(new (w.Event as unknown as typeof Event)('DOMContentLoaded'));
    },
  };
}

/** A parsing document whose `<html>` and `<body>` are in (the parser is past the head). */
function parsingBody() {
  const p = parsingDocument('https://rpol.net/display.cgi?gi=1&ti=2');
  const html = p.doc.appendChild(p.doc.createElement('html'));
  return { p, body: html.appendChild(p.doc.createElement('body')) };
}

/** Every node of `from` in parse order (pre-order), each with its parent's index in the list. */
function parseOrder(from: Document): { node: Node; parent: number }[] {
  const out: { node: Node; parent: number }[] = [];
  const walk = (n: Node, parent: number) => {
    const at = out.length;
    out.push({ node: n, parent });
    for (let c = n.firstChild; c; c = c.nextSibling) walk(c, at);
  };
  walk(from.documentElement, -1);
  return out;
}

const tick = () => new Promise((ok) => setTimeout(ok, 0));

/**
 * Build `html` into a parsing document node by node, as a parser does (each node inserted empty,
 * then its children), pausing after the node counts in `cuts` so that observers run in between.
 */
async function parseInChunks(html: string, cuts: number[], url = 'https://rpol.net/display.cgi?gi=1&ti=2') {
  const whole = loadPage(html, url);
  const order = parseOrder(whole);
  const p = parsingDocument(url);
  const handed: { post: Element; html: string }[] = [];
  let parsedCalls = 0;
  const feed = feedPosts(p.doc);
  feed.take(
    (posts) => {
      for (const post of posts) handed.push({ post, html: post.outerHTML });
    },
    { onParsed: () => parsedCalls++ },
  );
  const made: Node[] = [];
  const pauses = new Set(cuts.map((c) => c % order.length));
  for (let i = 0; i < order.length; i++) {
    const { node, parent } = order[i]!;
    const copy = p.doc.importNode(node, false);
    made.push(copy);
    (parent < 0 ? p.doc : made[parent]!).appendChild(copy);
    if (pauses.has(i)) await tick();
  }
  await tick();
  const beforeEnd = handed.length;
  p.end();
  await tick();
  return { handed, beforeEnd, parsedCalls, doc: p.doc, feed };
}

describe('posts read as the page parses', () => {
  const page = duelThread();

  it('hands every post over once, whole, in page order, however the page is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 5000 }), { maxLength: 40 }), async (cuts) => {
        const { handed, parsedCalls, doc } = await parseInChunks(page.html, cuts);
        const final = Array.from(doc.querySelectorAll('div.message'));
        expect(handed.map((h) => h.post)).toEqual(final);
        // Each post was whole when handed over: nothing was added to it afterwards.
        for (const h of handed) expect(h.html).toBe(h.post.outerHTML);
        expect(parsedCalls).toBe(1);
      }),
      { numRuns: 60 },
    );
  });

  it('hands posts over before the page is parsed when the parser pauses after them', async () => {
    // A pause after every 50 nodes: most posts are handed over while the page is still loading.
    const cuts = Array.from({ length: 200 }, (_, i) => i * 50);
    const { handed, beforeEnd } = await parseInChunks(page.html, cuts);
    expect(handed.length).toBe(25);
    expect(beforeEnd).toBeGreaterThanOrEqual(20);
  });

  it.skipIf(!hasRealPages)('a real RPOL thread, parsed in chunks, gives its posts in page order', async () => {
    const html = realPage('thread-aside-urvan.html');
    const cuts = Array.from({ length: 100 }, (_, i) => i * 37);
    const { handed, beforeEnd, doc } = await parseInChunks(html, cuts);
    expect(handed.map((h) => h.post)).toEqual(Array.from(doc.querySelectorAll('div.message')));
    expect(handed.length).toBe(17);
    expect(beforeEnd).toBeGreaterThanOrEqual(15);
    for (const h of handed) expect(h.html).toBe(h.post.outerHTML);
  });

  it('a DOMContentLoaded dispatched by the page while it parses is not the end of the page', async () => {
    const { p, body } = parsingBody();
    const feed = feedPosts(p.doc);
    const handed: Element[] = [];
    let parsed = 0;
    feed.take((posts) => handed.push(...posts), { onParsed: () => parsed++ });
    const post = body.appendChild(p.doc.createElement('div'));
    post.className = 'message';
    p.fakeEvent();
    await tick();
    // Still being parsed (nothing follows the post): not handed over, and the page not taken as whole.
    expect(handed).toEqual([]);
    expect(parsed).toBe(0);
    body.appendChild(p.doc.createTextNode('\n'));
    await tick();
    expect(handed).toEqual([post]);
    p.end();
    await tick();
    expect(parsed).toBe(1);
  });

  it('a post found above those read once the page is parsed is reported, not handed over', async () => {
    const { p, body } = parsingBody();
    const early = body.appendChild(p.doc.createElement('div'));
    const list = body.appendChild(p.doc.createElement('div'));
    const feed = feedPosts(p.doc);
    const handed: Element[] = [];
    let disorder = 0;
    let parsed = 0;
    feed.take((posts) => handed.push(...posts), { onParsed: () => parsed++, onDisorder: () => disorder++ });
    const post = (where: Element) => {
      const m = where.appendChild(p.doc.createElement('div'));
      m.className = 'message';
      where.appendChild(p.doc.createTextNode('\n'));
      return m;
    };
    const second = post(list);
    post(list);
    await tick();
    expect(handed.length).toBe(2);
    expect(handed[0]).toBe(second);
    // A post put in above them (a page's script, another layout): page order is lost.
    post(early);
    p.end();
    await tick();
    expect(handed.length).toBe(2);
    expect(disorder).toBe(1);
    expect(parsed).toBe(0);
  });

  it('the page end checks order in one pass: posts after the last handed over are read, and a removed last post means reading again', async () => {
    for (const removeLast of [false, true]) {
      const { p, body } = parsingBody();
      const feed = feedPosts(p.doc);
      const handed: Element[] = [];
      let disorder = 0;
      let parsed = 0;
      feed.take((posts) => handed.push(...posts), { onParsed: () => parsed++, onDisorder: () => disorder++ });
      const post = () => {
        const m = body.appendChild(p.doc.createElement('div'));
        m.className = 'message';
        body.appendChild(p.doc.createTextNode('\n'));
        return m;
      };
      post();
      post();
      const third = post();
      await tick();
      expect(handed.length).toBe(3);
      expect(handed[2]).toBe(third);
      // The parser's last chunk: many posts at once, none handed over before the end.
      const rest = Array.from({ length: 300 }, post);
      if (removeLast) third.remove();
      // No position compared per post (each comparison walks the page: O(n²) on a long one).
      const proto = (p.doc.defaultView as unknown as { Node: { prototype: { compareDocumentPosition(o: Node): number } } }).Node.prototype;
      const compare = proto.compareDocumentPosition;
      let compared = 0;
      proto.compareDocumentPosition = function (this: Node, o: Node) {
        compared++;
        return compare.call(this, o);
      };
      try {
        p.end();
        await tick();
      } finally {
        proto.compareDocumentPosition = compare;
      }
      expect(compared).toBe(0);
      if (removeLast) {
        // A page's script took away the last post read: where the rest stand against it is unknown.
        expect(disorder).toBe(1);
        expect(handed.length).toBe(3);
      } else {
        expect(disorder).toBe(0);
        expect(parsed).toBe(1);
        expect(handed.slice(3)).toEqual(rest);
      }
    }
  });

  it('posts parsed before anyone takes them are kept for the taker, and a parsed page is read at once', async () => {
    const whole = loadPage(page.html, 'https://rpol.net/display.cgi?gi=1&ti=2');
    const got: number[] = [];
    let parsed = 0;
    watchPosts(whole, (posts) => got.push(posts.length), { onParsed: () => parsed++ });
    expect(got).toEqual([25]);
    expect(parsed).toBe(1);

    const { p, body } = parsingBody();
    const feed = feedPosts(p.doc);
    let started = false;
    void feed.started.then(() => (started = true));
    for (let i = 0; i < 3; i++) {
      body.appendChild(p.doc.createElement('div')).className = 'message';
      body.appendChild(p.doc.createTextNode('\n'));
    }
    await tick();
    expect(started).toBe(true);
    const late: Element[] = [];
    feed.take((posts) => late.push(...posts));
    expect(late.length).toBe(3);
  });
});

describe('a page without posts in its first nodes', () => {
  it('stops looking after its first nodes, and its posts come whole at the page’s end', async () => {
    const { p, body } = parsingBody();
    const feed = feedPosts(p.doc);
    const handed: Element[] = [];
    feed.take((posts) => handed.push(...posts));
    // An old-layout page: a long table, no div posts.
    const table = body.appendChild(p.doc.createElement('table'));
    for (let i = 0; i <= FIRST_POST_WITHIN; i++) table.appendChild(p.doc.createElement('tr'));
    await tick();
    // A post after that (not RPOL's layout): not handed over while parsing…
    const late = body.appendChild(p.doc.createElement('div'));
    late.className = 'message';
    body.appendChild(p.doc.createTextNode('\n'));
    await tick();
    expect(handed).toEqual([]);
    // …but at the page's end, once.
    p.end();
    await tick();
    expect(handed).toEqual([late]);
  });
});

describe('where the screen begins (from the top, or from #N), while the page parses', () => {
  const html = duelThread().html;
  const posts = (doc: Document) => Array.from(doc.querySelectorAll('div.message'));

  it('the top without an anchor; the post before the anchor’s with one', () => {
    const doc = loadPage(html);
    const all = posts(doc);
    expect(screenStart(doc, all, '', false)).toBe(0);
    const at14 = all.findIndex((m) => m.querySelector('a[id="14"], a[name="14"]'));
    expect(at14).toBeGreaterThan(0);
    expect(screenStart(doc, all, '#14', false)).toBe(at14 - 1);
    expect(screenStart(doc, all, '#14', true)).toBe(at14 - 1);
    // An anchor that is no post's (or none at all): the top once the page is parsed.
    expect(screenStart(doc, all, '#nowhere', true)).toBe(0);
    expect(screenStart(doc, all, '#%E0%A4%A', true)).toBe(0);
  });

  it('not known while the anchor, or its post, is not in yet; known once it is', () => {
    const doc = loadPage(html);
    const all = posts(doc);
    const at14 = all.findIndex((m) => m.querySelector('a[id="14"], a[name="14"]'));
    // Only the posts above the anchor's handed over so far (the anchor itself parsed, its post not whole).
    expect(screenStart(doc, all.slice(0, at14), '#14', false)).toBeNull();
    expect(screenStart(doc, all.slice(0, at14 + 1), '#14', false)).toBe(at14 - 1);
    // The anchor not parsed yet: unknown until the page is.
    expect(screenStart(doc, all, '#nowhere', false)).toBeNull();
    expect(screenStart(doc, [], '#14', false)).toBeNull();
    expect(screenStart(doc, [], '#14', true)).toBe(0);
  });
});

describe("a slice of reading run at once (a short page's rest, after its first frame)", () => {
  it('reads what is left, ends the reading once, and does nothing once ended or cancelled', () => {
    let left = 5;
    let ended = 0;
    const step = () => left-- > 0;
    const reading = sliced(
      step,
      () => false,
      () => ended++,
    );
    reading.now(1_000);
    expect(left).toBeLessThanOrEqual(0);
    expect(ended).toBe(1);
    reading.now(1_000);
    expect(ended).toBe(1);
    left = 3;
    const cancelled = sliced(
      step,
      () => false,
      () => ended++,
    );
    cancelled.cancel();
    cancelled.now(1_000);
    expect(left).toBe(3);
    expect(ended).toBe(1);
  });
});
