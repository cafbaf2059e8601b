/**
 * The content script's extras (see entrypoints/shared/extras.ts): not in the manifest; the
 * background puts it into a tab when the reader there asks for it.
 */
import { rollDetail } from '../components/roll-detail';
import { sheetBadge } from '../components/sheet-badge';
import { tableBadge } from '../components/table-badge';
import { RPOL_MATCHES } from '../lib/forums/rpol/hosts';
import { badgeSummary } from '../lib/games/spark-d10/summary';
import { writeRubb } from '../lib/forums/rpol/writer';
import { duelView } from '../lib/games/spark-d10/view';
import { registerCatalog } from '../lib/i18n';
import { setLocale } from '../components/locale';
import { auditSheetText } from '../lib/spark/audit';
import { EXTRAS_KEY, type Extras } from './shared/extras';

export default defineContentScript({
  // Not in the manifest (WXT adds these matches to the host permissions: RPOL's own, already there).
  matches: RPOL_MATCHES,
  registration: 'runtime',
  main() {
    const extras: Extras = {
      setup(locale, catalog) {
        if (catalog) registerCatalog(locale, catalog);
        setLocale(locale);
      },
      rollDetail,
      auditSheetText,
      sheetBadge,
      tableBadge,
      duelView,
      badgeSummary: (view, l) => writeRubb(badgeSummary(view, l)),
    };
    // Put in once per page (a second injection, if two requests crossed, leaves the first).
    if (!(EXTRAS_KEY in globalThis)) Object.defineProperty(globalThis, EXTRAS_KEY, { value: extras, configurable: false, writable: false });
  },
});
