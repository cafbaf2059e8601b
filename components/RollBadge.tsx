import { useEffect, useRef, useState } from 'preact/hooks';
import { readSparkRoll } from '../lib/spark/reading';
import { KIND_LABEL, type RollView } from '../lib/view';
import { DistributionChart, Faces } from './Dice';
import { badgeLabel, successesText, TRUST_ICON } from './badge-dom';

/** The badge as a Preact component (the side panel and tests use it; pages use badge-dom.ts). */
export function RollBadge({ view }: { view: RollView }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <span class="host-wrap">
      <button ref={button} type="button" class={`badge t-${view.trust}`} aria-expanded={open} aria-label={badgeLabel(view)} title={view.reasons[0]} onClick={() => setOpen(!open)}>
        <span class="b-icon" aria-hidden="true">
          {TRUST_ICON[view.trust]}
        </span>
        <span class="b-kind">{KIND_LABEL[view.kind]}</span>
        {view.successes !== null && !/success/.test(view.outcome) && <span class="b-succ">{successesText(view)}</span>}
        <span class="b-outcome">{view.outcome}</span>
        <span class="b-trust">{view.trustLabel}</span>
        {view.cautions.length > 0 && <span aria-hidden="true">⚠</span>}
      </button>
      {open && (
        <RollDetail
          view={view}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </span>
  );
}

export function RollDetail({ view, onClose }: { view: RollView; onClose: () => void }) {
  const [modifier, setModifier] = useState(view.modifier);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.focus();
  }, []);
  const what =
    modifier === view.modifier || !view.d10
      ? view
      : (() => {
          const r = readSparkRoll(
            { specs: [{ count: view.dice, sides: 10, modifier: 0, raw: `${view.dice}d10` }], faces: view.faces, results: view.results, reason: view.reason, rerollOnes: false },
            modifier,
          );
          return { ...view, successes: r.successes, outcome: r.outcome, difficulty: r.difficulty };
        })();
  const changed = what !== view;
  return (
    <div
      ref={root}
      class="pop"
      role="dialog"
      aria-label={`${KIND_LABEL[view.kind]} roll by ${view.roller}`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <button type="button" class="close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <h3>
        {KIND_LABEL[view.kind]} · <span class="muted">{view.roller}</span>
      </h3>
      <div class="small">
        {view.reason ? <span>“{view.reason}”</span> : <span class="muted">no reason given</span>}
        <span class="muted"> · {view.specs.join(', ')} · rolled {view.results.join(', ')}</span>
      </div>
      {view.faces && view.kind !== 'starting-hand' && view.d10 && <Faces faces={view.faces} modifier={modifier} />}
      {view.faces && view.kind === 'starting-hand' && <div class="small">Deck positions: {view.faces.join(', ')}</div>}
      <div class="row" style="margin:4px 0">
        {what.successes !== null && <span class="stat">{successesText(what)}</span>}
        <span>{what.outcome}</span>
        {changed && <span class="small muted">(what-if at {modifier > 0 ? '+' : ''}{modifier}; rolled at {view.modifier > 0 ? '+' : ''}{view.modifier})</span>}
      </div>
      <div class="small muted">{view.rule}</div>
      <div class={`verdict t-${view.trust}`}>
        <b>{view.trustLabel}</b>
        <ul>
          {view.reasons.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
          {view.cautions.map((c, i) => (
            <li key={`c${i}`}>⚠ {c}</li>
          ))}
        </ul>
      </div>
      {view.notes.map((n, i) => (
        <div key={i} class="small">
          ℹ {n}
        </div>
      ))}
      {view.d10 && view.kind !== 'starting-hand' && view.dice > 0 && (
        <>
          <DistributionChart dice={view.dice} modifier={modifier} difficulty={what.difficulty} result={what.successes} />
          <div class="whatif">
            <span class="small">What if the modifier were</span>
            <button type="button" aria-label="Lower the modifier" onClick={() => setModifier(Math.max(-5, modifier - 1))}>
              −
            </button>
            <input type="range" min={-5} max={5} step={1} value={modifier} aria-label="Modifier per die" onInput={(e) => setModifier(Number((e.target as HTMLInputElement).value))} />
            <button type="button" aria-label="Raise the modifier" onClick={() => setModifier(Math.min(5, modifier + 1))}>
              +
            </button>
            <output class="stat" style="min-width:28px">{modifier > 0 ? `+${modifier}` : modifier}</output>
          </div>
        </>
      )}
    </div>
  );
}
