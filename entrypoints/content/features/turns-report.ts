/**
 * The Turns view's part of a thread page (issue 41): once the page is read (after its first frame),
 * who posted when in its last 80 posts (number, author, identity, first time, edit time, and the
 * forum's mark of the viewer's own: each header read here, the reading skips prose posts), told to
 * the background with the page's facts, the game's records, the rolls and the duel's duelists.
 * The background keeps it for followed threads; the game engines stay out of here. Kept as short
 * as it can be: it is part of what every forum page loads first.
 */
import { toldPosts } from '../../../lib/turns/told';
import type { turnsPage } from '../../shared/messages/turns';
import { tell } from '../../shared/transport';
import type { Feature } from './feature';

export const turnsReport: Feature = {
  on: ['thread'],
  init(ctx) {
    ctx.reading?.onDone(() => {
      const { reading, posts: shape } = ctx.forum;
      const posts = toldPosts([...ctx.doc.querySelectorAll(shape.selector)], reading, ctx.forum.clock(ctx.doc));
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
