/**
 * What a screen reader says for a card: "Jack of hearts, tapped, 1 Ech: 2 of clubs", in the UI's
 * language. Cards arrive as the fold keeps them (codes such as `JH`, `10S`, or `?` for a hidden
 * card); the card's meaning is lib/games/parlor/cards.ts's.
 */
import type { Key } from '../../../../lib/i18n';
import { colourOf, readParlorCard, SUIT_SYMBOL, type ParlorCard } from '../../../../lib/games/parlor/cards';
import { HIDDEN } from '../../../../lib/games/parlor/model';
import { t } from '../../../locale';

/** A card as a table shows it: its code and what has happened to it on the field. */
export interface CardView {
  /** `JH`, `10S`…, or `?` for a card its viewer may not see. */
  code: string;
  tapped?: boolean;
  /** Came onto the field this turn (summoning sickness). */
  sick?: boolean;
  /** Skips its next untap (Ally, Carry). */
  skipsUntap?: boolean;
  /** Damage marked on it this turn. */
  damage?: number;
  /** The codes of the Echs under it, bottom first. */
  echs?: readonly string[];
}

export const isHidden = (code: string): boolean => code === HIDDEN;

/** The card read from its code; null for a hidden or unreadable one. */
export const parsed = (code: string): ParlorCard | null => (isHidden(code) ? null : readParlorCard(code));

/** `red` or `black`, or null for a hidden or unreadable card. */
export function colourOfCode(code: string): 'red' | 'black' | null {
  const c = parsed(code);
  return c ? colourOf(c.suit) : null;
}

/** "Jack of hearts"; "hidden card"; an unreadable code is said as it is, marked. */
export function cardName(code: string): string {
  if (isHidden(code)) return t('pm.card.hidden');
  const c = parsed(code);
  if (!c) return t('pm.card.unreadable', { code: String(code).slice(0, 10) });
  return t('pm.card.name', { rank: t(`pm.card.rank.${c.rank}` as Key), suit: t(`pm.card.suit.${c.suit}` as Key) });
}

/** The card's name and its state, as one sentence for its accessible name. */
export function cardDescription(v: CardView): string {
  if (isHidden(v.code)) return cardName(v.code);
  const parts = [cardName(v.code)];
  if (v.tapped) parts.push(t('pm.card.tapped'));
  if (v.sick) parts.push(t('pm.card.sick'));
  if (v.skipsUntap) parts.push(t('pm.card.skipsUntap'));
  if (v.damage) parts.push(t('pm.card.damage', { count: v.damage }));
  const echs = v.echs ?? [];
  if (echs.length) parts.push(t('pm.card.echs', { count: echs.length, list: echs.map(cardName).join(', ') }));
  return parts.join(', ');
}

/** The rank and suit glyph a card face shows: `J` and `♥`. */
export function faceOf(code: string): { rank: string; suit: string } | null {
  const c = parsed(code);
  return c ? { rank: c.rank, suit: SUIT_SYMBOL[c.suit] } : null;
}
