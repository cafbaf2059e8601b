// @vitest-environment happy-dom
// Parlor Magic's Table in the panel, without a browser: on a later page of a thread whose first
// game was committed, played and revealed on its earlier pages, "Insert my commitment" never offers
// a secret whose commitment is anywhere in the thread, nor one inserted before; inserting marks it.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Panel } from '../../components/panel/Panel';
import { parlorCommit } from '../../lib/games/parlor/hidden';
import { postRecords } from '../../lib/games/parlor/reading';
import { markSecretPosted, mergeParlorSecrets, type ParlorSecrets, PARLOR_STORED, pendingSecret, seenRecords } from '../../lib/games/parlor/stored';
import { readStored } from '../../lib/games/game';
import type { ParlorTable } from '../../lib/settings/tables';
import type { PrivateStore } from '../../lib/games/game';
import type { PageSummary, TablePost } from '../../lib/view';
import { fakeSource, SUMMARY, settle } from './panel-fake';
import { honestGame, NAMES, reveal, SECRETS } from './parlor-play';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
});

const THREAD = 'rpol.net/7/9';
/** Game 1, committed on page 1 and revealed by both on page 3: the whole thread, as the panel is handed it from any page. */
const game1 = reveal(reveal(honestGame(1), 'A'), 'B');
const tablePosts: TablePost[] = game1.map(({ number, ...p }) => ({ ...p, post: number }));
const inThread = new Set(game1.flatMap((p) => postRecords(p.text).records.flatMap((r) => ('commit' in r ? [r.commit] : []))));

/** The secrets' store as the panel's host keeps it: game 1's secret (kept before secrets were marked), one inserted and never sent, one from a backup. */
function vault() {
  let value: ParlorSecrets = {
    version: 1,
    secrets: {
      [parlorCommit(SECRETS.A)]: { secret: SECRETS.A, thread: THREAD, createdAt: 1 },
      [parlorCommit('inserted-never-sent')]: { secret: 'inserted-never-sent', thread: THREAD, createdAt: 50, posted: 51 },
      [parlorCommit('from-a-backup')]: { secret: 'from-a-backup', thread: THREAD, createdAt: 60, imported: true },
    },
    aside: {},
  };
  return {
    get: () => value,
    loadPrivate: async <T>(_store: PrivateStore<T>) => value as unknown as T,
    updatePrivate: async <T>(_store: PrivateStore<T>, change: (live: T) => T) => {
      value = change(value as unknown as T) as unknown as ParlorSecrets;
      return value as unknown as T;
    },
  };
}

const button = (name: RegExp) => [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement | undefined;
const click = (b: HTMLButtonElement) => act(() => void b.dispatchEvent(new MouseEvent('click', { bubbles: true })));
const commitmentOf = (text: string) => /commitment: ([0-9a-f]{64})/.exec(text)?.[1] ?? '';

describe('Parlor’s commitment on a later page of the thread', () => {
  it('offers a fresh secret: none whose commitment is in the thread, none inserted before, none from a file; inserting marks it posted', async () => {
    const store = vault();
    const inserted: string[] = [];
    let pageChanged = () => {};
    const summary = { ...SUMMARY, url: `https://rpol.net/game.cgi?gi=7&ti=9&page=3`, viewer: NAMES.A, tablePosts } as PageSummary;
    const source = fakeSource({
      summary: async () => ({ ...summary, tablePosts: [...summary.tablePosts] }),
      loadPrivate: store.loadPrivate,
      updatePrivate: store.updatePrivate,
      insert: async (text) => {
        inserted.push(text);
        return { ok: true };
      },
      onPageChange: (cb) => {
        pageChanged = cb;
        return () => {};
      },
    });
    render(h(Panel, { source, initialTab: 'table' }), root);
    await settle();
    // Game 1 is Ana's and over: nothing to commit until she starts a new game.
    expect(button(/Insert my commitment/)).toBeUndefined();
    await click(button(/Start a new game in this thread/)!);
    await settle();
    const offer = button(/Insert my commitment/)!;
    expect(offer).toBeDefined();
    await click(offer);
    await settle();
    expect(inserted).toHaveLength(1);
    const first = commitmentOf(inserted[0]!);
    const known = [SECRETS.A, 'inserted-never-sent', 'from-a-backup'].map(parlorCommit);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(inThread.has(first)).toBe(false);
    expect(known).not.toContain(first);
    // It is a secret made and kept here for this thread, marked posted as it was inserted.
    expect(store.get().secrets[first]).toMatchObject({ thread: THREAD, posted: expect.any(Number) });
    expect(store.get().secrets[first]!.imported).toBeUndefined();
    expect(root.querySelector('[data-testid=parlor-committed]')?.textContent).toMatch(/never offered again/);
    expect(button(/Insert my commitment/)).toBeUndefined();

    // The page read again without that post sent: a commitment is offered again, with yet another fresh secret.
    await act(() => pageChanged());
    await settle();
    await click(button(/Insert my commitment/)!);
    await settle();
    const second = commitmentOf(inserted[1]!);
    expect([...known, first, ...inThread]).not.toContain(second);
    expect(store.get().secrets[second]?.posted).toEqual(expect.any(Number));
  });

  it('a secret whose mark cannot be saved is not inserted, and the reason is said', async () => {
    const store = vault();
    const inserted: string[] = [];
    const summary = { ...SUMMARY, viewer: NAMES.B, tablePosts: tablePosts.slice(0, 1) } as PageSummary;
    let fail = false;
    const source = fakeSource({
      summary: async () => summary,
      loadPrivate: store.loadPrivate,
      updatePrivate: async (s, change) => {
        if (fail) throw new Error('QUOTA_BYTES quota exceeded');
        return store.updatePrivate(s, change);
      },
      insert: async (text) => {
        inserted.push(text);
        return { ok: true };
      },
    });
    render(h(Panel, { source, initialTab: 'table' }), root);
    await settle();
    fail = true;
    await click(button(/Insert my commitment/)!);
    await settle();
    expect(inserted).toEqual([]);
    expect(root.textContent).toMatch(/The commitment was not inserted: its secret could not be marked posted \(QUOTA_BYTES quota exceeded\)/);
  });
});

describe('what this reader saw, kept in the thread’s table', () => {
  it('the records of every post are kept as first seen; a commitment edited since is red in this reader’s checks', async () => {
    let posts = tablePosts;
    let pageChanged = () => {};
    const source = fakeSource({
      summary: async () => ({ ...SUMMARY, viewer: NAMES.B, tablePosts: posts }) as PageSummary,
      onPageChange: (cb) => {
        pageChanged = cb;
        return () => {};
      },
    });
    render(h(Panel, { source, initialTab: 'table' }), root);
    await settle();
    const kept = source.tables.get(THREAD) as ParlorTable;
    expect(kept.seen?.['1']).toEqual([`commit:${parlorCommit(SECRETS.A)}`, expect.stringMatching(/^nonce:[0-9a-f]{16}$/)]);
    expect(Object.keys(kept.seen ?? {}).length).toBe(game1.filter((p) => /nonce|seal/.test(p.text)).length);
    // Ana's commitment rewritten in place (the page shows no edit): this reader saw the first one.
    posts = tablePosts.map((p) => (p.post === 1 ? { ...p, text: p.text.replace(/commitment: [0-9a-f]{64}/, `commitment: ${parlorCommit('rewritten')}`) } : p));
    await act(() => pageChanged());
    await settle();
    const check = root.querySelector('[data-testid=parlor-checks] [data-post="1"]');
    expect(check?.getAttribute('data-verdict')).toBe('mismatch');
    expect(check?.textContent).toMatch(/This post showed commitment: [0-9a-f]{16}… when it was first read here/);
    // What was first seen stays.
    expect((source.tables.get(THREAD) as ParlorTable).seen?.['1']).toEqual(kept.seen?.['1']);
  });

  it('the stored shapes: `seen` optional in version 3, the nonces an earlier build kept still read; a posted mark survives a merge', () => {
    const old = { game: 'parlor', nonces: { '3': '0123456789abcdef' }, updatedAt: 1 };
    expect(readStored(PARLOR_STORED, old, 3)).toEqual(old);
    const withSeen = { ...old, seen: { '1': [`commit:${'a'.repeat(64)}`, 'nonce:fedcba9876543210'] } };
    expect(readStored(PARLOR_STORED, withSeen, 3)).toEqual(withSeen);
    expect(seenRecords(withSeen as ParlorTable)).toEqual({ 1: [`commit:${'a'.repeat(64)}`, 'nonce:fedcba9876543210'], 3: ['nonce:0123456789abcdef'] });
    expect(readStored(PARLOR_STORED, { ...old, seen: { '1': ['commit:not-hex'] } }, 3)).toBeNull();
    const live: ParlorSecrets = { version: 1, secrets: { [parlorCommit('s')]: { secret: 's', thread: THREAD, createdAt: 1 } }, aside: {} };
    expect(pendingSecret(live, THREAD, new Set())).toBe('s');
    const marked = markSecretPosted(live, parlorCommit('s'), 9);
    expect(pendingSecret(marked, THREAD, new Set())).toBeNull();
    expect(markSecretPosted(marked, parlorCommit('s'), 10)).toBe(marked);
    // A file that knows the secret was posted marks the live entry; one that does not leaves the mark.
    expect(mergeParlorSecrets(live, marked.secrets, true).secrets[parlorCommit('s')]).toEqual({ secret: 's', thread: THREAD, createdAt: 1, posted: 9 });
    expect(mergeParlorSecrets(marked, live.secrets, true).secrets[parlorCommit('s')]?.posted).toBe(9);
  });
});
