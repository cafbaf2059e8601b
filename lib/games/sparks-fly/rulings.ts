/**
 * When Sparks Fly: every rule the engine enforces and every ruling it makes where the seed is
 * unclear, in one place. The engine quotes these texts when it refuses an event, and the help
 * view lists them all.
 */
import { t, tl, type Key } from '../../i18n';

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

/** Each rule's text in the UI's language (read when used: the language can change). */
export const SPARKS_FLY_RULES = Object.defineProperties(
  {} as Record<SparksFlyRule, string>,
  Object.fromEntries(RULE_KEYS.map((k) => [k, { enumerable: true, get: () => t(`sfr.${k}` as Key) }])),
);

/** The rulings, for the help view: every rule the digest leaves to a ruling. */
export const sparksFlyRulings = (): string[] => RULE_KEYS.filter((k) => tl('en', `sfr.${k}` as Key).includes('[ruling')).map((k) => SPARKS_FLY_RULES[k]);
