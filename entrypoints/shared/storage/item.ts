/**
 * One stored thing under one key: read and written validated (zod), changed one change at a time
 * (`update`), and watched (`onChange`). Some keys are written from two contexts at once (the side
 * panel and the background both change the tables), so a change holds the key's Web Lock, shared
 * by every page of the extension's origin and its background, as well as this context's own queue
 * for the key; where a browser has no Web Locks the queue alone orders this context's changes.
 *
 * The storage, the locks and the queues come in an `ItemContext`: the browser's by default, and in
 * a test two contexts with their own queues can share one storage and one lock manager.
 */
import { browser } from 'wxt/browser';

export interface StorageArea {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export type StorageChanges = Record<string, { newValue?: unknown; oldValue?: unknown }>;
export type ChangeListener = (changes: StorageChanges, area: string) => void;

export interface ChangeEvents {
  addListener(cb: ChangeListener): void;
  removeListener(cb: ChangeListener): void;
}

/** What a change needs of the Web Locks API (`navigator.locks`): one holder of a name at a time. */
export interface LockRequester {
  request<T>(name: string, job: () => Promise<T>): Promise<T>;
}

export interface ItemContext {
  /** The area's name as its change events give it ('local' when absent); another area's keys lock apart from local's. */
  name?: string;
  area: StorageArea;
  changes: ChangeEvents;
  /** The lock manager, or null where there is none (then only this context's queue orders changes). */
  locks(): LockRequester | null;
  /** This context's last job per key: each new job on a key starts after it. */
  queues: Map<string, Promise<unknown>>;
}

/** The browser's local storage, read at each call (tests may replace its methods). */
export const browserContext: ItemContext = {
  area: {
    get: (keys) => browser.storage.local.get(keys as string[]) as Promise<Record<string, unknown>>,
    set: (items) => browser.storage.local.set(items),
    remove: (keys) => browser.storage.local.remove(keys as string[]),
  },
  changes: {
    addListener: (cb) => browser.storage.onChanged.addListener(cb as never),
    removeListener: (cb) => browser.storage.onChanged.removeListener(cb as never),
  },
  locks: () => (globalThis as { navigator?: { locks?: LockRequester } }).navigator?.locks ?? null,
  queues: new Map(),
};

const LOCK_PREFIX = 'spark-scribe:';

/** A lock the browser refused outright (not a job's own failure). */
const isDenied = (e: unknown): boolean => (e as { name?: unknown } | null)?.name === 'SecurityError';

/**
 * `job` run holding the Web Lock of each name, taken one after another in the order given. A
 * frame the browser keeps from its storage is refused every lock (the drawer's panel in a forum's
 * page, where third-party storage is blocked: Incognito, a privacy setting); there this context's
 * queue alone orders the change, rather than every save failing.
 */
function holding<T>(locks: LockRequester | null, names: readonly string[], job: () => Promise<T>): Promise<T> {
  const [first, ...rest] = names;
  if (!locks || first === undefined) return job();
  let granted = false;
  return locks
    .request(LOCK_PREFIX + first, () => {
      granted = true;
      return holding(locks, rest, job);
    })
    .catch((e: unknown) => {
      if (granted || !isDenied(e)) throw e;
      return job();
    });
}

/**
 * `job` after this context's earlier jobs on any of `keys`, holding every key's lock. Keys are
 * taken in sorted order, so two jobs on overlapping keys never wait for each other in a circle.
 * A job must not start another on a key it holds (it would wait for itself).
 */
export function inTurn<T>(context: ItemContext, keys: readonly string[], job: () => Promise<T>): Promise<T> {
  const names = [...new Set(keys)].sort();
  const before = Promise.all(names.map((k) => context.queues.get(k)));
  const space = context.name && context.name !== 'local' ? `${context.name}:` : '';
  const run = before.then(() =>
    holding(
      context.locks(),
      names.map((n) => space + n),
      job,
    ),
  );
  const settled = run.catch(() => {});
  for (const k of names) context.queues.set(k, settled);
  return run;
}

/** What a stored item's values are checked with: `parse` throws on a value that is not valid. */
export interface ItemSchema<T> {
  parse(value: unknown): T;
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface ItemOptions<T> {
  /** How a stored value is read, when more than the schema (entries kept aside, migrations). */
  load?: (raw: unknown) => T;
  context?: ItemContext;
}

export interface StoredItem<T> {
  readonly key: string;
  readonly context: ItemContext;
  /** The stored value; nothing stored, or junk, reads as the default. */
  read(): Promise<T>;
  /** Write a value (validated; in turn with this key's changes). Resolves to the value written. */
  write(value: T): Promise<T>;
  /** Read, change and write, in turn: no other change of this key (here or in another context) comes between. Resolves to the value written. */
  update(change: (current: T) => T | Promise<T>): Promise<T>;
  /** Called with the new value whenever this key changes (here or elsewhere); returns the unsubscribe. */
  onChange(cb: (value: T) => void): () => void;
  /** The value in a read of several keys at once. */
  from(all: Record<string, unknown>): T;
  /** The entry to write (validated), for a write of several keys at once. */
  entry(value: T): Record<string, unknown>;
}

/** One stored item under `key`: validated with `schema` on the way in and out, `fallback()` when nothing usable is stored. */
export function storedItem<T>(key: string, schema: ItemSchema<T>, fallback: () => T, options: ItemOptions<T> = {}): StoredItem<T> {
  const context = options.context ?? browserContext;
  const load =
    options.load ??
    ((raw: unknown) => {
      const r = raw === undefined ? null : schema.safeParse(raw);
      return r?.success ? r.data : fallback();
    });
  const from = (all: Record<string, unknown>) => load(all[key]);
  const entry = (value: T) => ({ [key]: schema.parse(value) });
  const read = async () => from(await context.area.get(key));
  const save = async (value: T) => {
    const valid = entry(value);
    await context.area.set(valid);
    return valid[key] as T;
  };
  return {
    key,
    context,
    read,
    from,
    entry,
    write: (value) => inTurn(context, [key], () => save(value)),
    update: (change) => inTurn(context, [key], async () => save(await change(await read()))),
    onChange(cb) {
      const listener: ChangeListener = (changes, area) => {
        if (area === (context.name ?? 'local') && key in changes) cb(load(changes[key]!.newValue));
      };
      context.changes.addListener(listener);
      return () => context.changes.removeListener(listener);
    },
  };
}
