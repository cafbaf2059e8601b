/**
 * The duel table the GM runs the duel from: the turn and its nine steps, corrections over the
 * state the rolls give (with a word when one contradicts a verified roll), what the End step
 * asks for, and the state post as a post document (a table; each forum writes it). Pure.
 */
import { colourName, type Key, type Locale, tl } from '../../i18n';
import { b, clip, coloured, fill, type Inline, type PostDoc, line, small } from '../../post/doc';
import { manaBurn } from '../../spark/duel';
import type { GameRules } from '../../spark/settings';
import type { Correction, DuelTableState } from './stored';
import type { RollView } from '../../view';
import type { PlaneswalkerState } from '../planeswalkers/engine';
import type { DuelistView, DuelView } from './view';

export const DUEL_STEPS = ['Seize the initiative', 'Starting hand', 'Untap', 'Upkeep', 'Draw', 'Channeling', 'Main', 'Combat', 'End'] as const;

/** The next step: after End, the next duelist in initiative order starts at Untap (a new turn when the order comes round). */
export function nextStep(turn: DuelTableState['turn'], order: readonly string[]): DuelTableState['turn'] {
  if (turn.step < DUEL_STEPS.length - 1) return { ...turn, step: turn.step + 1, active: turn.active ?? order[0] ?? null };
  const i = turn.active ? order.indexOf(turn.active) : -1;
  const next = order.length ? order[(i + 1) % order.length]! : null;
  const wrapped = order.length > 0 && (i + 1) % order.length === 0;
  return { number: turn.number + (wrapped ? 1 : 0), active: next, step: 2 };
}

export interface CorrectionNote {
  duelist: string;
  field: string;
  text: string;
  /** The correction contradicts a verified roll. */
  contradicts: boolean;
}

const FIELDS = ['life', 'toughness', 'wear', 'staggered', 'pendingPlus', 'hand'];
/** "Red lands" in a language. */
export const landsLabel = (colour: string, l: Locale): string => tl(l, 'duel.lands', { colour: colourName(colour, l) });
const label = (field: string, l: Locale) =>
  field.startsWith('lands.') ? landsLabel(field.slice(6), l) : FIELDS.includes(field) ? tl(l, `tb.field.${field}` as Key) : field;

function fieldValue(d: DuelistView, field: string): number | boolean | null {
  if (field.startsWith('lands.')) return d.lands.find((x) => x.colour === field.slice(6))?.count ?? 0;
  const v = (d as unknown as Record<string, unknown>)[field];
  return typeof v === 'number' || typeof v === 'boolean' ? v : null;
}

function setValue(d: DuelistView, field: string, value: number | boolean): DuelistView {
  if (field.startsWith('lands.')) {
    const colour = field.slice(6) as DuelistView['lands'][number]['colour'];
    const lands = d.lands.some((x) => x.colour === colour)
      ? d.lands.map((x) => (x.colour === colour ? { ...x, count: Number(value) } : x))
      : [...d.lands, { colour, count: Number(value), cap: null }];
    return { ...d, lands };
  }
  return { ...d, [field]: value };
}

/** A correction in words: what was set, the GM's note, and what the rolls give (or the verified roll it contradicts). */
function correctionText(c: Correction, before: number | boolean | null, contradicts: RollView | null, l: Locale): string {
  const set = tl(l, 'tb.set', { field: label(c.field, l), value: String(c.value) });
  const note = c.note ? tl(l, 'tb.note', { note: c.note }) : '';
  const against = contradicts
    ? tl(l, 'tb.contradicts', { post: contradicts.post, before: String(before) })
    : before !== null
      ? tl(l, 'tb.rollsGive', { before: String(before) })
      : '';
  return `${set}${note}${against}.`;
}

/**
 * The state the rolls give, with the user's corrections over it. A correction of a value that a
 * verified roll decided says so (it is the GM's word against the server's dice).
 */
export function withCorrections(
  view: DuelView,
  corrections: readonly Correction[],
  rolls: readonly RollView[],
  l: Locale = 'en',
): { view: DuelView; notes: CorrectionNote[] } {
  const notes: CorrectionNote[] = [];
  const duelists = view.duelists.map((d) => {
    let out = d;
    for (const c of corrections.filter((x) => x.duelist === d.name)) {
      const before = fieldValue(out, c.field);
      out = setValue(out, c.field, c.value);
      const by = d.decidedBy[c.field];
      const roll = by ? rolls.find((r) => r.id === by) : undefined;
      const contradicts = !!roll && roll.trust === 'verified' && before !== c.value;
      notes.push({ duelist: d.name, field: c.field, contradicts, text: correctionText(c, before, contradicts ? roll! : null, l) });
    }
    return out;
  });
  return { view: { ...view, duelists }, notes };
}

/** What the End step asks of the active duelist, per the rules and the house rules. */
export function endStepDue(d: DuelistView, rules: GameRules, unusedMana: number | null, l: Locale = 'en'): string[] {
  const due: string[] = [];
  if (d.memory !== null) {
    if (d.hand === null) due.push(tl(l, 'tb.discardDown', { memory: d.memory }));
    else if (d.hand > d.memory) due.push(tl(l, 'tb.discard', { n: d.hand - d.memory, hand: d.hand, memory: d.memory }));
    else due.push(tl(l, 'tb.withinMemory', { hand: d.hand, memory: d.memory }));
  }
  if (unusedMana !== null && unusedMana > 0) due.push(tl(l, 'tb.burn', { n: unusedMana, life: manaBurn(unusedMana, rules) }));
  else due.push(tl(l, 'tb.burnRule'));
  if (d.focus !== null) due.push(tl(l, 'tb.focus', { n: d.focus }));
  if (d.toughness !== null && d.toughnessBase !== null) {
    if (rules.wearResetsEachTurn) due.push(tl(l, 'tb.wearBack', { n: d.toughnessBase }));
    else due.push(d.wear ? tl(l, 'tb.wearStays', { n: d.toughness }) : tl(l, 'tb.restore'));
  }
  return due;
}

const COLUMNS = ['tb.col.duelist', 'tb.col.life', 'tb.col.toughness', 'tb.col.lands', 'tb.col.next', 'tb.col.status'] as const;

/** One duelist's row of the state post. */
function duelistRow(d: DuelistView, l: Locale): Inline[][] {
  const lands =
    d.lands
      .filter((x) => x.count || x.cap)
      .map((x) => `${colourName(x.colour, l)} ${x.count}${x.cap !== null ? `/${x.cap}` : ''}`)
      .join(', ') || '—';
  const status: Inline[] = [];
  if (d.staggered) status.push(coloured('alert', tl(l, 'tb.staggered')));
  if (d.lifeState && d.lifeState !== 'fighting') status.push(...(status.length ? [' '] : []), coloured('alert', tl(l, `duel.lifeState.${d.lifeState}` as Key)));
  return [
    [clip(d.name)],
    [`${d.life ?? '?'}${d.lifeStart !== null ? `/${d.lifeStart}` : ''}`],
    [`${d.toughness ?? '?'}${d.toughnessBase !== null ? `/${d.toughnessBase}` : ''}${d.wear ? tl(l, 'tb.worn', { n: d.wear }) : ''}`],
    [lands],
    [d.pendingPlus ? `+${d.pendingPlus}` : '—'],
    status,
  ];
}

/** The state post: the turn and its step, a row per duelist, the initiative, the planeswalker cards. */
export function duelStatePost(view: DuelView, turn: DuelTableState['turn'], walkers: PlaneswalkerState | null, l: Locale = 'en'): PostDoc {
  const who = turn.active ? `, ${clip(turn.active)}` : '';
  const post: PostDoc = [
    line(...fill(l, 'tb.head', { head: b(tl(l, 'tb.head.head')), n: turn.number, who, step: tl(l, `step.${turn.step}` as Key) })),
    { table: { head: COLUMNS.map((k) => [tl(l, k)]), rows: view.duelists.map((d) => duelistRow(d, l)) } },
  ];
  if (view.initiative.length) post.push(line(small(tl(l, 'tb.initiative', { order: view.initiative.map((s) => clip(s.name)).join(' → ') }))));
  if (walkers && (walkers.battlefield.length || walkers.graveyard.length)) {
    const list = walkers.battlefield.map((p) => `${clip(p.name)} (${p.controller}) ${p.loyalty}`).join(', ') || tl(l, 'tb.none');
    const graveyard = walkers.graveyard.length ? tl(l, 'tb.graveyard', { list: walkers.graveyard.map((n) => clip(n)).join(', ') }) : '';
    post.push(line(small(tl(l, 'tb.walkers', { list, graveyard }))));
  }
  return post;
}
