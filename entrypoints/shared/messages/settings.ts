/** A page's settings, asked of the background when the kept copy cannot tell (../page-start.ts). */
import { checkedCatalog, type Entry, type Key, type Locale } from '../../../lib/i18n';
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from '../../../lib/settings/defaults';
import { conform, isRecord, isThreadKey, type Message } from '../protocol';

export interface SettingsAnswer {
  /** The settings the page reads by (its game's house rules, its thread's post language). */
  settings: PageSettings;
  /** The page's language, and its catalogue (the content script carries none). */
  locale: Locale;
  catalog: Record<Key, Entry> | null;
}

export const checkSettings = (x: unknown): SettingsAnswer | null =>
  isRecord(x) ? { settings: conform(x.settings, DEFAULT_PAGE_SETTINGS), locale: x.locale === 'it' ? 'it' : 'en', catalog: checkedCatalog(x.catalog) } : null;

/** The settings of a page of thread `threadKey` (its game's house rules by the key's game: lib/settings/keys' gameKeyOf). */
export const settings = {
  type: 'settings',
  ask: (m) => (isRecord(m) && isThreadKey(m.threadKey) ? { threadKey: m.threadKey } : null),
  answer: checkSettings,
} as const satisfies Message;
