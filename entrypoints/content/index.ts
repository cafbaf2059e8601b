/**
 * The RPOL content script: a small loader. At document_start it asks the background for the
 * settings and the duel context and starts loading the reader (on Chrome a module of the
 * extension's own, `reader/reader.js`; on Firefox the reader is bundled in), all while the page
 * parses; at DOMContentLoaded it hands the answers to the reader, which reads the posts on screen
 * and badges them before the page's first frame.
 */
import { RPOL_CONTENT_MATCHES } from '../../lib/forums/rpol/hosts';
import { draftKey } from '../../lib/settings/keys';
import { browser } from 'wxt/browser';
import type * as Reader from './reader';

/** The background's answer, or undefined when it cannot answer (the reader then uses defaults). */
const ask = (message: object): Promise<unknown> => browser.runtime.sendMessage(message).then(
  (answer: unknown) => answer,
  () => undefined,
);

export default defineContentScript({
  matches: RPOL_CONTENT_MATCHES,
  // At document_start: the answers and the reader arrive while the page parses. (This script does
  // no work at its top level and holds almost no code: its evaluation is what holds the parser.)
  runAt: 'document_start',
  // No broadcast to the page, and no stopping on a page's event: page scripts cannot shut us down.
  noScriptStartedPostMessage: true,
  async main() {
    const here = new URL(location.href);
    const settings = ask({ type: 'settings' });
    const context = ask({ type: 'duel-context', threadKey: draftKey(here.host, here.searchParams.get('gi'), here.searchParams.get('ti')) });
    const reader: Promise<typeof Reader> = import.meta.env.FIREFOX ? import('./reader') : import(/* @vite-ignore */ browser.runtime.getURL('/reader/reader.js' as never));
    if (document.readyState === 'loading') await new Promise((ok) => document.addEventListener('DOMContentLoaded', ok, { once: true }));
    let loaded: typeof Reader;
    try {
      loaded = await reader;
    } catch (e) {
      // Without the reader there is nothing to show; say why in the console, where a bug report starts.
      console.error('Spark Scribe could not load its reader:', e);
      return;
    }
    loaded.run(await settings, await context);
  },
});
