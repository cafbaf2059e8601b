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

/** Split a colour's dice into trades (3 dice = 1 automatic success) and rolled dice. */
export function planChanneling(colour: Colour, attribute: number, trades: number, failedDraws = 0, otherModifier = 0): ChannelingPlan {
  if (!Number.isInteger(attribute) || attribute < 0) throw new Error(`attribute must be a whole number of at least 0; got ${attribute}`);
  const maxTrades = Math.floor(attribute / DICE_PER_TRADE);
  if (!Number.isInteger(trades) || trades < 0 || trades > maxTrades) {
    throw new Error(`trades must be a whole number from 0 to ${maxTrades} for ${attribute} dice; got ${trades}`);
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
}

/** Successes from rolled faces plus automatic ones; each is one basic land, capped per colour. */
export function channelingResult(
  colour: Colour,
  faces: readonly number[],
  modifier: number,
  autoSuccesses: number,
  attribute: number,
  landsInPlay = 0,
): ChannelingResult {
  const successes = countSuccesses(faces, modifier) + autoSuccesses;
  const room = Math.max(0, attribute - landsInPlay);
  const lands = Math.min(successes, room);
  return { colour, land: COLOUR_LAND[colour], successes, lands, wasted: successes - lands };
}

export interface ToughnessResult {
  successes: number;
  damageTaken: number;
  /** Wear: one Toughness lost per die showing a raw 1 (never below 0). */
  toughnessLost: number;
  toughnessAfter: number;
}

/**
 * A Toughness roll against `damage`: damage taken = max(0, damage - successes); every raw 1
 * lowers Toughness by 1 for the rest of the duel. The pool is current Toughness, so the faces'
 * count is the Toughness before the roll.
 */
export function toughnessRoll(damage: number, faces: readonly number[], modifier = 0): ToughnessResult {
  if (!Number.isInteger(damage) || damage < 0) throw new Error(`damage must be a whole number of at least 0; got ${damage}`);
  checkFaces(faces);
  const successes = countSuccesses(faces, modifier);
  const ones = faces.filter((f) => f === 1).length;
  const toughnessLost = Math.min(ones, faces.length);
  return {
    successes,
    damageTaken: Math.max(0, damage - successes),
    toughnessLost,
    toughnessAfter: faces.length - toughnessLost,
  };
}

/** Combat damage left after the roll staggers (taps) a planeswalker when it reaches current Toughness >= 1. */
export function staggersFromDamage(damageTaken: number, toughness: number): boolean {
  return toughness >= 1 && damageTaken >= toughness;
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
export const STAKES_TERMS: Record<GameRules['duelStakes'], string> = {
  friendly: 'Ante, another reward or none, as agreed by all parties.',
  surrender: 'The winner may force the ante.',
  death: 'No ante; the loser is buried or exiled.',
};

/** Life lost to mana burn at End. */
export function manaBurn(unusedMana: number, rules: GameRules = DEFAULT_GAME_RULES): number {
  return Math.max(0, unusedMana) * rules.manaBurnPerMana;
}
