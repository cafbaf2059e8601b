/**
 * The duel view: per duelist, the sheet in use, Life under the stakes, Toughness and its wear,
 * staggered, lands per colour against the cap, the pending +1s, hand against Memory; the
 * initiative; every value a roll decided links to that roll. The user marks where a new duel starts.
 */
import { useMemo, useState } from 'preact/hooks';
import type { DuelistView, DuelView } from '../../lib/games/spark-d10/view';
import { DUEL_STEPS, duelStatePost, endStepDue, nextStep, withCorrections } from '../../lib/games/spark-d10/table';
import { PLANESWALKER_RULES, runPlaneswalkers, type PwEvent, type Side } from '../../lib/games/planeswalkers/engine';
import type { GameRules } from '../../lib/spark/settings';
import type { Correction, DuelTable } from '../../lib/settings/tables';
import type { RollView } from '../../lib/view';
import { RubbPreview } from './RubbPreview';
import { PostButtons } from './PostButtons';

const LIFE_STATE: Record<NonNullable<DuelistView['lifeState']>, string> = {
  fighting: 'fighting',
  incapacitated: 'incapacitated (0 Life or below)',
  'duel-lost': 'has lost the duel',
  dead: 'dead',
};

function Decided({ id, onJump, label }: { id: string | undefined; onJump: (id: string) => void; label: string }) {
  if (!id) return null;
  return (
    <button type="button" class="btn small" style="padding:0 6px" aria-label={`${label}: go to the roll that decided it`} title="Go to the roll that decided it" onClick={() => onJump(id)}>
      ↗ #{id.split('-')[0]}
    </button>
  );
}

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <span class="meter" role="img" aria-label={`${label}: ${value} of ${max}`}>
      <span style={`width:${pct}%`} />
    </span>
  );
}

const EMPTY_TABLE: DuelTable = { game: 'spark-d10', corrections: [], turn: { number: 1, active: null, step: 0 }, planeswalkers: [], sides: { A: null, B: null }, undo: [], updatedAt: 0 };

/** The fields a correction can set, with how they are typed. */
const CORRECTABLE: { field: Correction['field'] | 'lands'; label: string; kind: 'number' | 'boolean' }[] = [
  { field: 'life', label: 'Life', kind: 'number' },
  { field: 'toughness', label: 'Toughness', kind: 'number' },
  { field: 'staggered', label: 'Staggered', kind: 'boolean' },
  { field: 'pendingPlus', label: 'Carried +1s', kind: 'number' },
  { field: 'hand', label: 'Hand size', kind: 'number' },
];

function CorrectForm({ d, onCorrect }: { d: DuelistView; onCorrect: (c: Correction) => void }) {
  const [field, setField] = useState<string>('life');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const fields = [...CORRECTABLE.map((c) => [c.field, c.label] as const), ...d.lands.map((l) => [`lands.${l.colour}`, `${l.colour} lands`] as const)];
  const boolean = field === 'staggered';
  return (
    <details class="small">
      <summary>Correct a value</summary>
      <div class="row">
        <label class="field small">
          Value
          <select value={field} onChange={(e) => setField((e.target as HTMLSelectElement).value)}>
            {fields.map(([f, l]) => (
              <option key={f} value={f}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {boolean ? (
          <label class="field small">
            Staggered
            <select value={value || 'true'} onChange={(e) => setValue((e.target as HTMLSelectElement).value)}>
              <option value="true">yes</option>
              <option value="false">no</option>
            </select>
          </label>
        ) : (
          <label class="field small">
            New value
            <input type="number" value={value} onInput={(e) => setValue((e.target as HTMLInputElement).value)} style="width:80px" />
          </label>
        )}
        <label class="field small">
          Why (optional)
          <input value={note} maxLength={300} onInput={(e) => setNote((e.target as HTMLInputElement).value)} placeholder="unblocked creature, 3 damage" />
        </label>
        <button
          type="button"
          class="btn small"
          disabled={!boolean && (value.trim() === '' || !Number.isFinite(Number(value)))}
          onClick={() => {
            onCorrect({ duelist: d.name, field: field as Correction['field'], value: boolean ? (value || 'true') === 'true' : Math.trunc(Number(value)), note: note.trim() });
            setValue('');
            setNote('');
          }}
        >
          Set
        </button>
      </div>
    </details>
  );
}

function Planeswalkers({ table, duelists, side, onEvent, uniqueness }: { table: DuelTable; duelists: string[]; side: (name: string | null) => Side | null; onEvent: (e: PwEvent) => void; uniqueness: GameRules['planeswalkerUniqueness'] }) {
  const state = runPlaneswalkers({ uniqueness, events: table.planeswalkers });
  const [f, setF] = useState<Record<string, string>>({ controller: 'A', loyalty: '3', cost: '1', amount: '1', power: '4', lethal: '2' });
  const set = (k: string) => (e: Event) => setF({ ...f, [k]: (e.target as HTMLInputElement).value });
  const last = state.refused.length && state.refused[state.refused.length - 1]!.event === table.planeswalkers.length - 1 ? state.refused[state.refused.length - 1]! : null;
  const italian = last ? Object.values(PLANESWALKER_RULES).find((r) => last.rule.startsWith(r.en))?.it : null;
  const pw = f.pw && state.battlefield.some((p) => p.id === f.pw) ? f.pw : (state.battlefield[0]?.id ?? '');
  const sideName = (x: Side) => table.sides[x] ?? duelists[x === 'A' ? 0 : 1] ?? x;
  return (
    <section class="card small" aria-label="Planeswalker cards" data-testid="planeswalkers">
      <h3 style="margin:0 0 4px;font-size:13px">Planeswalker cards</h3>
      {state.battlefield.length === 0 && <p class="muted">None on the battlefield.</p>}
      <ul class="list">
        {state.battlefield.map((p) => (
          <li key={p.id} data-pw={p.id} data-loyalty={p.loyalty}>
            <b>{p.name}</b> ({p.subtype}), {sideName(p.controller)}: loyalty <b>{p.loyalty}</b>
          </li>
        ))}
      </ul>
      {state.graveyard.length > 0 && <p class="muted">Graveyard: {state.graveyard.join(', ')}</p>}
      {last && (
        <p class="alert" role="alert" data-testid="pw-refused">
          Not allowed: {last.rule}
          {italian && (
            <span lang="it">
              <br />({italian})
            </span>
          )}
        </p>
      )}
      <details>
        <summary>A planeswalker enters</summary>
        <div class="row">
          <label class="field small">
            Card name
            <input value={f.name ?? ''} onInput={set('name')} placeholder="Elspeth, Knight-Errant" />
          </label>
          <label class="field small">
            Subtype
            <input value={f.subtype ?? ''} onInput={set('subtype')} placeholder="Elspeth" style="width:90px" />
          </label>
          <label class="field small">
            Controller
            <select value={f.controller} onChange={set('controller')}>
              <option value="A">{sideName('A')}</option>
              <option value="B">{sideName('B')}</option>
            </select>
          </label>
          <label class="field small">
            Printed loyalty
            <input type="number" min={0} value={f.loyalty} onInput={set('loyalty')} style="width:60px" />
          </label>
          <button type="button" class="btn small" disabled={!f.name?.trim()} onClick={() => onEvent({ enter: `${(f.name ?? '').trim().slice(0, 40)}#${table.planeswalkers.length}`, name: f.name!.trim(), subtype: (f.subtype ?? '').trim() || f.name!.trim().split(/[ ,]/)[0]!, controller: f.controller as Side, loyalty: Math.trunc(Number(f.loyalty)) })}>
            Enters
          </button>
        </div>
      </details>
      {state.battlefield.length > 0 && (
        <div class="row">
          <label class="field small">
            Planeswalker
            <select value={pw} onChange={set('pw')}>
              {state.battlefield.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.loyalty})
                </option>
              ))}
            </select>
          </label>
          <label class="field small">
            Ability cost
            <input type="number" value={f.cost} onInput={set('cost')} style="width:60px" />
          </label>
          <button type="button" class="btn small" onClick={() => onEvent({ activate: pw, by: side(table.turn.active) ?? state.battlefield.find((p) => p.id === pw)!.controller, cost: Math.trunc(Number(f.cost)) })}>
            Activate
          </button>
          <label class="field small">
            Damage
            <input type="number" min={0} value={f.amount} onInput={set('amount')} style="width:60px" />
          </label>
          <button type="button" class="btn small" onClick={() => onEvent({ damage: pw, amount: Math.trunc(Number(f.amount)) })}>
            Combat damage
          </button>
          <button type="button" class="btn small" onClick={() => onEvent({ redirect: pw, amount: Math.trunc(Number(f.amount)) })}>
            Redirect non-combat damage
          </button>
          <label class="field small">
            Trampler’s power
            <input type="number" min={0} value={f.power} onInput={set('power')} style="width:60px" />
          </label>
          <label class="field small">
            Lethal to blockers
            <input type="number" min={0} value={f.lethal} onInput={set('lethal')} style="width:60px" />
          </label>
          <button type="button" class="btn small" onClick={() => onEvent({ trample: pw, power: Math.trunc(Number(f.power)), blockersLethal: Math.trunc(Number(f.lethal)) })}>
            Blocked trampler
          </button>
          <button type="button" class="btn small" onClick={() => onEvent({ control: pw, to: state.battlefield.find((p) => p.id === pw)!.controller === 'A' ? 'B' : 'A' })}>
            Changes control
          </button>
        </div>
      )}
    </section>
  );
}

export function DuelTab({
  duel,
  posts,
  newDuelAt,
  onJump,
  onMarkNewDuel,
  table: stored,
  onTable,
  rules,
  rolls,
  onInsert,
  onCopy,
  canInsert,
}: {
  duel: DuelView | null;
  posts: number[];
  newDuelAt: number[];
  onJump: (id: string) => void;
  onMarkNewDuel: (posts: number[]) => void;
  table: DuelTable | null;
  /** Save the next table state (the one before goes to undo). */
  onTable: (next: DuelTable) => void;
  rules: GameRules | null;
  rolls: RollView[];
  onInsert: (text: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  onCopy: (text: string) => Promise<boolean>;
  canInsert: boolean;
}) {
  const [mark, setMark] = useState('');
  const [unused, setUnused] = useState('');
  const [status, setStatus] = useState('');
  const table = stored ?? EMPTY_TABLE;
  const corrected = useMemo(() => (duel ? withCorrections(duel, table.corrections, rolls) : null), [duel, table.corrections, rolls]);
  if (!duel || !corrected) return <p>Open a Spark d10 duel thread to see its state here.</p>;
  const order = duel.initiative.length ? duel.initiative.map((s) => s.name) : duel.duelists.map((d) => d.name);
  const change = (patch: Partial<DuelTable>) => {
    const { undo, updatedAt: _u, game: _g, ...now } = table;
    onTable({ ...table, ...patch, undo: [...undo, now].slice(-30), updatedAt: Date.now() });
  };
  const undo = () => {
    const prev = table.undo[table.undo.length - 1];
    if (prev) onTable({ ...table, ...prev, undo: table.undo.slice(0, -1), updatedAt: Date.now() });
  };
  const sideOf = (name: string | null): Side | null => (!name ? null : (table.sides.A ?? order[0]) === name ? 'A' : (table.sides.B ?? order[1]) === name ? 'B' : null);
  const phase = (step: number): PwEvent => ({ phase: step === 6 ? 'main' : step === 7 ? 'combat' : 'end' });
  const pwEvent = (e: PwEvent) => {
    // The planeswalker rules need the turn and the step: they come from the turn tracker, as the event is entered.
    const active = sideOf(table.turn.active);
    const context: PwEvent[] = 'activate' in e && active ? [{ turn: active }, phase(table.turn.step)] : [];
    change({ planeswalkers: [...table.planeswalkers, ...context, e] });
  };
  const walkers = table.planeswalkers.length ? runPlaneswalkers({ uniqueness: rules?.planeswalkerUniqueness ?? 'seed', events: table.planeswalkers }) : null;
  const active = corrected.view.duelists.find((d) => d.name === table.turn.active) ?? null;
  const post = duelStatePost(corrected.view, { ...table.turn, active: table.turn.active ?? order[0] ?? null }, walkers);
  duel = corrected.view;
  return (
    <section aria-label="The duel" data-testid="duel-view">
      {duel.startsAt > 1 && <p class="small muted">This duel starts at post #{duel.startsAt} (marked by you).</p>}
      <div class="card small" data-testid="turn" data-step={table.turn.step}>
        <div class="row">
          <b>Turn {table.turn.number}</b>
          <label class="row">
            Whose
            <select aria-label="Whose turn" value={table.turn.active ?? order[0] ?? ''} onChange={(e) => change({ turn: { ...table.turn, active: (e.target as HTMLSelectElement).value } })}>
              {order.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
          <button type="button" class="btn small primary" onClick={() => change({ turn: nextStep({ ...table.turn, active: table.turn.active ?? order[0] ?? null }, order) })}>
            Next step
          </button>
          <button type="button" class="btn small" disabled={!table.undo.length} onClick={undo}>
            Undo the last change
          </button>
        </div>
        <ol class="steps" aria-label="The nine steps">
          {DUEL_STEPS.map((name, i) => (
            <li key={name} aria-current={i === table.turn.step ? 'step' : undefined} class={i === table.turn.step ? 'current' : i < table.turn.step ? 'done' : ''}>
              <button type="button" class="linkish" onClick={() => change({ turn: { ...table.turn, step: i } })}>
                {name}
              </button>
            </li>
          ))}
        </ol>
        {table.turn.step === 8 && active && rules && (
          <div data-testid="end-step">
            <b>End: what is due for {active.name}</b>
            <ul>
              {endStepDue(active, rules, unused.trim() ? Math.trunc(Number(unused)) : null).map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
            <div class="row">
              <label class="row">
                Unused mana
                <input type="number" min={0} value={unused} onInput={(e) => setUnused((e.target as HTMLInputElement).value)} style="width:60px" />
              </label>
              <button
                type="button"
                class="btn small"
                disabled={!unused.trim() || Number(unused) <= 0 || active.life === null}
                onClick={() => {
                  const burn = Math.trunc(Number(unused)) * rules.manaBurnPerMana;
                  change({ corrections: [...table.corrections, { duelist: active.name, field: 'life', value: active.life! - burn, note: `mana burn, ${Math.trunc(Number(unused))} unused` }] });
                  setUnused('');
                }}
              >
                Apply mana burn
              </button>
            </div>
          </div>
        )}
      </div>
      {duel.initiative.length > 0 && (
        <div class="card small" data-testid="initiative">
          <b>Initiative</b>
          <ol style="margin:4px 0 0 18px;padding:0">
            {duel.initiative.map((s) => (
              <li key={s.name}>
                {s.name}: {s.successes} {s.successes === 1 ? 'success' : 'successes'}, faces {s.faceSum}
                {s.tiedWith.length ? ` — tied with ${s.tiedWith.join(', ')}: roll again` : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
      {duel.duelists.length === 0 && <p class="muted">No duelist yet: the state starts with the first Speed roll or sheet.</p>}
      {duel.duelists.map((d) => (
        <article key={d.name} class="card" data-duelist={d.name} data-life={d.life ?? ''} data-toughness={d.toughness ?? ''} data-staggered={String(d.staggered)}>
          <h3 style="margin:0 0 4px;font-size:14px">
            {d.name} {d.staggered && <span class="badge t-rules" style="cursor:default">staggered</span>}
          </h3>
          <div class="small muted">{d.sheet ? `Sheet: ${d.sheet}` : 'No sheet in this thread yet: pools are not checked.'}</div>
          <dl class="duel-stats">
            <dt>Life</dt>
            <dd>
              <b>{d.life ?? '—'}</b>
              {d.lifeStart !== null && ` of ${d.lifeStart}`}
              {d.life !== null && d.lifeStart !== null && <Bar value={d.life} max={d.lifeStart} label="Life" />}
              {d.lifeState && d.lifeState !== 'fighting' && <span class="error"> {LIFE_STATE[d.lifeState]}</span>}
              <Decided id={d.decidedBy.life} onJump={onJump} label="Life" />
            </dd>
            <dt>Toughness</dt>
            <dd>
              <b>{d.toughness ?? '—'}</b>
              {d.toughnessBase !== null && ` of ${d.toughnessBase}`}
              {d.wear > 0 && ` (worn by ${d.wear})`}
              <Decided id={d.decidedBy.toughness} onJump={onJump} label="Toughness" />
            </dd>
            {d.lands.map((l) => (
              <>
                <dt key={`${l.colour}-t`}>{l.colour} lands</dt>
                <dd key={`${l.colour}-d`} data-colour={l.colour} data-lands={l.count}>
                  {l.count}
                  {l.cap !== null && ` / ${l.cap}`}
                  {l.cap !== null && <Bar value={l.count} max={l.cap} label={`${l.colour} lands`} />}
                  <Decided id={d.decidedBy[`lands.${l.colour}`]} onJump={onJump} label={`${l.colour} lands`} />
                </dd>
              </>
            ))}
            {d.manaReservoir !== null && (
              <>
                <dt>Mana Reservoir</dt>
                <dd>{d.manaReservoir}</dd>
              </>
            )}
            <dt>Next Channeling</dt>
            <dd>
              {d.pendingPlus ? `+${d.pendingPlus} per die (failed ${d.pendingPlus === 1 ? 'draw' : 'draws'})` : 'no carried +1'}
              <Decided id={d.decidedBy.pending} onJump={onJump} label="Carried +1" />
            </dd>
            {(d.hand !== null || d.memory !== null) && (
              <>
                <dt>Hand</dt>
                <dd>
                  {d.hand ?? '?'} {d.memory !== null && `/ Memory ${d.memory}`}
                  {d.hand !== null && d.memory !== null && d.hand > d.memory && <span class="error"> — discard {d.hand - d.memory} at End</span>}
                </dd>
              </>
            )}
            {d.focus !== null && (
              <>
                <dt>Focus</dt>
                <dd>{d.focus} each: creatures, creature counters, artifacts and enchantments</dd>
              </>
            )}
          </dl>
          <CorrectForm d={d} onCorrect={(c) => change({ corrections: [...table.corrections.filter((x) => !(x.duelist === c.duelist && x.field === c.field)), c] })} />
        </article>
      ))}
      {corrected.notes.length > 0 && (
        <div class="card small" data-testid="corrections">
          <b>Corrections by hand</b>
          <ul>
            {corrected.notes.map((n, i) => (
              <li key={i} class={n.contradicts ? 'error' : ''} data-contradicts={String(n.contradicts)}>
                {n.duelist}: {n.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Planeswalkers table={table} duelists={order} side={sideOf} onEvent={pwEvent} uniqueness={rules?.planeswalkerUniqueness ?? 'seed'} />
      <h3 class="small">State post</h3>
      <PostButtons text={post} onInsert={onInsert} onCopy={onCopy} canInsert={canInsert} setStatus={setStatus} />
      <div class="small" role="status">
        {status}
      </div>
      <RubbPreview text={post} />
      <details class="small">
        <summary>A new duel in this thread</summary>
        <p>A thread is one duel unless you mark the post where a new one starts: the state starts again there.</p>
        <div class="row">
          <label class="field small">
            New duel from post
            <select value={mark} onChange={(e) => setMark((e.target as HTMLSelectElement).value)}>
              <option value="">choose a post</option>
              {posts.map((p) => (
                <option key={p} value={p}>
                  #{p}
                </option>
              ))}
            </select>
          </label>
          <button type="button" class="btn" disabled={!mark} onClick={() => onMarkNewDuel([...newDuelAt, Number(mark)])}>
            Mark
          </button>
          {newDuelAt.length > 0 && (
            <button type="button" class="btn" onClick={() => onMarkNewDuel([])}>
              Clear marks ({newDuelAt.map((n) => `#${n}`).join(', ')})
            </button>
          )}
        </div>
      </details>
    </section>
  );
}
