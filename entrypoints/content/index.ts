/**
 * The RPOL content script: reads the page once (posts as they appear), puts a badge beside each
 * roll and sheet, and answers the side panel (summary, jump, insert into the reply box).
 */
import { RPOL_MATCHES } from '../../lib/forums/rpol/hosts';
import { detectRpolPage } from '../../lib/forums/rpol/page';
import { answerRequests, askSettings } from '../shared/messages';
import { startPage } from './page';

export default defineContentScript({
  matches: RPOL_MATCHES,
  runAt: 'document_end',
  async main(ctx) {
    performance.mark('spark-scribe:start');
    const detection = detectRpolPage(document, location.href);
    const settings = await askSettings();
    const page = startPage(detection, settings);
    const stop = answerRequests((r) => page.answer(r));
    ctx.onInvalidated(() => {
      stop();
      page.stop();
    });
  },
});
