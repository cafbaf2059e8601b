/**
 * Where the games' private data (a Parlor ruler's secrets) is kept: the extension origin's
 * IndexedDB, which the panel, Options and the background share and no content script can reach (a
 * content script's IndexedDB is its page's). `storage.local` cannot be that store: the content
 * scripts read their page-start copy from it, and an extension cannot lock a key of it away from
 * them. Each key is one record; a change is told to this context's listeners and, through a
 * BroadcastChannel of the same origin, to the extension's other pages.
 *
 * The drawer's panel is a frame in a web page, where the browser may refuse or partition a third
 * party's storage (Chrome with third-party cookies blocked refuses it outright): there the area is
 * the background's, asked through messages (./private-remote.ts), so every page sees one store.
 */
import type { ChangeListener, ItemContext, StorageArea, StorageChanges } from './item';
import { browserContext } from './item';
import { keysOf, listenRemote, remoteArea } from './private-remote';

export const PRIVATE_DB = 'spark-scribe-private';
const STORE = 'items';
export const PRIVATE_AREA = 'private';

let opened: { factory: IDBFactory; db: Promise<IDBDatabase> } | null = null;

/** The database, opened once per factory (a test may put in a fresh one). Refused in a web page's origin. */
function database(): Promise<IDBDatabase> {
  const protocol = (globalThis as { location?: { protocol?: string } }).location?.protocol;
  if (protocol === 'http:' || protocol === 'https:') return Promise.reject(new Error('private data is kept only in Spark Scribe’s own pages'));
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) return Promise.reject(new Error('this browser context has no IndexedDB'));
  if (opened?.factory !== factory) {
    const db = new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(PRIVATE_DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    opened = { factory, db };
    db.catch(() => {
      if (opened?.db === db) opened = null;
    });
  }
  return opened.db;
}

/** One transaction over the store: `work` queues its requests; resolves once the transaction is done. */
async function transaction<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const result = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result());
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('the private store’s write was aborted'));
  });
}

const listeners = new Set<ChangeListener>();
// One channel for telling and hearing: a channel never hears its own messages, so this context's
// changes are told to its listeners once (directly), and the other pages' once (through it).
let channel: BroadcastChannel | null = null;

function ownChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel(PRIVATE_DB);
  return channel;
}

/** This origin's other pages' changes, heard once anyone listens. */
function listen(): void {
  const c = ownChannel();
  if (c && !c.onmessage) c.onmessage = (e: MessageEvent) => tellAll(e.data as StorageChanges);
}

function tellAll(changes: StorageChanges): void {
  for (const cb of [...listeners]) {
    try {
      cb(changes, PRIVATE_AREA);
    } catch {
      /* one listener's failure is its own */
    }
  }
}

function told(changes: StorageChanges): void {
  tellAll(changes);
  try {
    ownChannel()?.postMessage(changes);
  } catch {
    /* no other page to tell */
  }
}

/** The extension origin's own database, as a top-level page or the background opens it. */
export const directArea: StorageArea = {
  get: (keys) =>
    transaction('readonly', (store) => {
      if (keys === null) {
        const all = store.getAllKeys();
        const values = store.getAll();
        return () => Object.fromEntries(all.result.map((k, i) => [String(k), values.result[i]]));
      }
      const asked = keysOf(keys).map((k) => [k, store.get(k)] as const);
      return () => Object.fromEntries(asked.filter(([, r]) => r.result !== undefined).map(([k, r]) => [k, r.result]));
    }),
  async set(items) {
    await transaction('readwrite', (store) => {
      for (const [k, v] of Object.entries(items)) store.put(v, k);
      return () => undefined;
    });
    told(Object.fromEntries(Object.entries(items).map(([k, v]) => [k, { newValue: v }])));
  },
  async remove(keys) {
    await transaction('readwrite', (store) => {
      for (const k of keysOf(keys)) store.delete(k);
      return () => undefined;
    });
    told(Object.fromEntries(keysOf(keys).map((k) => [k, {}])));
  },
};

/** A frame inside another page (the drawer): its storage is the browser's to refuse, so the background's is used. */
const embedded = (): boolean => {
  const w = (globalThis as { window?: Window }).window;
  return !!w && w.top !== w;
};

/** The area of this context: the database itself, or in the drawer the background's. */
const area: StorageArea = {
  get: (keys) => (embedded() ? remoteArea : directArea).get(keys),
  set: (items) => (embedded() ? remoteArea : directArea).set(items),
  remove: (keys) => (embedded() ? remoteArea : directArea).remove(keys),
};

/** The private store as an item context: its own area and change events, the extension's locks. */
export const privateContext: ItemContext = {
  name: PRIVATE_AREA,
  area,
  changes: {
    addListener(cb) {
      if (embedded()) listenRemote(tellAll);
      else listen();
      listeners.add(cb);
    },
    removeListener: (cb) => void listeners.delete(cb),
  },
  locks: () => browserContext.locks(),
  queues: new Map(),
};
