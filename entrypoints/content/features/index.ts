/** Every feature of the content script, in the order they start on a page. */
import { diceLogBadges } from './dicelog-badges';
import { drawer } from './drawer';
import type { Feature } from './feature';
import { logCheck } from './log-check';
import { duelView, panelAnswers } from './panel-answers';
import { readFailures } from './read-failures';
import { rollBadges } from './roll-badges';
import { characterSheet, threadSheets } from './sheet-badges';
import { tableBadges } from './table-badges';

// The duel's view before the sheets' audits: the panel's summary waits for both, in this order.
export const FEATURES: readonly Feature[] = [
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
];

export type { Feature };
