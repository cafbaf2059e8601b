/** Our insertion points: a host element per badge with an open shadow root holding the UI. */
import { OWN_UI_ATTRIBUTE } from '../../lib/reading/body';
import { BADGE_STYLES as STYLES } from '../../components/styles';
import type { Theme } from '../../components/theme';

let sheet: CSSStyleSheet | null | undefined;

function styleInto(shadow: ShadowRoot) {
  // Firefox content scripts cannot reliably adopt a sheet made in their own compartment.
  if (import.meta.env.FIREFOX) sheet = null;
  if (sheet === undefined) {
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLES);
    } catch {
      sheet = null;
    }
  }
  try {
    if (sheet) {
      shadow.adoptedStyleSheets = [sheet];
      return;
    }
  } catch {
    /* Firefox content scripts may refuse adopted sheets: fall back to a <style> */
  }
  const style = document.createElement('style');
  style.textContent = STYLES;
  shadow.appendChild(style);
}

export type { Theme } from '../../components/theme';

const roots = new WeakMap<Element, ShadowRoot>();
/** Our own (closed) root of a host we made. */
export const rootOf = (host: Element): ShadowRoot | undefined => roots.get(host);

export function createHost(kind: string, attributes: Record<string, string | number | null | undefined>): { host: HTMLElement; shadow: ShadowRoot } {
  const host = document.createElement('span');
  host.setAttribute(OWN_UI_ATTRIBUTE, kind);
  for (const [k, v] of Object.entries(attributes)) if (v !== null && v !== undefined) host.setAttribute(k, String(v));
  // Closed: the page's scripts cannot reach in to rewrite a verdict or click for the user.
  // (Only the Firefox browser tests' own build, `--mode e2e`, opens them: WebDriver BiDi has no
  // way into a closed root, as Chromium's debugging protocol has.)
  const shadow = host.attachShadow({ mode: import.meta.env.MODE === 'e2e' ? 'open' : 'closed' });
  roots.set(host, shadow);
  styleInto(shadow);
  return { host, shadow };
}

/** The themed root element inside a shadow root. */
export function shadowRootElement(shadow: ShadowRoot, theme: Theme): HTMLElement {
  let root = shadow.lastElementChild as HTMLElement | null;
  if (root?.className !== 'ss') {
    root = document.createElement('span');
    root.className = 'ss';
    shadow.appendChild(root);
  }
  root.dataset.theme = theme;
  return root;
}

/** Put `host` right after `anchor` (a server roll span, or the text node that ends a typed line). */
export function insertAfter(anchor: Node, host: Node) {
  anchor.parentNode?.insertBefore(host, anchor.nextSibling);
}
