/** Every feature of the content script, in the order they start on a page; the extras hold their lazy halves. */
import type { ExtrasSetup } from '../../shared/extras';
import { diceLogBadges } from './dicelog-badges';
import { drawer } from './drawer';
import type { Feature } from './feature';
import { logCheck } from './log-check';
import { duelView, panelAnswers } from './panel-answers';
import { readFailures } from './read-failures';
import { rollBadges } from './roll-badges';
import { characterSheet, threadSheets } from './sheet-badges';
import { tableBadges } from './table-badges';
import { threadPages } from './thread-pages';
import { turnsReport } from './turns-report';

// The duel's view before the sheets' audits: the panel's summary waits for both, in this order. The
// thread's pages first: a later page's roll badges are made waiting for them.
export const FEATURES = [
  threadPages,
  rollBadges,
  readFailures,
  duelView,
  threadSheets,
  tableBadges,
  logCheck,
  diceLogBadges,
  characterSheet,
  drawer,
  panelAnswers,
  turnsReport,
] as const;

/** What a feature keeps in the extras (never, when it keeps nothing there). */
type HalfOf<F> = F extends Feature<infer H> ? H : never;
/** Every member of a union at once. */
type All<U> = (U extends unknown ? (u: U) => void : never) extends (all: infer I) => void ? I : never;

/** What the extras script holds (entrypoints/extras.content.ts): every feature's half, and their setup. */
export type Extras = ExtrasSetup & All<HalfOf<(typeof FEATURES)[number]>>;

export type { Feature };
