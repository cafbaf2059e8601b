/** The zod schema of per-game house rules (settings.ts has the type and the defaults). */
import * as z from 'zod/mini';
import { DUEL_STAKES, type GameRules } from './settings';

export const RaceSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(60)),
  /** Flat bonuses to attributes ("Power": 1); they do not count toward XP. */
  bonuses: z._default(z.record(z.string(), z.int()), {}),
  /** Roll modifiers by roll kind ("speed": 1). */
  modifiers: z._default(z.record(z.string(), z.int()), {}),
  allowedAffinities: z._default(z.array(z.string()), []),
  /** XP added to a keyword's cost for this race (negative = discount). */
  keywordAdjustments: z._default(z.record(z.string(), z.int()), {}),
});
export const GameRulesSchema = z.object({
  /** Affinity rule, stricter form: every affinity colour >= every other colour. */
  strictAffinity: z._default(z.boolean(), false),
  /** Max Common Copies is always 4 (the seed's overview), instead of following Uncommon Copies. */
  commonsAlwaysFour: z._default(z.boolean(), false),
  /** Mythic/Legendary cards each character has acquired in play, by character name. */
  acquiredMythics: z._default(z.record(z.string(), z.array(z.string())), {}),
  races: z._default(z.array(RaceSchema), []),
  /** Per-game keyword cost adjustments (XP added; negative = cheaper). */
  keywordAdjustments: z._default(z.record(z.string(), z.int()), {}),
  /** Mana burn: Life lost per unused mana at End. */
  manaBurnPerMana: z._default(z.int().check(z.minimum(0), z.maximum(10)), 1),
  /** Wear from rolled 1s resets each turn instead of lasting the duel. */
  wearResetsEachTurn: z._default(z.boolean(), false),
  /** A Toughness roll is allowed against direct damage from spells and abilities. */
  toughnessVsDirectDamage: z._default(z.boolean(), true),
  /** Difficulty of the Toughness test to keep acting below 0 Life. */
  belowZeroTestDifficulty: z._default(z.int().check(z.minimum(0), z.maximum(20)), 3),
  duelStakes: z._default(z.enum(DUEL_STAKES), 'friendly'),
  /** Agreed Life at which a friendly duel ends. */
  friendlyDuelLife: z._default(z.int(), 0),
  /** Life at which a duel to the death ends. */
  duelToDeathLife: z._default(z.int(), -10),
  /** Life at which a planeswalker dies outside duels. */
  deathLife: z._default(z.int(), -20),
  /** Planeswalker cards: the uniqueness rule (the seed's, the 2013 rule, or the legend rule). */
  planeswalkerUniqueness: z._default(z.enum(['seed', '2013', 'legend']), 'seed'),
});

// The schema's output is exactly GameRules (checked at compile time both ways).
type Output = z.infer<typeof GameRulesSchema>;
const sameShape: [Output extends GameRules ? true : false, GameRules extends Output ? true : false] = [true, true];
void sameShape;
