import { useMemo, useState } from 'preact/hooks';
import { COLOURS } from '../../../lib/spark/attributes';
import { auditSheetText } from '../../../lib/spark/audit';
import { LAND_TYPES } from '../../../lib/spark/keywords';
import { attributeCost, keywordEffect } from '../../../lib/spark/descriptions';
import { affinityProblem, applyPlan, planOptions, stepLabel, updateSheetText, withDerived, type PlanStep } from '../../../lib/spark/planner';
import { xpSpendPost } from '../../../lib/games/spark-d10/replies';
import { attributeName, colourName, t, uiLocale } from '../../locale';
import { usePanel } from '../../panel/context';
import { SaveError } from '../../panel/SaveError';
import { useBindSheet } from './use-bind-sheet';

/** The player's XP planner: bind your sheet, see the next step of everything, plan within unspent XP. */
export function PlannerTab() {
  const { bound, rules, scratch } = usePanel();
  const onBind = useBindSheet();
  /** A step that would break the affinity: shown with a warning, added on the second click. */
  const [warned, setWarned] = useState('');
  const audit = useMemo(() => (bound && rules ? auditSheetText(bound, rules, uiLocale()) : null), [bound, rules]);
  if (!rules || !scratch.value) return null;
  const { plan } = scratch.value;
  const setPlan = (next: PlanStep[]) => scratch.update({ plan: next });
  if (!bound || !audit)
    return (
      <>
        <BindSheet text={scratch.value.plannerText} setText={(plannerText) => scratch.update({ plannerText })} bind={onBind} />
        <SaveError error={scratch.saveError} />
      </>
    );
  const working = withDerived(applyPlan(audit.sheet, plan), rules);
  // The updated sheet keeps the player's own text: only the changed values are written into it.
  const updatedText = updateSheetText(bound, audit.sheet, working);

  const options = planOptions(working, rules);
  const total = plan.reduce((s, p) => s + p.xp, 0);
  const unspent = audit.unspentXp;
  const left = unspent === null ? null : unspent - total;
  const add = (s: PlanStep) => {
    const problem = affinityProblem(working, s, rules, uiLocale());
    const key = stepLabel(s, uiLocale());
    if (problem && warned !== key) {
      setWarned(key);
      return;
    }
    setWarned('');
    setPlan([...plan, s]);
  };
  const pendingWarning = options.attributes.find((a) => stepLabel(a, uiLocale()) === warned);
  const warning = pendingWarning ? affinityProblem(working, pendingWarning, rules, uiLocale()) : null;
  const fits = (xp: number) => left === null || xp <= left;
  return (
    <section aria-label={t('pl.section')}>
      <div class="card">
        <div class="row">
          <b>{audit.sheet.name ?? t('pl.yourSheet')}</b>
          <span class="small">
            {t('pl.xpLine', { earned: audit.earnedXp ?? '?', spent: audit.spentXp })}
            <b>{t('pl.unspent', { n: unspent ?? '?' })}</b>
          </span>
          <button
            type="button"
            class="btn small"
            onClick={() => {
              setPlan([]);
              onBind(null);
            }}
          >
            {t('pl.unbind')}
          </button>
        </div>
        {unspent === null && <div class="small error">{t('pl.noEarned')}</div>}
      </div>
      <PlanCard plan={plan} setPlan={setPlan} left={left} unspent={unspent} updatedText={updatedText} />
      {warning && (
        <p class="alert small" role="alert" data-testid="affinity-warning">
          ⚠ {warning} {t('pl.again')}
        </p>
      )}
      <details class="card small">
        <summary>{t('pl.where', { xp: audit.spentXp })}</summary>
        <ul class="list" data-testid="xp-spending">
          {audit.spending.map((s, i) => (
            <li key={i}>
              {s.line !== null && <span class="muted">{t('sheet.line', { n: s.line })}</span>}
              {t('sheet.xp', { what: s.what, xp: s.xp })}
            </li>
          ))}
        </ul>
      </details>
      <PlanOptions options={options} fits={fits} add={add} />
      <SaveError error={scratch.saveError} />
    </section>
  );
}

/** No sheet bound yet: the player pastes theirs and binds it. */
function BindSheet({ text, setText, bind }: { text: string; setText: (t: string) => void; bind: (t: string) => void }) {
  return (
    <section aria-label={t('pl.section')}>
      <p>{t('pl.bindFirst')}</p>
      <textarea
        class="mono"
        rows={10}
        style="width:100%"
        aria-label={t('pl.yourSheet')}
        value={text}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
      />
      <button type="button" class="btn primary" disabled={!text.trim()} onClick={() => bind(text)}>
        {t('pl.bind')}
      </button>
    </section>
  );
}

/** The plan so far, its cost against the unspent XP, and the posts it makes for the reply. */
function PlanCard({
  plan,
  setPlan,
  left,
  unspent,
  updatedText,
}: {
  plan: PlanStep[];
  setPlan: (p: PlanStep[]) => void;
  left: number | null;
  unspent: number | null;
  updatedText: string;
}) {
  const { postLocale, writer, toReply: onToReply } = usePanel();
  const total = plan.reduce((s, p) => s + p.xp, 0);
  return (
    <div class="card" aria-live="polite">
      <b>{t('pl.plan')}</b>: {t('pl.xp', { xp: total })}
      {left !== null && <span class={left < 0 ? 'error' : 'ok'}>{t('pl.left', { n: left })}</span>}
      <ol class="small">
        {plan.map((p, i) => (
          <li key={i}>
            {stepLabel(p, uiLocale())}: {t('pl.xp', { xp: p.xp })}
          </li>
        ))}
      </ol>
      <div class="row">
        <button type="button" class="btn small" disabled={!plan.length} onClick={() => setPlan(plan.slice(0, -1))}>
          {t('pl.undo')}
        </button>
        <button type="button" class="btn small" disabled={!plan.length} onClick={() => setPlan([])}>
          {t('rt.clear')}
        </button>
        <button
          type="button"
          class="btn small primary"
          disabled={!plan.length || (left !== null && left < 0)}
          onClick={() =>
            onToReply(
              writer.write(
                xpSpendPost(
                  plan.map((p) => ({ what: stepLabel(p, postLocale), xp: p.xp })),
                  unspent,
                  postLocale,
                ),
              ),
            )
          }
        >
          {t('pl.spendPost')}
        </button>
        <button type="button" class="btn small" disabled={!plan.length || (left !== null && left < 0)} onClick={() => onToReply(`<tt>${updatedText}</tt>`)}>
          {t('pl.sheetPost')}
        </button>
      </div>
    </div>
  );
}

/** The next step of every attribute, level and keyword, each added to the plan with its +. */
function PlanOptions({ options, fits, add }: { options: ReturnType<typeof planOptions>; fits: (xp: number) => boolean; add: (s: PlanStep) => void }) {
  const [choice, setChoice] = useState<Record<string, string>>({});
  return (
    <>
      <h2 class="small">{t('pl.attributes')}</h2>
      <ul class="list small">
        {options.attributes.map((a) => (
          <li key={a.attribute} class="row">
            <span style="min-width:150px" title={attributeCost(a.attribute, uiLocale())}>
              {attributeName(a.attribute)} {a.from} → {a.to}
            </span>
            <span>{t('pl.xp', { xp: a.xp })}</span>
            <button
              type="button"
              class="btn small"
              disabled={!fits(a.xp)}
              aria-label={t('pl.planAttr', { attribute: attributeName(a.attribute), from: a.from, to: a.to, xp: a.xp })}
              onClick={() => add(a)}
            >
              +
            </button>
          </li>
        ))}
      </ul>
      {options.levels.length > 0 && <h2 class="small">{t('pl.levels')}</h2>}
      <ul class="list small">
        {options.levels.map((l) => (
          <li key={l.text} class="row">
            <span style="min-width:150px">
              {l.keyword} → {l.level}
            </span>
            <span>{t('pl.xp', { xp: l.xp })}</span>
            <button type="button" class="btn small" disabled={!fits(l.xp)} onClick={() => add(l)}>
              +
            </button>
          </li>
        ))}
      </ul>
      <h2 class="small">{t('pl.keywords')}</h2>
      <ul class="list small">
        {options.keywords.map(({ def, xp, needs }) => (
          <li key={def.name} class="row">
            <span style="min-width:150px" title={keywordEffect(def.name, uiLocale())}>
              {def.name}
            </span>
            <span>{t('pl.xp', { xp })}</span>
            {needs && (
              <select
                aria-label={`${def.name}: ${needs}`}
                value={choice[def.name] ?? ''}
                onChange={(e) => setChoice({ ...choice, [def.name]: (e.target as HTMLSelectElement).value })}
              >
                <option value="">{needs === 'colour' ? t('pl.chooseColour') : t('pl.chooseLand')}</option>
                {(needs === 'colour' ? COLOURS : LAND_TYPES).map((c) => (
                  <option key={c} value={c}>
                    {needs === 'colour' ? colourName(c) : c}
                  </option>
                ))}
              </select>
            )}
            <button
              type="button"
              class="btn small"
              disabled={!fits(xp) || (needs !== null && !choice[def.name])}
              onClick={() => add({ type: 'keyword', keyword: def.name, choice: needs ? choice[def.name]! : null, xp })}
            >
              +
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
