import { useEffect, useRef, useState } from 'preact/hooks';
import { damageAfterToughness, drawDeclaration, postProblem, rollSummary, sheetPost } from '../../lib/games/spark-d10/replies';
import { parseRollLine, recordFromLine } from '../../lib/forums/rpol/roll-line';
import type { RollRecord } from '../../lib/rolls/record';
import { RARITIES, type Rarity } from '../../lib/spark/draw';
import { parseSheetText } from '../../lib/spark/sheet';
import type { Draft } from '../../lib/settings/schema';
import { RubbPreview } from './RubbPreview';

type Kind = 'draw' | 'summary' | 'toughness' | 'sheet';
type Form = Record<string, string>;

function recordOf(line: string): RollRecord | null {
  const l = parseRollLine(line);
  return l ? recordFromLine(l, 'log', line) : null;
}

const num = (s: string | undefined, d: number) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Math.trunc(Number(s)) : d);

/** Build a block of the reply from the form; a message when the form is not ready. */
function build(kind: Kind, f: Form, boundSheet: string | null): { text: string; extra?: string } | { error: string } {
  switch (kind) {
    case 'draw': {
      const memory = num(f.memory, 0);
      if (!f.card?.trim()) return { error: 'Name the card you declare.' };
      if (memory < 1 || memory > 100) return { error: 'Memory (the number of dice) must be 1 to 100.' };
      const d = drawDeclaration(f.card, (f.rarity as Rarity) || 'Common', memory, num(f.modifier, 0));
      return { text: d.post, extra: `Roll ${d.roll.dice}; tick ${d.roll.options.join(', ')}; reason: ${d.roll.reason}` };
    }
    case 'summary': {
      const rec = recordOf(f.logLine ?? '');
      if (!rec) return { error: 'Paste the line from the Die Roller log (it ends with [roll=…]).' };
      return { text: rollSummary(rec) };
    }
    case 'toughness': {
      const damage = num(f.damage, -1);
      if (damage < 0) return { error: 'How much damage? A whole number.' };
      const rec = f.logLine?.trim() ? recordOf(f.logLine) : null;
      const faces = rec?.faces ?? (f.faces ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
      if (faces.some((x) => !Number.isInteger(x) || x < 1 || x > 10)) return { error: 'Faces are whole numbers 1 to 10, e.g. "1 7 6 1" (or paste the log line).' };
      const life = f.life?.trim() ? num(f.life, 0) : null;
      return { text: damageAfterToughness(damage, faces, num(f.modifier, 0), life, rec?.rollId ?? null) };
    }
    case 'sheet': {
      if (!boundSheet) return { error: 'Bind your sheet first (Sheets or Planner tab).' };
      return { text: sheetPost(parseSheetText(boundSheet).sheet) };
    }
  }
}

export function ReplyTab({
  draftKey,
  loadDraft,
  saveDraft,
  boundSheet,
  incoming,
  onIncomingTaken,
  lastLogRoll,
  onInsert,
  onCopy,
  canInsert,
}: {
  draftKey: string | null;
  loadDraft: (k: string) => Promise<Draft | null>;
  saveDraft: (k: string, d: Draft) => Promise<void>;
  boundSheet: string | null;
  incoming: string | null;
  onIncomingTaken: () => void;
  lastLogRoll: () => Promise<string | null>;
  onInsert: (text: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  onCopy: (text: string) => Promise<boolean>;
  canInsert: boolean;
}) {
  const [kind, setKind] = useState<Kind>('draw');
  const [form, setForm] = useState<Form>({ rarity: 'Common' });
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const loaded = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const append = (block: string) => setText((t) => (t.trim() ? `${t}\n\n${block}` : block));
  const pending = useRef<string | null>(null);

  useEffect(() => {
    loaded.current = false;
    if (!draftKey) return;
    void loadDraft(draftKey).then((d) => {
      if (d) {
        setText(d.text);
        const { kind: k, ...rest } = d.form as Record<string, string>;
        if (k) setKind(k as Kind);
        setForm({ rarity: 'Common', ...rest });
      }
      loaded.current = true;
      if (pending.current) {
        append(pending.current);
        pending.current = null;
      }
    });
  }, [draftKey]);

  // A block sent from the planner: added once, after the saved draft is back.
  useEffect(() => {
    if (!incoming) return;
    if (loaded.current) append(incoming);
    else pending.current = incoming;
    onIncomingTaken();
  }, [incoming]);

  useEffect(() => {
    if (!draftKey || !loaded.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraft(draftKey, { text, form: { ...form, kind }, updatedAt: Date.now() }), 250);
  }, [text, form, kind, draftKey]);

  const built = build(kind, form, boundSheet);
  const set = (k: string) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  const problem = postProblem(text);
  const field = (k: string, label: string, props: Record<string, unknown> = {}) => (
    <label class="field small">
      {label}
      <input value={form[k] ?? ''} onInput={set(k)} {...props} />
    </label>
  );

  return (
    <section aria-label="Reply builder">
      <label class="field small">
        Build
        <select aria-label="What to build" value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as Kind)}>
          <option value="draw">a draw declaration</option>
          <option value="summary">a roll summary (after rolling)</option>
          <option value="toughness">damage after Toughness</option>
          <option value="sheet">my sheet, in canonical form</option>
        </select>
      </label>
      {kind === 'draw' && (
        <div class="row">
          {field('card', 'Card', { placeholder: 'Disenchant' })}
          <label class="field small">
            Rarity
            <select value={form.rarity} onChange={set('rarity')}>
              {RARITIES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          {field('memory', 'Memory', { type: 'number', min: 1, max: 100, style: 'width:70px' })}
          {field('modifier', 'Modifier', { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {(kind === 'summary' || kind === 'toughness') && (
        <div>
          <label class="field small">
            The roll’s line from the Die Roller log
            <textarea class="mono" rows={3} value={form.logLine ?? ''} onInput={set('logLine')} placeholder="17:54, Mon 05 Oct: Tavi Quell rolled … – [roll=…]" />
          </label>
          <button
            type="button"
            class="btn small"
            onClick={() =>
              void lastLogRoll().then((l) => {
                if (l) setForm({ ...form, logLine: l });
                else setStatus('No roll picked yet: on the Die Roller page, open a roll’s badge and choose “Use in my reply”.');
              })
            }
          >
            Use the roll picked on the Die Roller page
          </button>
        </div>
      )}
      {kind === 'toughness' && (
        <div class="row">
          {field('damage', 'Damage', { type: 'number', min: 0, style: 'width:70px' })}
          {field('faces', 'or faces', { placeholder: '1 7 6 1' })}
          {field('modifier', 'Modifier', { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('life', 'Life now', { type: 'number', style: 'width:70px' })}
        </div>
      )}
      <div class="card small" aria-live="polite">
        {'error' in built ? (
          <span class="muted">{built.error}</span>
        ) : (
          <>
            {built.extra && <div>{built.extra}</div>}
            <pre class="mono" style="white-space:pre-wrap;margin:4px 0">{built.text}</pre>
            <button type="button" class="btn small primary" onClick={() => setText(text.trim() ? `${text}\n\n${built.text}` : built.text)}>
              Add to reply
            </button>
          </>
        )}
      </div>
      <label class="field">
        Reply (saved as a draft for this thread)
        <textarea class="mono" rows={8} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} data-testid="draft" />
      </label>
      {problem && <div class="error small">{problem}</div>}
      <div class="row">
        <button
          type="button"
          class="btn primary"
          disabled={!text.trim() || !canInsert || !!problem}
          title={canInsert ? 'Put the reply into RPOL’s reply box at the cursor' : 'This page has no reply box'}
          onClick={() => void onInsert(text).then((r) => setStatus(r.ok ? 'Inserted into the reply box.' : r.error))}
        >
          Insert into reply
        </button>
        <button type="button" class="btn" disabled={!text.trim()} onClick={() => void onCopy(text).then((ok) => setStatus(ok ? 'Copied.' : 'Copy failed.'))}>
          Copy
        </button>
        <button type="button" class="btn" disabled={!text} onClick={() => setText('')}>
          Clear
        </button>
      </div>
      <div class="small" role="status">
        {status}
      </div>
      <h4>Preview</h4>
      <RubbPreview text={text} />
    </section>
  );
}
