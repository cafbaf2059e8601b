/** What a Spark d10 character sheet looks like to the forum adapter: a cheap hint, then the parser's test. */
import { isSpaceCode } from '../../chars';
import type { SheetTest } from '../../reading/sheets';
import { looksLikeSheet } from '../../spark/sheet';

/** The attributes a sheet gives numbers for (the hint's words). */
const HINT_WORDS = ['power', 'toughness', 'life', 'focus', 'memory', 'black', 'blue', 'green', 'red', 'white'];
const DIGIT = /\d/g;
const LAST_LETTERS = new Set(HINT_WORDS.map((w) => w.charCodeAt(w.length - 1)));

/** Does an attribute word end just before `at`, with an optional `:`, `=` or `-` and spaces between? */
function attributeBefore(text: string, at: number): boolean {
  let j = at - 1;
  while (j >= 0 && isSpaceCode(text.charCodeAt(j))) j--;
  const c = text.charCodeAt(j);
  // ':', '=' or '-'
  if (c === 58 || c === 61 || c === 45) {
    j--;
    while (j >= 0 && isSpaceCode(text.charCodeAt(j))) j--;
  }
  // Each word ends in one of these letters: most digits (after "of", "using", a comma) stop here.
  if (j < 0 || !LAST_LETTERS.has(text.charCodeAt(j) | 0x20)) return false;
  for (let i = 0; i < HINT_WORDS.length; i++) if (endsWithWord(text, j, HINT_WORDS[i]!)) return true;
  return false;
}

/** Does `text` hold `word` (lower case ASCII) in any case, ending at index `end`? No string is made. */
function endsWithWord(text: string, end: number, word: string): boolean {
  const from = end - word.length + 1;
  if (from < 0) return false;
  for (let i = 0; i < word.length; i++) if ((text.charCodeAt(from + i) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * Three or more "Attribute: number" pairs (`attribute [:=-] digit`, any case): worth reading as a
 * possible sheet. A cheap first look: it starts from the digits, which prose has few of.
 */
export function mayBeSheet(text: string): boolean {
  let n = 0;
  // The native search finds each digit (`test` moves lastIndex past it and makes no match array).
  DIGIT.lastIndex = 0;
  while (DIGIT.test(text)) if (attributeBefore(text, DIGIT.lastIndex - 1) && ++n >= 3) return true;
  return false;
}

/** The stakes ("Life: 20 each") and hand sizes are read from posts without rolls too. */
const WORTH = /\bLife:?\s*\d{1,3}\s+each\b|\bcards?\s+in\s+(?:my\s+)?hand\b|\bhand(?:\s+size)?:\s*\d/i;
/** Both of WORTH's forms hold "each" or "hand" (any case): one cheap search before the pattern. */
const WORTH_WORDS = /each|hand/i;

export const SPARK_SHEETS: SheetTest = { hint: mayBeSheet, looksLike: looksLikeSheet, worth: (t) => WORTH_WORDS.test(t) && WORTH.test(t) };
