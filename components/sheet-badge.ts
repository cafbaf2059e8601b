/** The sheet badge (in-page) and the audit findings, built as DOM (the side panel mounts the same lists). */
import type { SheetView } from '../lib/view';
import { builder } from './dom';

export function sheetSummaryText(view: SheetView): string {
  return `${view.spentXp} XP spent${view.complete ? '' : ' (incomplete)'} · ${view.unspentXp === null ? 'unspent unknown' : `${view.unspentXp} unspent`} · ${view.problemCount} ${view.problemCount === 1 ? 'finding' : 'findings'}`;
}

export function findingsList(doc: Document, view: SheetView): HTMLElement {
  const { h } = builder(doc);
  if (!view.findings.length) return h('p', { class: 'ok' }, 'No findings: the sheet checks out.');
  return h(
    'ul',
    { class: 'findings' },
    view.findings.map((f) =>
      h(
        'li',
        null,
        h('span', { class: `sev sev-${f.severity}` }, f.severity),
        ' ',
        f.line !== null ? h('b', null, `line ${f.line}: `) : null,
        f.message,
        f.expected !== undefined ? h('span', { class: 'muted' }, ` (expected: ${String(f.expected)})`) : null,
        h('span', { class: 'muted small' }, ` [${f.rule}]`),
      ),
    ),
  );
}

/** The badge beside a sheet: XP spent, unspent, findings; the audit on click. */
export function sheetBadge(doc: Document, view: SheetView): HTMLElement {
  const { h } = builder(doc);
  const wrap = h('span', { class: 'host-wrap' });
  let pop: HTMLElement | null = null;
  const close = () => {
    pop?.remove();
    pop = null;
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  };
  const open = () => {
    pop = h(
      'div',
      { class: 'pop', role: 'dialog', 'aria-label': 'Sheet audit', tabindex: -1, onKeydown: (e) => (e as KeyboardEvent).key === 'Escape' && (e.stopPropagation(), close()) },
      h('button', { type: 'button', class: 'close', 'aria-label': 'Close', onClick: close }, '×'),
      h('h3', null, 'Sheet audit'),
      h('div', { class: 'small' }, `Earned ${view.earnedXp ?? '?'} · spent ${view.spentXp} · unspent ${view.unspentXp ?? '?'}`),
      findingsList(doc, view),
      h('details', null, h('summary', { class: 'small' }, 'Where the XP went'), h('ul', { class: 'list small' }, view.spending.map((s) => h('li', null, s.line !== null ? h('span', { class: 'muted' }, `line ${s.line}: `) : null, `${s.what}: ${s.xp} XP`)))),
    );
    wrap.appendChild(pop);
    button.setAttribute('aria-expanded', 'true');
    pop.focus();
  };
  const button = h(
    'button',
    { type: 'button', class: `badge ${view.problemCount ? 't-mismatch' : 't-sheet'}`, 'aria-expanded': 'false', onClick: () => (pop ? close() : open()) },
    h('span', { class: 'b-icon', 'aria-hidden': 'true' }, '☰'),
    h('span', { class: 'b-kind' }, 'Sheet'),
    h('span', null, sheetSummaryText(view)),
  );
  wrap.prepend(button);
  return wrap;
}
