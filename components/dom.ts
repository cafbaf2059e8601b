/**
 * A tiny DOM builder for the UI inside RPOL pages (it keeps the content script small). Children
 * given as strings become text nodes: nothing is ever parsed as markup.
 */

export type Child = Node | string | number | null | undefined | false | Child[];
export type Props = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;

const SVG_NS = 'http://www.w3.org/2000/svg';

function append(doc: Document, parent: Node, children: Child[]) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(doc, parent, c);
    else parent.appendChild(typeof c === 'object' ? c : doc.createTextNode(String(c)));
  }
}

function apply(el: Element, props: Props | null) {
  if (!props) return;
  for (const [k, v] of Object.entries(props)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === 'class') el.setAttribute('class', String(v));
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** `h('div', { class: 'x', onClick }, 'text', child)` for HTML; `s(...)` for SVG. */
export function builder(doc: Document) {
  return {
    h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
      const el = doc.createElement(tag);
      apply(el, props);
      append(doc, el, children);
      return el;
    },
    s(tag: string, props: Props | null, ...children: Child[]): SVGElement {
      const el = doc.createElementNS(SVG_NS, tag) as SVGElement;
      apply(el, props);
      append(doc, el, children);
      return el;
    },
  };
}
