/**
 * The first of the two RPOL content scripts, at document_start: it only asks the background for
 * the settings and the thread's duel context, so that the answers arrive while the page is still
 * parsing. The reader itself (entrypoints/content/) runs once the document is parsed, and so never
 * holds up the page's parser.
 */
import { RPOL_CONTENT_MATCHES } from '../lib/forums/rpol/hosts';
import { EARLY_ANSWERS, sendEarly } from './shared/early';

export default defineContentScript({
  matches: RPOL_CONTENT_MATCHES,
  runAt: 'document_start',
  noScriptStartedPostMessage: true,
  main() {
    (globalThis as Record<string, unknown>)[EARLY_ANSWERS] = sendEarly(location.href);
  },
});
