/**
 * The private area as the drawer's panel reaches it: through the background (../messages/private.ts),
 * which answers the extension's own pages only. A change made anywhere is told back by the
 * background as its keys alone (../../background/private-changes.ts); this frame reads them again.
 */
import { browser } from 'wxt/browser';
import { type PrivateAsk, privateArea, privateChanged } from '../messages/private';
import { send } from '../transport';
import type { StorageArea, StorageChanges } from './item';

export const keysOf = (keys: string | string[]): string[] => (Array.isArray(keys) ? keys : [keys]);

async function ask(request: PrivateAsk): Promise<Record<string, unknown>> {
  const answer = await send<typeof privateArea>(privateArea.type, request, privateArea.answer);
  if (!answer?.ok) throw new Error('the background did not answer for the private area');
  return answer.values;
}

export const remoteArea: StorageArea = {
  get: (keys) => ask({ op: 'get', keys: keys === null ? null : keysOf(keys) }),
  set: async (items) => void (await ask({ op: 'set', items })),
  remove: async (keys) => void (await ask({ op: 'remove', keys: keysOf(keys) })),
};

let listening = false;

/** Hear the background's word of changed keys, once, and tell `tell` their new values. */
export function listenRemote(tell: (changes: StorageChanges) => void): void {
  if (listening) return;
  listening = true;
  browser.runtime.onMessage.addListener((message: unknown) => {
    const keys = privateChanged(message);
    if (!keys?.length) return undefined;
    void remoteArea.get(keys).then(
      (values) => tell(Object.fromEntries(keys.map((k) => [k, { newValue: values[k] }]))),
      () => {},
    );
    return undefined;
  });
}
