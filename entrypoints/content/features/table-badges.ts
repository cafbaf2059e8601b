/**
 * A badge on each post that carries a game's record (a match's state post, a deal's line): the
 * games' verdict, from the background (the game engines stay out of the content script), drawn
 * by the extras once the whole thread is read. Its half in the extras, with its message to the
 * background (answered by entrypoints/background/handlers/tables.ts), is ./table-badges.extras.ts.
 */
import { loadExtras } from '../extras';
import type { Feature } from './feature';
import type { half } from './table-badges.extras';

export const tableBadges: Feature<typeof half> = {
  on: ['thread'],
  init(ctx) {
    const reading = ctx.reading;
    if (!reading) return;
    const bodies = new Map<number, Element>();
    reading.onPost(({ scan, element, again }) => {
      if (!again && scan.tableText !== undefined) bodies.set(scan.post.number, scan.post.body ?? element);
    });
    // The verdicts are asked for and drawn by the extras: loaded only when the thread has such posts.
    reading.onDone(() => {
      if (bodies.size)
        void loadExtras<typeof half>().then(
          (x) => x.tableBadges(ctx, bodies),
          () => {},
        );
    });
  },
};
