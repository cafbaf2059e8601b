import { checkDifficulty } from '../dice/contest';
import { type Locale, tl } from '../i18n';
/** Draw phase and starting hand (digest §5). */

export const RARITIES = ['Basic Land', 'Common', 'Uncommon', 'Rare', 'Mythic/Legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

const DIFFICULTY: Record<Rarity, number> = {
  'Basic Land': 0,
  Common: 2,
  Uncommon: 3,
  Rare: 4,
  'Mythic/Legendary': 5,
};

const RARITY_WORDS: Record<string, Rarity> = {
  basicland: 'Basic Land',
  basic: 'Basic Land',
  land: 'Basic Land',
  common: 'Common',
  c: 'Common',
  uncommon: 'Uncommon',
  u: 'Uncommon',
  rare: 'Rare',
  r: 'Rare',
  mythiclegendary: 'Mythic/Legendary',
  mythic: 'Mythic/Legendary',
  legendary: 'Mythic/Legendary',
  legend: 'Mythic/Legendary',
  m: 'Mythic/Legendary',
};

/** The rarity named (case, spacing and "Mythic"/"Legendary" forgiven), or null. */
export function findRarity(text: string): Rarity | null {
  return RARITY_WORDS[text.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}

/** Successes needed to draw a card of this rarity. */
export function drawDifficulty(rarity: string): number {
  const r = typeof rarity === 'string' ? findRarity(rarity) : null;
  if (!r) throw new Error(`rarity must be one of ${RARITIES.join(', ')}; got "${String(rarity)}"`);
  return DIFFICULTY[r];
}

export interface DrawOutcome {
  rarity: Rarity;
  difficulty: number;
  successes: number;
  drawn: boolean;
  margin: number;
  /** +1 on the next Channeling roll after a failed draw. */
  channelingBonus: number;
}

export function drawOutcome(rarity: string, successes: number): DrawOutcome {
  const difficulty = drawDifficulty(rarity);
  const { succeeded: drawn, margin } = checkDifficulty(successes, difficulty);
  return {
    rarity: findRarity(rarity)!,
    difficulty,
    successes,
    drawn,
    margin,
    channelingBonus: drawn ? 0 : 1,
  };
}

export interface HandCard {
  name: string;
  rarity: Rarity;
}

export interface StartingHandResult {
  /** The cards at the rolled positions (1-based), in the order rolled. */
  cards: (HandCard & { position: number })[];
  uncommons: number;
  rares: number;
  maxUncommons: number;
  maxRares: number;
  problems: string[];
}

/** At most floor(Memory/3) Uncommons and floor(Memory/4) Rares in a starting hand. */
export function startingHandLimits(memory: number): { uncommons: number; rares: number } {
  return { uncommons: Math.floor(memory / 3), rares: Math.floor(memory / 4) };
}

/**
 * Map a `Memory`d`DeckSize` Unique-die roll to positions in the ready deck list (1-based, in the
 * order the list was posted) and check the hand against the rarity limits.
 */
export function startingHand(faces: readonly number[], deck: readonly HandCard[], memory: number, l: Locale = 'en'): StartingHandResult {
  const problems: string[] = [];
  if (faces.length !== memory) problems.push(tl(l, 'dr.count', { count: faces.length, memory }));
  const seen = new Set<number>();
  const cards: StartingHandResult['cards'] = [];
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > deck.length) {
      problems.push(tl(l, 'dr.outside', { n: f, size: deck.length }));
      continue;
    }
    if (seen.has(f)) problems.push(tl(l, 'dr.twice', { n: f }));
    seen.add(f);
    cards.push({ ...deck[f - 1]!, position: f });
  }
  const limits = startingHandLimits(memory);
  const uncommons = cards.filter((c) => c.rarity === 'Uncommon').length;
  const rares = cards.filter((c) => c.rarity === 'Rare').length;
  if (uncommons > limits.uncommons) problems.push(tl(l, 'dr.uncommons', { count: uncommons, max: limits.uncommons, memory }));
  if (rares > limits.rares) problems.push(tl(l, 'dr.rares', { count: rares, max: limits.rares, memory }));
  return { cards, uncommons, rares, maxUncommons: limits.uncommons, maxRares: limits.rares, problems };
}
