/**
 * When Sparks Fly: every rule the engine enforces and every ruling it makes where the seed is
 * unclear, in one place. A refusal names its rule by id (`sfr.<rule>`, its words in the
 * catalogue), and the help view lists them all.
 */
import { tl, type Key, type Locale } from '../../i18n';

const RULE_KEYS = [
  'turn',
  'raise',
  'bidCap',
  'openingFold',
  'pay',
  'winnerActs',
  'removeFromHand',
  'removeLimit',
  'gainLimit',
  'typeLimit',
  'offerOnly',
  'offerTiming',
  'offerSeeded',
  'parity',
  'twoCards',
  'inHand',
  'onePlay',
  'miss',
  'pairs',
  'betterOrder',
  'recovery',
  'afterRound',
  'buffSigned',
  'copyLimits',
  'halfPriceTwice',
  'unknownCard',
  'recycle',
  'end',
  'over',
] as const;
export type SparksFlyRule = (typeof RULE_KEYS)[number];

/** A rule's catalogue key: the id a refusal names. */
export const ruleKey = (rule: SparksFlyRule): Key => `sfr.${rule}` as Key;

/** Every rule's words in a language, by its name, in the order the help lists them. */
export const sparksFlyRules = (l: Locale): Record<SparksFlyRule, string> =>
  Object.fromEntries(RULE_KEYS.map((k) => [k, tl(l, ruleKey(k))])) as Record<SparksFlyRule, string>;

/** The rules in English, the public library's words (read when used: the catalogues may register later). */
export const SPARKS_FLY_RULES: Readonly<Record<SparksFlyRule, string>> = Object.defineProperties(
  {} as Record<SparksFlyRule, string>,
  Object.fromEntries(RULE_KEYS.map((k) => [k, { enumerable: true, get: () => tl('en', ruleKey(k)) }])),
);

/** The rulings, for the help view: every rule the digest leaves to a ruling, in a language. */
export const sparksFlyRulings = (l: Locale = 'en'): string[] => RULE_KEYS.filter((k) => tl('en', ruleKey(k)).includes('[ruling')).map((k) => tl(l, ruleKey(k)));
