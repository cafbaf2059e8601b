/**
 * The drawer's frame (run in the extras): the panel page beside the thread, reachable from this
 * tab only through a fresh token, closed by Escape on the page or from inside the panel.
 */
import { browser } from 'wxt/browser';
import { t } from '../../components/locale';
import { OWN_UI_ATTRIBUTE } from '../../lib/reading/body';
import { registerDrawerToken } from '../shared/messages';

/** Open the frame right after the drawer's button (`host`); `onClosed` when it is gone. */
export function openDrawer(host: HTMLElement, onClosed: () => void): { close(): void } {
  const frame = document.createElement('iframe');
  frame.setAttribute(OWN_UI_ATTRIBUTE, 'drawer-frame');
  frame.title = t('drawer.frame');
  frame.style.cssText =
    'all:initial;position:fixed;top:0;right:0;width:min(420px,100vw);height:100vh;border:0;border-left:1px solid #999;z-index:2147482999;background:#fff;box-shadow:-6px 0 24px rgba(0,0,0,.2);';
  let open = true;
  // Escape closes the drawer while focus is on the page (inside the frame, the panel asks for it).
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) close();
  };
  const close = () => {
    if (!open) return;
    open = false;
    document.removeEventListener('keydown', onKey);
    frame.remove();
    onClosed();
  };
  document.addEventListener('keydown', onKey);
  // A fresh token per opening: the background lets only a frame holding it reach this tab.
  // (crypto.randomUUID needs a secure context; RPOL is also served over plain http.)
  const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
  void registerDrawerToken(token).then(() => {
    if (!open) return;
    // Focus moves into the panel once it has loaded.
    frame.addEventListener('load', () => open && frame.focus(), { once: true });
    frame.src = `${(browser.runtime.getURL as (path: string) => string)('/sidepanel.html')}?embedded=1#t=${token}`;
  });
  // Right after the button in the tab order.
  host.after(frame);
  return { close };
}
