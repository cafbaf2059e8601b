/**
 * Parlor Magic, a whole game folded from its log: `runParlor(log)` over an open log (every card
 * named). Each event is judged by a pure `apply`: the new state, or a refusal that names its rule
 * (a catalogue key, `pm.*`) and leaves the state as it was. The digest's "A whole game by post"
 * rules the order of a turn, sickness, timing, combat choices and defaults; the further rulings are
 * in ./rulings.ts.
 *
 * A card written `?` is one the reader cannot see (the opponent's hidden hand, on the live table):
 * it is counted, and a card that ruler names later is taken from their unseen cards.
 */
import type { Key, SaidValues } from '../../i18n';
import { done, type Engine, foldEvents, isRefusal, type Refusal, refuse, refused } from '../game';
import { CANONICAL_DECK, readParlorCard, type Suit } from './cards';
import { resolveCombat } from './combat';
import {
  type AbilityName,
  type Card,
  card,
  cardOf,
  type DamageChoices,
  defenseOf,
  entityOf,
  type FieldCard,
  fieldCard,
  HIDDEN,
  type Id,
  idOf,
  isCreature,
  isLand,
  type Mana,
  other,
  ownerOf,
  type ParlorEvent,
  type ParlorLog,
  type ParlorState,
  type ParlorTable,
  type Ruler,
  RULERS,
  type Target,
  trumpSuit,
} from './model';

export type { AbilityName, Card, DamageChoices, FieldCard, Id, Mana, ParlorEvent, ParlorLog, ParlorState, ParlorTable, Ruler, Target } from './model';
import { canonical } from './hidden';
import { canPlayOnTrumps, type CourtAbility, courtAbilities, landMana, type ParlorEntity, parlorAbility, parlorCounterspell } from './ranks';

export function setupTable(first: Ruler, petals = 0): ParlorTable {
  const both = <T>(f: () => T): Record<Ruler, T> => ({ A: f(), B: f() });
  return {
    first,
    petals: Number.isInteger(petals) && petals > 0 ? petals : 0,
    turn: null,
    life: { A: 20, B: 20 },
    winner: null,
    hand: both(() => []),
    recycle: both(() => []),
    discard: both(() => []),
    piles: both(() => [...CANONICAL_DECK]),
    field: [],
    defense: both(() => []),
    trumps: [],
    pool: both(() => ({})),
    phase: 'setup',
    dealt: both(() => false),
    landPlayed: false,
    combatDone: false,
    combat: null,
    turns: both(() => 0),
  };
}

// ---- helpers (on a copy of the table being changed) ----

type Step = { table: ParlorTable } | Refusal;
const no = (rule: Key, values: SaidValues = {}): Refusal => refuse(rule, undefined, values);

/** Every place an Ech can be: on a field card, a Domain Defense, the Trumps stack. */
function echHolder(t: ParlorTable, id: Id): { list: Id[] } | null {
  for (const f of t.field) if (f.echs.includes(id)) return { list: f.echs };
  for (const r of RULERS) if (t.defense[r].includes(id)) return { list: t.defense[r] };
  return t.trumps.includes(id) ? { list: t.trumps } : null;
}

/** A card in a place everyone sees (the field, on something, the Discard pile). */
function inSight(t: ParlorTable, r: Ruler, c: Card): boolean {
  const id = idOf(r, c);
  return !!fieldCard(t, id) || !!echHolder(t, id) || t.discard[r].includes(c);
}

/** Take a card from a ruler's hand; a hidden hand gives one of its unseen cards. */
function fromHand(t: ParlorTable, r: Ruler, c: Card): boolean {
  const hand = t.hand[r];
  const at = hand.indexOf(c);
  if (at >= 0) {
    hand.splice(at, 1);
    return true;
  }
  const hidden = hand.indexOf(HIDDEN);
  if (hidden < 0 || !readParlorCard(c) || inSight(t, r, c) || t.recycle[r].includes(c)) return false;
  hand.splice(hidden, 1);
  // The unseen card drawn was this one: where it was known to be, an unseen card is now.
  const inPile = t.piles[r].indexOf(c);
  if (inPile >= 0) t.piles[r][inPile] = HIDDEN;
  return true;
}

/** Take a card from a ruler's draw pile (the Recycle pile, in canonical order, becomes it when it is empty). */
function fromPile(t: ParlorTable, r: Ruler, c: Card): boolean {
  if (!t.piles[r].length) {
    t.piles[r] = canonical(t.recycle[r]);
    t.recycle[r] = [];
  }
  const pile = t.piles[r];
  if (c === HIDDEN) {
    if (!pile.length) return false;
    const at = pile.indexOf(HIDDEN);
    // An unseen draw from known cards: which one is not known any more.
    if (at < 0) pile.fill(HIDDEN);
    pile.splice(Math.max(at, 0), 1);
    return true;
  }
  const at = pile.indexOf(c);
  // Named from a pile the reader cannot see: one of its unseen cards (when the card is nowhere else in sight).
  const unseen = at < 0 && !inSight(t, r, c) && !t.hand[r].includes(c) && !t.recycle[r].includes(c) ? pile.indexOf(HIDDEN) : -1;
  if (at < 0 && unseen < 0) return false;
  pile.splice(at < 0 ? unseen : at, 1);
  return true;
}

const available = (t: ParlorTable, r: Ruler) => t.piles[r].length + t.recycle[r].length;

function payFrom(pool: Mana, cost: { suit: number; generic: number }, suit: Suit, pay: Mana): Mana | Refusal {
  const entries = Object.entries(pay ?? {}) as [Suit, number][];
  if (entries.some(([s, n]) => !['H', 'D', 'S', 'C'].includes(s) || !Number.isInteger(n) || n < 0)) return no('pm.pay.form');
  const total = entries.reduce((a, [, n]) => a + n, 0);
  if (total !== cost.suit + cost.generic || (pay[suit] ?? 0) < cost.suit)
    return no('pm.pay.exact', { total: cost.suit + cost.generic, inSuit: cost.suit, suit });
  const next: Mana = { ...pool };
  for (const [s, n] of entries) {
    if ((next[s] ?? 0) < n) return no('pm.pay.pool', { suit: s, need: n, have: next[s] ?? 0 });
    next[s] = (next[s] ?? 0) - n;
    if (!next[s]) delete next[s];
  }
  return next;
}

// ---- the events ----

function onHand(t: ParlorTable, e: { hand: Ruler; cards: Card[] }): Step {
  const r = e.hand;
  if (t.phase !== 'setup' || t.dealt[r]) return no('pm.order.hands');
  if (!Array.isArray(e.cards) || e.cards.length !== 7) return no('pm.hand.seven');
  for (const c of e.cards) {
    if (c !== HIDDEN && !readParlorCard(c)) return no('pm.card.unknown', { card: String(c).slice(0, 10) });
    if (!fromPile(t, r, c)) return no('pm.card.notInPile', { card: c, ruler: r });
  }
  t.hand[r].push(...e.cards);
  t.dealt[r] = true;
  if (t.dealt.A && t.dealt.B) t.phase = 'between';
  return { table: t };
}

function onTurn(t: ParlorTable, r: Ruler): Step {
  const expected = t.turns.A + t.turns.B === 0 ? t.first : t.turn === null && t.phase === 'between' ? other(lastTurn(t)) : null;
  if (t.phase !== 'between' || r !== expected) return no('pm.turn.order', { ruler: expected ?? other(t.turn ?? t.first) });
  for (const f of t.field) {
    if (f.controller !== r) continue;
    if (f.skipsUntap) f.skipsUntap = false;
    else f.tapped = false;
    f.sick = false;
  }
  t.turn = r;
  t.turns[r] += 1;
  t.phase = 'draw';
  t.landPlayed = false;
  t.combatDone = false;
  return { table: t };
}

/** The ruler whose turn came last (the first ruler's, before any). */
const lastTurn = (t: ParlorTable): Ruler => (t.turns.A === t.turns.B ? other(t.first) : t.turns.A > t.turns.B ? 'A' : 'B');

function onDraw(t: ParlorTable, e: { draw: Ruler; cards: Card[]; keep: Card }): Step {
  const r = e.draw;
  if (t.turn !== r || t.phase !== 'draw') return no('pm.draw.when');
  const n = Math.min(2, available(t, r));
  if (!Array.isArray(e.cards) || e.cards.length !== n) return no('pm.draw.count', { ruler: r, n });
  for (const c of e.cards) if (!fromPile(t, r, c)) return no('pm.card.notInPile', { card: c, ruler: r });
  if (n > 0 && !e.cards.includes(e.keep)) return no('pm.draw.keep');
  const rest = [...e.cards];
  if (n > 0) rest.splice(rest.indexOf(e.keep), 1);
  if (n > 0) t.hand[r].push(e.keep);
  t.recycle[r].push(...rest);
  t.phase = 'main';
  return { table: t };
}

/** Only the turn's ruler, after the draw and outside combat. */
function mainPhase(t: ParlorTable, r: Ruler): Refusal | null {
  if (t.turn !== r) return no('pm.notYourTurn', { ruler: t.turn ?? '—' });
  if (t.phase === 'blocks' || t.phase === 'combat') return no('pm.timing.combat');
  return t.phase === 'main' ? null : no('pm.timing.main');
}

function onLand(t: ParlorTable, e: { land: Ruler; card: Card }): Step {
  const r = e.land;
  const wrong = mainPhase(t, r);
  if (wrong) return wrong;
  if (card(e.card)?.type !== 'land') return no('pm.land.notLand', { card: e.card });
  if (t.landPlayed) return no('pm.land.once');
  if (!fromHand(t, r, e.card)) return no('pm.card.notInHand', { card: e.card, ruler: r });
  t.field.push({ id: idOf(r, e.card), controller: r, tapped: false, sick: false, skipsUntap: false, echs: [], damage: 0 });
  t.landPlayed = true;
  return { table: t };
}

function onTap(t: ParlorTable, id: Id): Step {
  const f = fieldCard(t, id);
  if (!f || !isLand(id)) return no('pm.tap.notLand', { id });
  const wrong = mainPhase(t, f.controller);
  if (wrong) return wrong;
  if (f.tapped) return no('pm.tap.tapped', { id });
  f.tapped = true;
  const suit = landMana(entityOf(t, id), trumpSuit(t));
  const pool = t.pool[f.controller];
  pool[suit] = (pool[suit] ?? 0) + 1;
  return { table: t };
}

/** Where an Ech may go: a land or creature on the field, a Domain Defense, the Trumps stack. */
function echTarget(t: ParlorTable, target: Target | undefined): { list: Id[] } | null {
  if (target === 'trumps') return { list: t.trumps };
  if (target === 'A:defense' || target === 'B:defense') return { list: t.defense[target[0] as Ruler] };
  const f = target ? fieldCard(t, target) : undefined;
  return f ? { list: f.echs } : null;
}

function onCast(t: ParlorTable, e: { cast: Ruler; card: Card; target?: Target; pay: Mana }): Step {
  const r = e.cast;
  const wrong = mainPhase(t, r);
  if (wrong) return wrong;
  const c = card(e.card);
  if (!c) return no('pm.card.unknown', { card: String(e.card).slice(0, 10) });
  if (c.type === 'land') return no('pm.cast.land', { card: e.card });
  const holder = c.type === 'enchantment' ? echTarget(t, e.target) : null;
  if (c.type === 'creature' ? e.target !== undefined : !holder) return no(c.type === 'creature' ? 'pm.cast.noTarget' : 'pm.cast.target');
  if (e.target === 'trumps') {
    const top = t.trumps[t.trumps.length - 1];
    if (!canPlayOnTrumps(e.card, top ? cardOf(top) : null)) return no('pm.cast.trumps', { top: top ? cardOf(top) : '—' });
  }
  const pool = payFrom(t.pool[r], c.cost, c.suit, e.pay);
  if (isRefusal(pool)) return pool;
  if (!fromHand(t, r, e.card)) return no('pm.card.notInHand', { card: e.card, ruler: r });
  t.pool[r] = pool;
  if (holder) holder.list.push(idOf(r, e.card));
  else t.field.push({ id: idOf(r, e.card), controller: r, tapped: false, sick: true, skipsUntap: false, echs: [], damage: 0 });
  return { table: t };
}

/** A field card and what is on it, to its owners' piles ('recycle' or 'discard'). */
function removeFromField(t: ParlorTable, id: Id, to: 'recycle' | 'discard'): void {
  const f = fieldCard(t, id);
  if (!f) return;
  t.field.splice(t.field.indexOf(f), 1);
  for (const x of [id, ...f.echs]) t[to][ownerOf(x)].push(cardOf(x));
}

function onCounter(t: ParlorTable, e: { counter: Ruler; card: Card; target: Target; pay: Mana }): Step {
  const r = e.counter;
  const wrong = mainPhase(t, r);
  if (wrong) return wrong;
  const c = card(e.card);
  if (c?.type !== 'enchantment') return no('pm.counter.notEch', { card: String(e.card).slice(0, 10) });
  const trump = trumpSuit(t);
  const defense = e.target === 'A:defense' || e.target === 'B:defense' ? (e.target[0] as Ruler) : null;
  const holder = defense ? null : echHolder(t, e.target);
  const onField = defense || holder ? undefined : fieldCard(t, e.target);
  if (!defense && !holder && !onField) return no('pm.counter.target');
  const entity = defense ? defenseOf(t, defense) : holder ? { card: cardOf(e.target) } : entityOf(t, e.target);
  const kind = defense ? 'domain' : holder ? 'ech' : isLand(e.target) ? 'land' : 'creature';
  const verdict = parlorCounterspell(e.card, entity, kind, trump);
  if (!verdict.legal) return no('pm.counter.weak', { need: kind, target: e.target });
  const pool = payFrom(t.pool[r], c.cost, c.suit, e.pay);
  if (isRefusal(pool)) return pool;
  if (!fromHand(t, r, e.card)) return no('pm.card.notInHand', { card: e.card, ruler: r });
  t.pool[r] = pool;
  t.discard[r].push(e.card);
  if (defense) t.life[defense] -= verdict.damage;
  else if (holder) {
    holder.list.splice(holder.list.indexOf(e.target), 1);
    t[verdict.removedTo ?? 'recycle'][ownerOf(e.target)].push(cardOf(e.target));
  } else {
    const f = onField!;
    f.damage += verdict.damage;
    const toughness = card(cardOf(f.id))?.toughness ?? 0;
    const destroyed = kind === 'creature' && verdict.damage > 0 && f.damage >= toughness;
    removeFromField(t, f.id, destroyed ? 'discard' : (verdict.removedTo ?? 'recycle'));
  }
  return { table: t };
}

function onAttack(t: ParlorTable, e: { attack: Ruler; with: Id[] }): Step {
  const r = e.attack;
  const wrong = mainPhase(t, r);
  if (wrong) return wrong;
  if (t.combatDone) return no('pm.attack.once');
  if (!Array.isArray(e.with) || !e.with.length || new Set(e.with).size !== e.with.length) return no('pm.attack.none');
  for (const id of e.with) {
    const f = fieldCard(t, id);
    if (!f || f.controller !== r || !isCreature(id)) return no('pm.attack.creature', { id });
    if (f.tapped) return no('pm.attack.tapped', { id });
    if (f.sick) return no('pm.attack.sick', { id });
  }
  for (const id of e.with) fieldCard(t, id)!.tapped = true;
  t.combat = { attacker: r, attackers: [...e.with], blocks: [], declared: [] };
  t.phase = 'blocks';
  return { table: t };
}

function onBlock(t: ParlorTable, e: { block: Ruler; blocks: { blocker: Id; attacker: Id }[] }): Step {
  const combat = t.combat;
  if (t.phase !== 'blocks' || !combat || e.block !== other(combat.attacker)) return no('pm.block.when');
  if (!Array.isArray(e.blocks)) return no('pm.block.creature', { id: '—' });
  const seen = new Set<Id>();
  for (const b of e.blocks) {
    const f = fieldCard(t, b?.blocker);
    if (!f || f.controller !== e.block || !isCreature(b.blocker)) return no('pm.block.creature', { id: String(b?.blocker) });
    if (f.tapped) return no('pm.block.tapped', { id: b.blocker });
    if (seen.has(b.blocker)) return no('pm.block.twice', { id: b.blocker });
    if (!combat.attackers.includes(b.attacker)) return no('pm.block.attacker', { id: String(b.attacker) });
    seen.add(b.blocker);
  }
  combat.blocks = e.blocks.map((b) => ({ blocker: b.blocker, attacker: b.attacker }));
  t.phase = 'combat';
  return { table: t };
}

const ABILITY: Record<AbilityName, CourtAbility> = { volley: 'Volley', ally: 'Ally', carry: 'Carry', harry: 'Harry', sally: 'Sally' };

/** The activating creature: on the field, with the ability, untapped and not sick when it taps. */
function activator(t: ParlorTable, e: { ability: AbilityName; by: Id }, taps: boolean): FieldCard | Refusal {
  const f = fieldCard(t, e.by);
  if (!f || !isCreature(e.by)) return no('pm.ability.by', { id: String(e.by) });
  if (!courtAbilities(cardOf(e.by)).includes(ABILITY[e.ability])) return no('pm.ability.has', { id: e.by, ability: ABILITY[e.ability] });
  if (taps && f.tapped) return no('pm.ability.tapped', { id: e.by });
  if (taps && f.sick) return no('pm.ability.sick', { id: e.by });
  return f;
}

/** The refusal when an ability fails against its target (the target ranks or trumps the activator), else null. */
export function abilityFails(t: ParlorTable, by: Id, target: ParlorEntity, ability: CourtAbility): Refusal | null {
  const check = parlorAbility(entityOf(t, by), target, ability, trumpSuit(t), t.petals);
  return check.works ? null : no('pm.ability.fails', { ability, id: by });
}

function onVolley(t: ParlorTable, e: { by: Id; target?: Id }, f: FieldCard): Step {
  const combat = t.combat;
  if (t.phase !== 'combat' || !combat) return no('pm.ability.when', { ability: 'Volley' });
  const target = e.target ? fieldCard(t, e.target) : undefined;
  const fighting = !!e.target && (combat.attackers.includes(e.target) || combat.blocks.some((b) => b.blocker === e.target));
  if (!target || target.controller === f.controller || !fighting) return no('pm.ability.target', { id: String(e.target) });
  const unblocked = combat.attackers.includes(e.target!) && !combat.blocks.some((b) => b.attacker === e.target);
  if (cardOf(e.by) === 'JC' && unblocked) return no('pm.volley.unblocked');
  const fails = abilityFails(t, e.by, entityOf(t, e.target!), 'Volley');
  if (fails) return fails;
  f.tapped = true;
  target.damage += 1;
  return { table: t };
}

function onAlly(t: ParlorTable, e: { by: Id; target?: Id }, f: FieldCard): Step {
  const wrong = mainPhase(t, f.controller);
  if (wrong) return wrong;
  const target = e.target ? fieldCard(t, e.target) : undefined;
  if (!target || target.controller === f.controller || !isCreature(target.id) || target.tapped) return no('pm.ability.target', { id: String(e.target) });
  const fails = abilityFails(t, e.by, entityOf(t, target.id), 'Ally');
  if (fails) return fails;
  f.tapped = true;
  target.tapped = true;
  target.skipsUntap = true;
  return { table: t };
}

function onCarry(t: ParlorTable, e: { by: Id; target?: Id }, f: FieldCard): Step {
  const wrong = mainPhase(t, f.controller);
  if (wrong) return wrong;
  const land = e.target ? fieldCard(t, e.target) : undefined;
  if (!land || land.controller === f.controller || !isLand(land.id) || land.tapped) return no('pm.ability.target', { id: String(e.target) });
  const fails = abilityFails(t, e.by, entityOf(t, land.id), 'Carry');
  if (fails) return fails;
  f.tapped = true;
  land.tapped = true;
  land.skipsUntap = true;
  const suit = landMana(entityOf(t, land.id), trumpSuit(t));
  const pool = t.pool[f.controller];
  pool[suit] = (pool[suit] ?? 0) + 1;
  return { table: t };
}

/** K♥'s Sally (attacking, blocked by its colour) and J♥'s Harry (blocking the other colour, tapping): declared in the combat. */
function onDeclared(t: ParlorTable, e: { ability: 'sally' | 'harry'; by: Id }, f: FieldCard): Step {
  const combat = t.combat;
  if (t.phase !== 'combat' || !combat) return no('pm.ability.when', { ability: ABILITY[e.ability] });
  const code = cardOf(e.by);
  if ((e.ability === 'sally' && code !== 'KH') || (e.ability === 'harry' && code !== 'JH')) return no('pm.ability.auto', { id: e.by });
  if (combat.declared.includes(e.by)) return no('pm.ability.twice', { id: e.by });
  const against =
    e.ability === 'sally'
      ? combat.blocks.filter((b) => b.attacker === e.by).map((b) => b.blocker)
      : combat.blocks.filter((b) => b.blocker === e.by).map((b) => b.attacker);
  // Against a card of its colour (Sally) or of the other colour (Harry), by its base suit or an Ech; none that ranks or trumps it.
  const qualifies = against.some((id) => !abilityFails(t, e.by, entityOf(t, id), ABILITY[e.ability]));
  if (!qualifies) return no('pm.ability.target', { id: e.by });
  if (e.ability === 'harry') f.tapped = true;
  combat.declared.push(e.by);
  return { table: t };
}

function onAbility(t: ParlorTable, e: { ability: AbilityName; by: Id; target?: Id }): Step {
  if (!(e.ability in ABILITY)) return no('pm.ability.has', { id: String(e.by), ability: String(e.ability) });
  const taps = e.ability !== 'sally';
  const f = activator(t, e, taps && e.ability !== 'harry');
  if (isRefusal(f)) return f;
  if (e.ability === 'harry' && f.sick) return no('pm.ability.sick', { id: e.by });
  if (e.ability === 'harry' && f.tapped) return no('pm.ability.tapped', { id: e.by });
  if (e.ability === 'volley') return onVolley(t, e, f);
  if (e.ability === 'ally') return onAlly(t, e, f);
  if (e.ability === 'carry') return onCarry(t, e, f);
  return onDeclared(t, { ability: e.ability, by: e.by }, f);
}

function onDamage(t: ParlorTable, choices: DamageChoices): Step {
  if (t.phase !== 'combat' || !t.combat) return no('pm.damage.when');
  const result = resolveCombat(t, t.combat, choices ?? {});
  if (isRefusal(result)) return result;
  const defender = other(t.combat.attacker);
  t.life[defender] -= result.toRuler;
  for (const [id, n] of Object.entries(result.damage)) {
    const f = fieldCard(t, id);
    if (f) f.damage += n;
  }
  for (const id of result.dead) removeFromField(t, id, 'discard');
  t.combat = null;
  t.combatDone = true;
  t.phase = 'main';
  return { table: t };
}

function onEnd(t: ParlorTable, e: { end: Ruler; recycle: Card[] }): Step {
  const r = e.end;
  if (t.turn !== r) return no('pm.notYourTurn', { ruler: t.turn ?? '—' });
  if (t.phase !== 'main') return no(t.phase === 'draw' ? 'pm.timing.main' : 'pm.timing.combat');
  const over = Math.max(0, t.hand[r].length - 7);
  if (!Array.isArray(e.recycle) || e.recycle.length !== over) return no('pm.end.hand', { ruler: r, n: over, size: t.hand[r].length });
  for (const c of e.recycle) if (!fromHand(t, r, c)) return no('pm.card.notInHand', { card: c, ruler: r });
  t.recycle[r].push(...e.recycle);
  for (const f of t.field) f.damage = 0;
  t.pool[r] = {};
  t.turn = null;
  t.phase = 'between';
  return { table: t };
}

function applyEvent(t: ParlorTable, e: ParlorEvent): Step {
  if ('hand' in e) return onHand(t, e);
  if ('turn' in e) return onTurn(t, e.turn);
  if ('draw' in e) return onDraw(t, e);
  if ('land' in e) return onLand(t, e);
  if ('tap' in e) return onTap(t, e.tap);
  if ('cast' in e) return onCast(t, e);
  if ('counter' in e) return onCounter(t, e);
  if ('attack' in e) return onAttack(t, e);
  if ('block' in e) return onBlock(t, e);
  if ('ability' in e) return onAbility(t, e);
  if ('damage' in e) return onDamage(t, e.damage);
  if ('end' in e) return onEnd(t, e);
  return no('pm.event');
}

const copy = (t: ParlorTable): ParlorTable => structuredClone(t);
const isRuler = (r: unknown): r is Ruler => r === 'A' || r === 'B';

/** The game through the game layer's interface: `setup({ first, petals })` and a pure `apply`. */
export const Parlor: Engine<{ first: Ruler; petals?: number }, ParlorTable, ParlorEvent> = {
  setup: ({ first, petals }) => setupTable(first, petals),
  apply(t, e) {
    if (!e || typeof e !== 'object') return refused(t, no('pm.event'));
    if (t.winner) return refused(t, no('pm.over', { winner: t.winner }));
    const ruler =
      (e as {
        hand?: unknown;
        turn?: unknown;
        draw?: unknown;
        land?: unknown;
        cast?: unknown;
        counter?: unknown;
        attack?: unknown;
        block?: unknown;
        end?: unknown;
      }) ?? {};
    const named = ruler.hand ?? ruler.turn ?? ruler.draw ?? ruler.land ?? ruler.cast ?? ruler.counter ?? ruler.attack ?? ruler.block ?? ruler.end;
    if (named !== undefined && !isRuler(named)) return refused(t, no('pm.event'));
    const step = applyEvent(copy(t), e);
    if (isRefusal(step)) return refused(t, step);
    const next = step.table;
    for (const r of RULERS) if (next.life[r] <= 0 && !next.winner) next.winner = other(r);
    return done(next);
  },
};

/** The public state of a table (and the refusals so far). */
export function publicState(t: ParlorTable, refusedSoFar: ParlorState['refused'] = []): ParlorState {
  return {
    turn: t.turn,
    life: { ...t.life },
    winner: t.winner,
    hand: { A: [...t.hand.A], B: [...t.hand.B] },
    recycle: { A: [...t.recycle.A], B: [...t.recycle.B] },
    discard: { A: [...t.discard.A], B: [...t.discard.B] },
    drawPile: { A: t.piles.A.length, B: t.piles.B.length },
    field: t.field.map((f) => ({ ...f, echs: [...f.echs] })),
    defense: { A: [...t.defense.A], B: [...t.defense.B] },
    trumps: [...t.trumps],
    pool: { A: { ...t.pool.A }, B: { ...t.pool.B } },
    refused: refusedSoFar,
  };
}

/** Fold a whole open log. A refused event leaves the state as if it never came. */
export function foldParlor(log: ParlorLog): { table: ParlorTable; state: ParlorState; outcomes: (null | Refusal)[] } {
  const first = isRuler(log?.first) ? log.first : 'A';
  const { state: table, refused: all, outcomes } = foldEvents(Parlor, setupTable(first, log?.petals ?? 0), Array.isArray(log?.events) ? log.events : []);
  return {
    table,
    state: publicState(
      table,
      all.map((r) => ({ event: r.event, rule: r.rule })),
    ),
    outcomes,
  };
}

/** The game's state after every event of an open log (`lib/index.ts`). */
export function runParlor(log: ParlorLog): ParlorState {
  return foldParlor(log).state;
}
