/**
 * The in-page drawer: where no side panel is at hand, a button opens the same panel page in a
 * frame beside the thread. The button is the reader's; the frame comes with the extras, on the
 * first opening (most readers never open it).
 */
import type { PageDetection } from '../../lib/forums/forum';
import { createHost, shadowRootElement, type Theme } from './mount';
import { loadExtras, prepareExtras } from './extras';
import type { half } from './features/drawer.extras';
import { t } from '../../components/locale';
import { BAR, followViewport, isNarrow, place, visualBox } from './drawer-place';
import { errorText } from '../../lib/errors';

/** The button's corner margin (its least size, 44 px as the eye sees it, is a finger's target). */
const MARGIN = 12;

export function mountDrawer(theme: Theme, detection: PageDetection): { toggle(open?: boolean): void; remove(): void } {
  const { host, shadow } = createHost('drawer', {});
  host.style.cssText = 'all:initial;display:block;position:fixed;right:12px;bottom:12px;z-index:2147483000;';
  // First in the body: the drawer's button is an early Tab stop, not the last of hundreds.
  document.body.prepend(host);
  let frame: { close(): void } | null = null;
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
  // A second click while the extras load makes no second frame: whichever comes first makes it.
  const open = () =>
    void loadExtras<typeof half>()
      .then((x) => {
        if (!removed && !frame) frame = x.openDrawer(host, closed);
        draw();
      })
      .catch((e: unknown) => (button.title = errorText(e)));
  const toggle = (want?: boolean) => ((want ?? !frame) ? open() : frame?.close());
  button.type = 'button';
  button.className = 'btn primary';
  // A finger's target, with text that stays legible.
  button.style.cssText = 'min-width:44px;min-height:44px;font-size:14px';
  button.title = detection.reason ?? t('drawer.title');
  button.addEventListener('click', () => toggle());
  // The hand on its way (a pointer over the button, a finger on it, a Tab onto it): the extras,
  // which make the frame, start loading before the click (issue 43: 23 ms at 1×, 119 at 4×).
  button.onpointerover = button.onfocus = prepareExtras;
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
