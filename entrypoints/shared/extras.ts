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
import type { badgeSummary } from '../../lib/games/spark-d10/summary';
import type { duelView } from '../../lib/games/spark-d10/view';
import type { Entry, Key, Locale } from '../../lib/i18n';
import type { diceLogPage } from '../content/dice-log';
import type { openDrawer } from '../content/drawer-frame';
import type { auditSheet, characterPage, SheetAt } from '../content/sheets';
import type { insertIntoReply } from '../content/insert';
import type { judgeTables } from '../content/table-badges';

/** Where the extras script leaves its functions: a property of the isolated world's global object. */
export const EXTRAS_KEY = '__sparkScribeExtras';
/** The file the background puts into the tab. */
export const EXTRAS_FILE = '/content-scripts/extras.js';

export interface Extras {
  /** The reader's language and catalogue (the extras carry no catalogue of their own). */
  setup(locale: Locale, catalog: Record<Key, Entry> | undefined): void;
  rollDetail: typeof rollDetail;
  /** A thread's sheet audited: its view into the summary, its badge to `put`. */
  auditSheet(ctx: Parameters<typeof auditSheet>[0], s: SheetAt, author: string, put: (job: () => void) => void): void;
  /** A character page: its sheet found, kept for the game's threads, audited and badged. */
  characterPage(ctx: Parameters<typeof characterPage>[0]): void;
  /** Ask for the games' verdicts on the thread's table posts, and badge each post. */
  tableBadges(ctx: Parameters<typeof judgeTables>[0], bodies: Map<number, Element>): Promise<void>;
  duelView: typeof duelView;
  /** Send a roll's summary, in forum `forum`'s markup and language `l`, to the reply builder of thread `threadKey`. */
  sendToReply(forum: string, threadKey: string, view: Parameters<typeof badgeSummary>[0], l: Locale): Promise<void>;
  /** Put a post's text into the page's reply box, at the cursor. */
  insertIntoReply: typeof insertIntoReply;
  /** The drawer's frame, opened after its button (`host`). */
  openDrawer: typeof openDrawer;
  /** A dice log page: its lines as rolls' views in the summary, each with its badge. */
  diceLogPage: typeof diceLogPage;
}
