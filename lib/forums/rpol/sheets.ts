/**
 * Character sheets in post bodies (plain, `<tt>`, `<pre>`) and on character pages: where RPOL
 * puts them. What a sheet looks like is the game's to say (a `SheetTest`).
 */
import { elementText } from './body';

/** The game's test of a text: `hint` is a cheap first look, `looksLike` the real one. */
export interface SheetTest {
  hint(text: string): boolean;
  looksLike(text: string): boolean;
  /** Other posts the game reads though they hold no roll or sheet (the stakes, a hand size). */
  worth?(text: string): boolean;
}

export interface FoundSheet {
  element: Element;
  text: string;
}

/** Sheets inside one post body: a `<tt>`/`<pre>` block that reads as a sheet, else the whole body. */
export function findSheetsInBody(body: Element, test: SheetTest, bodyText?: string): FoundSheet[] {
  if (bodyText !== undefined && !test.hint(bodyText)) return [];
  const found: FoundSheet[] = [];
  for (const block of Array.from(body.querySelectorAll('tt, pre'))) {
    if (block.parentElement?.closest('tt, pre')) continue;
    const text = elementText(block);
    if (test.looksLike(text)) found.push({ element: block, text });
  }
  if (found.length) return found;
  const text = bodyText ?? elementText(body);
  return test.looksLike(text) ? [{ element: body, text }] : [];
}

/** The sheet on a character page. Its container is not known for sure, so try likely ones, smallest first. */
export function findSheetOnCharacterPage(doc: Document, test: SheetTest): FoundSheet | null {
  const candidates = Array.from(doc.querySelectorAll('pre, tt, textarea, div.info_box, div.messagebody, td, div'))
    .filter((el) => !el.closest('[data-spark-scribe]'))
    .map((el) => ({ el, len: (el.textContent ?? '').length }))
    .filter((c) => c.len > 20 && c.len < 60_000)
    .sort((a, b) => a.len - b.len);
  for (const { el } of candidates) {
    const text = el.tagName === 'TEXTAREA' ? (el as HTMLTextAreaElement).value || (el.textContent ?? '') : elementText(el);
    if (test.looksLike(text)) return { element: el, text };
  }
  return null;
}
