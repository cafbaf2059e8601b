/**
 * Word of the private area's changes to the extension's pages (the drawer's panel reads that area
 * through here, ../shared/storage/private-remote.ts, and hears no BroadcastChannel of the top-level
 * pages): the changed keys alone, never a value. `runtime.sendMessage` from the background reaches
 * the extension's pages only, no content script.
 */
import { browser } from 'wxt/browser';
import { PRIVATE_CHANGED } from '../shared/messages/private';
import { privateContext } from '../shared/storage/private-area';

export function tellPrivateChanges(): void {
  privateContext.changes.addListener((changes) => {
    const keys = Object.keys(changes);
    if (keys.length) browser.runtime.sendMessage({ type: PRIVATE_CHANGED, keys }).catch(() => {}); // no page open to tell
  });
}
