/**
 * Character sheets in post bodies (plain, `<tt>`, `<pre>`) and on character pages, on any forum.
 * What a sheet looks like is the game's to say (a `SheetTest`); the forum's markup says which text
 * is the post's own.
 */
import { type BodyMarkup, elementText, OWN_UI_ATTRIBUTE } from './body';

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
export function findSheetsInBody(body: Element, test: SheetTest, markup: BodyMarkup, bodyText?: string): FoundSheet[] {
  if (bodyText !== undefined && !test.hint(bodyText)) return [];
  const found: FoundSheet[] = [];
  for (const block of Array.from(body.querySelectorAll('tt, pre'))) {
    if (block.parentElement?.closest('tt, pre')) continue;
    const text = elementText(block, markup);
    if (test.looksLike(text)) found.push({ element: block, text });
  }
  if (found.length) return found;
  const text = bodyText ?? elementText(body, markup);
  return test.looksLike(text) ? [{ element: body, text }] : [];
}

/** The sheet on a character page. Its container is not known for sure, so try likely ones, smallest first. */
export function findSheetOnCharacterPage(
  doc: Document,
  test: SheetTest,
  markup: BodyMarkup,
  containers = 'pre, tt, textarea, div.info_box, div.messagebody, td',
): FoundSheet | null {
  // Likely containers first, then any div; each list bounded, and a cheap hint before the real read,
  // so that a page of thousands of nested blocks costs a bounded amount of work.
  for (const selector of [containers, 'div']) {
    const candidates = Array.from(doc.querySelectorAll(selector))
      .slice(0, 400)
      .filter((el) => !el.closest(`[${OWN_UI_ATTRIBUTE}]`))
      .map((el) => ({ el, text: el.textContent ?? '' }))
      .filter((c) => c.text.length > 20 && c.text.length < 60_000 && test.hint(c.text))
      .sort((a, b) => a.text.length - b.text.length)
      .slice(0, 40);
    for (const { el } of candidates) {
      const text = el.tagName === 'TEXTAREA' ? (el as HTMLTextAreaElement).value || (el.textContent ?? '') : elementText(el, markup);
      if (test.looksLike(text)) return { element: el, text };
    }
  }
  return null;
}
