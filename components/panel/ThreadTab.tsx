import { useMemo, useState } from 'preact/hooks';
import { kindLabel, trustLabel, type PageSummary } from '../../lib/view';
import { t, uiLocale } from '../locale';
import type { Trust } from '../../lib/trust/verdict';

const TRUSTS: Trust[] = ['verified', 'total-only', 'typed', 'mismatch'];

function Filter({
  label,
  name,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  all: string;
  options: [string, string][];
}) {
  return (
    <label class="field small">
      {label}
      <select aria-label={name} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ThreadTab({ summary, onJump }: { summary: PageSummary; onJump: (id: string) => void }) {
  const [who, setWho] = useState('');
  const [kind, setKind] = useState('');
  const [trust, setTrust] = useState('');
  const [rerollsOnly, setRerollsOnly] = useState(false);
  const isReroll = (r: PageSummary['rolls'][number]) => !!r.reroll;
  const people = useMemo(() => Array.from(new Set(summary.rolls.map((r) => r.roller))).sort(), [summary]);
  const kinds = useMemo(() => Array.from(new Set(summary.rolls.map((r) => r.kind))), [summary]);
  const rows = summary.rolls.filter(
    (r) => (!who || r.roller === who) && (!kind || r.kind === kind) && (!trust || r.trust === trust) && (!rerollsOnly || isReroll(r)),
  );
  const rerolls = summary.rolls.filter(isReroll).length;
  const counts = Object.fromEntries(TRUSTS.map((v) => [v, summary.rolls.filter((r) => r.trust === v).length]));
  return (
    <section aria-label={t('thread.section')}>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of filter buttons; a fieldset would add a border and a legend */}
      <div class="row small" role="group" aria-label={t('thread.counts')}>
        {TRUSTS.map((v) => (
          <button
            key={v}
            type="button"
            class={`badge t-${v}`}
            aria-pressed={trust === v}
            title={t('thread.showOnly', { verdict: trustLabel(v, uiLocale()) })}
            onClick={() => setTrust(trust === v ? '' : v)}
            data-chip={v}
          >
            {counts[v]} {trustLabel(v, uiLocale())}
          </button>
        ))}
      </div>
      {summary.failures?.length ? (
        <div class="card" role="status" data-testid="read-failures">
          {summary.failures.map((f) => (
            <div key={f.post} class="small">
              ⚠ {t('thread.failure', { post: f.post, reason: f.reason })}
            </div>
          ))}
        </div>
      ) : null}
      <div class="filters">
        <Filter
          label={t('thread.character')}
          name={t('thread.filterBy.character')}
          value={who}
          onChange={setWho}
          all={t('thread.everyone')}
          options={people.map((p) => [p, p])}
        />
        <Filter
          label={t('thread.kind')}
          name={t('thread.filterBy.kind')}
          value={kind}
          onChange={setKind}
          all={t('thread.allKinds')}
          options={kinds.map((k) => [k, kindLabel(k, uiLocale())])}
        />
        <Filter
          label={t('thread.verdict')}
          name={t('thread.filterBy.verdict')}
          value={trust}
          onChange={setTrust}
          all={t('thread.allVerdicts')}
          options={TRUSTS.map((v) => [v, trustLabel(v, uiLocale())])}
        />
        <label class="field small" style="flex-direction:row;align-items:center;gap:4px">
          <input type="checkbox" checked={rerollsOnly} onChange={(e) => setRerollsOnly((e.target as HTMLInputElement).checked)} data-testid="rerolls-only" />
          {t('thread.rerollsOnly', { count: rerolls })}
        </label>
      </div>
      {rows.length === 0 && <p class="muted">{summary.rolls.length ? t('thread.noMatch') : t('thread.noRolls')}</p>}
      <ul class="list" data-testid="roll-list">
        {rows.map((r) => (
          <li key={r.id} class="card" data-roll={r.id} data-trust={r.trust}>
            <div class="row">
              <span class={`badge t-${r.trust}`} style="cursor:default">
                {trustLabel(r.trust, uiLocale())}
              </span>
              <b>{kindLabel(r.kind, uiLocale())}</b>
              <span>
                {r.successes !== null ? `${r.successes} ✦ · ` : ''}
                {r.outcome}
              </span>
            </div>
            <div class="small muted">
              {r.post ? `#${r.post} · ` : ''}
              {r.roller}
              {r.reason ? ` · “${r.reason}”` : ''}
            </div>
            <div class="small">{r.reasons[0]}</div>
            {r.cautions.map((c, i) => (
              <div key={i} class="small">
                ⚠ {c}
              </div>
            ))}
            <button type="button" class="btn small" onClick={() => onJump(r.id)}>
              {r.post ? t('thread.goToPost', { post: r.post }) : t('thread.goToLine')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
