import { useMemo, useState } from 'preact/hooks';
import { KIND_LABEL, type PageSummary } from '../../lib/view';
import type { Trust } from '../../lib/trust/verdict';

const TRUSTS: Trust[] = ['verified', 'total-only', 'typed', 'mismatch'];

function Filter({ label, value, onChange, all, options }: { label: string; value: string; onChange: (v: string) => void; all: string; options: [string, string][] }) {
  return (
    <label class="field small">
      {label}
      <select aria-label={`Filter by ${label.toLowerCase()}`} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
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
  const isReroll = (r: PageSummary['rolls'][number]) => !!r.reroll || r.cautions.some((c) => /re-roll/i.test(c));
  const people = useMemo(() => Array.from(new Set(summary.rolls.map((r) => r.roller))).sort(), [summary]);
  const kinds = useMemo(() => Array.from(new Set(summary.rolls.map((r) => r.kind))), [summary]);
  const rows = summary.rolls.filter((r) => (!who || r.roller === who) && (!kind || r.kind === kind) && (!trust || r.trust === trust) && (!rerollsOnly || isReroll(r)));
  const rerolls = summary.rolls.filter(isReroll).length;
  const counts = Object.fromEntries(TRUSTS.map((t) => [t, summary.rolls.filter((r) => r.trust === t).length]));
  return (
    <section aria-label="Rolls in this thread">
      <div class="row small" aria-label="Counts by verdict">
        {TRUSTS.map((t) => (
          <button key={t} type="button" class={`badge t-${t}`} aria-pressed={trust === t} title={`Show only ${t === 'total-only' ? 'total-only' : t} rolls`} onClick={() => setTrust(trust === t ? '' : t)} data-chip={t}>
            {counts[t]} {t === 'total-only' ? 'total only' : t}
          </button>
        ))}
      </div>
      {summary.failures?.length ? (
        <div class="card" role="status" data-testid="read-failures">
          {summary.failures.map((f) => (
            <div key={f.post} class="small">
              ⚠ Post #{f.post}: {f.reason}
            </div>
          ))}
        </div>
      ) : null}
      <div class="filters">
        <Filter label="Character" value={who} onChange={setWho} all="everyone" options={people.map((p) => [p, p])} />
        <Filter label="Kind" value={kind} onChange={setKind} all="all kinds" options={kinds.map((k) => [k, KIND_LABEL[k]])} />
        <Filter label="Verdict" value={trust} onChange={setTrust} all="all verdicts" options={TRUSTS.map((t) => [t, t])} />
        <label class="field small" style="flex-direction:row;align-items:center;gap:4px">
          <input type="checkbox" checked={rerollsOnly} onChange={(e) => setRerollsOnly((e.target as HTMLInputElement).checked)} data-testid="rerolls-only" />
          Re-rolls only ({rerolls})
        </label>
      </div>
      {rows.length === 0 && <p class="muted">No rolls{summary.rolls.length ? ' match these filters' : ' on this page'}.</p>}
      <ul class="list" data-testid="roll-list">
        {rows.map((r) => (
          <li key={r.id} class="card" data-roll={r.id} data-trust={r.trust}>
            <div class="row">
              <span class={`badge t-${r.trust}`} style="cursor:default">
                {r.trustLabel}
              </span>
              <b>{KIND_LABEL[r.kind]}</b>
              <span>{r.successes !== null ? `${r.successes} ✦ · ` : ''}{r.outcome}</span>
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
              Go to {r.post ? `post #${r.post}` : 'line'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
