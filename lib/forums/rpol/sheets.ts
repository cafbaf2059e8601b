/** Where RPOL keeps character sheets: in posts (plain, `<tt>`, `<pre>`) and on character pages. */
import { type FoundSheet, findSheetOnCharacterPage as onPage, findSheetsInBody as inBody, type SheetTest } from '../../reading/sheets';
import { RPOL_MARKUP } from './body';

export type { FoundSheet, SheetTest };

/** Sheets inside one RPOL post body. */
export const findSheetsInBody = (body: Element, test: SheetTest, bodyText?: string): FoundSheet[] => inBody(body, test, RPOL_MARKUP, bodyText);

/** The sheet on an RPOL character page (its container is not known for sure: likely ones first, smallest first). */
/** Where an RPOL character page may keep its sheet, likeliest first. */
export const CHARACTER_SHEETS = 'pre, tt, textarea, div.info_box, div.messagebody, td';

export const findSheetOnCharacterPage = (doc: Document, test: SheetTest): FoundSheet | null => onPage(doc, test, RPOL_MARKUP, CHARACTER_SHEETS);
