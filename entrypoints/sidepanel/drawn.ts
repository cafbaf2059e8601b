/**
 * Clicks on the drawer only while the browser shows it as drawn (issue 42, item 2). A page can make
 * the drawer's frame invisible (opacity, a filter, a transform) or put a decoy over it, and lure
 * the user's clicks onto it. Chrome's IntersectionObserver v2 (`trackVisibility`) tells this frame,
 * from outside the page's reach, whether it is drawn unchanged and uncovered in the whole page; while
 * it is not (and until the browser has first said it is), every click in the drawer is refused and
 * a line says why. Firefox has no such observer: there nothing is refused, and a reveal's typed
 * word is the guard (docs/security.md).
 */
import { t } from '../../components/locale';

type SeenEntry = IntersectionObserverEntry & { isVisible?: boolean };

/** Has the browser a visibility observer (IntersectionObserver v2)? */
const canTell = (): boolean => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

let drawn = true;

/** Is the drawer hidden or covered, as far as the browser can tell? */
export const drawerHidden = (): boolean => !drawn;

/** The line saying why clicks are refused: shown while they are, at the panel's top. */
function refusalLine(): HTMLElement {
  const line = document.createElement('p');
  line.setAttribute('role', 'alert');
  line.dataset.testid = 'drawer-hidden';
  line.style.cssText =
    'position:fixed;inset:0 0 auto 0;margin:0;padding:8px 12px;z-index:2;background:#fff3cd;color:#4d3800;font:14px/1.4 system-ui,sans-serif;';
  line.hidden = true;
  document.body.append(line);
  return line;
}

/** In the drawer's frame: watch it, and refuse clicks while the page hides or covers it. */
export function guardWhileHidden(): void {
  if (!canTell()) return;
  drawn = false;
  const line = refusalLine();
  // `trackVisibility` and `delay` are v2's (newer DOM typings only); 100 ms is the least delay it takes.
  const options = { trackVisibility: true, delay: 100, threshold: [0] } as IntersectionObserverInit;
  new IntersectionObserver((entries) => {
    drawn = (entries[entries.length - 1] as SeenEntry | undefined)?.isVisible === true;
    if (drawn) line.hidden = true;
  }, options).observe(document.documentElement);
  const refuse = (e: Event) => {
    if (drawn) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    line.textContent = t('panel.hiddenByPage');
    line.hidden = false;
  };
  for (const type of ['click', 'pointerdown', 'mousedown', 'pointerup', 'mouseup', 'dblclick', 'auxclick']) addEventListener(type, refuse, true);
}
