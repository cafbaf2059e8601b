/** The panel answers' half in the extras: a post put into the page's reply box, and the duel's view. */
import { t } from '../../../components/locale';
import { duelView } from '../../../lib/games/spark-d10/view';
import type { Done as InsertResult } from '../../shared/protocol';
import { insertIntoReply as insert } from '../insert';
import type { PageContext } from '../page-context';

/**
 * Nothing goes into the reply box from a drawer the browser says the page hides or covers (a lured
 * click: ../../sidepanel/drawn.ts). A page zoomed from its own scale (pinched, or laid out without a
 * viewport meta on a phone) always reads as hidden: there the browser cannot tell, and the text goes in.
 */
function insertIntoReply(ctx: Pick<PageContext, 'doc' | 'forum'>, r: { text: string; seen?: boolean | null }): InsertResult {
  const zoomed = Math.abs((visualViewport?.scale ?? 1) - 1) > 0.01;
  return r.seen === false && !zoomed ? { ok: false, error: t('cs.drawerHidden') } : insert(ctx, r.text);
}

export const half = { insertIntoReply, duelView };
