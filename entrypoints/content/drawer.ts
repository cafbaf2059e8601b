/**
 * The in-page drawer: where no side panel is at hand, a button opens the same panel page in a
 * frame beside the thread. The button is the reader's; the frame comes with the extras, on the
 * first opening (most readers never open it).
 */
import type { PageDetection } from '../../lib/forums/forum';
import { createHost, shadowRootElement, type Theme } from './mount';
import { loadExtras } from './extras';
import { t } from '../../components/locale';

export function mountDrawer(theme: Theme, detection: PageDetection): { toggle(open?: boolean): void; remove(): void } {
  const { host, shadow } = createHost('drawer', {});
  host.style.cssText = 'all:initial;position:fixed;right:12px;bottom:12px;z-index:2147483000;';
  // First in the body: the drawer's button is an early Tab stop, not the last of hundreds.
  document.body.prepend(host);
  let frame: { close(): void } | null = null;
  let opening = false;
  let removed = false;
  const button = document.createElement('button');
  const draw = () => {
    button.setAttribute('aria-expanded', String(!!frame));
    button.textContent = `✦ Spark Scribe${frame ? ' ×' : ''}`;
  };
  const closed = () => {
    frame = null;
    draw();
    button.focus();
  };
  const open = () => {
    if (frame || opening) return;
    opening = true;
    void loadExtras()
      .then((x) => {
        if (!removed && !frame) frame = x.openDrawer(host, closed);
        draw();
      })
      .catch((e: unknown) => (button.title = e instanceof Error ? e.message : String(e)))
      .finally(() => (opening = false));
  };
  const toggle = (want?: boolean) => ((want ?? !frame) ? open() : frame?.close());
  button.type = 'button';
  button.className = 'btn primary';
  button.title = detection.reason ?? t('drawer.title');
  button.addEventListener('click', () => toggle());
  shadowRootElement(shadow, theme).appendChild(button);
  draw();
  return {
    toggle,
    remove() {
      removed = true;
      frame?.close();
      host.remove();
    },
  };
}
