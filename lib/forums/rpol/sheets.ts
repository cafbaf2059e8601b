/** Spark d10 character sheets in post bodies (plain, `<tt>`, `<pre>`) and on character pages. */
import { looksLikeSheet } from '../../spark/sheet';
import { elementText } from './body';

/** Three or more "Attribute: number" pairs: worth reading as a possible sheet (a cheap first look). */
const SHEET_HINT = /(?:power|toughness|life|focus|memory|black|blue|green|red|white)\s*[:=-]?\s*\d/gi;
export function mayBeSheet(text: string): boolean {
  SHEET_HINT.lastIndex = 0;
  let n = 0;
  while (SHEET_HINT.exec(text)) if (++n >= 3) return true;
  return false;
}

export interface FoundSheet {
  element: Element;
  text: string;
}

/** Sheets inside one post body: a `<tt>`/`<pre>` block that reads as a sheet, else the whole body. */
export function findSheetsInBody(body: Element, bodyText?: string): FoundSheet[] {
  if (bodyText !== undefined && !mayBeSheet(bodyText)) return [];
  const found: FoundSheet[] = [];
  for (const block of Array.from(body.querySelectorAll('tt, pre'))) {
    if (block.parentElement?.closest('tt, pre')) continue;
    const text = elementText(block);
    if (looksLikeSheet(text)) found.push({ element: block, text });
  }
  if (found.length) return found;
  const text = bodyText ?? elementText(body);
  return looksLikeSheet(text) ? [{ element: body, text }] : [];
}

/** The sheet on a character page. Its container is not known for sure, so try likely ones, smallest first. */
export function findSheetOnCharacterPage(doc: Document): FoundSheet | null {
  const candidates = Array.from(doc.querySelectorAll('pre, tt, textarea, div.info_box, div.messagebody, td, div'))
    .filter((el) => !el.closest('[data-spark-scribe]'))
    .map((el) => ({ el, len: (el.textContent ?? '').length }))
    .filter((c) => c.len > 20 && c.len < 60_000)
    .sort((a, b) => a.len - b.len);
  for (const { el } of candidates) {
    const text = el.tagName === 'TEXTAREA' ? (el as HTMLTextAreaElement).value || (el.textContent ?? '') : elementText(el);
    if (looksLikeSheet(text)) return { element: el, text };
  }
  return null;
}
