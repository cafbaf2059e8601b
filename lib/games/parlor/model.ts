/**
 * What a Parlor Magic table is made of, for the engine and the combat: rulers, cards by their
 * owners, the field, the piles, where the turn is; and the small readings of it both use.
 */
import { readParlorCard, type ParlorCard, type Suit } from './cards';
import type { ParlorEntity } from './ranks';

export type Ruler = 'A' | 'B';
export type Card = string;
/** A card by its owner: 'A:KH' (each ruler plays a whole deck). */
export type Id = string;
export type Target = Id | 'A:defense' | 'B:defense' | 'trumps';
export type Mana = Partial<Record<Suit, number>>;

export interface ParlorLog {
  first: Ruler;
  /** Carry's adder: the petals of the corsage in hand (default 0). */
  petals?: number;
  events: ParlorEvent[];
}

export interface DamageChoices {
  /** Which member of a winning group of blockers takes the Toughness +1. */
  toughness?: Id[];
  /** How a group's Power bonus is shared among its members. */
  power?: Record<Id, number>;
  /** How a Domain Defense's damage is split among the unblocked attackers. */
  defense?: Record<Id, number>;
  /** How each attacker's damage is split among its blockers. */
  assign?: Record<Id, Record<Id, number>>;
}

export type AbilityName = 'volley' | 'ally' | 'carry' | 'harry' | 'sally';

export type ParlorEvent =
  | { hand: Ruler; cards: Card[] }
  | { turn: Ruler }
  | { draw: Ruler; cards: Card[]; keep: Card }
  | { land: Ruler; card: Card }
  | { tap: Id }
  | { cast: Ruler; card: Card; target?: Target; pay: Mana }
  | { counter: Ruler; card: Card; target: Target; pay: Mana }
  | { attack: Ruler; with: Id[] }
  | { block: Ruler; blocks: { blocker: Id; attacker: Id }[] }
  | { ability: AbilityName; by: Id; target?: Id }
  | { damage: DamageChoices }
  | { end: Ruler; recycle: Card[] };

export interface FieldCard {
  id: Id;
  controller: Ruler;
  tapped: boolean;
  sick: boolean;
  skipsUntap: boolean;
  echs: Id[];
  damage: number;
}

export interface ParlorState {
  turn: Ruler | null;
  life: Record<Ruler, number>;
  winner: Ruler | null;
  hand: Record<Ruler, Card[]>;
  recycle: Record<Ruler, Card[]>;
  discard: Record<Ruler, Card[]>;
  drawPile: Record<Ruler, number>;
  field: FieldCard[];
  defense: Record<Ruler, Id[]>;
  trumps: Id[];
  pool: Record<Ruler, Mana>;
  refused: { event: number; rule: string }[];
}

/** Where a turn is: before the first turn, between turns, waiting for the draw, its main part, or in its combat. */
export type Phase = 'setup' | 'between' | 'draw' | 'main' | 'blocks' | 'combat';

export interface Combat {
  attacker: Ruler;
  attackers: Id[];
  blocks: { blocker: Id; attacker: Id }[];
  /** K♥'s Sally and J♥'s Harry, declared. */
  declared: Id[];
}

/** The whole table as the engine keeps it: the public state, each ruler's draw pile, and where the turn is. */
export interface ParlorTable extends Omit<ParlorState, 'refused' | 'drawPile'> {
  first: Ruler;
  petals: number;
  piles: Record<Ruler, Card[]>;
  phase: Phase;
  dealt: Record<Ruler, boolean>;
  landPlayed: boolean;
  combatDone: boolean;
  combat: Combat | null;
  /** Turns begun so far, by each ruler. */
  turns: Record<Ruler, number>;
}

export const HIDDEN = '?';
export const RULERS: readonly Ruler[] = ['A', 'B'];
export const other = (r: Ruler): Ruler => (r === 'A' ? 'B' : 'A');
export const ownerOf = (id: Id): Ruler => (id.startsWith('B:') ? 'B' : 'A');
export const cardOf = (id: Id): Card => id.slice(2);
export const idOf = (r: Ruler, card: Card): Id => `${r}:${card}`;

export const card = (c: string): ParlorCard | null => (c === HIDDEN ? null : readParlorCard(c));
export const trumpSuit = (t: Pick<ParlorTable, 'trumps'>): Suit | null => {
  const top = t.trumps[t.trumps.length - 1];
  return top ? (readParlorCard(cardOf(top))?.suit ?? null) : null;
};
export const fieldCard = (t: Pick<ParlorTable, 'field'>, id: Id): FieldCard | undefined => t.field.find((f) => f.id === id);
export const entityOf = (t: Pick<ParlorTable, 'field'>, id: Id): ParlorEntity => ({ card: cardOf(id), echs: (fieldCard(t, id)?.echs ?? []).map(cardOf) });
export const defenseOf = (t: Pick<ParlorTable, 'defense'>, r: Ruler): ParlorEntity => ({ echs: t.defense[r].map(cardOf) });
export const isCreature = (id: Id) => card(cardOf(id))?.type === 'creature';
export const isLand = (id: Id) => card(cardOf(id))?.type === 'land';
