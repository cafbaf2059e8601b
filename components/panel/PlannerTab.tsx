import { useMemo, useState } from 'preact/hooks';
import { COLOURS } from '../../lib/spark/attributes';
import { auditSheetText } from '../../lib/spark/audit';
import { LAND_TYPES } from '../../lib/spark/keywords';
import { ATTRIBUTE_COSTS, KEYWORD_EFFECTS } from '../../lib/spark/descriptions';
import { affinityProblem, applyPlan, planOptions, stepLabel, updateSheetText, withDerived, type PlanStep } from '../../lib/spark/planner';
import type { GameRules } from '../../lib/spark/settings';
import { xpSpendPost } from '../../lib/games/spark-d10/replies';

/** The player's XP planner: bind your sheet, see the next step of everything, plan within unspent XP. */
export function PlannerTab({
  bound,
  rules,
  onBind,
  onToReply,
  draftText,
  onDraftText,
  plan,
  onPlan: setPlan,
}: {
  bound: string | null;
  rules: GameRules;
  onBind: (text: string | null) => void;
  onToReply: (text: string) => void;
  draftText: string;
  onDraftText: (text: string) => void;
  plan: PlanStep[];
  onPlan: (plan: PlanStep[]) => void;
}) {
  const [choice, setChoice] = useState<Record<string, string>>({});
  /** A step that would break the affinity: shown with a warning, added on the second click. */
  const [warned, setWarned] = useState('');
  const audit = useMemo(() => (bound ? auditSheetText(bound, rules) : null), [bound, rules]);
  if (!bound || !audit) {
    return (
      <section aria-label="XP planner">
        <p>Bind your sheet to plan XP: pick “This is my sheet” on the Sheets tab, or paste it here.</p>
        <textarea class="mono" rows={10} style="width:100%" aria-label="Your sheet" value={draftText} onInput={(e) => onDraftText((e.target as HTMLTextAreaElement).value)} />
        <button type="button" class="btn primary" disabled={!draftText.trim()} onClick={() => onBind(draftText)}>
          Bind this sheet
        </button>
      </section>
    );
  }
  const working = withDerived(applyPlan(audit.sheet, plan), rules);
  // The updated sheet keeps the player's own text: only the changed values are written into it.
  const updatedText = updateSheetText(bound, audit.sheet, working);

  const options = planOptions(working, rules);
  const total = plan.reduce((s, p) => s + p.xp, 0);
  const unspent = audit.unspentXp;
  const left = unspent === null ? null : unspent - total;
  const add = (s: PlanStep) => {
    const problem = affinityProblem(working, s, rules);
    const key = stepLabel(s);
    if (problem && warned !== key) {
      setWarned(key);
      return;
    }
    setWarned('');
    setPlan([...plan, s]);
  };
  const pendingWarning = options.attributes.find((a) => stepLabel(a) === warned);
  const warning = pendingWarning ? affinityProblem(working, pendingWarning, rules) : null;
  const fits = (xp: number) => left === null || xp <= left;
  return (
    <section aria-label="XP planner">
      <div class="card">
        <div class="row">
          <b>{audit.sheet.name ?? 'Your sheet'}</b>
          <span class="small">
            earned {audit.earnedXp ?? '?'} · spent {audit.spentXp} · <b>unspent {unspent ?? '?'}</b>
          </span>
          <button type="button" class="btn small" onClick={() => (setPlan([]), onBind(null))}>
            Unbind
          </button>
        </div>
        {unspent === null && <div class="small error">The sheet has no “Total Earned XP” line, so the plan cannot be checked against unspent XP.</div>}
      </div>
      <div class="card" aria-live="polite">
        <b>Plan</b>: {total} XP{left !== null && <span class={left < 0 ? 'error' : 'ok'}> · {left} left</span>}
        <ol class="small">
          {plan.map((p, i) => (
            <li key={i}>
              {stepLabel(p)}: {p.xp} XP
            </li>
          ))}
        </ol>
        <div class="row">
          <button type="button" class="btn small" disabled={!plan.length} onClick={() => setPlan(plan.slice(0, -1))}>
            Undo
          </button>
          <button type="button" class="btn small" disabled={!plan.length} onClick={() => setPlan([])}>
            Clear
          </button>
          <button type="button" class="btn small primary" disabled={!plan.length || (left !== null && left < 0)} onClick={() => onToReply(xpSpendPost(plan.map((p) => ({ what: stepLabel(p), xp: p.xp })), unspent))}>
            XP-spend post
          </button>
          <button type="button" class="btn small" disabled={!plan.length || (left !== null && left < 0)} onClick={() => onToReply(`<tt>${updatedText}</tt>`)}>
            Updated sheet post
          </button>
        </div>
      </div>
      {warning && (
        <p class="alert small" role="alert" data-testid="affinity-warning">
          ⚠ {warning} Click + again to plan it anyway.
        </p>
      )}
      <details class="card small">
        <summary>Where the XP went ({audit.spentXp} XP)</summary>
        <ul class="list" data-testid="xp-spending">
          {audit.spending.map((s, i) => (
            <li key={i}>
              {s.line !== null && <span class="muted">line {s.line}: </span>}
              {s.what}: {s.xp} XP
            </li>
          ))}
        </ul>
      </details>
      <h4>Attributes</h4>
      <ul class="list small">
        {options.attributes.map((a) => (
          <li key={a.attribute} class="row">
            <span style="min-width:150px" title={ATTRIBUTE_COSTS[a.attribute]}>
              {a.attribute} {a.from} → {a.to}
            </span>
            <span>{a.xp} XP</span>
            <button type="button" class="btn small" disabled={!fits(a.xp)} aria-label={`Plan ${a.attribute} ${a.from} to ${a.to} for ${a.xp} XP`} onClick={() => add(a)}>
              +
            </button>
          </li>
        ))}
      </ul>
      {options.levels.length > 0 && <h4>Keyword levels</h4>}
      <ul class="list small">
        {options.levels.map((l) => (
          <li key={l.text} class="row">
            <span style="min-width:150px">
              {l.keyword} → {l.level}
            </span>
            <span>{l.xp} XP</span>
            <button type="button" class="btn small" disabled={!fits(l.xp)} onClick={() => add(l)}>
              +
            </button>
          </li>
        ))}
      </ul>
      <h4>Keywords</h4>
      <ul class="list small">
        {options.keywords.map(({ def, xp, needs }) => (
          <li key={def.name} class="row">
            <span style="min-width:150px" title={KEYWORD_EFFECTS[def.name]}>
              {def.name}
            </span>
            <span>{xp} XP</span>
            {needs && (
              <select aria-label={`${def.name}: ${needs}`} value={choice[def.name] ?? ''} onChange={(e) => setChoice({ ...choice, [def.name]: (e.target as HTMLSelectElement).value })}>
                <option value="">{needs === 'colour' ? 'colour…' : 'land…'}</option>
                {(needs === 'colour' ? COLOURS : LAND_TYPES).map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
            <button type="button" class="btn small" disabled={!fits(xp) || (needs !== null && !choice[def.name])} onClick={() => add({ type: 'keyword', keyword: def.name, choice: needs ? choice[def.name]! : null, xp })}>
              +
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
