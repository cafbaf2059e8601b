// The thread, not the page (issue 40, item 1): a page's posts kept without elements (lib/threads/
// kept.ts), stored as the background stores them (zod, lib/threads/schema.ts) and folded before a
// later page's own posts give that page exactly the verdicts, readings and duel of the same posts
// read on one page. Our 25-post duel in RPOL's markup, cut into three pages; and what keeping
// costs (bytes per post, per 40-page thread), on the long sample thread.
import { describe, expect, it } from 'vitest';
import { readPageClock, readPosts } from '../../lib/forums/rpol';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import type { ForumPost } from '../../lib/reading/records';
import { type PostScan, ThreadScanner } from '../../lib/thread';
import { type KeptPage, keepPost, recordsOf } from '../../lib/threads/kept';
import { readKeptThread } from '../../lib/threads/schema';
import { PAGES_MAX_THREAD_BYTES } from '../../entrypoints/shared/storage/thread-pages';
import { bigThread, duelThread, duelTurnThread } from '../fixtures/spark-pages.mjs';
import { loadPage } from '../helpers/dom';

/** What a badge shows of a roll, and what its detail says. */
const shown = (s: PostScan) =>
  s.rolls.map((r) => ({
    id: r.id,
    trust: r.verdict.trust,
    reasons: r.verdict.reasons,
    cautions: r.verdict.cautions,
    successes: r.reading.successes,
    outcome: r.reading.outcome,
    modifier: r.reading.modifier,
    findings: r.findings.map((f) => f.text),
  }));

/** Pages read as another page of the thread is (the same reader, scanMessage), kept, stored and read back. */
function keptPages(pages: ForumPost[][], clock: ReturnType<typeof readPageClock>): KeptPage[] {
  const reader = new ThreadScanner(RPOL_READING, clock).reader;
  const kept = pages.map((posts, i) => ({
    page: i + 1,
    at: 1,
    posts: posts.length,
    kept: posts.flatMap((p) => {
      const rec = reader.scanMessage(p.element);
      return rec ? [keepPost(rec)] : [];
    }),
    tips: reader.takeFresh(),
  }));
  const stored = readKeptThread(JSON.stringify({ v: 1, count: pages.length + 1, pages: Object.fromEntries(kept.map((p) => [p.page, p])), tried: {} }));
  expect(stored).not.toBeNull();
  return Object.values(stored!.pages).sort((a, b) => a.page - b.page);
}

describe.each([
  ['the 25-post duel', duelThread(), [9, 17]],
  ['the duel turn (sheets on page 1)', duelTurnThread(), [5, 10]],
] as const)('%s, cut into three pages: page 3 folded after the kept pages 1 and 2', (_name, page, [a, b]) => {
  const doc = loadPage(page.html, page.url);
  const clock = readPageClock(doc);
  const posts = readPosts(doc, clock);
  const whole = new ThreadScanner(RPOL_READING, clock);
  const wholeScans = posts.map((p) => whole.scanPost(p));
  const cut = [posts.slice(0, a), posts.slice(a, b), posts.slice(b)];
  const fmt = (e: number) => RPOL_READING.formatTime(e, clock);

  it('gives page 3 the verdicts, readings and duel of the same posts on one page', () => {
    const earlier = keptPages(cut.slice(0, 2), clock);
    const primed = new ThreadScanner(RPOL_READING, clock);
    primed.reader.rememberSeen(earlier.flatMap((p) => p.tips));
    for (const k of earlier.flatMap((p) => p.kept)) primed.game.read(recordsOf(k, fmt));
    const third = cut[2]!.map((p) => primed.scanPost(p));
    expect(third.flatMap(shown)).toEqual(wholeScans.slice(b).flatMap(shown));
    expect(third.flatMap(shown).length).toBeGreaterThan(2);
    expect(primed.game.state()).toEqual(whole.game.state());
  });

  it('page 3 alone differs (what the earlier pages bring is in the comparison)', () => {
    const alone = new ThreadScanner(RPOL_READING, clock);
    for (const p of cut[2]!) alone.scanPost(p);
    expect(alone.game.state()).not.toEqual(whole.game.state());
  });

  it('a kept page refused by the schema is not folded (a stranger’s text too long, a wrong shape)', () => {
    const good = keptPages(cut.slice(0, 1), clock)[0]!;
    const long = { ...good, kept: [{ ...good.kept[0]!, author: 'x'.repeat(5000) }] };
    expect(readKeptThread({ v: 1, count: 2, pages: { 1: long }, tried: {} })).toBeNull();
    expect(readKeptThread({ v: 2, count: 2, pages: {}, tried: {} })).toBeNull();
    expect(readKeptThread('{not json')).toBeNull();
  });
});

describe('what keeping a thread costs', () => {
  it('bytes per post and per 40-page thread, on a thread where 6 posts in 10 hold a roll', () => {
    const page = bigThread(1000);
    const doc = loadPage(page.html, page.url);
    const clock = readPageClock(doc);
    const posts = readPosts(doc, clock);
    const pages = Array.from({ length: 40 }, (_, i) => posts.slice(i * 25, i * 25 + 25));
    const kept = keptPages(pages, clock);
    const text = JSON.stringify({ v: 1, count: 41, pages: Object.fromEntries(kept.map((p) => [p.page, p])), tried: {} });
    const keptPosts = kept.reduce((n, p) => n + p.kept.length, 0);
    const perPost = Math.round(text.length / keptPosts);
    const perPage = Math.round(text.length / 40);
    console.log(`kept: ${keptPosts} of 1000 posts; ${perPost} B per kept post, ${perPage} B per 25-post page, ${text.length} B per 40-page thread`);
    expect(text.length).toBeLessThan(PAGES_MAX_THREAD_BYTES);
  });
});
