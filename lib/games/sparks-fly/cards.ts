/**
 * When Sparks Fly cards: the starting set, how a card's text is read into its effect, and how a
 * card is named (an instance whose number a Buff changed carries it in brackets).
 */
import { hasLineBreak } from '../../chars';

export type Modifier = 'invert-target' | 'invert-number' | 'repeat' | 'ignore' | 'copy' | 'buff';

export type CardEffect =
  | { kind: 'sparks'; target: 'self' | 'opponent' }
  | { kind: 'steal' }
  | { kind: 'recovery' }
  | { kind: 'invert-auction' }
  | { kind: 'half-price' }
  | { kind: 'modifier'; modifier: Modifier }
  | { kind: 'none' };

export interface CardType {
  /** The card's text, as the seed (or the pool setting) writes it. */
  name: string;
  /** The number printed on the card, or null when its text has none. */
  printed: number | null;
  effect: CardEffect;
}

/** The 18 starting cards of each player: type and copies, in the seed's order. */
export const STARTING_CARDS: readonly [string, number][] = [
  ['-5 Sparks to Self', 2],
  ['-3 Sparks to Self', 2],
  ['-1 Spark to Self', 3],
  ['Steal 1 Spark from Opponent', 2],
  ['Invert Next Auction', 1],
  ['Invert Other Card Target', 1],
  ['Invert Other Card Number', 1],
  ['Repeat Other Card', 1],
  ['Ignore Other Card', 1],
  ['Discard Recovery', 1],
  ['Half Price Auction', 1],
  ['Copy Other Card', 1],
  ['Buff Other Card by +1', 1],
];

/** The default card pool of add auctions: the 13 starting types in the seed's order. */
export const DEFAULT_POOL: readonly string[] = STARTING_CARDS.map(([name]) => name);

const MINUS = /[\u2212\u2012\u2013\u2014\u2010\u2011\uFE63\uFF0D]/g;

/** The key a card text is matched by: case, spacing and the kind of minus sign ignored. */
export function cardKey(text: string): string {
  return text.replace(MINUS, '-').replace(/\s+/g, '').toLowerCase();
}

const FIXED: Record<string, { printed: number | null; effect: CardEffect }> = {
  [cardKey('Invert Next Auction')]: { printed: null, effect: { kind: 'invert-auction' } },
  [cardKey('Invert Other Card Target')]: { printed: null, effect: { kind: 'modifier', modifier: 'invert-target' } },
  [cardKey('Invert Other Card Number')]: { printed: null, effect: { kind: 'modifier', modifier: 'invert-number' } },
  [cardKey('Repeat Other Card')]: { printed: null, effect: { kind: 'modifier', modifier: 'repeat' } },
  [cardKey('Ignore Other Card')]: { printed: null, effect: { kind: 'modifier', modifier: 'ignore' } },
  [cardKey('Discard Recovery')]: { printed: 1, effect: { kind: 'recovery' } },
  [cardKey('Half Price Auction')]: { printed: null, effect: { kind: 'half-price' } },
  [cardKey('Copy Other Card')]: { printed: null, effect: { kind: 'modifier', modifier: 'copy' } },
};

/** Read a card's text into its type. Texts the engine cannot read have no effect (a ruling). */
export function readCardType(text: string): CardType {
  const name = text.replace(MINUS, '-').replace(/\s+/g, ' ').trim();
  const key = cardKey(name);
  const fixed = FIXED[key];
  if (fixed) return { name, ...fixed };
  let m = /^([+-]?\d{1,4})sparks?to(self|opponent)$/.exec(key);
  if (m) return { name, printed: Number(m[1]), effect: { kind: 'sparks', target: m[2] === 'self' ? 'self' : 'opponent' } };
  m = /^steal(\d{1,4})sparks?fromopponent$/.exec(key);
  if (m) return { name, printed: Number(m[1]), effect: { kind: 'steal' } };
  m = /^buffothercardby([+-]?\d{1,4})$/.exec(key);
  if (m) return { name, printed: Number(m[1]), effect: { kind: 'modifier', modifier: 'buff' } };
  return { name, printed: null, effect: { kind: 'none' } };
}

/** An instance's name: its type, and its number in brackets when a Buff changed it. */
export function instanceName(type: CardType, n: number | null): string {
  return n !== null && n !== type.printed ? `${type.name} [${n}]` : type.name;
}

/** A card named in an event: its type key, and the number in brackets when given. */
export function parseCardRef(text: string): { key: string; n: number | null } | null {
  if (typeof text !== 'string' || !text.trim() || text.length > 200) return null;
  // "Name [n]": the last bracket, read by hand (a pattern for the whole text backtracks cubically over spaces).
  const body = text.trimEnd();
  const open = body.endsWith(']') ? body.lastIndexOf('[') : -1;
  const n = open < 0 || hasLineBreak(text.slice(0, open)) ? null : /^([+\-\u2212\u2013]?)\s*(\d{1,4})$/.exec(body.slice(open + 1, -1).trim());
  if (n) return { key: cardKey(text.slice(0, open)), n: Number(`${n[1]!.replace(MINUS, '-')}${n[2]}`) };
  return { key: cardKey(text), n: null };
}
