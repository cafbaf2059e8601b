/**
 * The private area (../storage/private-area.ts) asked of the background by the drawer's panel: a
 * frame in a web page may be refused the extension origin's IndexedDB (where the browser blocks or
 * partitions a third party's storage), so it reads and writes through the background, which keeps
 * the one store. Answered to the extension's own pages only: a content script is never answered.
 */
import { isRecord, isText, type Message } from '../protocol';

const MAX_KEYS = 100;
const isKey = (k: unknown): k is string => isText(k, 200);
const keyList = (x: unknown): string[] | null => (Array.isArray(x) && x.length <= MAX_KEYS && x.every(isKey) ? x : null);
const itemsOf = (x: unknown): Record<string, unknown> | null => (isRecord(x) && Object.keys(x).length <= MAX_KEYS ? x : null);

export type PrivateAsk = { op: 'get'; keys: string[] | null } | { op: 'set'; items: Record<string, unknown> } | { op: 'remove'; keys: string[] };

function checkAsk(m: unknown): PrivateAsk | null {
  if (!isRecord(m)) return null;
  if (m.op === 'get') return m.keys === null ? { op: 'get', keys: null } : keyList(m.keys) && { op: 'get', keys: keyList(m.keys)! };
  if (m.op === 'set') return itemsOf(m.items) && { op: 'set', items: itemsOf(m.items)! };
  if (m.op === 'remove') return keyList(m.keys) && { op: 'remove', keys: keyList(m.keys)! };
  return null;
}

export type PrivateAnswer = { ok: true; values: Record<string, unknown> } | { ok: false };

export const privateArea = {
  type: 'private-area',
  ask: checkAsk,
  answer: (x: unknown): PrivateAnswer | null =>
    isRecord(x) && x.ok === true && isRecord(x.values) ? { ok: true, values: x.values } : isRecord(x) && x.ok === false ? { ok: false } : null,
} as const satisfies Message;

/** From the background to the extension's pages (never a content script): these private keys changed; read them again. */
export const PRIVATE_CHANGED = 'private-changed';
export const privateChanged = (x: unknown): string[] | null => (isRecord(x) && x.type === PRIVATE_CHANGED ? keyList(x.keys) : null);
