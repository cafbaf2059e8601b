/** What the extras make carries the styles of details with it (the badges' roots have only theirs). Run in the extras. */
import { DETAIL_STYLES } from '../../components/page-styles';

export function styled(el: HTMLElement): HTMLElement {
  const style = el.ownerDocument.createElement('style');
  style.textContent = DETAIL_STYLES;
  el.prepend(style);
  return el;
}
