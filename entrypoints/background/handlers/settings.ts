/** A page's settings, from the settings validated (zod) when read, with the words of the page's language a page uses. */
import { CATALOGS, pickLocale } from '../../../lib/i18n';
import { pageSettings } from '../../../lib/settings/defaults';
import type { Settings } from '../../../lib/settings/schema';
import { settings } from '../../shared/messages/settings';
import { pageCatalog } from '../../shared/page-start';
import type { HandlersOf } from './handler';

export function settingsHandlers(read: () => Promise<Settings>, languages: () => readonly string[]): HandlersOf<typeof settings> {
  return {
    [settings.type]: (m) =>
      read().then((s) => {
        const locale = pickLocale(s.language, languages());
        const catalog = CATALOGS[locale] ?? CATALOGS.en;
        return { settings: pageSettings(s, m.threadKey), locale, catalog: catalog ? pageCatalog(catalog) : null };
      }),
  };
}
