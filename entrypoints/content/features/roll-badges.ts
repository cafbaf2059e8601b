/** A badge beside each roll of a thread: successes, outcome, verdict; its detail when opened. */
import { t } from '../../../components/locale';
import type { RollView } from '../../../lib/view';
import { loadExtras, prepareExtras } from '../extras';
import { insertAfter } from '../mount';
import type { PageContext } from '../page-context';
import { type DetailMaker, mountRollBadge } from '../roll-badge';
import type { Feature } from './feature';
import type { half } from './roll-badges.extras';

/** At most this many roll badges in one post (a hostile post may hold thousands; the panel lists them all). */
const MAX_BADGES_PER_POST = 100;

/** A roll's detail: made by the extras, which are loaded the first time a reader points at a badge or opens one. */
export const DETAILS: DetailMaker = {
  make: (doc, view, onClose, actions) => loadExtras<typeof half>().then((x) => x.rollDetail(doc, view, onClose, actions)),
  prepare: prepareExtras,
};

interface Badge {
  view: RollView;
  update?: (v: RollView) => void;
}

function badgeRoll(ctx: PageContext, rec: Badge, anchor: Node): void {
  const reply = {
    label: t('cs.putInReply'),
    run: () =>
      loadExtras<typeof half>()
        .then((x) => x.sendToReply(ctx.forum.id, ctx.threadKey, rec.view, ctx.settings.postLanguage))
        .then(() => t('cs.sentToReply')),
  };
  const { host, update } = mountRollBadge('roll', rec.view, ctx.theme, {}, [reply], DETAILS);
  rec.update = update;
  // Inside a <pre> (a [code] block) the badge would run off the line: put it after the block.
  const pre = (anchor.nodeType === 1 ? (anchor as Element) : anchor.parentElement)?.closest('pre');
  insertAfter(pre ?? anchor, host);
  ctx.hosts.set(rec.view.id, host);
}

export const rollBadges: Feature<typeof half> = {
  on: ['thread'],
  enabled: (s) => s.annotations.rolls,
  init(ctx) {
    const badges = new Map<string, Badge>();
    ctx.reading?.onPost(({ scan, element, views, again }) => {
      if (again) {
        for (const v of views) {
          const known = badges.get(v.id);
          if (!known) continue;
          known.view = v;
          known.update?.(v);
        }
        return;
      }
      views.slice(0, MAX_BADGES_PER_POST).forEach((view, i) => {
        const rec: Badge = { view };
        badges.set(view.id, rec);
        const anchor = scan.rolls[i]!.anchor;
        ctx.place(element, () => badgeRoll(ctx, rec, anchor));
      });
      if (views.length > MAX_BADGES_PER_POST) {
        const note = t('cs.tooMany', { count: views.length, max: MAX_BADGES_PER_POST });
        ctx.place(element, () => ctx.badgeFailure(scan.post.number, note, scan.post.body ?? element));
      }
    });
    // The dice log's check may add a caution to a roll once the thread is read.
    ctx.rollUpdated = (v) => {
      const rec = badges.get(v.id);
      if (!rec) return;
      rec.view = v;
      rec.update?.(v);
    };
  },
};
