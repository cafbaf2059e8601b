/**
 * The content script's extras (see entrypoints/shared/extras.ts): not in the manifest; the
 * background puts it into a tab when the reader there asks for it.
 */
import { rollDetail } from '../components/roll-detail';
import { DETAIL_STYLES } from '../components/page-styles';
import { BUILT_IN_MATCHES, writerFor } from '../lib/forums/registry';
import { badgeSummary } from '../lib/games/spark-d10/summary';
import { duelView } from '../lib/games/spark-d10/view';
import { registerCatalog } from '../lib/i18n';
import { setLocale } from '../components/locale';
import { EXTRAS_KEY, type Extras } from './shared/extras';
import { writeIncoming } from './shared/last-roll';
import { diceLogPage } from './content/dice-log';
import { openDrawer } from './content/drawer-frame';
import { auditSheet, characterPage } from './content/sheets';
import { insertIntoReply } from './content/insert';
import { judgeTables } from './content/table-badges';

/** What the extras make carries the styles of details with it (the badges' roots have only theirs). */
function styled(el: HTMLElement): HTMLElement {
  const style = el.ownerDocument.createElement('style');
  style.textContent = DETAIL_STYLES;
  el.prepend(style);
  return el;
}

export default defineContentScript({
  // Not in the manifest (WXT adds these matches to the host permissions: the forums' own, already
  // there). On a board the user added, the background puts it in under that board's permission.
  matches: [...BUILT_IN_MATCHES],
  registration: 'runtime',
  main() {
    const extras: Extras = {
      setup(locale, catalog) {
        if (catalog) registerCatalog(locale, catalog);
        setLocale(locale);
      },
      rollDetail: (...args) => styled(rollDetail(...args)),
      auditSheet: (ctx, s, author, put) => auditSheet(ctx, s, author, put, styled),
      characterPage: (ctx) => characterPage(ctx, styled),
      tableBadges: (ctx, bodies) => judgeTables(ctx, bodies, styled),
      duelView,
      sendToReply: (forum, threadKey, view, l) => writeIncoming(threadKey, writerFor(forum).write(badgeSummary(view, l))),
      insertIntoReply,
      diceLogPage,
      openDrawer,
    };
    // Put in once per page (a second injection, if two requests crossed, leaves the first).
    if (!(EXTRAS_KEY in globalThis)) Object.defineProperty(globalThis, EXTRAS_KEY, { value: extras, configurable: false, writable: false });
  },
});
