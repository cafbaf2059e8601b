/** The badge on a game table post (a When Sparks Fly state post, a Parlor Magic draw): its verdict and why. */
import type { TableCheck } from '../lib/view';
import { builder } from './dom';

const ICON = { follows: '✓', mismatch: '✗', rules: '⚠', unreadable: '?' } as const;
const CLASS = { follows: 't-verified', mismatch: 't-mismatch', rules: 't-rules', unreadable: 't-sheet' } as const;

export function tableBadge(doc: Document, check: TableCheck): HTMLElement {
  const { h } = builder(doc);
  return h(
    'span',
    { class: 'host-wrap', role: 'note' },
    h(
      'span',
      { class: `badge ${CLASS[check.verdict]}` },
      h('span', { class: 'b-icon', 'aria-hidden': 'true' }, ICON[check.verdict]),
      h('span', { class: 'b-kind' }, check.label),
    ),
    h('span', { class: 'small muted table-why' }, ` ${check.reasons[0] ?? ''}`),
  );
}

/** The badge on a table post whose verdict waits for the thread's earlier pages: what is being read, in words. */
export function pendingTableBadge(doc: Document, label: string): HTMLElement {
  const { h } = builder(doc);
  return h(
    'span',
    { class: 'host-wrap', role: 'note' },
    h('span', { class: 'badge t-unchecked' }, h('span', { class: 'b-icon', 'aria-hidden': 'true' }, '…'), h('span', { class: 'b-kind' }, label)),
  );
}
