/** The UI's language for an entrypoint: chosen in Options, else the browser's. */
import { browser } from 'wxt/browser';
import { pickLocale, type Locale } from '../../lib/i18n';
import { setLocale } from '../../components/locale';

export function browserLanguages(): string[] {
  const ui = (() => {
    try {
      return browser.i18n?.getUILanguage?.() ?? '';
    } catch {
      return '';
    }
  })();
  return [ui, ...(typeof navigator !== 'undefined' ? navigator.languages : [])].filter(Boolean);
}

/** Set the UI language; on an extension page (`page`), also the document's own `lang`. */
export function applyLocale(pref: string | null | undefined, page = false): Locale {
  const l = pickLocale(pref, browserLanguages());
  setLocale(l);
  if (page) document.documentElement.lang = l;
  return l;
}
