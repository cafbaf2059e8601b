// One stored item (entrypoints/shared/storage/item.ts): read, write, a change in turn, change
// events, junk read as the default, a failed write refused; and the tables key written from two
// contexts at once (the side panel and the background, each with its own module state and queue,
// one storage and one lock manager between them), with nothing lost.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { countParlorSecrets, readParlorSecrets, saveParlorSecret } from '../../entrypoints/shared/storage';
import { type ChangeListener, type ItemContext, inTurn, type LockRequester, storedItem } from '../../entrypoints/shared/storage/item';
import { TablesStore } from '../../entrypoints/shared/storage/tables';

/** A moment of 0 to 2 ms: storage answers later than asked, and not always in the order asked. */
const moment = () => new Promise<void>((ok) => setTimeout(ok, Math.floor(Math.random() * 3)));

/** A storage area as a browser's behaves: every call answers after a moment, values copied in and out, a change event after each write. */
function fakeStorage() {
  const data = new Map<string, unknown>();
  const listeners = new Set<ChangeListener>();
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    data,
    area: {
      async get(keys: string | string[] | null) {
        await moment();
        const names = keys === null ? [...data.keys()] : typeof keys === 'string' ? [keys] : keys;
        return Object.fromEntries(names.filter((k) => data.has(k)).map((k) => [k, copy(data.get(k))]));
      },
      async set(items: Record<string, unknown>) {
        await moment();
        const changes = Object.fromEntries(Object.entries(items).map(([k, v]) => [k, { oldValue: copy(data.get(k)), newValue: copy(v) }]));
        for (const [k, v] of Object.entries(items)) data.set(k, copy(v));
        for (const cb of listeners) cb(changes, 'local');
      },
      async remove(keys: string | string[]) {
        await moment();
        for (const k of typeof keys === 'string' ? [keys] : keys) data.delete(k);
      },
    },
    changes: { addListener: (cb: ChangeListener) => listeners.add(cb), removeListener: (cb: ChangeListener) => listeners.delete(cb) },
  };
}

/** One lock manager for every context, as `navigator.locks` is for an extension's pages and its background: a name held by one job at a time, granted in the order asked, a moment later. */
function fakeLocks(): LockRequester {
  const last = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, job: () => Promise<T>): Promise<T> {
      const run = (last.get(name) ?? Promise.resolve()).then(moment).then(job);
      last.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

/** A context of its own (its own queues, as a separate page or worker has) over a shared storage and lock manager. */
function contextOver(storage: ReturnType<typeof fakeStorage>, locks: LockRequester | null): ItemContext {
  return { area: storage.area, changes: storage.changes, locks: () => locks, queues: new Map() };
}

const Count = z.object({ n: z.int() });

describe('a stored item', () => {
  it('reads the default, writes and reads back, and changes in turn (no change lost)', async () => {
    const storage = fakeStorage();
    const item = storedItem('count', Count, () => ({ n: 0 }), { context: contextOver(storage, null) });
    expect(await item.read()).toEqual({ n: 0 });
    expect(await item.write({ n: 5 })).toEqual({ n: 5 });
    expect(await item.read()).toEqual({ n: 5 });
    await Promise.all(Array.from({ length: 50 }, () => item.update((c) => ({ n: c.n + 1 }))));
    expect(await item.read()).toEqual({ n: 55 });
  });

  it('reads junk as the default, and refuses to write what is not valid', async () => {
    const storage = fakeStorage();
    const item = storedItem('count', Count, () => ({ n: 0 }), { context: contextOver(storage, null) });
    for (const junk of ['x', 42, null, { n: 'seven' }, [1]]) {
      storage.data.set('count', junk);
      expect(await item.read()).toEqual({ n: 0 });
    }
    await expect(item.write({ n: 1.5 })).rejects.toThrow();
    expect(storage.data.get('count')).toEqual([1]);
  });

  it('a failed write rejects, and the changes after it still run', async () => {
    const storage = fakeStorage();
    const context = contextOver(storage, fakeLocks());
    const item = storedItem('count', Count, () => ({ n: 0 }), { context });
    const set = storage.area.set;
    storage.area.set = async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    };
    await expect(item.update((c) => ({ n: c.n + 1 }))).rejects.toThrow(/QUOTA_BYTES/);
    storage.area.set = set;
    expect(await item.update((c) => ({ n: c.n + 1 }))).toEqual({ n: 1 });
  });

  it('where the browser refuses every lock (a frame kept from its storage), changes still run in turn; a change that fails still fails', async () => {
    const storage = fakeStorage();
    const denied: LockRequester = {
      request: () => Promise.reject(Object.assign(new Error('The request was denied.'), { name: 'SecurityError' })),
    };
    const item = storedItem('count', Count, () => ({ n: 0 }), { context: contextOver(storage, denied) });
    await Promise.all(Array.from({ length: 20 }, () => item.update((c) => ({ n: c.n + 1 }))));
    expect(await item.read()).toEqual({ n: 20 });
    await expect(
      item.update(() => {
        throw new Error('a change of its own that fails');
      }),
    ).rejects.toThrow(/of its own/);
    // Any other refusal of the lock is not taken for a denial.
    const broken: LockRequester = { request: () => Promise.reject(new Error('lock manager gone')) };
    const other = storedItem('count', Count, () => ({ n: 0 }), { context: contextOver(storage, broken) });
    await expect(other.update((c) => ({ n: c.n + 1 }))).rejects.toThrow(/gone/);
  });

  it('tells each change, made here or elsewhere, until unsubscribed', async () => {
    const storage = fakeStorage();
    const item = storedItem('count', Count, () => ({ n: 0 }), { context: contextOver(storage, null) });
    const other = storedItem('count', Count, () => ({ n: 0 }), { context: contextOver(storage, null) });
    const seen: number[] = [];
    const stop = item.onChange((v) => seen.push(v.n));
    await item.write({ n: 1 });
    await other.write({ n: 2 });
    storage.data.set('count', 'junk');
    await storage.area.set({ count: 'junk', unrelated: 1 });
    stop();
    await other.write({ n: 3 });
    expect(seen).toEqual([1, 2, 0]);
  });

  it('jobs on several keys wait for each key and never for each other in a circle', async () => {
    const storage = fakeStorage();
    const context = contextOver(storage, fakeLocks());
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(`${name} in`);
      await moment();
      order.push(`${name} out`);
    };
    await Promise.all([inTurn(context, ['a', 'b'], job('ab')), inTurn(context, ['b', 'a'], job('ba')), inTurn(context, ['b'], job('b'))]);
    expect(order).toEqual(['ab in', 'ab out', 'ba in', 'ba out', 'b in', 'b out']);
  });
});

describe('the tables key written by the panel and the background at once', () => {
  const THREADS = 200;
  /** The panel saves 200 threads' tables while the background keeps 200 page sheets, interleaved, each side its own store and queue. */
  async function bothAtOnce(locks: LockRequester | null) {
    const storage = fakeStorage();
    const panel = new TablesStore(contextOver(storage, locks));
    const background = new TablesStore(contextOver(storage, locks));
    const writes: Promise<void>[] = [];
    for (let i = 0; i < THREADS; i++) {
      writes.push(panel.writeTable(`rpol.net/1/${i}`, { game: 'parlor', nonces: {}, updatedAt: i }));
      writes.push(background.writePageSheet(String(1000 + i), `Hero ${i}`, `Name: Hero ${i}`));
    }
    await Promise.all(writes);
    const tables = await new TablesStore(contextOver(storage, locks)).tables.read();
    return { threads: Object.keys(tables.tables).length, sheets: Object.keys(tables.pageSheets).length };
  }

  it('loses nothing: every thread’s table and every page sheet is kept', async () => {
    expect(await bothAtOnce(fakeLocks())).toEqual({ threads: THREADS, sheets: THREADS });
  });

  it('without a lock shared between the two, each side’s queue alone loses the other’s writes', async () => {
    const kept = await bothAtOnce(null);
    expect(kept.threads + kept.sheets).toBeLessThan(2 * THREADS);
  });
});

describe('a game’s private data, read back after each change', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
  });

  /** Every object's keys in order, as Chrome's storage hands values back (not in the order written). */
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;

  it('is kept when the browser hands it back with its keys in another order', async () => {
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(async (keys) => sorted(await get(keys as never)) as never);
    await saveParlorSecret('one', 'rpol.net/1/1');
    await saveParlorSecret('two', 'rpol.net/1/2');
    expect(await countParlorSecrets()).toBe(2);
    expect(
      Object.values((await readParlorSecrets()).secrets)
        .map((e) => e.secret)
        .sort(),
    ).toEqual(['one', 'two']);
  });
});
