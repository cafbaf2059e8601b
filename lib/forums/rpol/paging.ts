/**
 * An RPOL thread's pages (forum-formats §1.5, §1.6). A thread opened with `show=all` is shown
 * whole: its navigation (`div.topthreadnav`, `div.bottomthreadnav`) says "(showing entire
 * thread)", and there is nothing more to read. Otherwise RPOL shows 25 posts a page, the newest
 * page first, and the navigation's first item says "… of N" (as a public scraper reads it; the
 * exact words were not seen) with links to the other pages, `display.cgi?gi=…&ti=…&msgpage=N`.
 * Page k is read as `msgpage=k`, page 1 holding the thread's first posts (inferred: no paged RPOL
 * page was seen); the address keeps the game's and thread's ids and nothing else.
 */
import type { ThreadPaging } from '../forum';
import { isSignInPage, outsidePosts, pageNumber, pageOfCount, pageUrl, queryNumber, sameOriginLink, threadPaging } from '../paging';
import { RPOL_POSTS } from './watch';

const NAV = 'div.topthreadnav, div.bottomthreadnav';
const ID = /^\d{1,12}$/;

export function rpolPaging(doc: Document, url: string): ThreadPaging | null {
  const here = pageUrl(url);
  const gi = here?.searchParams.get('gi') ?? '';
  const ti = here?.searchParams.get('ti') ?? '';
  const navs = outsidePosts(doc, NAV, RPOL_POSTS.selector);
  if (!here?.pathname.endsWith('/display.cgi') || !ID.test(gi) || !ID.test(ti) || !navs.length) return null;
  if (navs.some((n) => /showing entire thread/i.test(n.textContent ?? ''))) return null;
  let page: number | null = null;
  let count = 0;
  let current: number | null = null;
  for (const nav of navs) {
    const label = pageOfCount(nav.querySelector('li')?.textContent);
    if (label) {
      page ??= label.page;
      count = Math.max(count, label.count);
    }
    // The page shown is the one number listed without a link ("[3]").
    for (const li of Array.from(nav.querySelectorAll('li'))) {
      const n = li.querySelector('a') ? null : pageNumber(/^\[?\s{0,9}(\d{1,15})\s{0,9}\]?$/.exec((li.textContent ?? '').trim())?.[1]);
      if (n === null) continue;
      current ??= n;
      count = Math.max(count, n);
    }
    for (const a of Array.from(nav.querySelectorAll('a[href]'))) {
      const link = sameOriginLink(a.getAttribute('href'), here);
      if (!link?.pathname.endsWith('/display.cgi') || link.searchParams.get('gi') !== gi || link.searchParams.get('ti') !== ti) continue;
      const n = queryNumber(link, 'msgpage');
      if (n !== null) count = Math.max(count, n);
    }
  }
  // Without "… of N", the number listed without a link, the page asked for, or RPOL's first page shown: the newest.
  page ??= current ?? queryNumber(here, 'msgpage') ?? Math.max(count, 1);
  const base = `${here.origin}${here.pathname}?gi=${gi}&ti=${ti}`;
  return threadPaging(page, Math.max(count, page), (k) => `${base}&msgpage=${k}`);
}

/** RPOL's sign-in page (`login.cgi`: username, password): its form, and no posts. */
export const isRpolLoginPage = (doc: Document): boolean => isSignInPage(doc, 'div.message div.messagebody');
