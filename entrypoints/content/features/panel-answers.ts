/**
 * The panel's requests to the page: the summary (the rest of the thread read first, the duel's
 * view made, the sheets audited), jumping to a roll's or a sheet's badge, putting text into the
 * reply box, and reading the duel again where the user marked new duels.
 */
import { uiLocale } from '../../../components/locale';
import { loadExtras } from '../extras';
import { rootOf } from '../mount';
import type { Feature } from './feature';
import type { half } from './panel-answers.extras';
import { hasBox } from '../../../lib/forums/forum';
import { errorText } from '../../../lib/errors';

export const panelAnswers: Feature<typeof half> = {
  init(ctx) {
    ctx.answers.summary = async () => {
      ctx.reading?.finish();
      for (const before of ctx.beforeSummary) await before();
      ctx.summary.hasReplyForm = hasBox(ctx.forum.replyBox(ctx.doc));
      return ctx.summary;
    };
    ctx.answers.jump = (r) => {
      const post = ctx.owners.get(r.id);
      if (post) ctx.flush(post);
      const host = ctx.hosts.get(r.id);
      if (!host) return { ok: false };
      host.scrollIntoView({ block: 'center', behavior: 'smooth' });
      rootOf(host)?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
      return { ok: true };
    };
    // The reply box is written by the extras (loaded when a reader first puts a post in).
    ctx.answers.insert = (r) =>
      loadExtras<typeof half>().then(
        (x) => x.insertIntoReply(ctx, r),
        (e: unknown) => ({ ok: false, error: errorText(e) }),
      );
    ctx.answers.refold = (r) => {
      if (!ctx.reading) return { ok: false };
      ctx.reading.refold(r.newDuelAt);
      return { ok: true };
    };
  },
};

/** The duel's view, made when the panel asks for the thread (not kept up to date while the page is read). */
export const duelView: Feature<typeof half> = {
  on: ['thread'],
  init(ctx) {
    ctx.beforeSummary.push(async () => {
      const state = ctx.reading?.scanner().game.state();
      if (!state) return;
      ctx.summary.duel = await loadExtras<typeof half>().then(
        (x) => x.duelView(state, ctx.rules, uiLocale()),
        () => null,
      );
    });
  },
};
