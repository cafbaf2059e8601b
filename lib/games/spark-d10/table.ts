/**
 * The duel table the GM runs the duel from: the turn and its nine steps, corrections over the
 * state the rolls give (with a word when one contradicts a verified roll), what the End step
 * asks for, and the state post in RPOL's table markup. Pure.
 */
import { colourName, t, tl, type Key, type Locale } from '../../i18n';
import type { GameRules } from '../../spark/settings';
import type { Correction, DuelTableState } from '../../settings/tables';
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
/** "Red lands" in the UI's language. */
export const landsLabel = (colour: string): string => t('duel.lands', { colour: colourName(colour) });
const label = (field: string) => (field.startsWith('lands.') ? landsLabel(field.slice(6)) : FIELDS.includes(field) ? t(`tb.field.${field}` as Key) : field);

function valueOf(d: DuelistView, field: string): number | boolean | null {
  if (field.startsWith('lands.')) return d.lands.find((l) => l.colour === field.slice(6))?.count ?? 0;
  const v = (d as unknown as Record<string, unknown>)[field];
  return typeof v === 'number' || typeof v === 'boolean' ? v : null;
}

function setValue(d: DuelistView, field: string, value: number | boolean): DuelistView {
  if (field.startsWith('lands.')) {
    const colour = field.slice(6) as DuelistView['lands'][number]['colour'];
    const lands = d.lands.some((l) => l.colour === colour)
      ? d.lands.map((l) => (l.colour === colour ? { ...l, count: Number(value) } : l))
      : [...d.lands, { colour, count: Number(value), cap: null }];
    return { ...d, lands };
  }
  return { ...d, [field]: value };
}

/**
 * The state the rolls give, with the user's corrections over it. A correction of a value that a
 * verified roll decided says so (it is the GM's word against the server's dice).
 */
export function withCorrections(view: DuelView, corrections: readonly Correction[], rolls: readonly RollView[]): { view: DuelView; notes: CorrectionNote[] } {
  const notes: CorrectionNote[] = [];
  const duelists = view.duelists.map((d) => {
    let out = d;
    for (const c of corrections.filter((x) => x.duelist === d.name)) {
      const before = valueOf(out, c.field);
      out = setValue(out, c.field, c.value);
      const by = d.decidedBy[c.field];
      const roll = by ? rolls.find((r) => r.id === by) : undefined;
      const contradicts = !!roll && roll.trust === 'verified' && before !== c.value;
      notes.push({
        duelist: d.name,
        field: c.field,
        contradicts,
        text: `${t('tb.set', { field: label(c.field), value: String(c.value) })}${c.note ? t('tb.note', { note: c.note }) : ''}${contradicts ? t('tb.contradicts', { post: roll!.post, before: String(before) }) : before !== null ? t('tb.rollsGive', { before: String(before) }) : ''}.`,
      });
    }
    return out;
  });
  return { view: { ...view, duelists }, notes };
}

/** What the End step asks of the active duelist, per the rules and the house rules. */
export function endStepDue(d: DuelistView, rules: GameRules, unusedMana: number | null): string[] {
  const due: string[] = [];
  if (d.memory !== null) {
    if (d.hand !== null)
      due.push(
        d.hand > d.memory
          ? t('tb.discard', { n: d.hand - d.memory, hand: d.hand, memory: d.memory })
          : t('tb.withinMemory', { hand: d.hand, memory: d.memory }),
      );
    else due.push(t('tb.discardDown', { memory: d.memory }));
  }
  if (unusedMana !== null && unusedMana > 0) due.push(t('tb.burn', { n: unusedMana, life: unusedMana * rules.manaBurnPerMana }));
  else due.push(t('tb.burnRule'));
  if (d.focus !== null) due.push(t('tb.focus', { n: d.focus }));
  if (d.toughness !== null && d.toughnessBase !== null) {
    due.push(
      rules.wearResetsEachTurn ? t('tb.wearBack', { n: d.toughnessBase ?? '?' }) : d.wear ? t('tb.wearStays', { n: d.toughness ?? '?' }) : t('tb.restore'),
    );
  }
  return due;
}

const cell = (s: string) =>
  s
    .replace(/[<>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

/** The state post in RPOL's table markup. */
export function duelStatePost(view: DuelView, turn: DuelTableState['turn'], walkers: PlaneswalkerState | null, lang: Locale = 'en'): string {
  const l = lang;
  const head = tl(l, 'tb.head', { n: turn.number, who: turn.active ? `, ${cell(turn.active)}` : '', step: tl(l, `step.${turn.step}` as Key) });
  const rows = view.duelists.map((d) => {
    const lands =
      d.lands
        .filter((l) => l.count || l.cap)
        .map((l) => `${colourName(l.colour, lang)} ${l.count}${l.cap !== null ? `/${l.cap}` : ''}`)
        .join(', ') || '—';
    const status = [
      d.staggered ? tl(lang, 'tb.staggered') : '',
      d.lifeState && d.lifeState !== 'fighting' ? `<Red>${tl(lang, `duel.lifeState.${d.lifeState}` as Key)}</Red>` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return `<tr><td>${cell(d.name)}</td><td>${d.life ?? '?'}${d.lifeStart !== null ? `/${d.lifeStart}` : ''}</td><td>${d.toughness ?? '?'}${d.toughnessBase !== null ? `/${d.toughnessBase}` : ''}${d.wear ? tl(lang, 'tb.worn', { n: d.wear }) : ''}</td><td>${lands}</td><td>${d.pendingPlus ? `+${d.pendingPlus}` : '—'}</td><td>${status}</td></tr>`;
  });
  const lines = [head, `<table><tr>${tl(lang, 'tb.cols')}</tr>${rows.join('')}</table>`];
  if (view.initiative.length) lines.push(tl(lang, 'tb.initiative', { order: view.initiative.map((s) => cell(s.name)).join(' → ') }));
  if (walkers && (walkers.battlefield.length || walkers.graveyard.length)) {
    lines.push(
      tl(lang, 'tb.walkers', {
        list: walkers.battlefield.map((p) => `${cell(p.name)} (${p.controller}) ${p.loyalty}`).join(', ') || tl(lang, 'tb.none'),
        graveyard: walkers.graveyard.length ? tl(lang, 'tb.graveyard', { list: walkers.graveyard.map(cell).join(', ') }) : '',
      }),
    );
  }
  return lines.join('\n');
}
