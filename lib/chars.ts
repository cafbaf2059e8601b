/** Character tests on UTF-16 codes, for readers that walk a text without making strings. */

/** Is this UTF-16 code one that `\s` matches? (White space and line terminators, as JavaScript defines them.) */
export function isSpaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

const FOLDED = new Map<string, string>();
/**
 * A name with its white space folded to single spaces and trimmed (`name.replace(/\s+/g, ' ').trim()`),
 * remembered: a thread names the same few people in every post. (At most 256 are kept.)
 */
export function foldedName(name: string): string {
  let out = FOLDED.get(name);
  if (out === undefined) {
    if (FOLDED.size >= 256) FOLDED.clear();
    out = name.replace(/\s+/g, ' ').trim();
    FOLDED.set(name, out);
  }
  return out;
}

/**
 * The text with its trailing white space and characters of `chars` cut off (`/[\s…]+$/`). A
 * hand loop: the pattern retries from every start and takes quadratic time on a long run that
 * does not end the text.
 */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && (isSpaceCode(s.charCodeAt(end - 1)) || chars.includes(s[end - 1]!))) end--;
  return s.slice(0, end);
}

/** Whether the text holds a line break (`\n`, `\r`, or Unicode's line and paragraph separators): what a `.` or `\s` in a one-line pattern must not cross. */
export const hasLineBreak = (s: string): boolean => /[\n\r\u2028\u2029]/.test(s);
