/** A note in a post that could not be read, saying why (the rest of the page is read as usual). */
import type { Feature } from './feature';

export const readFailures: Feature = {
  on: ['thread'],
  init(ctx) {
    ctx.reading?.onPost(({ scan, element, again }) => {
      if (!scan.failure || again) return;
      // The reader's own words for it, already in the reader's language.
      const note = scan.failure;
      ctx.place(element, () => ctx.badgeFailure(scan.post.number, note, scan.post.body ?? element));
    });
  },
};
