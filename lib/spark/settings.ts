/**
 * Per-game house rules: everything the digest marks [setting], with the digest's defaults.
 * The zod schema that validates them is in rules-schema.ts (kept out of the content script).
 */

export const DUEL_STAKES = ['friendly', 'surrender', 'death'] as const;
export type DuelStakes = (typeof DUEL_STAKES)[number];

export interface Race {
  name: string;
  /** Flat bonuses to attributes ("Power": 1); they do not count toward XP. */
  bonuses: Record<string, number>;
  /** Roll modifiers by roll kind ("speed": 1). */
  modifiers: Record<string, number>;
  allowedAffinities: string[];
  /** XP added to a keyword's cost for this race (negative = discount). */
  keywordAdjustments: Record<string, number>;
}

export interface GameRules {
  /** Affinity rule, stricter form: every affinity colour >= every other colour. */
  strictAffinity: boolean;
  /** Max Common Copies is always 4 (the seed's overview), instead of following Uncommon Copies. */
  commonsAlwaysFour: boolean;
  /** Mythic/Legendary cards each character has acquired in play, by character name. */
  acquiredMythics: Record<string, string[]>;
  races: Race[];
  /** Per-game keyword cost adjustments (XP added; negative = cheaper). */
  keywordAdjustments: Record<string, number>;
  /** Mana burn: Life lost per unused mana at End. */
  manaBurnPerMana: number;
  /** Wear from rolled 1s resets each turn instead of lasting the duel. */
  wearResetsEachTurn: boolean;
  /** A Toughness roll is allowed against direct damage from spells and abilities. */
  toughnessVsDirectDamage: boolean;
  /** Difficulty of the Toughness test to keep acting below 0 Life. */
  belowZeroTestDifficulty: number;
  duelStakes: DuelStakes;
  /** Agreed Life at which a friendly duel ends. */
  friendlyDuelLife: number;
  /** Life at which a duel to the death ends. */
  duelToDeathLife: number;
  /** Life at which a planeswalker dies outside duels. */
  deathLife: number;
  /** Planeswalker cards: the uniqueness rule (the seed's, the 2013 rule, or the legend rule). */
  planeswalkerUniqueness: 'seed' | '2013' | 'legend';
}

/** The digest's defaults for every [setting]. */
export const DEFAULT_GAME_RULES: Readonly<GameRules> = Object.freeze({
  strictAffinity: false,
  commonsAlwaysFour: false,
  acquiredMythics: {},
  races: [],
  keywordAdjustments: {},
  manaBurnPerMana: 1,
  wearResetsEachTurn: false,
  toughnessVsDirectDamage: true,
  belowZeroTestDifficulty: 3,
  duelStakes: 'friendly',
  friendlyDuelLife: 0,
  duelToDeathLife: -10,
  deathLife: -20,
  planeswalkerUniqueness: 'seed',
});
