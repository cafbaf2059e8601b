/**
 * A XenForo 2 thread's pages: `.pageNav` (above and below the posts) lists `li.pageNav-page`
 * links, the current one `li.pageNav-page--current`, the last page always listed, and the
 * narrow screens' `.pageNavSimple` says "3 of 10". Page k of `/threads/a-title.123/` is
 * `/threads/a-title.123/page-k` (page 1 the thread's own address). A thread of one page shows no
 * `.pageNav`.
 */
import type { ThreadPaging } from '../forum';
import { isSignInPage, outsidePosts, pageNumber, pageOfCount, pageUrl, sameOriginLink, threadPaging } from '../paging';
import { xenforoThreadInfo } from './page';
import { XENFORO_POSTS } from './posts';

/** The thread's own address without its page (`/community/threads/a-title.123/`), when `path` is one of the thread's `id`. */
export function threadPath(path: string, id: string): string | null {
  const parts = path.split('/');
  const at = parts.indexOf('threads');
  const slug = at >= 0 ? parts[at + 1] : undefined;
  if (!slug || (slug !== id && !slug.endsWith(`.${id}`))) return null;
  return `${parts.slice(0, at + 2).join('/')}/`;
}

/** The page a link of the thread points to: `page-N` after the thread's path, 1 for the path itself; null for any other link. */
function linkPage(link: URL, base: string): number | null {
  if (!link.pathname.startsWith(base)) return null;
  const rest = link.pathname.slice(base.length).replace(/\/$/, '');
  if (rest === '') return 1;
  return rest.startsWith('page-') ? pageNumber(rest.slice(5)) : null;
}

export function xenforoPaging(doc: Document, url: string): ThreadPaging | null {
  const here = pageUrl(url);
  const id = xenforoThreadInfo(doc, url).threadId;
  if (!here || !id) return null;
  const canonical = sameOriginLink(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), here);
  const base = threadPath(here.pathname, id) ?? (canonical ? threadPath(canonical.pathname, id) : null);
  const navs = outsidePosts(doc, '.pageNav, .pageNavSimple', XENFORO_POSTS.selector);
  if (!base || !navs.length) return null;
  let page: number | null = null;
  let count = 0;
  for (const nav of navs) {
    const label = pageOfCount(nav.querySelector('.pageNavSimple-el--current')?.textContent ?? (nav.classList.contains('pageNavSimple') ? nav.textContent : ''));
    if (label) {
      page ??= label.page;
      count = Math.max(count, label.count);
    }
    for (const li of Array.from(nav.querySelectorAll('li.pageNav-page'))) {
      const n = pageNumber(li.textContent);
      if (n === null) continue;
      if (li.classList.contains('pageNav-page--current')) page ??= n;
      const href = li.querySelector('a[href]')?.getAttribute('href');
      const link = sameOriginLink(href, here);
      // A listed page counts only when its link (if it has one) is the thread's own.
      if (!href || (link && linkPage(link, base) === n)) count = Math.max(count, n);
    }
  }
  page ??= linkPage(here, base) ?? 1;
  return threadPaging(page, Math.max(count, page), (k) => `${here.origin}${base}${k > 1 ? `page-${k}` : ''}`);
}

/** XenForo's sign-in page (`/login`): its form, and no posts. */
export const isXenforoLoginPage = (doc: Document): boolean => isSignInPage(doc, XENFORO_POSTS.selector);
