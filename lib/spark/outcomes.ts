/**
 * The words of each roll's outcome, said once: the reading of a roll on its own and the duel's
 * judgement of it both word their outcomes here, in the language they are given.
 */
import { type Key, type Locale, tl } from '../i18n';
import { COLOUR_LAND, type Colour } from './attributes';
import type { Rarity } from './draw';

/** A draw's outcome: drawn (a Basic Land gives its mana), or failed with the +1 it carries. */
export function drawOutcomeText(l: Locale, rarity: Rarity, drawn: boolean): string {
  if (!drawn) return tl(l, 'read.failed');
  return tl(l, rarity === 'Basic Land' ? 'read.drawnMana' : 'read.drawn');
}

/** A colour's basic land ("Island", "Islands"), or "basic land(s)" when the colour is not known. */
export function landName(l: Locale, colour: Colour | undefined, count: number): string {
  return colour ? tl(l, `land.${COLOUR_LAND[colour]}` as Key, { count }) : tl(l, 'read.basicLand', { count });
}

/** "2 Islands", or "2 basic lands" when the colour is not known. */
export function landsText(l: Locale, colour: Colour | undefined, count: number): string {
  return tl(l, 'read.lands', { count, land: landName(l, colour, count) });
}

/** A Channeling's lands, with the successes the cap took when it took any. */
export function channelingOutcomeText(l: Locale, colour: Colour, lands: number, wasted: number, cap: number | null): string {
  return `${landsText(l, colour, lands)}${wasted ? tl(l, 'dj.capLost', { n: wasted, cap: cap ?? '?' }) : ''}`;
}

export interface ToughnessOutcome {
  /** Damage taken, when the roll was against a known damage; else null (only what it prevented is known). */
  taken: number | null;
  successes: number | null;
  /** Toughness the roll's 1s wore away. */
  wear: number;
  /** Toughness after the roll, when the duel knows it. */
  after: number | null;
  staggered: boolean;
}

/** "3 damage taken, Toughness −2 (now 2), staggered"; without the duel: "3 damage taken, Toughness −2". */
export function toughnessOutcomeText(l: Locale, o: ToughnessOutcome): string {
  const wear = !o.wear ? tl(l, 'read.noWear') : o.after === null ? tl(l, 'read.wear', { n: o.wear }) : tl(l, 'dj.tWear', { wear: o.wear, after: o.after });
  const head = o.taken !== null ? tl(l, 'read.taken', { count: o.taken, wear }) : tl(l, 'read.prevented', { count: o.successes ?? '?', wear });
  return `${head}${o.staggered ? tl(l, 'dj.staggeredTail') : ''}`;
}
