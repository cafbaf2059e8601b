/**
 * The forum's dice log page (RPOL's Die Roller): a badge on each line, re-rolls of the same thing
 * flagged, and a line's roll saved for the reply builder. The server wrote every line. Read and
 * badged by the extras (loaded at once on this page).
 */
import { loadExtras } from '../extras';
import { markAllRead } from '../page-context';
import { DETAILS } from './roll-badges';
import type { half } from './dicelog-badges.extras';
import type { Feature } from './feature';

export const diceLogBadges: Feature<typeof half> = {
  on: ['dice-log'],
  init(ctx) {
    const read = loadExtras<typeof half>().then(
      (x) => x.diceLogPage(ctx, DETAILS),
      () => {},
    );
    ctx.beforeSummary.push(() => read);
    void read.then(markAllRead);
  },
};
