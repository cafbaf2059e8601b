/** The private area for the drawer's panel (../../shared/messages/private.ts): the extension's own pages only. */
import { privateArea } from '../../shared/messages/private';
import type { StorageArea } from '../../shared/storage/item';
import type { HandlersOf } from './handler';

export function privateHandlers(area: StorageArea, extensionOrigin: string): HandlersOf<typeof privateArea> {
  return {
    // A content script's sender is its page's address: only a page of the extension's origin is answered.
    async [privateArea.type](m, sender) {
      if (!sender.url?.startsWith(`${extensionOrigin}/`)) return { ok: false };
      try {
        if (m.op === 'get') return { ok: true, values: await area.get(m.keys) };
        if (m.op === 'set') await area.set(m.items);
        else await area.remove(m.keys);
        return { ok: true, values: {} };
      } catch {
        return { ok: false };
      }
    },
  };
}
