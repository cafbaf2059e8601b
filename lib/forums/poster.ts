/**
 * Who wrote and who edited a board's post, as its header shows them (phpBB, XenForo, vBulletin,
 * Gamers' Plane): the poster's user id from the profile link the board writes beside the name,
 * and the editor's name from "Last edited by …". A link or a line inside the message is the
 * poster's own text, never an identity: only what stands outside it is read.
 */

/** A user id as the boards write them: digits, not 0 (a guest's). */
const USER_ID = /^\d{1,12}$/;

/** A user id (digits) of `el`'s link, read by `read` from its href; null when `el` is absent, inside `message`, or its link names no user. */
export function headerUserId(el: Element | null | undefined, message: Element, read: (url: URL) => string | null): string | null {
  if (!el || message.contains(el)) return null;
  const href = el.getAttribute('href');
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, 'https://board.invalid/');
  } catch {
    return null;
  }
  const id = read(url);
  return id && USER_ID.test(id) && Number(id) > 0 ? id : null;
}

/** An attribute that holds a user id (XenForo's `data-user-id`), outside the message; null otherwise. */
export function headerUserAttr(el: Element | null | undefined, message: Element, name: string): string | null {
  if (!el || message.contains(el)) return null;
  const id = el.getAttribute(name) ?? '';
  return USER_ID.test(id) && Number(id) > 0 ? id : null;
}

/**
 * The editor named by an edit note in English ("Last edited by Ada on …", "Last edited by Ada;
 * …", "Last edited by a moderator: …"): the words up to `end` (" on ", ";", ":"), at most 80
 * characters; null when the note names nobody.
 */
export function editorNamed(note: string, end: ' on ' | ';' | ':'): string | null {
  const start = /^\s*Last edited by\s+/i.exec(note);
  if (!start) return null;
  const rest = note.slice(start[0].length, start[0].length + 120);
  const stop = rest.indexOf(end);
  const name = (stop < 0 ? '' : rest.slice(0, stop)).trim();
  return name && name.length <= 80 ? name : null;
}
