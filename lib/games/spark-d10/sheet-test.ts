/** What a Spark d10 character sheet looks like to the forum adapter: a cheap hint, then the parser's test. */
import type { SheetTest } from '../../forums/rpol/sheets';
import { looksLikeSheet } from '../../spark/sheet';

/** Three or more "Attribute: number" pairs: worth reading as a possible sheet (a cheap first look). */
const SHEET_HINT = /(?:power|toughness|life|focus|memory|black|blue|green|red|white)\s*[:=-]?\s*\d/gi;
export function mayBeSheet(text: string): boolean {
  SHEET_HINT.lastIndex = 0;
  let n = 0;
  while (SHEET_HINT.exec(text)) if (++n >= 3) return true;
  return false;
}

/** The stakes ("Life: 20 each") and hand sizes are read from posts without rolls too. */
const WORTH = /\bLife:?\s*\d{1,3}\s+each\b|\bcards?\s+in\s+(?:my\s+)?hand\b|\bhand(?:\s+size)?:\s*\d/i;

export const SPARK_SHEETS: SheetTest = { hint: mayBeSheet, looksLike: looksLikeSheet, worth: (t) => WORTH.test(t) };
