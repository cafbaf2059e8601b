/**
 * What every writer does to text a stranger may have typed (names, labels, sheet fields, post
 * text), so that it cannot become markup on any board: one rule per kind of markup, none of them
 * a list of known tags. Nothing is deleted: an invisible joiner goes where the markup would start,
 * so the board shows what the user typed.
 *
 * The joiner is U+200D (zero-width joiner): it is invisible, NFC and NFKC leave it alone (a
 * full-width bracket, the other choice, folds back to `[` under NFKC), and no board strips it,
 * since emoji sequences are made of it.
 */
export const JOINER = '\u200d';

/**
 * A `[` before what could start a tag's name or closer (a letter or digit in any script, `_`,
 * `/`, `*`), or ending the text (what is written after it could). Case folding cannot make a
 * tag of what follows: every letter is covered, not only ASCII.
 */
const TAG_START = /\[(?=[\p{L}\p{N}_/*]|$)/gu;
/** The same without digits, for RPOL (no RuBB tag starts with one, and its records write "Card [2]"). */
const TAG_START_NO_DIGIT = /\[(?=[\p{L}_/*]|$)/gu;
/** Bare links a board turns into a link: a scheme's `://`, and `www.`. */
const SCHEME = /:(?=\/\/)/g;
const WWW = /\b(www)\./gi;
/** `@` before a name, or ending the text (a name may follow): a mention (XenForo, phpBB's mention extensions, Discord's client) or an e-mail address a board links. */
const AT = /@(?=\S|$)/g;

/** No `[` of the text opens a tag, here or with what is written after it. */
export const breakTags = (s: string, digits = true): string => s.replace(digits ? TAG_START : TAG_START_NO_DIGIT, `[${JOINER}`);

/** No bare link, e-mail address or mention in the text (joiner inside `://`, after `www`, after `@`). */
export const breakLinks = (s: string, joiner = JOINER): string => s.replace(SCHEME, `:${joiner}`).replace(WWW, `$1${joiner}.`).replace(AT, `@${joiner}`);
