/**
 * The in-page drawer: where no side panel is at hand, a button opens the same panel page in a
 * frame beside the thread.
 */
import { browser } from 'wxt/browser';
import type { PageDetection } from '../../lib/forums/forum';
import { OWN_UI_ATTRIBUTE } from '../../lib/reading/body';
import { createHost, shadowRootElement, type Theme } from './mount';
import { registerDrawerToken } from '../shared/messages';
import { t } from '../../components/locale';

export function mountDrawer(theme: Theme, detection: PageDetection): { toggle(open?: boolean): void; remove(): void } {
  const { host, shadow } = createHost('drawer', {});
  host.style.cssText = 'all:initial;position:fixed;right:12px;bottom:12px;z-index:2147483000;';
  // First in the body: the drawer's button is an early Tab stop, not the last of hundreds.
  document.body.prepend(host);
  let frame: HTMLIFrameElement | null = null;
  const close = () => {
    if (!frame) return;
    frame.remove();
    frame = null;
    draw();
    button.focus();
  };
  const open = () => {
    if (frame) return;
    frame = document.createElement('iframe');
    frame.setAttribute(OWN_UI_ATTRIBUTE, 'drawer-frame');
    frame.title = t('drawer.frame');
    // A fresh token per opening: the background lets only a frame holding it reach this tab.
    // (crypto.randomUUID needs a secure context; RPOL is also served over plain http.)
    const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
    const opened = frame;
    void registerDrawerToken(token).then(() => {
      if (frame !== opened) return;
      // Focus moves into the panel once it has loaded.
      opened.addEventListener('load', () => frame === opened && opened.focus(), { once: true });
      opened.src = `${(browser.runtime.getURL as (path: string) => string)('/sidepanel.html')}?embedded=1#t=${token}`;
    });
    frame.style.cssText =
      'all:initial;position:fixed;top:0;right:0;width:min(420px,100vw);height:100vh;border:0;border-left:1px solid #999;z-index:2147482999;background:#fff;box-shadow:-6px 0 24px rgba(0,0,0,.2);';
    // Right after the button in the tab order.
    host.after(frame);
    draw();
  };
  const toggle = (want?: boolean) => ((want ?? !frame) ? open() : close());
  // Escape closes the drawer while focus is on the page (inside the frame, the panel asks for it).
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && frame && !e.defaultPrevented) close();
  };
  document.addEventListener('keydown', onKey);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn primary';
  button.title = detection.reason ?? t('drawer.title');
  button.addEventListener('click', () => toggle());
  shadowRootElement(shadow, theme).appendChild(button);
  const draw = () => {
    button.setAttribute('aria-expanded', String(!!frame));
    button.textContent = `✦ Spark Scribe${frame ? ' ×' : ''}`;
  };
  draw();
  return {
    toggle,
    remove() {
      document.removeEventListener('keydown', onKey);
      frame?.remove();
      host.remove();
    },
  };
}
