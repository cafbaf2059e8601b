/** The roll badges' half in the extras: a roll's detail, and a roll's summary sent to the reply builder. */
import { rollDetail } from '../../../components/roll-detail';
import { writerFor } from '../../../lib/forums/registry';
import { badgeSummary } from '../../../lib/games/spark-d10/summary';
import type { Locale } from '../../../lib/i18n';
import { writeIncoming } from '../../shared/last-roll';
import { styled } from '../styled';

export const half = {
  rollDetail: (...args: Parameters<typeof rollDetail>): HTMLElement => styled(rollDetail(...args)),
  /** Send a roll's summary, in forum `forum`'s markup and language `l`, to the reply builder of thread `threadKey`. */
  sendToReply: (forum: string, threadKey: string, view: Parameters<typeof badgeSummary>[0], l: Locale): Promise<void> =>
    writeIncoming(threadKey, writerFor(forum).write(badgeSummary(view, l))),
};
