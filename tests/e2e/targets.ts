// A finger's targets (issue 43, item 3): below 480 px, every visible control of an extension page
// is at least 44 × 44 px, or 44 px tall and at least 8 px from every other control. Run in the page
// by Playwright (Chromium) and puppeteer (Firefox), so the function is self-contained.

/**
 * In the page: each control under a finger's size, as "where (name): width × height". None when
 * the page is 480 px wide or more (desktop keeps its denser controls). A checkbox or a radio is
 * measured with its label (the label is its target); a control hidden for screen readers only
 * (at most 4 × 4 px) is not measured. Exempt: a link inside a sentence (a text node beside it in
 * its parent), whose size is the text's, as WCAG 2.5.8 exempts inline targets.
 */
export const SMALL_TARGETS = (): string[] => {
  if (document.documentElement.clientWidth >= 480) return [];
  const CONTROLS = [
    'button',
    'a[href]',
    'select',
    'input:not([type=hidden])',
    'textarea',
    'summary',
    '[role=tab]',
    '[role=button]',
    '[role=option]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=switch]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const where = (el: Element) => {
    const path: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && path.length < 3; e = e.parentElement) {
      const id = e.getAttribute('data-testid') ?? e.id;
      path.unshift(`${e.tagName.toLowerCase()}${id ? `#${id}` : ''}${e.classList.length ? `.${[...e.classList].join('.')}` : ''}`);
    }
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
    return `${path.join(' > ')}${name ? ` “${name}”` : ''}`;
  };
  const inSentence = (el: Element) =>
    el.tagName === 'A' &&
    !el.getAttribute('role') &&
    [...(el.parentNode?.childNodes ?? [])].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
  const boxOf = (el: Element): DOMRect => {
    const own = el.getBoundingClientRect();
    const input = el as HTMLInputElement;
    if (el.tagName !== 'INPUT' || (input.type !== 'checkbox' && input.type !== 'radio') || !input.labels?.length) return own;
    const l = input.labels[0]!.getBoundingClientRect();
    const [left, top] = [Math.min(own.left, l.left), Math.min(own.top, l.top)];
    return new DOMRect(left, top, Math.max(own.right, l.right) - left, Math.max(own.bottom, l.bottom) - top);
  };
  const shown = (el: Element) => {
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[hidden],details:not([open]) > :not(summary)');
  };
  const targets = [...document.querySelectorAll(CONTROLS)]
    .filter((el) => shown(el) && !inSentence(el))
    .map((el) => ({ el, box: boxOf(el) }))
    .filter(({ box }) => box.width > 4 || box.height > 4);
  const apart = (a: DOMRect, b: DOMRect) => Math.max(b.left - a.right, a.left - b.right) >= 8 - 0.5 || Math.max(b.top - a.bottom, a.top - b.bottom) >= 8 - 0.5;
  const nested = (a: Element, b: Element) => a.contains(b) || b.contains(a) || (a as HTMLInputElement).labels?.[0]?.contains(b) === true;
  const found: string[] = [];
  for (const { el, box } of targets) {
    const [w, h] = [box.width + 0.5, box.height + 0.5];
    if (w >= 44 && h >= 44) continue;
    if (h >= 44 && w >= 24 && targets.every((o) => o.el === el || nested(el, o.el) || apart(box, o.box))) continue;
    found.push(`${where(el)}: ${Math.round(box.width)} × ${Math.round(box.height)}`);
  }
  return found;
};
