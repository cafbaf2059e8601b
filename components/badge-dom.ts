/**
 * The compact roll badge as plain DOM (text nodes only): hundreds of them are made on a long
 * thread, so they are built directly; the detail is rendered with Preact when a badge is opened.
 */
import { KIND_LABEL, type RollView } from '../lib/view';

export const TRUST_ICON: Record<RollView['trust'], string> = { verified: '✓', 'total-only': 'Σ', typed: '✎', mismatch: '✗' };

export function successesText(v: { successes: number | null }): string {
  return v.successes === null ? '' : `${v.successes} ${v.successes === 1 ? 'success' : 'successes'}`;
}

export function badgeLabel(view: RollView): string {
  const rules = view.rules.length ? ` Breaks ${view.rules.length === 1 ? 'a rule' : `${view.rules.length} rules`}: ${view.rules[0]}` : '';
  return `${KIND_LABEL[view.kind]}: ${[successesText(view), view.outcome].filter(Boolean).join(', ')}. ${view.trustLabel}.${view.cautions.length ? ' With cautions.' : ''}${rules}`;
}

/** The badge's element tree, made once and cloned: icon, kind, successes, outcome, verdict, caution. */
export function badgeTemplate(doc: Document): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  for (const cls of ['b-icon', 'b-kind', 'b-succ', 'b-outcome', 'b-trust', 'b-caution', 'b-rules']) {
    const s = doc.createElement('span');
    s.className = cls;
    if (cls === 'b-icon' || cls === 'b-caution') s.setAttribute('aria-hidden', 'true');
    button.appendChild(s);
  }
  return button;
}

/** Fill a badge made by `badgeTemplate` for `view` (text only: nothing is parsed as markup). */
export function fillRollBadge(button: HTMLButtonElement, view: RollView, open: boolean): void {
  button.className = `badge t-${view.trust}`;
  button.setAttribute('aria-expanded', String(open));
  button.setAttribute('aria-label', badgeLabel(view));
  button.title = `${view.reasons[0] ?? ''}${view.source !== 'log' && view.post ? ' — Shift+click: put this roll in my reply' : ''}`;
  const icon = button.firstChild!;
  const kind = icon.nextSibling!;
  const succ = kind.nextSibling!;
  const outcome = succ.nextSibling!;
  const trust = outcome.nextSibling!;
  const caution = trust.nextSibling!;
  const rules = caution.nextSibling!;
  icon.textContent = TRUST_ICON[view.trust];
  kind.textContent = KIND_LABEL[view.kind];
  succ.textContent = view.successes !== null && !/success/.test(view.outcome) ? successesText(view) : '';
  outcome.textContent = view.outcome;
  trust.textContent = view.trustLabel;
  caution.textContent = view.cautions.length ? '⚠' : '';
  rules.textContent = view.rules.length ? `⚑ ${view.rules.length === 1 ? 'rule' : `${view.rules.length} rules`}` : '';
}
