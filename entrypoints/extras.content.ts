/**
 * The content script's extras (see entrypoints/shared/extras.ts): not in the manifest; the
 * background puts it into a tab when the reader there asks for it. It holds every feature's lazy
 * half (entrypoints/content/features/*.extras.ts): one missing here does not compile.
 */
import { setLocale } from '../components/locale';
import { BUILT_IN_MATCHES } from '../lib/forums/registry';
import { registerCatalog } from '../lib/i18n';
import type { Extras } from './content/features';
import { half as rollBadges } from './content/features/roll-badges.extras';
import { half as sheetBadges } from './content/features/sheet-badges.extras';
import { half as tableBadges } from './content/features/table-badges.extras';
import { half as panelAnswers } from './content/features/panel-answers.extras';
import { half as diceLogBadges } from './content/features/dicelog-badges.extras';
import { half as drawer } from './content/features/drawer.extras';
import { half as threadPages } from './content/features/thread-pages.extras';
import { EXTRAS_KEY } from './shared/extras';

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
      ...rollBadges,
      ...sheetBadges,
      ...tableBadges,
      ...panelAnswers,
      ...diceLogBadges,
      ...drawer,
      ...threadPages,
    };
    // Put in once per page (a second injection, if two requests crossed, leaves the first).
    if (!(EXTRAS_KEY in globalThis)) Object.defineProperty(globalThis, EXTRAS_KEY, { value: extras, configurable: false, writable: false });
  },
});
