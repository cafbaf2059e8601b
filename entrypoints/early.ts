/**
 * The first of the two RPOL content scripts, at document_start (declared in wxt.config.ts): it
 * only asks the background for the settings and the thread's duel context, so that the answers
 * arrive while the page is still parsing. The reader itself (entrypoints/content/) runs once the
 * document is parsed, and so never holds up the page's parser. An unlisted script: no framework
 * set-up runs before the parser may go on.
 */
import { EARLY_ANSWERS, sendSoon } from './shared/early';

export default defineUnlistedScript(() => {
  (globalThis as Record<string, unknown>)[EARLY_ANSWERS] = sendSoon(location.href);
});
