/**
 * Boards the user adds (Options → Forum address → Add forum): each is an origin, read with the
 * content script of the software its pages showed. Spark Scribe asks the browser for that origin
 * alone, and gives it back when the board is removed.
 */

export interface AddedBoard {
  /** `https://host[:port]`: scheme, host and port, nothing else. */
  origin: string;
  /** The forum whose software the board runs (its id in lib/forums/registry.ts). */
  forum: string;
  /** The board's own name, as its page titles it (for the list in Options). */
  name: string;
}

/** What an origin looks like once read: http or https, a host of letters, digits, dots and dashes, maybe a port. */
export const ORIGIN = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/;

/** The web address the user typed (https when no scheme is given); null when it is not one a board can be at. */
export function boardAddress(typed: string): URL | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return ORIGIN.test(url.origin.toLowerCase()) ? url : null;
}

/** The origin of an address the user typed ("board.example/forum/viewtopic.php?t=5" → "https://board.example"); null when it is not a web address. */
export const boardOrigin = (typed: string): string | null => boardAddress(typed)?.origin.toLowerCase() ?? null;

/** The match pattern of an origin's pages (what the browser is asked for). */
export const originPattern = (origin: string): string => `${origin}/*`;

/** The added board a page's URL is on; null when none. */
export function boardAt(boards: readonly AddedBoard[], url: URL): AddedBoard | null {
  const origin = url.origin.toLowerCase();
  return boards.find((b) => b.origin === origin) ?? null;
}
