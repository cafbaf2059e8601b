/**
 * The duel view: per duelist, the sheet in use, Life under the stakes, Toughness and its wear,
 * staggered, lands per colour against the cap, the pending +1s, hand against Memory; the
 * initiative; every value a roll decided links to that roll. The user marks where a new duel starts.
 */
import { SPARK_D10 } from '../../../lib/games/spark-d10/game';
import { useMemo, useState } from 'preact/hooks';
import type { DuelistView, DuelView } from '../../../lib/games/spark-d10/view';
import { DUEL_STEPS, duelStatePost, endStepDue, landsLabel, nextStep, withCorrections } from '../../../lib/games/spark-d10/table';
import { runPlaneswalkers, type PwEvent, type Side } from '../../../lib/games/planeswalkers/engine';
import type { GameRules } from '../../../lib/spark/settings';
import type { Correction, DuelTable } from '../../../lib/games/spark-d10/stored';
import type { RollView } from '../../../lib/view';
import { PostPreview } from '../../panel/PostPreview';
import { PostButtons } from '../../panel/PostButtons';
import type { ForumWriter } from '../../../lib/forums/writer';
import { type Key, type Locale, tl } from '../../../lib/i18n';
import { manaBurn } from '../../../lib/spark/duel';
import { t, uiLocale } from '../../locale';

const lifeState = (s: NonNullable<DuelistView['lifeState']>) => t(`duel.lifeState.${s}` as Key);

function Decided({ id, onJump, label }: { id: string | undefined; onJump: (id: string) => void; label: string }) {
  if (!id) return null;
  return (
    <button type="button" class="btn small" style="padding:0 6px" title={t('duel.decidedTitle')} onClick={() => onJump(id)}>
      <span aria-hidden="true">↗ </span>#{id.split('-')[0]}
      <span class="sr-only">{` — ${t('duel.decided', { label })}`}</span>
    </button>
  );
}

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <span class="meter" role="img" aria-label={t('duel.ofMax', { label, value, max })}>
      <span style={`width:${pct}%`} />
    </span>
  );
}

const EMPTY_TABLE: DuelTable = {
  game: SPARK_D10.id,
  corrections: [],
  turn: { number: 1, active: null, step: 0 },
  planeswalkers: [],
  sides: { A: null, B: null },
  undo: [],
  updatedAt: 0,
};

/** The fields a correction can set, with how they are typed. */
const CORRECTABLE: { field: Correction['field'] | 'lands'; kind: 'number' | 'boolean' }[] = [
  { field: 'life', kind: 'number' },
  { field: 'toughness', kind: 'number' },
  { field: 'staggered', kind: 'boolean' },
  { field: 'pendingPlus', kind: 'number' },
  { field: 'hand', kind: 'number' },
];

function CorrectForm({ d, onCorrect }: { d: DuelistView; onCorrect: (c: Correction) => void }) {
  const [field, setField] = useState<string>('life');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const fields = [
    ...CORRECTABLE.map((c) => [c.field, t(`duel.field.${c.field}` as Key)] as const),
    ...d.lands.map((l) => [`lands.${l.colour}`, landsLabel(l.colour, uiLocale())] as const),
  ];
  const boolean = field === 'staggered';
  return (
    <details class="small">
      <summary>{t('duel.correct')}</summary>
      <div class="row">
        <label class="field small">
          {t('duel.correct.value')}
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
            {t('duel.field.staggered')}
            <select value={value || 'true'} onChange={(e) => setValue((e.target as HTMLSelectElement).value)}>
              <option value="true">{t('duel.yes')}</option>
              <option value="false">{t('duel.no')}</option>
            </select>
          </label>
        ) : (
          <label class="field small">
            {t('duel.correct.new')}
            <input type="number" value={value} onInput={(e) => setValue((e.target as HTMLInputElement).value)} style="width:80px" />
          </label>
        )}
        <label class="field small">
          {t('duel.correct.why')}
          <input value={note} maxLength={300} onInput={(e) => setNote((e.target as HTMLInputElement).value)} placeholder={t('duel.correct.whyHint')} />
        </label>
        <button
          type="button"
          class="btn small"
          disabled={!boolean && (value.trim() === '' || !Number.isFinite(Number(value)))}
          onClick={() => {
            onCorrect({
              duelist: d.name,
              field: field as Correction['field'],
              value: boolean ? (value || 'true') === 'true' : Math.trunc(Number(value)),
              note: note.trim(),
            });
            setValue('');
            setNote('');
          }}
        >
          {t('duel.correct.set')}
        </button>
      </div>
    </details>
  );
}

function Planeswalkers({
  table,
  duelists,
  side,
  onEvent,
  uniqueness,
}: {
  table: DuelTable;
  duelists: string[];
  side: (name: string | null) => Side | null;
  onEvent: (e: PwEvent) => void;
  uniqueness: GameRules['planeswalkerUniqueness'];
}) {
  const ui: Locale = uiLocale();
  const state = runPlaneswalkers({ uniqueness, events: table.planeswalkers }, ui);
  const [f, setF] = useState<Record<string, string>>({ controller: 'A', loyalty: '3', cost: '1', amount: '1', power: '4', lethal: '2' });
  const set = (k: string) => (e: Event) => setF({ ...f, [k]: (e.target as HTMLInputElement).value });
  const last =
    state.refused.length && state.refused[state.refused.length - 1]!.event === table.planeswalkers.length - 1 ? state.refused[state.refused.length - 1]! : null;
  // The rule's own words in seed 002's Italian, by the refusal's rule id.
  const italian = last ? tl('it', last.ruleId as Key) : null;
  const pw = f.pw && state.battlefield.some((p) => p.id === f.pw) ? f.pw : (state.battlefield[0]?.id ?? '');
  const sideName = (x: Side) => table.sides[x] ?? duelists[x === 'A' ? 0 : 1] ?? x;
  return (
    <section class="card small" aria-labelledby="pw-h" data-testid="planeswalkers">
      <h2 id="pw-h" style="margin:0 0 4px;font-size:13px">
        {t('pw.section')}
      </h2>
      {state.battlefield.length === 0 && <p class="muted">{t('pw.none')}</p>}
      <ul class="list">
        {state.battlefield.map((p) => (
          <li key={p.id} data-pw={p.id} data-loyalty={p.loyalty}>
            <b>{p.name}</b> ({p.subtype}), {sideName(p.controller)}: {t('pw.loyalty')} <b>{p.loyalty}</b>
          </li>
        ))}
      </ul>
      {state.graveyard.length > 0 && <p class="muted">{t('pw.graveyard', { cards: state.graveyard.join(', ') })}</p>}
      {last && (
        <p class="alert" role="alert" data-testid="pw-refused">
          {/* The seed's rules are Italian: the Italian UI reads them as written; the English one gives the original beside. */}
          {ui === 'it' && italian ? t('pw.refused', { rule: italian }) : t('pw.refused', { rule: last.rule })}
          {italian && ui !== 'it' && (
            <span lang="it">
              <br />({italian})
            </span>
          )}
        </p>
      )}
      <details>
        <summary>{t('pw.enters')}</summary>
        <div class="row">
          <label class="field small">
            {t('pw.cardName')}
            <input value={f.name ?? ''} onInput={set('name')} placeholder="Elspeth, Knight-Errant" />
          </label>
          <label class="field small">
            {t('pw.subtype')}
            <input value={f.subtype ?? ''} onInput={set('subtype')} placeholder="Elspeth" style="width:90px" />
          </label>
          <label class="field small">
            {t('pw.controller')}
            <select value={f.controller} onChange={set('controller')}>
              <option value="A">{sideName('A')}</option>
              <option value="B">{sideName('B')}</option>
            </select>
          </label>
          <label class="field small">
            {t('pw.printedLoyalty')}
            <input type="number" min={0} value={f.loyalty} onInput={set('loyalty')} style="width:60px" />
          </label>
          <button
            type="button"
            class="btn small"
            disabled={!f.name?.trim()}
            onClick={() =>
              onEvent({
                enter: `${(f.name ?? '').trim().slice(0, 40)}#${table.planeswalkers.length}`,
                name: f.name!.trim(),
                subtype: (f.subtype ?? '').trim() || f.name!.trim().split(/[ ,]/)[0]!,
                controller: f.controller as Side,
                loyalty: Math.trunc(Number(f.loyalty)),
              })
            }
          >
            {t('pw.enter')}
          </button>
        </div>
      </details>
      {state.battlefield.length > 0 && (
        <div class="row">
          <label class="field small">
            {t('pw.planeswalker')}
            <select value={pw} onChange={set('pw')}>
              {state.battlefield.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.loyalty})
                </option>
              ))}
            </select>
          </label>
          <label class="field small">
            {t('pw.cost')}
            <input type="number" value={f.cost} onInput={set('cost')} style="width:60px" />
          </label>
          <button
            type="button"
            class="btn small"
            onClick={() =>
              onEvent({ activate: pw, by: side(table.turn.active) ?? state.battlefield.find((p) => p.id === pw)!.controller, cost: Math.trunc(Number(f.cost)) })
            }
          >
            {t('pw.activate')}
          </button>
          <label class="field small">
            {t('pw.damage')}
            <input type="number" min={0} value={f.amount} onInput={set('amount')} style="width:60px" />
          </label>
          <button type="button" class="btn small" onClick={() => onEvent({ damage: pw, amount: Math.trunc(Number(f.amount)) })}>
            {t('pw.combatDamage')}
          </button>
          <button type="button" class="btn small" onClick={() => onEvent({ redirect: pw, amount: Math.trunc(Number(f.amount)) })}>
            {t('pw.redirect')}
          </button>
          <label class="field small">
            {t('pw.power')}
            <input type="number" min={0} value={f.power} onInput={set('power')} style="width:60px" />
          </label>
          <label class="field small">
            {t('pw.lethal')}
            <input type="number" min={0} value={f.lethal} onInput={set('lethal')} style="width:60px" />
          </label>
          <button
            type="button"
            class="btn small"
            onClick={() => onEvent({ trample: pw, power: Math.trunc(Number(f.power)), blockersLethal: Math.trunc(Number(f.lethal)) })}
          >
            {t('pw.trample')}
          </button>
          <button
            type="button"
            class="btn small"
            onClick={() => onEvent({ control: pw, to: state.battlefield.find((p) => p.id === pw)!.controller === 'A' ? 'B' : 'A' })}
          >
            {t('pw.control')}
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
  postLocale = 'en',
  writer,
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
  /** The thread's language, for the state post. */
  postLocale?: Locale;
  /** The thread's forum's writer. */
  writer: ForumWriter;
}) {
  const [mark, setMark] = useState('');
  const [unused, setUnused] = useState('');
  const [status, setStatus] = useState('');
  const table = stored ?? EMPTY_TABLE;
  const corrected = useMemo(() => (duel ? withCorrections(duel, table.corrections, rolls, uiLocale()) : null), [duel, table.corrections, rolls]);
  if (!duel || !corrected) return <p>{t('duel.none')}</p>;
  const order = duel.initiative.length ? duel.initiative.map((s) => s.name) : duel.duelists.map((d) => d.name);
  const change = (patch: Partial<DuelTable>) => {
    const { undo, updatedAt: _u, game: _g, ...now } = table;
    onTable({ ...table, ...patch, undo: [...undo, now].slice(-30), updatedAt: Date.now() });
  };
  const undo = () => {
    const prev = table.undo[table.undo.length - 1];
    if (prev) onTable({ ...table, ...prev, undo: table.undo.slice(0, -1), updatedAt: Date.now() });
  };
  const sideOf = (name: string | null): Side | null =>
    !name ? null : (table.sides.A ?? order[0]) === name ? 'A' : (table.sides.B ?? order[1]) === name ? 'B' : null;
  const phase = (step: number): PwEvent => ({ phase: step === 6 ? 'main' : step === 7 ? 'combat' : 'end' });
  const pwEvent = (e: PwEvent) => {
    // The planeswalker rules need the turn and the step: they come from the turn tracker, as the event is entered.
    const active = sideOf(table.turn.active);
    const context: PwEvent[] = 'activate' in e && active ? [{ turn: active }, phase(table.turn.step)] : [];
    change({ planeswalkers: [...table.planeswalkers, ...context, e] });
  };
  const walkers = table.planeswalkers.length
    ? runPlaneswalkers({ uniqueness: rules?.planeswalkerUniqueness ?? 'seed', events: table.planeswalkers }, uiLocale())
    : null;
  const active = corrected.view.duelists.find((d) => d.name === table.turn.active) ?? null;
  const doc = duelStatePost(corrected.view, { ...table.turn, active: table.turn.active ?? order[0] ?? null }, walkers, postLocale);
  const post = writer.write(doc);
  duel = corrected.view;
  return (
    <section aria-label={t('duel.section')} data-testid="duel-view">
      {duel.startsAt > 1 && <p class="small muted">{t('duel.startsAt', { post: duel.startsAt })}</p>}
      <div class="card small" data-testid="turn" data-step={table.turn.step}>
        <div class="row">
          <b>{t('duel.turn', { n: table.turn.number })}</b>
          <label class="row">
            {t('duel.whose')}
            <select
              aria-label={t('duel.whoseTurn')}
              value={table.turn.active ?? order[0] ?? ''}
              onChange={(e) => change({ turn: { ...table.turn, active: (e.target as HTMLSelectElement).value } })}
            >
              {order.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            class="btn small primary"
            onClick={() => change({ turn: nextStep({ ...table.turn, active: table.turn.active ?? order[0] ?? null }, order) })}
          >
            {t('duel.nextStep')}
          </button>
          <button type="button" class="btn small" disabled={!table.undo.length} onClick={undo}>
            {t('duel.undo')}
          </button>
        </div>
        <ol class="steps" aria-label={t('duel.steps')}>
          {DUEL_STEPS.map((name, i) => (
            <li
              key={name}
              aria-current={i === table.turn.step ? 'step' : undefined}
              class={i === table.turn.step ? 'current' : i < table.turn.step ? 'done' : ''}
            >
              <button type="button" class="linkish" onClick={() => change({ turn: { ...table.turn, step: i } })}>
                {t(`step.${i}` as Key)}
              </button>
            </li>
          ))}
        </ol>
        {table.turn.step === 8 && active && rules && (
          <div data-testid="end-step">
            <b>{t('duel.endDue', { name: active.name })}</b>
            <ul>
              {endStepDue(active, rules, unused.trim() ? Math.trunc(Number(unused)) : null, uiLocale()).map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
            <div class="row">
              <label class="row">
                {t('duel.unusedMana')}
                <input type="number" min={0} value={unused} onInput={(e) => setUnused((e.target as HTMLInputElement).value)} style="width:60px" />
              </label>
              <button
                type="button"
                class="btn small"
                disabled={!unused.trim() || Number(unused) <= 0 || active.life === null}
                onClick={() => {
                  const burn = manaBurn(Math.trunc(Number(unused)), rules);
                  change({
                    corrections: [
                      ...table.corrections,
                      { duelist: active.name, field: 'life', value: active.life! - burn, note: t('duel.manaBurnNote', { count: Math.trunc(Number(unused)) }) },
                    ],
                  });
                  setUnused('');
                }}
              >
                {t('duel.applyBurn')}
              </button>
            </div>
          </div>
        )}
      </div>
      {duel.initiative.length > 0 && (
        <div class="card small" data-testid="initiative">
          <b>{t('duel.initiative')}</b>
          <ol style="margin:4px 0 0 18px;padding:0">
            {duel.initiative.map((s) => (
              <li key={s.name}>
                {t('duel.initiativeLine', { name: s.name, successes: t('badge.successes', { count: s.successes }), faces: s.faceSum })}
                {s.tiedWith.length ? t('duel.tiedWith', { names: s.tiedWith.join(', ') }) : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
      {duel.duelists.length === 0 && <p class="muted">{t('duel.noDuelist')}</p>}
      {duel.duelists.map((d) => (
        <article
          key={d.name}
          class="card"
          data-duelist={d.name}
          data-life={d.life ?? ''}
          data-toughness={d.toughness ?? ''}
          data-staggered={String(d.staggered)}
        >
          <h2 style="margin:0 0 4px;font-size:14px">
            {d.name}{' '}
            {d.staggered && (
              <span class="badge t-rules" style="cursor:default">
                {t('duel.staggered')}
              </span>
            )}
          </h2>
          <div class="small muted">{d.sheet ? t('duel.sheet', { name: d.sheet }) : t('duel.noSheet')}</div>
          <dl class="duel-stats">
            <dt>{t('duel.field.life')}</dt>
            <dd>
              <b>{d.life ?? '—'}</b>
              {d.lifeStart !== null && t('duel.of', { max: d.lifeStart })}
              {d.life !== null && d.lifeStart !== null && <Bar value={d.life} max={d.lifeStart} label={t('duel.field.life')} />}
              {d.lifeState && d.lifeState !== 'fighting' && <span class="error"> {lifeState(d.lifeState)}</span>}
              <Decided id={d.decidedBy.life} onJump={onJump} label={t('duel.field.life')} />
            </dd>
            <dt>{t('duel.field.toughness')}</dt>
            <dd>
              <b>{d.toughness ?? '—'}</b>
              {d.toughnessBase !== null && t('duel.of', { max: d.toughnessBase })}
              {d.wear > 0 && t('duel.wornBy', { n: d.wear })}
              <Decided id={d.decidedBy.toughness} onJump={onJump} label={t('duel.field.toughness')} />
            </dd>
            {d.lands.map((l) => (
              <>
                <dt key={`${l.colour}-t`}>{landsLabel(l.colour, uiLocale())}</dt>
                <dd key={`${l.colour}-d`} data-colour={l.colour} data-lands={l.count}>
                  {l.count}
                  {l.cap !== null && ` / ${l.cap}`}
                  {l.cap !== null && <Bar value={l.count} max={l.cap} label={landsLabel(l.colour, uiLocale())} />}
                  <Decided id={d.decidedBy[`lands.${l.colour}`]} onJump={onJump} label={landsLabel(l.colour, uiLocale())} />
                </dd>
              </>
            ))}
            {d.manaReservoir !== null && (
              <>
                <dt>{t('duel.reservoir')}</dt>
                <dd>{d.manaReservoir}</dd>
              </>
            )}
            <dt>{t('duel.nextChanneling')}</dt>
            <dd>
              {d.pendingPlus ? t('duel.carried', { count: d.pendingPlus, n: d.pendingPlus }) : t('duel.noCarried')}
              <Decided id={d.decidedBy.pending} onJump={onJump} label={t('duel.carriedLabel')} />
            </dd>
            {(d.hand !== null || d.memory !== null) && (
              <>
                <dt>{t('duel.hand')}</dt>
                <dd>
                  {d.hand ?? '?'} {d.memory !== null && t('duel.memory', { n: d.memory })}
                  {d.hand !== null && d.memory !== null && d.hand > d.memory && (
                    <span class="error">{t('duel.discardAtEnd', { count: d.hand - d.memory })}</span>
                  )}
                </dd>
              </>
            )}
            {d.focus !== null && (
              <>
                <dt>{t('duel.focus')}</dt>
                <dd>{t('duel.focusLine', { n: d.focus })}</dd>
              </>
            )}
          </dl>
          <CorrectForm
            d={d}
            onCorrect={(c) => change({ corrections: [...table.corrections.filter((x) => !(x.duelist === c.duelist && x.field === c.field)), c] })}
          />
        </article>
      ))}
      {corrected.notes.length > 0 && (
        <div class="card small" data-testid="corrections">
          <b>{t('duel.corrections')}</b>
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
      <h2 class="small">{t('duel.statePost')}</h2>
      <PostButtons text={post} doc={doc} onInsert={onInsert} onCopy={onCopy} canInsert={canInsert} setStatus={setStatus} />
      <div class="small" role="status">
        {status}
      </div>
      <PostPreview doc={doc} writer={writer} />
      <details class="small">
        <summary>{t('duel.newDuel')}</summary>
        <p>{t('duel.newDuelHint')}</p>
        <div class="row">
          <label class="field small">
            {t('duel.newDuelFrom')}
            <select value={mark} onChange={(e) => setMark((e.target as HTMLSelectElement).value)}>
              <option value="">{t('duel.choosePost')}</option>
              {posts.map((p) => (
                <option key={p} value={p}>
                  #{p}
                </option>
              ))}
            </select>
          </label>
          <button type="button" class="btn" disabled={!mark} onClick={() => onMarkNewDuel([...newDuelAt, Number(mark)])}>
            {t('duel.mark')}
          </button>
          {newDuelAt.length > 0 && (
            <button type="button" class="btn" onClick={() => onMarkNewDuel([])}>
              {t('duel.clearMarks', { posts: newDuelAt.map((n) => `#${n}`).join(', ') })}
            </button>
          )}
        </div>
      </details>
    </section>
  );
}
