/**
 * What the content script loads only when a page needs it: the roll detail, the sheet audit and
 * its badge, the table badge, the duel's view and the reply text of a roll. It is a second
 * script (`content-scripts/extras.js`), put into the tab by the background on request, in the
 * same isolated world as the reader; the page's own scripts cannot see or set what it leaves.
 *
 * The reader at document_start stays without this code: most thread pages have no sheet, and
 * their reader never opens a detail.
 */
import type { rollDetail } from '../../components/roll-detail';
import type { sheetBadge } from '../../components/sheet-badge';
import type { tableBadge } from '../../components/table-badge';
import type { badgeSummary } from '../../lib/games/spark-d10/summary';
import type { duelView } from '../../lib/games/spark-d10/view';
import type { Entry, Key, Locale } from '../../lib/i18n';
import type { auditSheetText } from '../../lib/spark/audit';

/** Where the extras script leaves its functions: a property of the isolated world's global object. */
export const EXTRAS_KEY = '__sparkScribeExtras';
/** The file the background puts into the tab. */
export const EXTRAS_FILE = '/content-scripts/extras.js';

export interface Extras {
  /** The reader's language and catalogue (the extras carry no catalogue of their own). */
  setup(locale: Locale, catalog: Record<Key, Entry> | undefined): void;
  rollDetail: typeof rollDetail;
  auditSheetText: typeof auditSheetText;
  sheetBadge: typeof sheetBadge;
  tableBadge: typeof tableBadge;
  duelView: typeof duelView;
  /** A roll's summary for the reply, in the page's forum's markup. */
  badgeSummary(view: Parameters<typeof badgeSummary>[0], l: Locale): string;
}
