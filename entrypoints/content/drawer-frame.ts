/**
 * The drawer's frame (run in the extras): the panel page beside the thread. This page's opening
 * is registered with the background by a nonce, which is posted into the frame once it holds the
 * panel page (to the extension's origin alone: the page's scripts cannot read it); the first
 * panel document to show it claims the drawer for its frame, and only that document is answered.
 * Nothing in the page's DOM carries a capability: the frame has no `src` attribute (it is sent to
 * the panel page from inside), so the page cannot read the extension's address off it either.
 * Closed by a real Escape on the page, or from inside the panel.
 */
import { randomHex } from '../../lib/random';
import { browser } from 'wxt/browser';
import { t } from '../../components/locale';
import { OWN_UI_ATTRIBUTE } from '../../lib/reading/body';
import { DRAWER_NONCE, type drawerClose, type drawerOpen } from '../shared/messages/drawer';
import { checkOk } from '../shared/protocol';
import { send, tell } from '../shared/transport';
import { placeDrawerFrame } from './drawer-place';

/** Is the frame still on its first, empty document? (Chrome cannot read the panel's address from here; Firefox can.) */
const stillBlank = (frame: HTMLIFrameElement): boolean => {
  try {
    return frame.contentWindow?.location.href === 'about:blank';
  } catch {
    return false;
  }
};

/**
 * The panel page's origin. Chrome hands content scripts a dynamic address for it (a fresh id per
 * session, so that a page cannot guess it), but the document loads under the extension's id.
 */
const panelOrigin = (panel: URL): string =>
  panel.protocol === 'chrome-extension:' ? `chrome-extension://${browser.runtime.id}` : `${panel.protocol}//${panel.host}`;

/** Open the frame right after the drawer's button (`host`); `onClosed` when it is gone. */
export function openDrawer(host: HTMLElement, onClosed: () => void): { close(): void } {
  const frame = document.createElement('iframe');
  frame.setAttribute(OWN_UI_ATTRIBUTE, 'drawer-frame');
  frame.title = t('drawer.frame');
  let open = true;
  // Escape closes the drawer while focus is on the page (inside the frame, the panel asks for it);
  // a key the page's scripts made up is not the user's.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && e.isTrusted && !e.defaultPrevented) close();
  };
  // The page goes away (another page, a reload, the back-forward cache): so does its drawer.
  const onHide = () => close();
  // The button keeps its corner below the frame (its height and two margins), never over it.
  const unplace = placeDrawerFrame(frame, () => host.offsetHeight + 24);
  const close = () => {
    if (!open) return;
    open = false;
    document.removeEventListener('keydown', onKey);
    removeEventListener('pagehide', onHide);
    unplace();
    frame.remove();
    // Its registration ends with it.
    void tell<typeof drawerClose>('drawer-close', {});
    onClosed();
  };
  document.addEventListener('keydown', onKey);
  addEventListener('pagehide', onHide);
  // Right after the button in the tab order.
  host.after(frame);
  // (crypto.randomUUID needs a secure context; RPOL is also served over plain http.)
  const nonce = randomHex(16, (out) => crypto.getRandomValues(out));
  const panel = new URL((browser.runtime.getURL as (path: string) => string)('/sidepanel.html?embedded=1'));
  // Registered by the nonce handed to its frame (never where the page can read it). The panel page
  // is asked for at once, beside the registration, which it asks for only once it runs (a round
  // trip to the background that the opening waited for: 15 ms at 1×, 38 at 4×, issue 43).
  const registered = send<typeof drawerOpen>('drawer-open', { nonce }, checkOk);
  const onLoad = () => {
    // The frame's first load is its empty document, still readable from here: not the panel yet.
    if (!open || stillBlank(frame)) return;
    frame.removeEventListener('load', onLoad);
    void registered.then((r) => {
      if (!open) return;
      if (r?.ok !== true) return close();
      // To the panel page only (a page that sent the frame elsewhere gets nothing); then focus moves into it.
      frame.contentWindow?.postMessage({ [DRAWER_NONCE]: nonce }, panelOrigin(panel));
      frame.focus();
    });
  };
  frame.addEventListener('load', onLoad);
  // (A frame in the document has its window.)
  frame.contentWindow?.location.replace(panel.href);
  return { close };
}
