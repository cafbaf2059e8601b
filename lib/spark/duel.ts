/** Channeling, Toughness, initiative and duel stakes (digest §3, §4, §6, §7). */
import { checkFaces, clampModifier, countSuccesses } from '../dice/pool';
import { COLOUR_LAND, type Colour } from './attributes';
import { DEFAULT_GAME_RULES, type GameRules } from './settings';

export const DICE_PER_TRADE = 3;

export interface ChannelingPlan {
  colour: Colour;
  /** Dice actually rolled. */
  rolledDice: number;
  /** Automatic successes bought with 3 dice each. */
  autoSuccesses: number;
  /** +1 per failed draw before this Channeling, on each rolled die (clamped). */
  modifier: number;
}

/**
 * The trades a Channeling of `rolledDice` from a colour of `attribute` dice made (3 dice for each
 * automatic success), or null when no whole number of trades leaves that many dice.
 */
export function channelingTrades(attribute: number, rolledDice: number): number | null {
  const short = attribute - rolledDice;
  return short >= 0 && short % DICE_PER_TRADE === 0 ? short / DICE_PER_TRADE : null;
}

/** The most trades a colour's dice allow (3 dice each). */
export const maxTrades = (attribute: number): number => Math.floor(attribute / DICE_PER_TRADE);

/** The pools a Channeling of `attribute` dice may roll: all of them, or 3 fewer per trade. */
export const channelingPools = (attribute: number): number[] => Array.from({ length: maxTrades(attribute) + 1 }, (_, k) => attribute - k * DICE_PER_TRADE);

/** The lands a colour's cap leaves room for: its attribute less its lands in play (null: attribute not known, no cap). */
export const capRoom = (attribute: number | null, landsInPlay: number): number | null => (attribute === null ? null : Math.max(0, attribute - landsInPlay));

/** Split a colour's dice into trades (3 dice = 1 automatic success) and rolled dice. */
export function planChanneling(colour: Colour, attribute: number, trades: number, failedDraws = 0, otherModifier = 0): ChannelingPlan {
  if (!Number.isInteger(attribute) || attribute < 0) throw new Error(`attribute must be a whole number of at least 0; got ${attribute}`);
  const most = maxTrades(attribute);
  if (!Number.isInteger(trades) || trades < 0 || trades > most) {
    throw new Error(`trades must be a whole number from 0 to ${most} for ${attribute} dice; got ${trades}`);
  }
  return {
    colour,
    rolledDice: attribute - trades * DICE_PER_TRADE,
    autoSuccesses: trades,
    modifier: clampModifier(failedDraws + otherModifier),
  };
}

export interface ChannelingResult {
  colour: Colour;
  land: string;
  successes: number;
  /** Lands that enter play (capped by the colour's attribute minus its lands already in play). */
  lands: number;
  /** Successes lost to the cap. */
  wasted: number;
  /** Lands the cap left room for before the roll (null: the colour's attribute is not known, so no cap). */
  room: number | null;
}

/**
 * Successes from rolled faces plus automatic ones; each is one basic land, capped per colour by
 * the colour's attribute less its lands already in play (`attribute` null: not known, no cap).
 */
export function channelingResult(
  colour: Colour,
  faces: readonly number[],
  modifier: number,
  autoSuccesses: number,
  attribute: number | null,
  landsInPlay = 0,
): ChannelingResult {
  const successes = countSuccesses(faces, modifier) + autoSuccesses;
  const room = capRoom(attribute, landsInPlay);
  const lands = room === null ? successes : Math.min(successes, room);
  return { colour, land: COLOUR_LAND[colour], successes, lands, wasted: successes - lands, room };
}

export interface ToughnessResult {
  successes: number;
  damageTaken: number;
  /** Wear: one Toughness lost per raw 1, never below 0. */
  toughnessLost: number;
  toughnessAfter: number;
}

/**
 * A Toughness roll against `damage`: damage taken = max(0, damage - successes); every raw 1
 * lowers Toughness by 1 for the rest of the duel, from `current` (the Toughness before the roll;
 * by default the pool, which is current Toughness).
 */
export function toughnessRoll(damage: number, faces: readonly number[], modifier = 0, current = faces.length): ToughnessResult {
  if (!Number.isInteger(damage) || damage < 0) throw new Error(`damage must be a whole number of at least 0; got ${damage}`);
  checkFaces(faces);
  const successes = countSuccesses(faces, modifier);
  let ones = 0;
  for (const f of faces) if (f === 1) ones++;
  const toughnessAfter = Math.max(0, current - ones);
  return { successes, damageTaken: Math.max(0, damage - successes), toughnessLost: current - toughnessAfter, toughnessAfter };
}

/** Combat damage left after the roll staggers (taps) a planeswalker when it reaches current Toughness >= 1. */
export function staggersFromDamage(damageTaken: number, toughness: number): boolean {
  return toughness >= 1 && damageTaken >= toughness;
}

/**
 * Whether a Toughness roll staggers (taps) the planeswalker: the damage left is lethal (at least
 * the Toughness after the roll, when that is 1 or more), or wear took Toughness from 1 or more to 0
 * (digest §7 rulings; a bought Toughness of 0 does not stagger). `damageTaken` null: no damage stated.
 */
export function staggersFromRoll(damageTaken: number | null, before: number, after: number): boolean {
  return (damageTaken !== null && staggersFromDamage(damageTaken, after)) || (before >= 1 && after === 0 && before > after);
}

export interface InitiativeEntry {
  name: string;
  faces: readonly number[];
  modifier?: number;
}

export interface InitiativeSeat {
  name: string;
  successes: number;
  faceSum: number;
  /** Duelists tied on successes and on faces: they roll again among themselves. */
  rerollWith: string[];
}

/** Order by successes, high first; ties broken by the sum of raw faces; full ties roll again. */
export function initiativeOrder(entries: readonly InitiativeEntry[]): InitiativeSeat[] {
  const seats = entries.map((e) => ({
    name: e.name,
    successes: countSuccesses(e.faces, e.modifier ?? 0),
    faceSum: e.faces.reduce((a, b) => a + b, 0),
    rerollWith: [] as string[],
  }));
  seats.sort((a, b) => b.successes - a.successes || b.faceSum - a.faceSum);
  for (const s of seats) {
    s.rerollWith = seats.filter((o) => o !== s && o.successes === s.successes && o.faceSum === s.faceSum).map((o) => o.name);
  }
  return seats;
}

export type DuelState = 'fighting' | 'incapacitated' | 'duel-lost' | 'dead';

/** Where a Life total stands under the game's duel stakes. */
export function lifeState(life: number, inDuel: boolean, rules: GameRules = DEFAULT_GAME_RULES): DuelState {
  if (!inDuel) return life <= rules.deathLife ? 'dead' : life <= 0 ? 'incapacitated' : 'fighting';
  switch (rules.duelStakes) {
    case 'friendly':
      return life <= rules.friendlyDuelLife ? 'duel-lost' : 'fighting';
    case 'surrender':
      return life <= 0 ? 'duel-lost' : 'fighting';
    case 'death':
      return life <= rules.duelToDeathLife ? 'dead' : life <= 0 ? 'incapacitated' : 'fighting';
  }
}

/** What the winner may claim under each stake. */
/** Life lost to mana burn at End. */
export function manaBurn(unusedMana: number, rules: GameRules = DEFAULT_GAME_RULES): number {
  return Math.max(0, unusedMana) * rules.manaBurnPerMana;
}
