/**
 * Rules in words for the XP planner (kept out of the content script), in the UI's language. What
 * keywords do, in the seed's words (summarised); how each attribute's XP cost grows (digest §2).
 */
import { type Key, tl, type Locale } from '../i18n';

const keywordKey = (name: string) => `ke.${name.replace(/\s+/g, '')}`;
const ATTRIBUTE_KEYS: Record<string, Key> = {
  Life: 'ac.Life',
  'Max Deck Size': 'ac.deckSize',
  'Max Rare Cards': 'ac.rareCards',
  'Max Rare Copies': 'ac.rareCopies',
  'Max Uncommon Cards': 'ac.uncommonCards',
  'Max Uncommon Copies': 'ac.uncommonCopies',
};
const NEW_VALUE = ['Power', 'Toughness', 'Focus', 'Memory', 'Black', 'Blue', 'Green', 'Red', 'White'];

/** What a keyword does, or undefined when the seed gives no summary. */
export function keywordEffect(name: string, l: Locale): string | undefined {
  const key = keywordKey(name) as Key;
  return CATALOG_HAS(key) ? tl(l, key) : undefined;
}

/** How an attribute's XP cost grows. */
export function attributeCost(attribute: string, l: Locale): string | undefined {
  if (NEW_VALUE.includes(attribute)) return tl(l, 'ac.newValue');
  const key = ATTRIBUTE_KEYS[attribute];
  return key ? tl(l, key) : undefined;
}

const CATALOG_HAS = (key: string) => tl('en', key as Key) !== key;
