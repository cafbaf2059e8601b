// @vitest-environment happy-dom
// Followed threads (lib/turns/followed.ts, entrypoints/shared/storage/follow.ts): a page read kept
// for a followed thread, a Follow from the panel finding the session's page, a thread followed by
// itself, a thread turned off staying off, what cannot be read kept aside; the notifications' rule
// (lib/turns/prefs.ts); the Turns view's groups, rendered for 50 threads, hostile names as text.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { TurnsList } from '../../components/turns/TurnsList';
import { FollowKeeper } from '../../entrypoints/shared/storage/follow';
import type { ChangeListener, ItemContext } from '../../entrypoints/shared/storage/item';
import { awayLine } from '../../lib/turns/away';
import { type Followed, FollowedSchema, type FollowStore, followedGroup, loadFollowStore, type PageRead, withPage } from '../../lib/turns/followed';
import { isQuiet, noticesDue } from '../../lib/turns/prefs';

const T = Date.UTC(2026, 10, 6, 17) / 1000;

function memory(): ItemContext & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const listeners = new Set<ChangeListener>();
  return {
    data,
    area: {
      get: async (k) =>
        Object.fromEntries((typeof k === 'string' ? [k] : (k ?? [...data.keys()])).filter((x) => data.has(x)).map((x) => [x, structuredClone(data.get(x))])),
      set: async (items) => {
        for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
        for (const cb of listeners) cb(Object.fromEntries(Object.entries(items).map(([k, v]) => [k, { newValue: v }])), 'local');
      },
      remove: async (k) => {
        for (const x of typeof k === 'string' ? [k] : k) data.delete(x);
      },
    },
    changes: { addListener: (cb) => listeners.add(cb), removeListener: (cb) => listeners.delete(cb) },
    locks: () => null,
    queues: new Map(),
  };
}
const session = () => {
  const data: Record<string, unknown> = {};
  return { get: async (k: string) => ({ [k]: data[k] }), set: async (v: Record<string, unknown>) => void Object.assign(data, v) };
};

/** An RPOL page of a thread: the GM's round post, then players; Ada is the viewer's character. */
function page(extra: PageRead['posts'] = [], key = 'rpol.net/7/9'): PageRead {
  return {
    key,
    forum: 'rpol',
    url: `https://rpol.net/display.cgi?gi=7&ti=${key.split('/')[2]}`,
    title: 'The Keep',
    viewer: 'Ada',
    posts: [
      { number: 1, author: 'The GM', authorId: '1', time: T - 7200, editTime: null, you: false, role: 'GM' },
      { number: 2, author: 'Bram', authorId: '3', time: T - 3600, editTime: null, you: false, role: 'player' },
      { number: 3, author: 'Ada', authorId: '2', time: T - 1800, editTime: null, you: true, role: 'player' },
      { number: 4, author: 'The GM', authorId: '1', time: T, editTime: T + 99, you: false, role: 'GM' },
      ...extra,
    ],
    game: { tablePosts: [], rolls: [], seen: null, table: null },
    gameId: null,
  };
}

describe('a page read, kept', () => {
  it('its posts (first time, edit time, identity), the GM the forum marks, the forum’s marks of you; waits by the cast', () => {
    const f = withPage(null, page(), 1000);
    expect(f.gmSeen).toBe('The GM');
    expect(f.you).toEqual({ names: ['Ada'], ids: ['2'] });
    expect(f.posts.find((p) => p.number === 4)).toMatchObject({ time: T, editTime: T + 99 });
    const store: FollowStore = { version: 1, threads: { [f.key]: { ...f, on: true } }, you: {}, aside: {} };
    expect(followedGroup(store.threads[f.key]!, store, T + 60)).toBe('you');
    // Ada posts: the thread waits on Bram only; you wait on him.
    const after = withPage(f, page([{ number: 5, author: 'Ada', authorId: '2', time: T + 60, editTime: null, you: true, role: 'player' }]), 2000);
    expect(followedGroup({ ...after, on: true }, store, T + 120)).toBe('others');
  });

  it('an away line read from the page’s Spark Scribe lines; the game’s waits from its records', () => {
    const p = page([{ number: 5, author: 'Bram', authorId: '3', time: T + 10, editTime: null, you: false, role: 'player' }]);
    p.game.tablePosts = [{ post: 5, author: 'Bram', text: `Off to sea.\n${awayLine('2026-11-20')}` }];
    expect(withPage(null, p, 1).posts.find((x) => x.number === 5)!.away).toBe('2026-11-20');
  });

  it('keeps the last 40 posts, each author’s last, and the post a wait counts from', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      number: 5 + i,
      author: i % 2 ? 'Bram' : 'Cleo',
      authorId: null,
      time: T + i,
      editTime: null,
      you: false,
      role: 'player' as const,
    }));
    const f = withPage(null, page(many), 1);
    expect(f.posts.map((p) => p.number)).toEqual([3, 4, ...Array.from({ length: 40 }, (_, i) => 85 + i)]);
    // The GM's last post and Ada's are kept: the cast rule still says who owes a post.
    expect(FollowedSchema.safeParse(f).success).toBe(true);
  });
});

describe('the followed store', () => {
  it('a page of a thread not followed is kept for the session; Follow then finds its posts; turned off, it stays off', async () => {
    const ctx = memory();
    const keeper = new FollowKeeper(ctx, session());
    await keeper.keepPage('rpol.net/7/9', (prev) => withPage(prev, page(), 1), null);
    expect((await keeper.read()).threads).toEqual({});
    const base = FollowedSchema.parse({ key: 'rpol.net/7/9', forum: 'rpol', url: 'u', title: 'The Keep', on: true });
    await keeper.follow(base, true);
    const f = (await keeper.read()).threads['rpol.net/7/9']!;
    expect(f.on).toBe(true);
    expect(f.posts).toHaveLength(4);
    await keeper.follow(f, false);
    // Off: a later page with a reason to follow it by itself leaves it off, and keeps nothing new.
    await keeper.keepPage('rpol.net/7/9', (prev) => withPage(prev, page(), 2), 'roll');
    expect((await keeper.read()).threads['rpol.net/7/9']).toMatchObject({ on: false, readAt: 1 });
  });

  it('a thread followed by itself (a roll of yours, your secret, your sheet) says why; a followed one is kept up to date', async () => {
    const keeper = new FollowKeeper(memory(), null);
    await keeper.keepPage('rpol.net/7/10', (prev) => withPage(prev, page([], 'rpol.net/7/10'), 5), 'secret');
    expect((await keeper.read()).threads['rpol.net/7/10']).toMatchObject({ on: true, auto: 'secret', readAt: 5 });
    await keeper.keepPage('rpol.net/7/10', (prev) => withPage(prev, page([], 'rpol.net/7/10'), 9), null);
    expect((await keeper.read()).threads['rpol.net/7/10']!.readAt).toBe(9);
  });

  it('an entry that cannot be read is kept aside, as stored; a newer version’s store is never written over', async () => {
    const good = withPage(null, page(), 1);
    const loaded = loadFollowStore({ version: 1, threads: { [good.key]: { ...good, on: true }, bad: { key: 'bad', on: 'yes' } }, you: { rpol: 'Ada' } });
    expect(Object.keys(loaded.threads)).toEqual([good.key]);
    expect(loaded.aside).toEqual({ bad: { key: 'bad', on: 'yes' } });
    expect(loaded.you).toEqual({ rpol: 'Ada' });
    const ctx = memory();
    ctx.data.set('followed', { version: 2, threads: {} });
    await expect(new FollowKeeper(ctx, null).change((s) => s)).rejects.toThrow(/newer Spark Scribe \(version 2\)/);
    expect(ctx.data.get('followed')).toEqual({ version: 2, threads: {} });
  });
});

describe('notifications', () => {
  const store = (f: Followed): FollowStore => ({ version: 1, threads: { [f.key]: f }, you: {}, aside: {} });
  const ada = { ...withPage(null, page(), 1), on: true, pace: { hours: 36, weekends: true, zone: 'UTC' } };

  it('one when a thread starts waiting on you, one when your deadline is 6 hours away, none twice', () => {
    const first = noticesDue(store(ada), {}, T + 60, { quiet: false });
    expect(first.notices.map((n) => [n.kind, n.since, n.due])).toEqual([['turn', 4, T + 36 * 3600]]);
    expect(noticesDue(store(ada), first.told, T + 120, { quiet: false }).notices).toEqual([]);
    const soon = noticesDue(store(ada), first.told, T + 30 * 3600 + 1, { quiet: false });
    expect(soon.notices.map((n) => n.kind)).toEqual(['soon']);
    expect(noticesDue(store(ada), soon.told, T + 31 * 3600, { quiet: false }).notices).toEqual([]);
    // A new wait (the GM's next post) is told again.
    const next = withPage(ada, page([{ number: 5, author: 'The GM', authorId: '1', time: T + 32 * 3600, editTime: null, you: false, role: 'GM' }]), 3);
    expect(noticesDue(store({ ...next, on: true }), soon.told, T + 32 * 3600 + 5, { quiet: false }).notices.map((n) => [n.kind, n.since])).toEqual([
      ['turn', 5],
    ]);
  });

  it('quiet hours: nothing told and nothing marked told; seeded: what waits now is never told', () => {
    const quiet = noticesDue(store(ada), {}, T + 60, { quiet: true });
    expect(quiet).toEqual({ notices: [], told: {} });
    const seeded = noticesDue(store(ada), {}, T + 60, { quiet: false, seed: true });
    expect(seeded.notices).toEqual([]);
    expect(noticesDue(store(ada), seeded.told, T + 90, { quiet: false }).notices).toEqual([]);
    expect([isQuiet({ from: 22 * 60, to: 8 * 60 }, 23 * 60), isQuiet({ from: 22 * 60, to: 8 * 60 }, 12 * 60), isQuiet({ from: 60, to: 120 }, 90)]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('the Turns view', () => {
  /** 50 followed threads: 10 waiting on you, 10 overdue, 20 waiting on others, 10 with nobody waited on. */
  function fifty(): FollowStore {
    const threads: Record<string, Followed> = {};
    for (let i = 0; i < 50; i++) {
      const key = `rpol.net/7/${100 + i}`;
      const extra =
        i < 10
          ? []
          : i < 40
            ? [{ number: 5, author: 'Ada', authorId: '2', time: T + 60, editTime: null, you: true, role: 'player' as const }]
            : [{ number: 5, author: 'Ada', authorId: '2', time: T + 60, editTime: null, you: true, role: 'player' as const }];
      const f = withPage(null, page(extra, key), 1);
      threads[key] = { ...f, on: true, title: `Thread ${i}`, pace: i >= 10 && i < 20 ? { hours: 1, weekends: true, zone: 'UTC' } : null };
      // The last ten: a game over, waiting on nobody.
      if (i >= 40) threads[key]!.game = { game: 'parlor', step: null, waits: [] };
    }
    return { version: 1, threads, you: {}, aside: {} };
  }

  it('groups 50 threads (waiting on you, overdue, you wait on, nobody), and renders them in well under a frame’s budget each', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const store = fifty();
    const started = performance.now();
    await act(() => render(h(TurnsList, { store, now: T + 7200, nudge: null }), root));
    const ms = performance.now() - started;
    const count = (g: string) => root.querySelectorAll(`section[data-group=${g}] li[data-thread]`).length;
    expect([count('you'), count('overdue'), count('others'), count('none')]).toEqual([10, 10, 20, 10]);
    expect(root.querySelector('section[data-group=others] [data-waits=Bram]')).not.toBeNull();
    console.log(`Turns view, 50 followed threads: first render ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(1000);
    render(null, root);
    root.remove();
  });

  it('a stranger’s title and names are text, never markup', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const evil = '<img src=x onerror="alert(1)">';
    const f = withPage(
      null,
      { ...page([{ number: 5, author: evil, authorId: null, time: T + 1, editTime: null, you: false, role: 'player' }]), title: evil },
      1,
    );
    const store: FollowStore = { version: 1, threads: { [f.key]: { ...f, on: true } }, you: {}, aside: {} };
    await act(() => render(h(TurnsList, { store, now: T + 60, nudge: null }), root));
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain(evil);
    render(null, root);
    root.remove();
  });
});

describe('the page’s report, as the background reads it', () => {
  it('junk is refused whole or post by post; what the page does not show reads as absent', async () => {
    const { turnsPage } = await import('../../entrypoints/shared/messages/turns');
    expect(turnsPage.ask(null)).toBeNull();
    expect(turnsPage.ask({ threadKey: 'k', forum: 'rpol' })).toBeNull();
    const r = turnsPage.ask({
      threadKey: 'rpol.net/7/9',
      forum: 'rpol',
      title: 7,
      posts: [
        [1, 'GM', null, 100, null, false, 'GM'],
        [2, 'Ada'],
        ['3', 'x'],
        [4, 'y'.repeat(500)],
        [5, 'Bram', { id: 1 }],
        [6, 'Cleo', '9', Number.NaN],
      ],
      tablePosts: [
        { post: 1, author: 'GM', text: 'x'.repeat(70_000) },
        { post: 2, author: 'Ada', text: 'ok' },
      ],
      rolls: [
        [1, 'Ada', 'speed'],
        [1, 'Ada'],
      ],
      duelists: [
        ['Ada', { faces: [1, 2], modifier: 0 }],
        ['Bram', { faces: 'x' }],
        ['Cleo', null],
        ['Dax', false],
      ],
    })!;
    expect(r.title).toBeNull();
    expect(r.posts.map((p) => p[0])).toEqual([1, 2]);
    expect(r.tablePosts.map((p) => p.post)).toEqual([2]);
    expect(r.rolls).toEqual([[1, 'Ada', 'speed']]);
    expect(r.duelists.map((d) => d[0])).toEqual(['Ada', 'Cleo', 'Dax']);
  });
});
