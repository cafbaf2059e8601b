// A thread's kept pages in the background's storage (entrypoints/shared/storage/thread-pages.ts),
// against WXT's fake browser, and through the declared messages: validated on the way in and out,
// a page read again replacing its copy, the requests kept, the least recently used threads going
// past the cap, and a page's junk refused with nothing written.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { answerBackground } from '../../entrypoints/background/handlers/handler';
import { threadPagesHandlers } from '../../entrypoints/background/handlers/thread-pages';
import { checkThreadPages } from '../../entrypoints/shared/messages/thread-pages';
import { keepThreadPages, PAGES_INDEX_KEY, PAGES_MAX_BYTES, pagesKey, readThreadPages } from '../../entrypoints/shared/storage/thread-pages';
import type { KeptPage } from '../../lib/threads/kept';

beforeEach(() => fakeBrowser.reset());

const page = (j: number, text = 'I roll.'): KeptPage => ({
  page: j,
  at: 1000 + j,
  posts: 25,
  kept: [{ n: j * 25, author: 'Ada', authorId: '520002', role: 'player', time: 1700000000, edit: { text: 'edited', time: 1700000100, by: 'GM' }, text }],
  tips: [['1700000000.1.520002', j * 25]],
});

describe('kept pages in storage', () => {
  it('a round trip: pages kept, a page read again replacing its copy, requests kept, the read validated', async () => {
    await keepThreadPages('rpol.net/1/2', { count: 3, pages: [page(1), page(2)], tried: { 1: { at: 5 }, 2: { at: 5 } } }, 10);
    await keepThreadPages('rpol.net/1/2', { count: 3, pages: [page(2, 'again')], tried: { 2: { at: 6 } } }, 11);
    const kept = await readThreadPages('rpol.net/1/2', 12);
    expect(kept?.count).toBe(3);
    expect(kept?.pages['1']).toEqual(page(1));
    expect(kept?.pages['2']?.kept[0]?.text).toBe('again');
    expect(kept?.tried).toEqual({ 1: { at: 5 }, 2: { at: 6 } });
    // What the page receives passes its own check, whole.
    expect(checkThreadPages({ thread: kept })?.thread).toEqual(kept);
  });

  it('pages past a shorter thread’s count go', async () => {
    await keepThreadPages('rpol.net/1/2', { count: 3, pages: [page(1), page(2)], tried: {} });
    await keepThreadPages('rpol.net/1/2', { count: 1, pages: [], tried: {} });
    expect(Object.keys((await readThreadPages('rpol.net/1/2'))!.pages)).toEqual(['1']);
  });

  it('a page not of the shape (a stranger’s over-long name, a wrong type) is refused and nothing is written', async () => {
    const bad = { ...page(1), kept: [{ ...page(1).kept[0]!, author: 'x'.repeat(1000) }] };
    await expect(keepThreadPages('rpol.net/1/2', { count: 2, pages: [bad], tried: {} })).rejects.toThrow();
    await expect(keepThreadPages('rpol.net/1/2', { count: 2, pages: [{ ...page(1), posts: 'many' } as unknown as KeptPage], tried: {} })).rejects.toThrow();
    expect(await fakeBrowser.storage.local.get(pagesKey('rpol.net/1/2'))).toEqual({});
  });

  it('junk stored under a thread’s key reads as nothing kept', async () => {
    await fakeBrowser.storage.local.set({ [pagesKey('rpol.net/1/2')]: '{"v":1,"count":"x"}' });
    expect(await readThreadPages('rpol.net/1/2')).toBeNull();
  });

  it('past the cap, the least recently used threads go; one just read stays', async () => {
    const big = 'y'.repeat(7_900);
    const pages = Array.from({ length: 40 }, (_, i) => ({
      ...page(i + 1),
      kept: Array.from({ length: 3 }, (_, k) => ({ n: i * 25 + k, author: 'Ada', text: big })),
    }));
    const threads = Math.ceil(PAGES_MAX_BYTES / 960_000) + 1;
    for (let t = 0; t < threads; t++) {
      await keepThreadPages(`rpol.net/1/${t}`, { count: 41, pages, tried: {} }, 100 + t);
      if (t === 1) await readThreadPages('rpol.net/1/0', 200);
    }
    const index = (await fakeBrowser.storage.local.get(PAGES_INDEX_KEY))[PAGES_INDEX_KEY] as Record<string, { bytes: number }>;
    expect(Object.values(index).reduce((n, t) => n + t.bytes, 0)).toBeLessThanOrEqual(PAGES_MAX_BYTES);
    expect(Object.keys(index)).toContain('rpol.net/1/0');
    expect(Object.keys(index)).not.toContain('rpol.net/1/1');
    expect(await fakeBrowser.storage.local.get(pagesKey('rpol.net/1/1'))).toEqual({});
  });

  it('through the messages: a page asks for its thread’s pages and sends what it read', async () => {
    answerBackground(threadPagesHandlers(readThreadPages, keepThreadPages));
    const send = (m: object) => fakeBrowser.runtime.onMessage.trigger(m, {}).then((all) => all.find((r) => r !== undefined));
    expect(await send({ type: 'keep-thread-pages', key: 'rpol.net/1/2', count: 2, pages: [page(1)], tried: { 1: { at: 5 } } })).toEqual({ ok: true });
    expect(await send({ type: 'keep-thread-pages', key: 'rpol.net/1/2', count: 2, pages: [{ page: 'x' }], tried: {} })).toEqual({ ok: false });
    expect(checkThreadPages(await send({ type: 'thread-pages', key: 'rpol.net/1/2' }))?.thread?.pages['1']).toEqual(page(1));
    expect(await send({ type: 'thread-pages', key: 'rpol.net/9/9' })).toEqual({ thread: null });
  });
});
