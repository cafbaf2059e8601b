/**
 * The duel view: per duelist, the sheet in use, Life under the stakes, Toughness and its wear,
 * staggered, lands per colour against the cap, the pending +1s, hand against Memory; the
 * initiative; every value a roll decided links to that roll. The user marks where a new duel starts.
 */
import { SPARK_D10 } from '../../../lib/games/spark-d10/game';
import { useMemo, useState } from 'preact/hooks';
import { duelStatePost, withCorrections } from '../../../lib/games/spark-d10/table';
import { runPlaneswalkers, type PwEvent, type Side } from '../../../lib/games/planeswalkers/engine';

type PwState = ReturnType<typeof runPlaneswalkers>;
import type { GameRules } from '../../../lib/spark/settings';
import type { Correction, DuelTable } from '../../../lib/games/spark-d10/stored';
import type { RollView } from '../../../lib/view';
import { PostPreview } from '../../panel/PostPreview';
import { PostButtons } from '../../panel/PostButtons';
import { type Key, type Locale, tl } from '../../../lib/i18n';
import { t, uiLocale } from '../../locale';
import { usePanel } from '../../panel/context';
import { type GameTableKeeping, useGameTable } from '../../panel/use-game-table';
import { SaveError } from '../../panel/SaveError';
import { DuelistCard } from './DuelistCard';
import { DuelTurn } from './DuelTurn';
import { NewDuelMarks } from './NewDuelMarks';

const EMPTY_TABLE: DuelTable = {
  game: SPARK_D10.id,
  corrections: [],
  turn: { number: 1, active: null, step: 0 },
  planeswalkers: [],
  sides: { A: null, B: null },
  undo: [],
  updatedAt: 0,
};

/** A change to the duel table: what it sets, from the table as it is when the change is applied. */
type DuelChange = (table: DuelTable) => Partial<DuelTable>;

/** The duel table is plain data: a change sets its fields. */
const DUEL_TABLE: GameTableKeeping<DuelTable, DuelChange> = {
  game: SPARK_D10.id,
  empty: EMPTY_TABLE,
  apply: (table, change) => ({ ...table, ...change(table), updatedAt: Date.now() }),
  notSaved: 'panel.tableNotSaved',
  // Undo is kept in the stored table, as before: it outlasts the panel and the browser.
  history: {
    of: (table) => table.undo.map((state) => ({ ...table, ...state, undo: [] })),
    with: (table, earlier) => ({ ...table, undo: earlier.map(({ undo: _u, updatedAt: _t, game: _g, ...state }) => state) }),
  },
};

/** A planeswalker card entering the battlefield: its name, subtype, controller and printed loyalty. */
function PlaneswalkerEnters({
  f,
  set,
  sideName,
  entered,
  onEvent,
}: {
  f: Record<string, string>;
  set: (k: string) => (e: Event) => void;
  sideName: (x: Side) => string;
  /** How many planeswalker events the table holds (the new card's id is unique by it). */
  entered: number;
  onEvent: (e: PwEvent) => void;
}) {
  return (
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
              enter: `${(f.name ?? '').trim().slice(0, 40)}#${entered}`,
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
  );
}

/** The planeswalker cards on the battlefield and in the graveyard, and the last event's refusal in the rule's words. */
function PlaneswalkerList({ state, refused, sideName }: { state: PwState; refused: PwState['refused'][number] | null; sideName: (x: Side) => string }) {
  const ui: Locale = uiLocale();
  // The rule's own words in seed 002's Italian, by the refusal's rule id.
  const italian = refused ? tl('it', refused.ruleId as Key) : null;
  return (
    <>
      {state.battlefield.length === 0 && <p class="muted">{t('pw.none')}</p>}
      <ul class="list">
        {state.battlefield.map((p) => (
          <li key={p.id} data-pw={p.id} data-loyalty={p.loyalty}>
            <b>{p.name}</b> ({p.subtype}), {sideName(p.controller)}: {t('pw.loyalty')} <b>{p.loyalty}</b>
          </li>
        ))}
      </ul>
      {state.graveyard.length > 0 && <p class="muted">{t('pw.graveyard', { cards: state.graveyard.join(', ') })}</p>}
      {refused && (
        <p class="alert" role="alert" data-testid="pw-refused">
          {/* The seed's rules are Italian: the Italian UI reads them as written; the English one gives the original beside. */}
          {ui === 'it' && italian ? t('pw.refused', { rule: italian }) : t('pw.refused', { rule: refused.rule })}
          {italian && ui !== 'it' && (
            <span lang="it">
              <br />({italian})
            </span>
          )}
        </p>
      )}
    </>
  );
}

/** What a planeswalker on the battlefield can be made to do: activate, take damage (combat, redirected, trample), change control. */
function PlaneswalkerActs({
  state,
  f,
  set,
  activeSide,
  onEvent,
}: {
  state: PwState;
  f: Record<string, string>;
  set: (k: string) => (e: Event) => void;
  /** The side whose turn it is (null: the planeswalker's controller activates). */
  activeSide: Side | null;
  onEvent: (e: PwEvent) => void;
}) {
  const pw = f.pw && state.battlefield.some((p) => p.id === f.pw) ? f.pw : (state.battlefield[0]?.id ?? '');
  const controller = () => state.battlefield.find((p) => p.id === pw)!.controller;
  const n = (k: string) => Math.trunc(Number(f[k]));
  const number = (k: string, label: string, min?: number) => (
    <label class="field small">
      {label}
      <input type="number" min={min} value={f[k]} onInput={set(k)} style="width:60px" />
    </label>
  );
  const act = (label: string, e: () => PwEvent) => (
    <button type="button" class="btn small" onClick={() => onEvent(e())}>
      {label}
    </button>
  );
  return (
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
      {number('cost', t('pw.cost'))}
      {act(t('pw.activate'), () => ({ activate: pw, by: activeSide ?? controller(), cost: n('cost') }))}
      {number('amount', t('pw.damage'), 0)}
      {act(t('pw.combatDamage'), () => ({ damage: pw, amount: n('amount') }))}
      {act(t('pw.redirect'), () => ({ redirect: pw, amount: n('amount') }))}
      {number('power', t('pw.power'), 0)}
      {number('lethal', t('pw.lethal'), 0)}
      {act(t('pw.trample'), () => ({ trample: pw, power: n('power'), blockersLethal: n('lethal') }))}
      {act(t('pw.control'), () => ({ control: pw, to: controller() === 'A' ? 'B' : 'A' }))}
    </div>
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
  const state = runPlaneswalkers({ uniqueness, events: table.planeswalkers }, uiLocale());
  const [f, setF] = useState<Record<string, string>>({ controller: 'A', loyalty: '3', cost: '1', amount: '1', power: '4', lethal: '2' });
  const set = (k: string) => (e: Event) => setF({ ...f, [k]: (e.target as HTMLInputElement).value });
  // A refusal is shown while it is the last event entered.
  const lastRefused = state.refused[state.refused.length - 1];
  const refused = lastRefused && lastRefused.event === table.planeswalkers.length - 1 ? lastRefused : null;
  const sideName = (x: Side) => table.sides[x] ?? duelists[x === 'A' ? 0 : 1] ?? x;
  return (
    <section class="card small" aria-labelledby="pw-h" data-testid="planeswalkers">
      <h2 id="pw-h" style="margin:0 0 4px;font-size:13px">
        {t('pw.section')}
      </h2>
      <PlaneswalkerList state={state} refused={refused} sideName={sideName} />
      <PlaneswalkerEnters f={f} set={set} sideName={sideName} entered={table.planeswalkers.length} onEvent={onEvent} />
      {state.battlefield.length > 0 && <PlaneswalkerActs state={state} f={f} set={set} activeSide={side(table.turn.active)} onEvent={onEvent} />}
    </section>
  );
}

/** The thread's rolls' posts, in order, once each. */
const rollPosts = (rolls: readonly RollView[]) => [...new Set(rolls.map((r) => r.post).filter((n) => n > 0))];
const NO_ROLLS: RollView[] = [];

export function DuelTab() {
  const { summary, rules, postLocale, writer, io, jump } = usePanel();
  const { state: table, dispatch, undo, canUndo, saveError } = useGameTable(DUEL_TABLE);
  const [status, setStatus] = useState('');
  const rolls = summary?.rolls ?? NO_ROLLS;
  const corrected = useMemo(
    () => (summary?.duel ? withCorrections(summary.duel, table.corrections, rolls, uiLocale()) : null),
    [summary?.duel, table.corrections, rolls],
  );
  if (summary === undefined) return null;
  if (!summary?.duel || !corrected) return <p>{t('duel.none')}</p>;
  const duel = corrected.view;
  const order = summary.duel.initiative.length ? summary.duel.initiative.map((s) => s.name) : summary.duel.duelists.map((d) => d.name);
  const change = (patch: Partial<DuelTable>) => dispatch(() => patch);
  const sideOf = (name: string | null): Side | null =>
    !name ? null : (table.sides.A ?? order[0]) === name ? 'A' : (table.sides.B ?? order[1]) === name ? 'B' : null;
  const phase = (step: number): PwEvent => ({ phase: step === 6 ? 'main' : step === 7 ? 'combat' : 'end' });
  const pwEvent = (e: PwEvent) => {
    // The planeswalker rules need the turn and the step: they come from the turn tracker, as the event is entered.
    const active = sideOf(table.turn.active);
    const context: PwEvent[] = 'activate' in e && active ? [{ turn: active }, phase(table.turn.step)] : [];
    dispatch((now) => ({ planeswalkers: [...now.planeswalkers, ...context, e] }));
  };
  const walkers = table.planeswalkers.length
    ? runPlaneswalkers({ uniqueness: rules?.planeswalkerUniqueness ?? 'seed', events: table.planeswalkers }, uiLocale())
    : null;
  const active = duel.duelists.find((d) => d.name === table.turn.active) ?? null;
  const doc = duelStatePost(duel, { ...table.turn, active: table.turn.active ?? order[0] ?? null }, walkers, postLocale);
  const correct = (c: Correction) =>
    dispatch((now) => ({ corrections: [...now.corrections.filter((x) => !(x.duelist === c.duelist && x.field === c.field)), c] }));
  return (
    <section aria-label={t('duel.section')} data-testid="duel-view">
      {duel.startsAt > 1 && <p class="small muted">{t('duel.startsAt', { post: duel.startsAt })}</p>}
      <DuelTurn table={table} order={order} active={active} rules={rules} change={change} undo={undo} canUndo={canUndo} />
      <SaveError error={saveError} />
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
        <DuelistCard key={d.name} d={d} onJump={jump} onCorrect={correct} />
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
      <PostButtons text={writer.write(doc)} doc={doc} {...io} setStatus={setStatus} />
      <div class="small" role="status">
        {status}
      </div>
      <PostPreview doc={doc} writer={writer} />
      <NewDuelMarks posts={rollPosts(rolls)} />
    </section>
  );
}
