import { tl } from '../../i18n';
/**
 * Parlor Magic cards: notation (`KH`, `K♥`, `Kh`, `10d`, `10 of Diamonds`, `Queen of Spades`),
 * type, power and toughness, and casting cost.
 */

export type Suit = 'H' | 'D' | 'S' | 'C';
export type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K';
export type CardKind = 'creature' | 'land' | 'enchantment';

export interface ParlorCard {
  rank: Rank;
  suit: Suit;
  type: CardKind;
  power: number | null;
  toughness: number | null;
  /** Mana of the card's suit and generic mana; a land costs 0, 0. */
  cost: { suit: number; generic: number };
}

export const SUITS: readonly Suit[] = ['C', 'D', 'H', 'S'];
export const RANKS: readonly Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUIT_SYMBOL: Record<Suit, string> = { H: '♥', D: '♦', S: '♠', C: '♣' };
export const SUIT_NAME: Record<Suit, string> = { H: 'Hearts', D: 'Diamonds', S: 'Spades', C: 'Clubs' };
export const colourOf = (s: Suit): 'red' | 'black' => (s === 'H' || s === 'D' ? 'red' : 'black');

const SUIT_WORDS: Record<string, Suit> = {
  h: 'H',
  heart: 'H',
  hearts: 'H',
  '♥': 'H',
  '♡': 'H',
  d: 'D',
  diamond: 'D',
  diamonds: 'D',
  '♦': 'D',
  '♢': 'D',
  s: 'S',
  spade: 'S',
  spades: 'S',
  '♠': 'S',
  '♤': 'S',
  c: 'C',
  club: 'C',
  clubs: 'C',
  '♣': 'C',
  '♧': 'C',
};
const RANK_WORDS: Record<string, Rank> = {
  a: 'A',
  ace: 'A',
  '1': 'A',
  j: 'J',
  jack: 'J',
  q: 'Q',
  queen: 'Q',
  k: 'K',
  king: 'K',
  t: '10',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  '10': '10',
};

/** The card's value: A, J, Q, K count 1 (their spot count); 2..10 their number. */
export const spotsOf = (rank: Rank): number => (rank === 'A' || rank === 'J' || rank === 'Q' || rank === 'K' ? 1 : Number(rank));

const STATS: Partial<Record<Rank, [number, number]>> = { A: [1, 1], J: [1, 2], Q: [2, 2], K: [2, 3] };

function describe(rank: Rank, suit: Suit): ParlorCard {
  const stats = STATS[rank];
  if (stats) {
    const [power, toughness] = stats;
    return { rank, suit, type: 'creature', power, toughness, cost: { suit: toughness, generic: power } };
  }
  const n = Number(rank);
  if (n >= 7) return { rank, suit, type: 'land', power: null, toughness: null, cost: { suit: 0, generic: 0 } };
  const inSuit = Math.ceil(n / 2);
  return { rank, suit, type: 'enchantment', power: null, toughness: null, cost: { suit: inSuit, generic: n - inSuit } };
}

/** Read a card's notation; null when it is not one. */
export function readParlorCard(text: string): ParlorCard | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const t = text
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\ufe0f/g, '');
  let m = /^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|10|[2-9]|[ajqkt1])\s+of\s+(hearts?|diamonds?|spades?|clubs?)$/.exec(t);
  if (!m) m = /^(10|[2-9]|[ajqkt1])\s*([hdsc♥♡♦♢♠♤♣♧])$/.exec(t);
  if (!m) return null;
  const rank = RANK_WORDS[m[1]!];
  const suit = SUIT_WORDS[m[2]!];
  return rank && suit ? describe(rank, suit) : null;
}

/** A card from its notation; throws an Error that says what was wrong. */
export function parlorCard(text: string): ParlorCard {
  const c = readParlorCard(text);
  if (!c) {
    throw new Error(`parlorCard: ${tl('en', 'pk.notCard', { text: String(text).slice(0, 40) })}`);
  }
  return c;
}

/** The canonical short form: `AC`, `10D`, `KS`. */
export const cardCode = (c: Pick<ParlorCard, 'rank' | 'suit'>) => `${c.rank}${c.suit}`;
/** The card as players read it: `K♥`. */
export const cardLabel = (c: Pick<ParlorCard, 'rank' | 'suit'>) => `${c.rank}${SUIT_SYMBOL[c.suit]}`;

/** The 52-card deck in canonical order: suits C, D, H, S; in each A, 2…10, J, Q, K. */
export const CANONICAL_DECK: readonly string[] = SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}`));
