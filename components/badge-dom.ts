/**
 * The compact roll badge as plain DOM (text nodes only): hundreds of them are made on a long
 * thread, so they are built directly; the detail is rendered with Preact when a badge is opened.
 */
import { kindLabel, trustLabel, type RollView } from '../lib/view';
import { t, uiLocale } from './locale';

export const TRUST_ICON: Record<RollView['trust'], string> = { verified: '✓', 'total-only': 'Σ', typed: '✎', unchecked: '?', mismatch: '✗' };

export function successesText(v: { successes: number | null }): string {
  return v.successes === null ? '' : t('badge.successes', { count: v.successes });
}

/** The badge's element tree, made once and cloned: icon, kind, successes, outcome, verdict, caution. */
export function badgeTemplate(doc: Document): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  for (const cls of ['b-icon', 'b-kind', 'b-succ', 'b-outcome', 'b-trust', 'b-caution', 'b-rules']) {
    const s = doc.createElement('span');
    s.className = cls;
    if (cls === 'b-icon') s.setAttribute('aria-hidden', 'true');
    button.appendChild(s);
  }
  return button;
}

/** Fill a badge made by `badgeTemplate` for `view` (text only: nothing is parsed as markup). */
export function fillRollBadge(button: HTMLButtonElement, view: RollView, open: boolean): void {
  // Waiting for the thread's earlier pages: said in the verdict's place, in the dotted style of what is not checked yet.
  const pending = view.pending;
  button.className = `badge t-${pending ? 'unchecked' : view.trust}`;
  button.setAttribute('aria-expanded', String(open));
  // No aria-label: what a screen reader says is what the badge shows.
  // The title is the badge's description: the rule it breaks (in words), the verdict's reason, the shortcut.
  const breaks = view.rules.length ? `${t('badge.breaks', { count: view.rules.length, rule: view.rules[0]! })} — ` : '';
  button.title = `${breaks}${view.reasons[0] ?? ''}${view.source !== 'log' && view.post ? ` — ${t('badge.shiftHint')}` : ''}`;
  const icon = button.firstChild!;
  const kind = icon.nextSibling!;
  const succ = kind.nextSibling!;
  const outcome = succ.nextSibling!;
  const trust = outcome.nextSibling!;
  const caution = trust.nextSibling as Element;
  const rules = caution.nextSibling!;
  icon.textContent = pending ? '…' : TRUST_ICON[view.trust];
  kind.textContent = kindLabel(view.kind, uiLocale());
  succ.textContent = view.successes !== null && !/success/.test(view.outcome) ? successesText(view) : '';
  outcome.textContent = view.outcome;
  trust.textContent = pending ?? trustLabel(view.trust, uiLocale());
  caution.replaceChildren();
  if (view.cautions.length) {
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '⚠';
    const said = document.createElement('span');
    said.className = 'sr-only';
    said.textContent = t('badge.withCautions');
    caution.append(mark, said);
  }
  rules.textContent = view.rules.length ? t('badge.rules', { count: view.rules.length }) : '';
}
