/**
 * A Gamers' Plane thread's pages: `div.paginateDiv` (above and below the posts) says "2 of 5" in
 * its `div.currentPage`, then links `?page=N` (the current one `a.page`, "First" and "Last" among
 * them). Page k of `/forums/thread/<id>/` is `/forums/thread/<id>/?page=k`. A thread of one page
 * shows no `paginateDiv`.
 */
import type { ThreadPaging } from '../forum';
import { isSignInPage, outsidePosts, pageNumber, pageOfCount, pageUrl, queryNumber, sameOriginLink, threadPaging } from '../paging';
import { gamersPlaneThreadInfo } from './page';
import { GAMERS_PLANE_POSTS } from './posts';

export function gamersPlanePaging(doc: Document, url: string): ThreadPaging | null {
  const here = pageUrl(url);
  const id = gamersPlaneThreadInfo(doc, url).threadId;
  const navs = outsidePosts(doc, 'div.paginateDiv', GAMERS_PLANE_POSTS.selector);
  if (!here || !id || !navs.length) return null;
  const path = `/forums/thread/${id}/`;
  let page: number | null = null;
  let count = 0;
  for (const nav of navs) {
    const label = pageOfCount(nav.querySelector('.currentPage')?.textContent);
    if (label) {
      page ??= label.page;
      count = Math.max(count, label.count);
    }
    for (const a of Array.from(nav.querySelectorAll('a[href]'))) {
      const link = sameOriginLink(a.getAttribute('href'), here);
      const n = link && (link.pathname === path || link.pathname === path.slice(0, -1)) ? queryNumber(link, 'page') : null;
      if (n === null) continue;
      count = Math.max(count, n);
      if (a.classList.contains('page')) page ??= pageNumber(a.textContent) === n ? n : null;
    }
  }
  page ??= queryNumber(here, 'page') ?? 1;
  return threadPaging(page, Math.max(count, page), (k) => `${here.origin}${path}?page=${k}`);
}

/** Gamers' Plane's sign-in page (`/login/`): its form, and no posts. */
export const isGamersPlaneLoginPage = (doc: Document): boolean => isSignInPage(doc, GAMERS_PLANE_POSTS.selector);
