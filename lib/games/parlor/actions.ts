/**
 * What a ruler can do now, for the Table tab: each action tried on the engine (a refused one keeps
 * its reason), with the line it posts. Nothing here decides a rule: the engine does.
 */
import { isRefusal, type Refusal } from '../game';
import { readParlorCard, type Suit } from './cards';
import { resolveCombat, type CombatOutcome } from './combat';
import { Parlor } from './engine';
import { HIDDEN, type Id, isCreature, isLand, type Mana, other, type ParlorEvent, type ParlorTable, type Ruler, type Target } from './model';
import type { LineEvent } from './records';
import { courtAbilities } from './ranks';

export interface Tried {
  event: ParlorEvent;
  /** The line's event (the ruler is the post's author). */
  line: LineEvent;
  refusal: Refusal | null;
}

const tryOn = (t: ParlorTable, event: ParlorEvent, line: LineEvent): Tried => {
  const step = Parlor.apply(t, event);
  return { event, line, refusal: isRefusal(step.outcome) ? step.outcome : null };
};

/** A payment for `card` from `pool`: its suit part in its suit, the rest from the other suits first. Null when the pool is short. */
export function autoPay(pool: Mana, card: string): Mana | null {
  const c = readParlorCard(card);
  if (!c) return null;
  const left = { ...pool };
  if ((left[c.suit] ?? 0) < c.cost.suit) return null;
  const pay: Mana = c.cost.suit ? { [c.suit]: c.cost.suit } : {};
  left[c.suit] = (left[c.suit] ?? 0) - c.cost.suit;
  let need = c.cost.generic;
  const order = (Object.keys(left) as Suit[]).sort((a, b) => (a === c.suit ? 1 : 0) - (b === c.suit ? 1 : 0));
  for (const s of order) {
    const n = Math.min(need, left[s] ?? 0);
    if (n) pay[s] = (pay[s] ?? 0) + n;
    need -= n;
  }
  return need ? null : pay;
}

/** Every target an Ech may be cast at: field cards, both Domain Defenses, the Trumps stack. */
const echTargets = (t: ParlorTable): Target[] => [...t.field.map((f) => f.id), 'A:defense', 'B:defense', 'trumps'];

/** What `me` can do in their own turn (after the draw, outside combat), each tried. */
export function mainActions(t: ParlorTable, me: Ruler): { lands: Tried[]; taps: Tried[]; casts: Tried[]; counters: Tried[]; abilities: Tried[] } {
  const hand = [...new Set(t.hand[me].filter((c) => c !== HIDDEN))];
  const lands = hand.filter((c) => readParlorCard(c)?.type === 'land').map((card) => tryOn(t, { land: me, card }, { land: card }));
  const taps = t.field.filter((f) => f.controller === me && isLand(f.id) && !f.tapped).map((f) => tryOn(t, { tap: f.id }, { tap: f.id }));
  const casts: Tried[] = [];
  const counters: Tried[] = [];
  // A counterspell's targets: a field card, a Domain Defense, or a single Ech anywhere.
  const counterTargets: Target[] = [
    ...t.field.map((f) => f.id),
    'A:defense',
    'B:defense',
    ...t.field.flatMap((f) => f.echs),
    ...t.defense.A,
    ...t.defense.B,
    ...t.trumps,
  ];
  for (const card of hand) {
    const c = readParlorCard(card);
    const pay = autoPay(t.pool[me], card) ?? {};
    if (c?.type === 'creature') casts.push(tryOn(t, { cast: me, card, pay }, { cast: card, pay }));
    if (c?.type !== 'enchantment') continue;
    for (const target of echTargets(t)) casts.push(tryOn(t, { cast: me, card, target, pay }, { cast: card, target, pay }));
    for (const target of counterTargets) counters.push(tryOn(t, { counter: me, card, target, pay }, { counter: card, target, pay }));
  }
  const abilities: Tried[] = [];
  for (const f of t.field.filter((x) => x.controller === me && isCreature(x.id))) {
    const names = courtAbilities(f.id.slice(2));
    const theirs = t.field.filter((x) => x.controller === other(me));
    if (names.includes('Ally'))
      for (const x of theirs.filter((y) => isCreature(y.id)))
        abilities.push(tryOn(t, { ability: 'ally', by: f.id, target: x.id }, { ability: 'ally', by: f.id, target: x.id }));
    if (names.includes('Carry'))
      for (const x of theirs.filter((y) => isLand(y.id)))
        abilities.push(tryOn(t, { ability: 'carry', by: f.id, target: x.id }, { ability: 'carry', by: f.id, target: x.id }));
  }
  return { lands, taps, casts, counters, abilities };
}

/** The creatures `me` may attack with now. */
export const attackers = (t: ParlorTable, me: Ruler): Id[] =>
  t.field
    .filter((f) => f.controller === me && isCreature(f.id) && !f.tapped && !f.sick && t.turn === me && t.phase === 'main' && !t.combatDone)
    .map((f) => f.id);

/** The creatures `me` may block with now (the defender in a combat's blocks). */
export const blockers = (t: ParlorTable, me: Ruler): Id[] =>
  t.combat && t.phase === 'blocks' && t.combat.attacker !== me
    ? t.field.filter((f) => f.controller === me && isCreature(f.id) && !f.tapped).map((f) => f.id)
    : [];

/** The combat's abilities `me` may use now (Volley, K♥'s Sally, J♥'s Harry), each tried. */
export function combatAbilities(t: ParlorTable, me: Ruler): Tried[] {
  const combat = t.combat;
  if (!combat || t.phase !== 'combat') return [];
  const out: Tried[] = [];
  const fighting = [...combat.attackers, ...combat.blocks.map((b) => b.blocker)];
  for (const f of t.field.filter((x) => x.controller === me && isCreature(x.id))) {
    const names = courtAbilities(f.id.slice(2));
    if (names.includes('Volley'))
      for (const id of fighting.filter((x) => !x.startsWith(`${me}:`)))
        out.push(tryOn(t, { ability: 'volley', by: f.id, target: id }, { ability: 'volley', by: f.id, target: id }));
    if (f.id.endsWith(':KH') && combat.attackers.includes(f.id)) out.push(tryOn(t, { ability: 'sally', by: f.id }, { ability: 'sally', by: f.id }));
    if (f.id.endsWith(':JH') && combat.blocks.some((b) => b.blocker === f.id))
      out.push(tryOn(t, { ability: 'harry', by: f.id }, { ability: 'harry', by: f.id }));
  }
  return out;
}

/** The combat as it would resolve now with the default choices (null outside a combat, or when it cannot). */
export function combatPreview(t: ParlorTable): CombatOutcome | null {
  if (!t.combat || t.phase !== 'combat') return null;
  const r = resolveCombat(t, t.combat, {});
  return isRefusal(r) ? null : r;
}

/** Whether `me` begins the next turn now. */
export const mayBeginTurn = (t: ParlorTable, me: Ruler): boolean => !isRefusal(Parlor.apply(t, { turn: me }).outcome);
