/**
 * What every forum's paging reader shares (each forum's `paging.ts` knows its own pagination):
 * numbers read from a page's own pagination, links kept only where they stay on the page's own
 * origin, the `ThreadPaging` every forum answers with, and the shape of a sign-in page.
 *
 * The page's links are only ever read for numbers (which page, how many, how many posts a page):
 * every address a paging gives is built from the page's own address, so a link written by a
 * stranger (another origin, `javascript:`, a protocol-relative address) can move no request anywhere.
 */
import type { ThreadPaging } from './forum';

/** The most pages a thread is read as having: a page claiming more says this many (the caller caps what it reads). */
export const MAX_PAGES = 1_000_000_000;

/** A page number from text: digits only, 1 or more (at most MAX_PAGES); null otherwise. */
export function pageNumber(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  if (!/^\d{1,15}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? Math.min(n, MAX_PAGES) : null;
}

/** The page's own address, when it is a web address (http or https); null otherwise. */
export function pageUrl(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/** A link's target resolved against the page, kept only when it stays on the page's own origin. */
export function sameOriginLink(href: string | null | undefined, page: URL): URL | null {
  if (!href) return null;
  try {
    const u = new URL(href, page);
    return u.origin === page.origin ? u : null;
  } catch {
    return null;
  }
}

/** "Page 2 of 5", "2 of 5": both numbers, the first no greater than the second; null when the text says neither. */
export function pageOfCount(text: string | null | undefined): { page: number; count: number } | null {
  // Each " of " looked at once, with the number just before and just after it (no pattern scans the text).
  const words = (text ?? '').slice(0, 2000).split(/\s+/);
  for (let i = 1; i + 1 < words.length; i++) {
    if (words[i]!.toLowerCase() !== 'of') continue;
    const page = pageNumber(words[i - 1]);
    const count = pageNumber(words[i + 1]);
    if (page !== null && count !== null && page <= count) return { page, count };
  }
  return null;
}

/** The elements matching `selector` that are no part of a post (a stranger's post cannot stand in for the page's navigation). */
export function outsidePosts(doc: Document, selector: string, posts: string): Element[] {
  return Array.from(doc.querySelectorAll(selector)).filter((el) => !el.closest(posts));
}

/** A whole number at least `min`, read from a URL's query; null otherwise. */
export function queryNumber(u: URL, name: string, min = 1): number | null {
  const v = u.searchParams.get(name);
  if (v === null || !/^\d{1,15}$/.test(v)) return null;
  const n = Number(v);
  return n >= min ? n : null;
}

/**
 * The paging every forum answers with: `page` kept within 1…count, and `urlOf` asked for a page
 * outside them (or not a whole number) gives the nearest page's address, never throws.
 */
export function threadPaging(page: number, count: number, build: (k: number) => string): ThreadPaging {
  const total = Math.max(1, Math.min(Math.floor(count), MAX_PAGES));
  const at = (k: number) => (Number.isFinite(k) ? Math.max(1, Math.min(Math.floor(k), total)) : 1);
  return { page: at(page), count: total, urlOf: (k) => build(at(k)) };
}

/**
 * A page a forum shows instead of a thread to someone signed out: a form with a password field,
 * and none of the forum's posts (a guest's thread page often has a small sign-in form in its
 * header, beside its posts: that is a thread).
 */
export function isSignInPage(doc: Document, posts: string): boolean {
  if (doc.querySelector(posts)) return false;
  // The type's case does not matter to a browser (`PASSWORD` is a password field too).
  return Array.from(doc.querySelectorAll('form input[type]')).some((i) => i.getAttribute('type')?.trim().toLowerCase() === 'password');
}
