/**
 * A phpBB topic's pages, as prosilver shows them: `div.pagination` (above and below the posts)
 * holds "75 posts •", then a list of page links (`./viewtopic.php?f=2&t=5&start=25`, the current
 * page a `li.active > span`, gaps `li.ellipsis`, the last page always listed), or phpBB 3.0's
 * "Page <strong>2</strong> of <strong>3</strong>"; the page-jump box (more than 6 pages) carries
 * `data-per-page`. Page k starts at post `(k − 1) × per page` (`start=`).
 */
import type { ThreadPaging } from '../forum';
import { isSignInPage, outsidePosts, pageNumber, pageOfCount, pageUrl, queryNumber, sameOriginLink, threadPaging } from '../paging';
import { phpbbThreadInfo } from './page';
import { PHPBB_POSTS } from './posts';

/** Posts a page may show: phpBB's own setting is bounded far below this. */
const MAX_PER_PAGE = 10_000;

interface Seen {
  page: number | null;
  count: number;
  per: number | null;
}

/** What the pagination boxes say: the current page, the highest page named, and posts per page where a link or the jump box tells it. */
function readNav(navs: Element[], here: URL, topic: string): Seen {
  const seen: Seen = { page: null, count: 0, per: null };
  const perFrom = (start: number, page: number) => {
    if (seen.per === null && page > 1 && start > 0 && start % (page - 1) === 0 && start / (page - 1) <= MAX_PER_PAGE) seen.per = start / (page - 1);
  };
  for (const nav of navs) {
    const label = pageOfCount(nav.textContent);
    if (label) {
      seen.page ??= label.page;
      seen.count = Math.max(seen.count, label.count);
    }
    const jump = pageNumber(nav.querySelector('[data-per-page]')?.getAttribute('data-per-page'));
    if (jump !== null && jump <= MAX_PER_PAGE) seen.per ??= jump;
    for (const el of Array.from(nav.querySelectorAll('li.active > span, li.active > a, span > strong'))) {
      const n = pageNumber(el.textContent);
      if (n === null) continue;
      seen.page ??= n;
      seen.count = Math.max(seen.count, n);
    }
    for (const a of Array.from(nav.querySelectorAll('a[href]'))) {
      const n = pageNumber(a.textContent);
      const link = sameOriginLink(a.getAttribute('href'), here);
      if (n === null || !link || !link.pathname.endsWith('/viewtopic.php') || link.searchParams.get('t') !== topic) continue;
      seen.count = Math.max(seen.count, n);
      perFrom(queryNumber(link, 'start', 0) ?? 0, n);
    }
  }
  return seen;
}

export function phpbbPaging(doc: Document, url: string): ThreadPaging | null {
  const here = pageUrl(url);
  if (!here) return null;
  const topic = phpbbThreadInfo(doc, url).threadId;
  const navs = outsidePosts(doc, 'div.pagination, .pagination', PHPBB_POSTS.selector);
  if (!topic || !navs.length) return null;
  const seen = readNav(navs, here, topic);
  const start = queryNumber(here, 'start', 0);
  let page = seen.page ?? 1;
  const count = Math.max(seen.count, page, 1);
  if (seen.page === null && start !== null && seen.per) page = Math.floor(start / seen.per) + 1;
  let per = seen.per;
  if (per === null && start && page > 1 && start % (page - 1) === 0) per = start / (page - 1);
  // A page before the last shows a whole page of posts.
  if (per === null && page < count) per = doc.querySelectorAll(PHPBB_POSTS.selector).length || null;
  // Without a step only the first page and this one have addresses: a topic of two pages at most.
  if (per === null && count > 2) return null;
  const forum = here.searchParams.get('f');
  const base = `${here.origin}${here.pathname}?${forum && /^\d{1,12}$/.test(forum) ? `f=${forum}&` : ''}t=${topic}`;
  const post = queryNumber(here, 'p');
  return threadPaging(page, count, (k) => {
    if (k === 1) return base;
    if (per !== null) return `${base}&start=${(k - 1) * per}`;
    // Only this page is left (a topic of two pages, reached by a post's link).
    return start ? `${base}&start=${start}` : post ? `${base}&p=${post}` : base;
  });
}

/** phpBB's sign-in page (`ucp.php?mode=login`, or a topic asking a guest to sign in): its login form, and no posts. */
export const isPhpbbLoginPage = (doc: Document): boolean => isSignInPage(doc, PHPBB_POSTS.selector);
