/**
 * The in-page drawer: where no side panel is at hand, a button opens the same panel page in a
 * frame beside the thread. The button is the reader's; the frame comes with the extras, on the
 * first opening (most readers never open it).
 */
import type { PageDetection } from '../../lib/forums/forum';
import { createHost, shadowRootElement, type Theme } from './mount';
import { loadExtras } from './extras';
import type { half } from './features/drawer.extras';
import { t } from '../../components/locale';
import { BAR, followViewport, isNarrow, place, visualBox } from './drawer-place';
import { errorText } from '../../lib/errors';

/** The button's corner margin, and its least size as the eye sees it (a finger's target). */
const MARGIN = 12;
const TARGET = 44;

export function mountDrawer(theme: Theme, detection: PageDetection): { toggle(open?: boolean): void; remove(): void } {
  const { host, shadow } = createHost('drawer', {});
  host.style.cssText = 'all:initial;display:block;position:fixed;right:12px;bottom:12px;z-index:2147483000;';
  // First in the body: the drawer's button is an early Tab stop, not the last of hundreds.
  document.body.prepend(host);
  let frame: { close(): void } | null = null;
  let opening = false;
  let removed = false;
  const button = document.createElement('button');
  // On the visual viewport: the button in its corner; over a full-screen drawer (narrow screens),
  // a bar across the top holding the button, which then says it closes.
  let narrow = false;
  const bar = theme === 'dark' ? '#1e2026' : '#fff';
  const placeHost = () => {
    const box = visualBox();
    narrow = isNarrow(box);
    const asBar = narrow && !!frame;
    host.style.setProperty('display', asBar ? 'flex' : 'block', 'important');
    host.style.setProperty('justify-content', 'flex-end', 'important');
    host.style.setProperty('align-items', 'center', 'important');
    host.style.setProperty('box-sizing', 'border-box', 'important');
    host.style.setProperty('padding', asBar ? '0 6px' : '0', 'important');
    host.style.setProperty('background', asBar ? bar : 'transparent', 'important');
    host.style.setProperty('border-bottom', asBar ? '1px solid #999' : '0', 'important');
    if (asBar) place(host, box, 0, 0, box.width, BAR);
    else {
      host.style.removeProperty('width');
      host.style.removeProperty('height');
      place(host, box, box.width - host.offsetWidth - MARGIN, box.height - host.offsetHeight - MARGIN, null, null);
    }
  };
  const draw = () => {
    button.setAttribute('aria-expanded', String(!!frame));
    const closes = !!frame && isNarrow();
    button.textContent = closes ? `✕ ${t('drawer.close')}` : `✦ Spark Scribe${frame ? ' ×' : ''}`;
    placeHost();
  };
  const closed = () => {
    frame = null;
    draw();
    button.focus();
  };
  const open = () => {
    if (frame || opening) return;
    opening = true;
    void loadExtras<typeof half>()
      .then((x) => {
        if (!removed && !frame) frame = x.openDrawer(host, closed);
        draw();
      })
      .catch((e: unknown) => (button.title = errorText(e)))
      .finally(() => (opening = false));
  };
  const toggle = (want?: boolean) => ((want ?? !frame) ? open() : frame?.close());
  button.type = 'button';
  button.className = 'btn primary';
  // A finger's target, with text that stays legible.
  button.style.cssText = `min-width:${TARGET}px;min-height:${TARGET}px;font-size:14px;`;
  button.title = detection.reason ?? t('drawer.title');
  button.addEventListener('click', () => toggle());
  shadowRootElement(shadow, theme).appendChild(button);
  draw();
  const unfollow = followViewport(() => (isNarrow() !== narrow ? draw() : placeHost()));
  return {
    toggle,
    remove() {
      removed = true;
      unfollow();
      frame?.close();
      host.remove();
    },
  };
}
