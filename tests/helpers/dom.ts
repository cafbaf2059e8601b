import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Window } from 'happy-dom';

/** A happy-dom document holding `html` at `url` (test setup: building a page from a string is fine here). */
export function loadPage(html: string, url = 'https://rpol.net/'): Document {
  const w = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  w.document.write(html);
  return w.document as unknown as Document;
}

/** The real saved RPOL pages, read from ../shared when it exists (never copied into the project). */
export const REAL_DIR = resolve(__dirname, '../../../shared/fixtures/rpol-real');
export const hasRealPages = existsSync(REAL_DIR);
export function realPage(name: string): string {
  return readFileSync(resolve(REAL_DIR, name), 'utf8');
}
