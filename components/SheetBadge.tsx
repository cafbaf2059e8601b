import { useRef, useState } from 'preact/hooks';
import type { SheetView } from '../lib/view';

export function SheetSummaryLine({ view }: { view: SheetView }) {
  return (
    <span>
      {view.spentXp} XP spent{view.complete ? '' : ' (incomplete)'} · {view.unspentXp === null ? 'unspent unknown' : `${view.unspentXp} unspent`} · {view.problemCount}{' '}
      {view.problemCount === 1 ? 'finding' : 'findings'}
    </span>
  );
}

export function FindingsList({ view }: { view: SheetView }) {
  if (!view.findings.length) return <p class="ok">No findings: the sheet checks out.</p>;
  return (
    <ul class="findings">
      {view.findings.map((f, i) => (
        <li key={i}>
          <span class={`sev sev-${f.severity}`}>{f.severity}</span> {f.line !== null ? <b>line {f.line}: </b> : null}
          {f.message}
          {f.expected !== undefined && <span class="muted"> (expected: {String(f.expected)})</span>}
          <span class="muted small"> [{f.rule}]</span>
        </li>
      ))}
    </ul>
  );
}

/** The badge beside a character sheet: XP spent, unspent, findings; the audit on click. */
export function SheetBadge({ view }: { view: SheetView }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <span class="host-wrap">
      <button ref={button} type="button" class={`badge ${view.problemCount ? 't-mismatch' : 't-sheet'}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        <span class="b-icon" aria-hidden="true">
          ☰
        </span>
        <span class="b-kind">Sheet</span>
        <SheetSummaryLine view={view} />
      </button>
      {open && (
        <div class="pop" role="dialog" aria-label="Sheet audit" tabIndex={-1} ref={(el) => el?.focus()} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), close())}>
          <button type="button" class="close" aria-label="Close" onClick={close}>
            ×
          </button>
          <h3>Sheet audit</h3>
          <div class="small">
            Earned {view.earnedXp ?? '?'} · spent {view.spentXp} · unspent {view.unspentXp ?? '?'}
          </div>
          <FindingsList view={view} />
          <details>
            <summary class="small">Where the XP went</summary>
            <ul class="list small">
              {view.spending.map((s, i) => (
                <li key={i}>
                  {s.line !== null && <span class="muted">line {s.line}: </span>}
                  {s.what}: {s.xp} XP
                </li>
              ))}
            </ul>
          </details>
        </div>
      )}
    </span>
  );
}
