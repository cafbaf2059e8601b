/**
 * The Turns view's part of a thread page (issue 41): once the page is read (after its first frame),
 * who posted when in its last 80 posts (number, author, identity, first time, edit time, and the
 * forum's mark of the viewer's own: each header read here, the reading skips prose posts), told to
 * the background with the page's facts, the game's records, the rolls and the duel's duelists.
 * The background keeps it for followed threads; the game engines stay out of here. Kept as short
 * as it can be: it is part of what every forum page loads first (so this loop is written out here,
 * not called from lib/turns/told.ts's `toldPosts`, which the background's checks use: the same
 * forum reader's `readPost`, and the same tuple; a call cost the first script 37 B gzip).
 */
import type { ToldPost } from '../../../lib/turns/told';
import type { turnsPage } from '../../shared/messages/turns';
import { tell } from '../../shared/transport';
import type { Feature } from './feature';

export const turnsReport: Feature = {
  on: ['thread'],
  init(ctx) {
    ctx.reading?.onDone(() => {
      const { reading, posts: shape } = ctx.forum;
      const clock = ctx.forum.clock(ctx.doc);
      const posts: ToldPost[] = [];
      try {
        for (const el of [...ctx.doc.querySelectorAll(shape.selector)].slice(-80)) {
          const body = reading.bodyOf(el);
          const p = body && reading.readPost(el, clock, body);
          if (p) posts.push([p.number, p.author, p.authorId, p.time, p.edit?.time, (p as { you?: boolean }).you, p.role]);
        }
      } catch {
        /* a post that cannot be read ends the list there: what was read is told */
      }
      void tell<typeof turnsPage>('turns-page', {
        ...ctx.info,
        threadKey: ctx.threadKey,
        forum: ctx.forum.id,
        posts,
        tablePosts: ctx.summary.tablePosts,
        rolls: ctx.summary.rolls.map((r) => [r.post, r.author, r.kind]),
        duelists: Object.values(ctx.reading!.scanner().game.state().duelists).map((d) => [d.name, d.seen && d.speed]),
      });
    });
  },
};
