/** The sheet badge (in-page) and the audit findings, built as DOM (the side panel mounts the same lists). */
import type { SheetView } from '../lib/view';
import { builder } from './dom';
import type { Key } from '../lib/i18n';
import { t } from './locale';

export function sheetSummaryText(view: SheetView): string {
  const unspent = view.unspentXp === null ? t('sheet.unspentUnknown') : t('sheet.unspent', { count: view.unspentXp });
  return t(view.complete ? 'sheet.summary' : 'sheet.summaryIncomplete', {
    spent: view.spentXp,
    unspent,
    findings: t('sheet.findings', { count: view.problemCount }),
  });
}

export function findingsList(doc: Document, view: SheetView): HTMLElement {
  const { h } = builder(doc);
  if (!view.findings.length) return h('p', { class: 'ok' }, t('sheet.noFindings'));
  return h(
    'ul',
    { class: 'findings' },
    view.findings.map((f) =>
      h(
        'li',
        null,
        h('span', { class: `sev sev-${f.severity}` }, t(`sev.${f.severity}` as Key)),
        ' ',
        f.line !== null ? h('b', null, t('sheet.line', { n: f.line })) : null,
        f.message,
        f.expected !== undefined ? h('span', { class: 'muted' }, t('sheet.expected', { value: String(f.expected) })) : null,
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
      {
        class: 'pop',
        role: 'dialog',
        'aria-label': t('sheet.audit'),
        tabindex: -1,
        onKeydown: (e) => {
          if ((e as KeyboardEvent).key !== 'Escape') return;
          e.stopPropagation();
          close();
        },
      },
      h('button', { type: 'button', class: 'close', 'aria-label': t('detail.close'), onClick: close }, '×'),
      h('h3', null, t('sheet.audit')),
      h('div', { class: 'small' }, t('sheet.xpLine', { earned: view.earnedXp ?? '?', spent: view.spentXp, unspent: view.unspentXp ?? '?' })),
      findingsList(doc, view),
      h(
        'details',
        null,
        h('summary', { class: 'small' }, t('sheet.where')),
        h(
          'ul',
          { class: 'list small' },
          view.spending.map((s) =>
            h('li', null, s.line !== null ? h('span', { class: 'muted' }, t('sheet.line', { n: s.line })) : null, t('sheet.xp', { what: s.what, xp: s.xp })),
          ),
        ),
      ),
    );
    wrap.appendChild(pop);
    button.setAttribute('aria-expanded', 'true');
    pop.focus();
  };
  const button = h(
    'button',
    { type: 'button', class: `badge ${view.problemCount ? 't-rules' : 't-sheet'}`, 'aria-expanded': 'false', onClick: () => (pop ? close() : open()) },
    h('span', { class: 'b-icon', 'aria-hidden': 'true' }, '☰'),
    h('span', { class: 'b-kind' }, t('sheet.kind')),
    h('span', null, sheetSummaryText(view)),
  );
  wrap.prepend(button);
  return wrap;
}
