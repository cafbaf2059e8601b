// The private area (entrypoints/shared/storage/private-area.ts) keeps its data in the extension
// origin's IndexedDB: a fresh in-memory one for each test, as WXT's fake browser resets storage.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';

beforeEach(() => {
  (globalThis as { indexedDB?: IDBFactory }).indexedDB = new IDBFactory();
});
