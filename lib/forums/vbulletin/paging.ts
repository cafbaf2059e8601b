/**
 * A vBulletin thread's pages. vBulletin 3: `div.pagenav` holds a small table whose first cell
 * says "Page 2 of 5", then links (`showthread.php?t=640&page=3`), the current page in `<strong>`.
 * vBulletin 4: `.pagination` (a form) with "Page 2 of 5" in its `span.selected`, links written
 * `showthread.php?t=640&page=3`, `showthread.php?640-a-title/page3` or `threads/640-a-title/page3`
 * (`page3.html` where a board rewrites its addresses). Every board of either version answers
 * `showthread.php?t=<id>&page=<k>`: that is the address built for page k.
 */
import type { ThreadPaging } from '../forum';
import { isSignInPage, outsidePosts, pageNumber, pageOfCount, pageUrl, queryNumber, sameOriginLink, threadPaging } from '../paging';
import { vbulletinThreadInfo } from './page';
import { VBULLETIN_POSTS } from './posts';

/** Where a vBulletin thread's messages sit: a navigation element inside one is a stranger's. */
const IN_POST = `${VBULLETIN_POSTS.selector}, li.postcontainer, table[id^="post"]`;

/** The thread id and page a link names (`t=` and `page=`, or vBulletin 4's `640-a-title/page3[.html]`); null when it names neither. */
export function linkTarget(link: URL): { thread: string | null; page: number } | null {
  // The last two parts of the address: `640-a-title`, then `page3` (or `page3.html`).
  const parts = `${link.pathname}${link.search}`.split(/[/?]/);
  const friendly = /^page(\d{1,12})(?:\.html)?$/.exec(parts[parts.length - 1] ?? '');
  const page = queryNumber(link, 'page') ?? pageNumber(friendly?.[1]);
  if (page === null) return null;
  const t = link.searchParams.get('t');
  const named = friendly ? (/^(\d{1,12})-/.exec(parts[parts.length - 2] ?? '')?.[1] ?? null) : null;
  return { thread: t && /^\d{1,12}$/.test(t) ? t : named, page };
}

/** The board's root folder (where `showthread.php` lives) from the page's own path. */
function rootOf(path: string): string {
  const show = path.indexOf('/showthread.php');
  if (show >= 0) return path.slice(0, show + 1);
  const threads = path.indexOf('/threads/');
  if (threads >= 0) return path.slice(0, threads + 1);
  return path.slice(0, path.lastIndexOf('/') + 1);
}

export function vbulletinPaging(doc: Document, url: string): ThreadPaging | null {
  const here = pageUrl(url);
  const id = vbulletinThreadInfo(doc, url).threadId;
  const navs = outsidePosts(doc, 'div.pagenav, .pagination, .threadpagenav', IN_POST);
  if (!here || !id || !navs.length) return null;
  let page: number | null = null;
  let count = 0;
  for (const nav of navs) {
    // vBulletin 3's label cell, vBulletin 4's menu button; else anywhere in the box.
    const label = pageOfCount(nav.querySelector('td.vbmenu_control, a.popupctrl')?.textContent) ?? pageOfCount(nav.textContent);
    if (label) {
      page ??= label.page;
      count = Math.max(count, label.count);
    }
    for (const a of Array.from(nav.querySelectorAll('a[href]'))) {
      const link = sameOriginLink(a.getAttribute('href'), here);
      const target = link ? linkTarget(link) : null;
      if (target && (target.thread === null || target.thread === id)) count = Math.max(count, target.page);
    }
  }
  const own = linkTarget(here);
  page ??= own && (own.thread === null || own.thread === id) ? own.page : 1;
  const base = `${here.origin}${rootOf(here.pathname)}showthread.php?t=${id}`;
  return threadPaging(page, Math.max(count, page), (k) => (k > 1 ? `${base}&page=${k}` : base));
}

/** vBulletin's sign-in page (`login.php`, or a thread asking a guest to sign in): its form, and no posts (a guest's navbar form beside posts is a thread). */
export const isVbulletinLoginPage = (doc: Document): boolean => isSignInPage(doc, VBULLETIN_POSTS.selector);
