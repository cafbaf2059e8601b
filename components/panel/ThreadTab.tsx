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

type Roll = PageSummary['rolls'][number];

const isReroll = (r: Roll) => !!r.reroll;

/** How many rolls each verdict has, each a button that shows only that verdict's rolls (pressed again: all). */
function TrustChips({ rolls, trust, setTrust }: { rolls: readonly Roll[]; trust: string; setTrust: (v: string) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of filter buttons; a fieldset would add a border and a legend
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
          {rolls.filter((r) => r.trust === v).length} {trustLabel(v, uiLocale())}
        </button>
      ))}
    </div>
  );
}

/** The posts the page could not read, and why (nothing when every post was read). */
function ReadFailures({ failures }: { failures: PageSummary['failures'] }) {
  if (!failures?.length) return null;
  return (
    <div class="card" role="status" data-testid="read-failures">
      {failures.map((f) => (
        <div key={f.post} class="small">
          ⚠ {t('thread.failure', { post: f.post, reason: f.reason })}
        </div>
      ))}
    </div>
  );
}

/** One roll: its verdict, kind and outcome, who rolled it where and why, the verdict's reason and cautions, and a way to it on the page. */
function RollCard({ roll: r, onJump }: { roll: Roll; onJump: (id: string) => void }) {
  return (
    <li class="card" data-roll={r.id} data-trust={r.trust}>
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
  );
}

/** The thread's rolls, filtered by roller, kind, verdict and rerolls, with the verdicts' counts and what could not be read. */
export function ThreadTab({ summary, onJump }: { summary: PageSummary; onJump: (id: string) => void }) {
  const [who, setWho] = useState('');
  const [kind, setKind] = useState('');
  const [trust, setTrust] = useState('');
  const [rerollsOnly, setRerollsOnly] = useState(false);
  const people = useMemo(() => Array.from(new Set(summary.rolls.map((r) => r.roller))).sort(), [summary]);
  const kinds = useMemo(() => Array.from(new Set(summary.rolls.map((r) => r.kind))), [summary]);
  const rows = summary.rolls.filter(
    (r) => (!who || r.roller === who) && (!kind || r.kind === kind) && (!trust || r.trust === trust) && (!rerollsOnly || isReroll(r)),
  );
  const rerolls = summary.rolls.filter(isReroll).length;
  return (
    <section aria-label={t('thread.section')}>
      <TrustChips rolls={summary.rolls} trust={trust} setTrust={setTrust} />
      <ReadFailures failures={summary.failures} />
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
          <RollCard key={r.id} roll={r} onJump={onJump} />
        ))}
      </ul>
    </section>
  );
}
