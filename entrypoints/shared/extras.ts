/**
 * What the content script loads only when a page needs it: the roll detail, the sheet audit and
 * its badge, the table badge, the duel's view and the reply text of a roll. It is a second
 * script (`content-scripts/extras.js`), put into the tab by the background on request, in the
 * same isolated world as the reader; the page's own scripts cannot see or set what it leaves.
 * What it holds is each feature's lazy half (entrypoints/content/features/, their `Extras`).
 *
 * The reader at document_start stays without this code: most thread pages have no sheet, and
 * their reader never opens a detail.
 */
import type { Entry, Key, Locale } from '../../lib/i18n';

/** Where the extras script leaves its functions: a property of the isolated world's global object. */
export const EXTRAS_KEY = '__sparkScribeExtras';
/** The file the background puts into the tab. */
export const EXTRAS_FILE = '/content-scripts/extras.js';

/** What the extras hold besides the features' halves. */
export interface ExtrasSetup {
  /** The reader's language and catalogue (the extras carry no catalogue of their own). */
  setup(locale: Locale, catalog: Record<Key, Entry> | undefined): void;
}
