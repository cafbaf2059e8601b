// Where a thread page sits among its thread's pages, read from the page's own pagination (issue
// 40), on every forum: page 1 of 1, 2 of 5, the last page, a long thread, an address with a
// session id and a hash; hostile links (another origin, javascript:, protocol-relative, a
// pagination inside a post) never move an address off the page's origin, and no markup throws.
// The sign-in page of each forum, against its thread pages (a guest's header form beside posts).
// The paged sample threads (tests/fixtures/paged-pages.mjs): each page read by the forum's own
// reader, numbers 1–75 in order; the failing variants; what page 3's verdicts owe to page 1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Forum, ThreadPaging } from '../../lib/forums/forum';
import { GAMERS_PLANE } from '../../lib/forums/gamersplane/forum';
import { MAX_PAGES } from '../../lib/forums/paging';
import { PHPBB } from '../../lib/forums/phpbb/forum';
import { RPOL } from '../../lib/forums/rpol/forum';
import { VBULLETIN } from '../../lib/forums/vbulletin/forum';
import { XENFORO } from '../../lib/forums/xenforo/forum';
import { readPageClock, readPosts } from '../../lib/forums/rpol';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { foldParlorThread, type ThreadPost } from '../../lib/games/parlor/thread';
import type { ForumReading } from '../../lib/reading/reader';
import type { ForumPost } from '../../lib/reading/records';
import { ThreadScanner } from '../../lib/thread';
import { pagedDuel, phpbbPostId } from '../fixtures/paged-duel.mjs';
import { PAGED_THREADS, pagedAddresses, pagedAnswer } from '../fixtures/paged-pages.mjs';
import { makePagedParlor, pagedParlorModule } from '../fixtures/paged-parlor';
import { PAGED_PARLOR_POSTS } from '../fixtures/paged-parlor.data.mjs';
import {
  gamersPlanePageHtml,
  gamersPlanePaginateHtml,
  LOGIN_PAGES,
  phpbbPageHtml,
  phpbbPaginationHtml,
  vbulletinPageHtml,
  vbulletinPageNavHtml,
  xenforoPageHtml,
  xenforoPageNavHtml,
} from '../fixtures/board-markup.mjs';
import { postHtml, rpolLoginPageHtml, threadPageHtml } from '../fixtures/rpol-markup.mjs';
import { hasRealPages, loadPage, realPage } from '../helpers/dom';

const T = Date.UTC(2026, 10, 21, 19, 0) / 1000;
const POSTS = [
  { id: 7001, author: 'Ada', time: T, body: 'First words.' },
  { id: 7002, author: 'Bram', time: T + 60, body: 'A reply.' },
];

/** Hostile page links: another origin, javascript:, protocol-relative, a data: address. */
const HOSTILE = ['https://evil.example/', 'javascript:alert(1)//', '//evil.example/', 'data:text/html,'];

type Page = (o: { page: number; count: number; href?: (k: number) => string }) => { html: string; url: string };

interface Board {
  forum: Forum;
  origin: string;
  page: Page;
  /** The address built for page k. */
  want: (k: number) => string;
  /** A hostile address for page k, on the same path (what a stranger would want fetched). */
  hostile: (prefix: string, k: number) => string;
}

const BOARDS: Record<string, Board> = {
  phpBB: {
    forum: PHPBB,
    origin: 'https://board.example',
    page: ({ page, count, href }) => ({
      html: phpbbPageHtml({
        forumId: 12,
        topicId: 5301,
        title: 'Paged',
        posts: POSTS,
        nav: phpbbPaginationHtml({ forumId: 12, topicId: 5301, page, count, href }),
      }),
      url: `https://board.example/viewtopic.php?f=12&t=5301${page > 1 ? `&start=${(page - 1) * 25}` : ''}&sid=0123456789abcdef0123456789abcdef#p7001`,
    }),
    want: (k) => `https://board.example/viewtopic.php?f=12&t=5301${k > 1 ? `&start=${(k - 1) * 25}` : ''}`,
    hostile: (p, k) => `${p}viewtopic.php?f=12&amp;t=5301&amp;start=${(k - 1) * 25}`,
  },
  XenForo: {
    forum: XENFORO,
    origin: 'https://xf.example',
    page: ({ page, count, href }) => ({
      html: xenforoPageHtml({ threadId: 77, forumId: 8, title: 'Paged', posts: POSTS, nav: xenforoPageNavHtml({ threadId: 77, page, count, href }) }),
      url: `https://xf.example/threads/the-duel.77/${page > 1 ? `page-${page}` : ''}#post-7001`,
    }),
    want: (k) => `https://xf.example/threads/the-duel.77/${k > 1 ? `page-${k}` : ''}`,
    hostile: (p, k) => `${p}threads/the-duel.77/page-${k}`,
  },
  'vBulletin 3': {
    forum: VBULLETIN,
    origin: 'https://vb.example',
    page: ({ page, count, href }) => ({
      html: vbulletinPageHtml({
        version: 3,
        threadId: 640,
        forumId: 21,
        title: 'Paged',
        posts: POSTS,
        nav: vbulletinPageNavHtml({ threadId: 640, page, count, href }),
      }),
      url: `https://vb.example/forum/showthread.php?s=0123456789abcdef&t=640${page > 1 ? `&page=${page}` : ''}`,
    }),
    want: (k) => `https://vb.example/forum/showthread.php?t=640${k > 1 ? `&page=${k}` : ''}`,
    hostile: (p, k) => `${p}showthread.php?t=640&amp;page=${k}`,
  },
  'vBulletin 4': {
    forum: VBULLETIN,
    origin: 'https://vb.example',
    page: ({ page, count, href }) => ({
      html: vbulletinPageHtml({
        version: 4,
        threadId: 641,
        forumId: 21,
        title: 'Paged',
        posts: POSTS,
        nav: vbulletinPageNavHtml({ version: 4, threadId: 641, page, count, href }),
      }),
      url: `https://vb.example/showthread.php?641-the-duel${page > 1 ? `/page${page}` : ''}`,
    }),
    want: (k) => `https://vb.example/showthread.php?t=641${k > 1 ? `&page=${k}` : ''}`,
    hostile: (p, k) => `${p}showthread.php?641-the-duel/page${k}`,
  },
  "Gamers' Plane": {
    forum: GAMERS_PLANE,
    origin: 'https://gamersplane.com',
    page: ({ page, count, href }) => ({
      html: gamersPlanePageHtml({ threadId: 9001, title: 'Paged', posts: POSTS, nav: gamersPlanePaginateHtml({ page, count, href }) }),
      url: `https://gamersplane.com/forums/thread/9001/?page=${page}`,
    }),
    want: (k) => `https://gamersplane.com/forums/thread/9001/?page=${k}`,
    hostile: (p, k) => `${p}forums/thread/9001/?page=${k}`,
  },
  RPOL: {
    forum: RPOL,
    origin: 'https://rpol.net',
    page: ({ page, count, href }) => ({
      html: threadPageHtml({
        gi: 51829,
        ti: 60,
        game: 'The Spark d10',
        title: 'Paged',
        viewer: 'Ada',
        now: T + 3600,
        posts: POSTS.map((p, i) => postHtml({ gi: 51829, ti: 60, n: (page - 1) * 25 + i + 1, author: p.author, ci: 520002 + i, time: p.time, body: p.body })),
        showAll: false,
        nav: { page, count, href },
      }),
      url: `https://rpol.net/display.cgi?gi=51829&ti=60&date=1790000000&msgpage=${page}#bottom`,
    }),
    want: (k) => `https://rpol.net/display.cgi?gi=51829&ti=60&msgpage=${k}`,
    hostile: (p, k) => `${p}display.cgi?gi=51829&amp;ti=60&amp;msgpage=${k}`,
  },
};

function pagingOf(board: Board, o: Parameters<Page>[0]): ThreadPaging | null {
  const { html, url } = board.page(o);
  return board.forum.paging!(loadPage(html, url), url);
}

/** Every address a paging gives is on the page's own origin. */
function onOrigin(p: ThreadPaging, origin: string) {
  const ks = [1, 2, p.page, p.count, p.count - 1, 0, -3, p.count + 5, 2.5, Number.NaN, Number.POSITIVE_INFINITY];
  for (const k of ks) expect(new URL(p.urlOf(k)).origin, `page ${k}`).toBe(origin);
}

describe.each(Object.entries(BOARDS))('%s: paging', (_name, board) => {
  it.each([
    [1, 1],
    [1, 5],
    [2, 5],
    [5, 5],
    [17, 40],
  ])('page %i of %i', (page, count) => {
    const p = pagingOf(board, { page, count });
    if (count === 1 && !p) return; // a board that shows no navigation for one page
    expect(p).toMatchObject({ page, count });
    for (let k = 1; k <= count; k++) expect(p!.urlOf(k), `page ${k}`).toBe(board.want(k));
    onOrigin(p!, board.origin);
  });

  it('hostile page links (another origin, javascript:, protocol-relative, data:) neither count nor move an address', () => {
    for (const prefix of HOSTILE) {
      const p = pagingOf(board, { page: 2, count: 5, href: (k) => board.hostile(prefix, k === 5 ? 999 : k) });
      // The count is what the page's own label says (5), or, where a board has none (phpBB's short
      // list), the pages its own links name: never the 999 a stranger's link names.
      expect(p, prefix).toMatchObject({ page: 2 });
      expect([2, 5]).toContain(p!.count);
      onOrigin(p!, board.origin);
      expect(p!.urlOf(2)).toBe(board.want(2));
    }
  });

  it('a page claiming 10^9 pages is read as given; more is read as 10^9; the addresses stay whole numbers on the origin', () => {
    const p = pagingOf(board, { page: 3, count: 1_000_000_000 });
    expect(p).toMatchObject({ page: 3, count: MAX_PAGES });
    expect(p!.urlOf(MAX_PAGES)).toBe(board.want(MAX_PAGES));
    const more = pagingOf(board, { page: 3, count: 10 ** 13 });
    expect(more!.count).toBe(MAX_PAGES);
    onOrigin(more!, board.origin);
  });

  it('no markup inside the navigation throws, and whatever it says stays on the origin', () => {
    const bits = fc.constantFrom(
      '<a href="javascript:void(0)">9</a>',
      '<a href="//evil.example/?page=7">7</a>',
      '<li class="active"><span>x</span></li>',
      '<li class="pageNav-page pageNav-page--current">-1</li>',
      '<span class="selected">99999999999999999999</span>',
      'Page 9 of 3',
      'Page 0 of 0',
      '<a href="http://[::1">2</a>',
      '<a href="?page=1e9">1e9</a>',
      '<a href="?msgpage=4&amp;page=4&amp;start=75">4</a>',
      '<strong>12</strong>',
      '<div class="currentPage">4 of 2</div>',
      '\u202e3 of 4',
    );
    fc.assert(
      fc.property(fc.array(bits, { maxLength: 8 }), fc.integer({ min: 1, max: 6 }), (parts, page) => {
        const p = pagingOf(board, { page, count: 6, href: (k) => (k % 2 ? `?x=${parts.join('')}` : `${parts.join('')}`) });
        if (!p) return;
        expect(p.page).toBeGreaterThanOrEqual(1);
        expect(p.page).toBeLessThanOrEqual(p.count);
        onOrigin(p, board.origin);
      }),
      { numRuns: 60 },
    );
  });
});

describe('what each forum reads beside its links', () => {
  const read = (forum: Forum, html: string, url: string) => forum.paging!(loadPage(html, url), url);

  it('phpBB: a post link lands on page 2; the step comes from a link; a board of 10 posts a page; the jump box past 6 pages', () => {
    const nav = (page: number, count: number, perPage = 25) => phpbbPaginationHtml({ forumId: 12, topicId: 5301, page, count, perPage });
    const page = (n: string) => phpbbPageHtml({ forumId: 12, topicId: 5301, title: 'Paged', posts: POSTS, nav: n });
    const viaPost = read(PHPBB, page(nav(2, 3)), 'https://board.example/viewtopic.php?p=7001#p7001');
    expect(viaPost).toMatchObject({ page: 2, count: 3 });
    expect(viaPost!.urlOf(3)).toBe('https://board.example/viewtopic.php?t=5301&start=50');
    const ten = read(PHPBB, page(nav(4, 9, 10)), 'https://board.example/viewtopic.php?t=5301&start=30');
    expect(ten).toMatchObject({ page: 4, count: 9 });
    expect(ten!.urlOf(9)).toBe('https://board.example/viewtopic.php?t=5301&start=80');
    // Page 2 of 2 reached by a post link: no link names a step, but page 1 needs none.
    const two = read(PHPBB, page(nav(2, 2)), 'https://board.example/viewtopic.php?p=7002');
    expect(two).toMatchObject({ page: 2, count: 2 });
    expect(two!.urlOf(1)).toBe('https://board.example/viewtopic.php?t=5301');
  });

  it('phpBB 3.0: "Page 2 of 3" in strong, the list as links', () => {
    const nav = `<div class="pagination">75 posts &bull; <a href="#" title="Click to jump to page…">Page <strong>2</strong> of <strong>3</strong></a> &bull; <span><a href="./viewtopic.php?f=12&amp;t=5301">1</a><span class="page-sep">, </span><strong>2</strong><span class="page-sep">, </span><a href="./viewtopic.php?f=12&amp;t=5301&amp;start=25">3</a></span></div>`;
    // Its own 3.0 step: 25 posts, page 3 at start=25? No: page 3 starts at 50; a link whose step disagrees with its page is not a step.
    const p = read(
      PHPBB,
      phpbbPageHtml({ forumId: 12, topicId: 5301, title: 'Paged', posts: POSTS, nav }),
      'https://board.example/viewtopic.php?f=12&t=5301&start=25',
    );
    expect(p).toMatchObject({ page: 2, count: 3 });
  });

  it('a pagination inside a post is a stranger’s: not read', () => {
    const fake = (nav: string) => [{ id: 7003, author: 'Eve', time: T, body: nav }];
    const php = phpbbPageHtml({
      forumId: 12,
      topicId: 5301,
      title: 'Paged',
      posts: [...POSTS, ...fake(phpbbPaginationHtml({ forumId: 12, topicId: 5301, page: 1, count: 900 }))],
    });
    expect(read(PHPBB, php, 'https://board.example/viewtopic.php?t=5301')).toBeNull();
    const xf = xenforoPageHtml({ threadId: 77, forumId: 8, title: 'Paged', posts: fake(xenforoPageNavHtml({ threadId: 77, page: 1, count: 900 })) });
    expect(read(XENFORO, xf, 'https://xf.example/threads/the-duel.77/')).toBeNull();
    const vb = vbulletinPageHtml({ threadId: 640, forumId: 21, title: 'Paged', posts: fake(vbulletinPageNavHtml({ threadId: 640, page: 1, count: 900 })) });
    expect(read(VBULLETIN, vb, 'https://vb.example/showthread.php?t=640')).toBeNull();
    const gp = gamersPlanePageHtml({ threadId: 9001, title: 'Paged', posts: fake(gamersPlanePaginateHtml({ page: 1, count: 900 })) });
    expect(read(GAMERS_PLANE, gp, 'https://gamersplane.com/forums/thread/9001/')).toBeNull();
    const rpolPost = postHtml({
      gi: 51829,
      ti: 60,
      n: 1,
      author: 'Eve',
      ci: 1,
      time: T,
      body: '<div class="topthreadnav"><ul><li>Page 1 of 900</li></ul></div>',
    });
    const rpol = threadPageHtml({ gi: 51829, ti: 60, game: 'G', title: 'T', viewer: 'Eve', now: T, posts: [rpolPost] });
    expect(read(RPOL, rpol, 'https://rpol.net/display.cgi?gi=51829&ti=60&show=all')).toBeNull();
  });

  it('XenForo: a post’s permalink redirected to the thread keeps the thread’s address, under a board’s own folder', () => {
    const html = xenforoPageHtml({
      threadId: 77,
      forumId: 8,
      title: 'Paged',
      posts: POSTS,
      nav: xenforoPageNavHtml({ threadId: 77, page: 3, count: 4, href: (k) => `/community/threads/the-duel.77/${k > 1 ? `page-${k}` : ''}` }),
    });
    const p = read(XENFORO, html, 'https://xf.example/community/threads/the-duel.77/page-3#post-7002');
    expect(p).toMatchObject({ page: 3, count: 4 });
    expect(p!.urlOf(1)).toBe('https://xf.example/community/threads/the-duel.77/');
    expect(p!.urlOf(4)).toBe('https://xf.example/community/threads/the-duel.77/page-4');
  });

  it('vBulletin 4 with rewritten addresses (`threads/641-the-duel/page2.html`) reads its pages; the address built is showthread.php', () => {
    const nav = vbulletinPageNavHtml({ version: 4, threadId: 641, page: 2, count: 3, href: (k) => `threads/641-the-duel${k > 1 ? `/page${k}.html` : ''}` });
    const html = vbulletinPageHtml({ version: 4, threadId: 641, forumId: 21, title: 'Paged', posts: POSTS, nav });
    const p = read(VBULLETIN, html, 'https://vb.example/forum/threads/641-the-duel/page2.html');
    expect(p).toMatchObject({ page: 2, count: 3 });
    expect(p!.urlOf(3)).toBe('https://vb.example/forum/showthread.php?t=641&page=3');
  });

  it('RPOL: shown whole (`show=all`) is no paging; without "… of N", the page asked for, or the newest', () => {
    const page = (nav: string, posts = POSTS) =>
      threadPageHtml({
        gi: 51829,
        ti: 60,
        game: 'G',
        title: 'T',
        viewer: 'Ada',
        now: T,
        showAll: true,
        posts: posts.map((p, i) => postHtml({ gi: 51829, ti: 60, n: i + 1, author: p.author, ci: 1, time: p.time, body: p.body })),
      }).replace(/<div class="(top|bottom)threadnav">.*?<\/div>/g, (_, where) => `<div class="${where}threadnav"><ul>${nav}</ul></div>`);
    expect(read(RPOL, page('<li>(showing entire thread)</li>'), 'https://rpol.net/display.cgi?gi=51829&ti=60&show=all')).toBeNull();
    const links =
      '<li>[<a href="/display.cgi?gi=51829&amp;ti=60&amp;msgpage=1">1</a>]</li><li>[<a href="/display.cgi?gi=51829&amp;ti=60&amp;msgpage=2">2</a>]</li><li>[3]</li>';
    expect(read(RPOL, page(links), 'https://rpol.net/display.cgi?gi=51829&ti=60')).toMatchObject({ page: 3, count: 3 });
    const onlyLinks =
      '<li>[<a href="/display.cgi?gi=51829&amp;ti=60&amp;msgpage=1">1</a>]</li><li>[<a href="/display.cgi?gi=51829&amp;ti=60&amp;msgpage=3">3</a>]</li>';
    expect(read(RPOL, page(onlyLinks), 'https://rpol.net/display.cgi?gi=51829&ti=60&msgpage=2')).toMatchObject({ page: 2, count: 3 });
    // Another thread's or game's page links are not this thread's.
    const other =
      '<li>[<a href="/display.cgi?gi=51829&amp;ti=61&amp;msgpage=8">8</a>]</li><li>[<a href="/display.cgi?gi=1&amp;ti=60&amp;msgpage=9">9</a>]</li>';
    expect(read(RPOL, page(links + other), 'https://rpol.net/display.cgi?gi=51829&ti=60')).toMatchObject({ page: 3, count: 3 });
  });

  it('a page without an address, or not on the web, has no paging', () => {
    const { html } = BOARDS.phpBB!.page({ page: 2, count: 3 });
    const doc = loadPage(html, 'https://board.example/viewtopic.php?t=5301&start=25');
    for (const url of ['', 'not a url', 'javascript:alert(1)', 'file:///viewtopic.php?t=5301']) expect(PHPBB.paging!(doc, url)).toBeNull();
  });
});

describe.skipIf(!hasRealPages)('real RPOL pages: shown whole', () => {
  it.each(['thread-aside-urvan.html', 'thread-aside-rimbling.html', 'thread-ch1.html'])(
    '%s: "(showing entire thread)" is no paging, and no sign-in page',
    (name) => {
      const url = 'https://rpol.net/display.cgi?gi=80170&ti=17&date=1&msgpage=&show=all';
      const doc = loadPage(realPage(name), url);
      expect(RPOL.paging!(doc, url)).toBeNull();
      expect(RPOL.isLoginPage!(doc)).toBe(false);
    },
  );
});

describe('sign-in pages', () => {
  const guestHeader =
    '<form action="./ucp.php?mode=login" method="post" class="headerspace"><input type="text" name="username"><input type="password" name="password"></form>';
  const cases: [string, Forum, string, string][] = [
    ['phpBB', PHPBB, LOGIN_PAGES.phpbb, BOARDS.phpBB!.page({ page: 1, count: 2 }).html.replace('<div id="page-body"', `${guestHeader}<div id="page-body"`)],
    ['XenForo', XENFORO, LOGIN_PAGES.xenforo, BOARDS.XenForo!.page({ page: 1, count: 2 }).html],
    [
      'vBulletin',
      VBULLETIN,
      LOGIN_PAGES.vbulletin,
      BOARDS['vBulletin 3']!.page({ page: 1, count: 2 }).html.replace(
        '<body>',
        '<body><form action="login.php?do=login" method="post"><input type="text" name="vb_login_username"><input type="password" name="vb_login_password"></form>',
      ),
    ],
    ["Gamers' Plane", GAMERS_PLANE, LOGIN_PAGES.gamersplane, BOARDS["Gamers' Plane"]!.page({ page: 1, count: 2 }).html],
    ['RPOL', RPOL, rpolLoginPageHtml(), BOARDS.RPOL!.page({ page: 1, count: 2 }).html],
  ];
  it.each(cases)('%s: its sign-in page is one; its thread page (a guest’s header form beside posts) is not', (_n, forum, login, thread) => {
    expect(forum.isLoginPage!(loadPage(login))).toBe(true);
    expect(forum.isLoginPage!(loadPage(thread))).toBe(false);
    // No password field, no posts: a page it cannot read, not a sign-in page.
    expect(forum.isLoginPage!(loadPage('<!doctype html><title>Error</title><p>Something went wrong.</p>'))).toBe(false);
    expect(forum.isLoginPage!(loadPage(login.replace(/type="password"/g, 'type="PASSWORD"')))).toBe(true);
  });
});

// ---- the paged sample threads (tests/fixtures/paged-pages.mjs), read as a browser would ----

const ORIGIN = { rpol: 'https://rpol.net', phpbb: 'https://forum.mafiascum.net' } as const;
type Thread = (typeof PAGED_THREADS)[number];

/** The server's answer to an address of a paged thread (path and query on the forum's origin). */
function answer(thread: Thread, path: string) {
  const url = new URL(`${ORIGIN[thread.forum as 'rpol' | 'phpbb']}${path}`);
  const a = pagedAnswer(url)!;
  return { ...a, url: url.href, doc: loadPage(a.body, url.href) };
}

/** Every post of a page, read by the forum's own reader (the one the content script uses). */
function postsOf(thread: Thread, doc: Document) {
  if (thread.forum === 'rpol') return readPosts(doc, readPageClock(doc));
  const clock = PHPBB.clock(doc);
  return Array.from(doc.querySelectorAll(PHPBB.posts.selector)).map((el) => PHPBB.reading.readPost(el, clock, PHPBB.reading.bodyOf(el)!)!);
}

const authorsOf = (thread: Thread): string[] =>
  thread.game === 'duel' ? pagedDuel().map((p: { who: { name: string } }) => p.who.name) : PAGED_PARLOR_POSTS.map((p) => p.author);
const numberOf = (thread: Thread, n: number) => (thread.forum === 'rpol' ? n : phpbbPostId(thread.id, n));

describe.each(PAGED_THREADS.filter((t) => t.failure === 'none'))('the paged $game thread on $forum ($id)', (thread) => {
  const { pages, whole } = pagedAddresses(thread);

  it('each page read by the forum’s reader: 25 posts each, numbers 1–75 in order across the pages, authors right; its paging names the three addresses', () => {
    const seen = pages.flatMap((path, i) => {
      const { status, doc, url } = answer(thread, path);
      expect(status).toBe(200);
      const paging = (thread.forum === 'rpol' ? RPOL : PHPBB).paging!(doc, url);
      expect(paging).toMatchObject({ page: i + 1, count: 3 });
      expect([1, 2, 3].map((k) => paging!.urlOf(k))).toEqual(pages.map((p) => `${ORIGIN[thread.forum as 'rpol' | 'phpbb']}${p}`));
      expect((thread.forum === 'rpol' ? RPOL : PHPBB).isLoginPage!(doc)).toBe(false);
      const posts = postsOf(thread, doc);
      expect(posts).toHaveLength(25);
      return posts;
    });
    expect(seen.map((p) => p.number)).toEqual(Array.from({ length: 75 }, (_, i) => numberOf(thread, i + 1)));
    expect(seen.map((p) => p.author)).toEqual(authorsOf(thread));
  });

  it('the whole thread on one page: the same 75 posts, and no paging', () => {
    const { doc, url } = answer(thread, whole);
    expect((thread.forum === 'rpol' ? RPOL : PHPBB).paging!(doc, url)).toBeNull();
    expect(postsOf(thread, doc).map((p) => [p.number, p.author])).toEqual(authorsOf(thread).map((a, i) => [numberOf(thread, i + 1), a]));
  });
});

describe.each(PAGED_THREADS.filter((t) => t.failure !== 'none'))('the $game thread on $forum ($id): page 2 fails ($failure)', (thread) => {
  it('pages 1 and 3 answer; page 2 answers its failure (a sign-in page reads as one)', () => {
    const { pages } = pagedAddresses(thread);
    expect(answer(thread, pages[0]!).status).toBe(200);
    expect(answer(thread, pages[2]!).status).toBe(200);
    const two = answer(thread, pages[1]!);
    const forum = thread.forum === 'rpol' ? RPOL : PHPBB;
    if (thread.failure === 'login') {
      expect(two.status).toBe(200);
      expect(forum.isLoginPage!(two.doc)).toBe(true);
    } else {
      expect(two.status).toBe(Number(thread.failure));
      if (thread.failure === '429') expect((two.headers as Record<string, string>)['retry-after']).toBe('120');
    }
    // Page 3 still names page 2's address: a reader asks for it and meets the failure.
    const three = answer(thread, pages[2]!);
    expect(forum.paging!(three.doc, three.url)!.urlOf(2)).toBe(two.url);
  });
});

describe('what page 3 of the duel depends on lies on page 1', () => {
  /** Each roll's verdict, reading `paths` in order with one scanner (the thread so far). */
  function verdicts(thread: Thread, paths: string[]) {
    let scanner: ThreadScanner<ForumPost, unknown> | null = null;
    const out = new Map<number, { trust: string; successes: number | null; rules: string[]; reasons: string }>();
    for (const path of paths) {
      const { doc } = answer(thread, path);
      const clock = thread.forum === 'rpol' ? readPageClock(doc) : PHPBB.clock(doc);
      scanner ??= new ThreadScanner((thread.forum === 'rpol' ? RPOL_READING : PHPBB.reading) as ForumReading<ForumPost, unknown>, clock);
      for (const el of Array.from(doc.querySelectorAll(thread.forum === 'rpol' ? 'div.message' : PHPBB.posts.selector)))
        for (const r of scanner.scanMessage(el)?.rolls ?? [])
          out.set(thread.forum === 'rpol' ? r.postNumber : r.postNumber % 100, {
            trust: r.verdict.trust,
            successes: r.reading.successes,
            rules: r.findings.map((f) => f.rule),
            reasons: r.verdict.reasons.join(' '),
          });
    }
    return out;
  }

  it.each(['rpol', 'phpbb'])('%s: pages 1–3 in order read as the whole page; page 3 alone does not', (forum) => {
    const thread = PAGED_THREADS.find((t) => t.forum === forum && t.game === 'duel' && t.failure === 'none')!;
    const { pages, whole } = pagedAddresses(thread);
    const all = verdicts(thread, [whole]);
    expect(verdicts(thread, pages)).toEqual(all);
    const cold = verdicts(thread, [pages[2]!]);
    // Osk's Speed with his sheet's +1, Mira's channeling with her failed draw's +1: verified, as claimed.
    expect(all.get(52)).toMatchObject({ trust: 'verified', successes: 2 });
    expect(all.get(55)).toMatchObject({ trust: 'verified', successes: 2 });
    expect(cold.get(52)).toMatchObject({ trust: 'mismatch', successes: 1 });
    expect(cold.get(55)).toMatchObject({ trust: 'mismatch', successes: 1 });
    // Osk's Islands from page 1's trade leave room for two: his claim of two holds only with page 1 read.
    expect(all.get(68)).toMatchObject({ trust: 'verified', successes: 3 });
    expect(cold.get(68)).toMatchObject({ trust: 'mismatch', successes: 3 });
    // Osk's Toughness, worn to 1 on page 1: three dice break the rule.
    expect(all.get(60)!.rules).toEqual(['pool.toughness']);
    expect(cold.get(60)!.rules).toEqual([]);
    // Every honest roll of the whole thread is verified; the one posted again is not.
    expect([...all].filter(([, v]) => v.trust !== 'verified').map(([n]) => n)).toEqual([65]);
    if (forum === 'rpol') {
      expect(all.get(65)).toMatchObject({ trust: 'mismatch', reasons: expect.stringMatching(/already appears in post #7/) });
      expect(cold.get(65)!.trust).toBe('verified');
    } else expect(cold.get(65)!.trust).toBe('typed');
  });
});

describe('the Parlor Magic game over three pages', () => {
  /** The game's posts as the page reader hands them to a game (its table text), reading `paths` in order. */
  function tablePosts(thread: Thread, paths: string[]): ThreadPost[] {
    const out: ThreadPost[] = [];
    for (const path of paths) {
      const { doc } = answer(thread, path);
      const clock = thread.forum === 'rpol' ? readPageClock(doc) : PHPBB.clock(doc);
      const scanner = new ThreadScanner((thread.forum === 'rpol' ? RPOL_READING : PHPBB.reading) as ForumReading<ForumPost, unknown>, clock);
      for (const el of Array.from(doc.querySelectorAll(thread.forum === 'rpol' ? 'div.message' : PHPBB.posts.selector))) {
        const post = (thread.forum === 'rpol' ? RPOL_READING : PHPBB.reading).readPost(
          el as never,
          clock,
          (thread.forum === 'rpol' ? RPOL_READING : PHPBB.reading).bodyOf(el)!,
        );
        const text = scanner.scanMessage(el)?.tableText;
        if (post && text !== undefined) out.push({ number: thread.forum === 'rpol' ? post.number : post.number % 100, author: post.author, text });
      }
    }
    return out;
  }

  it('the posts kept in paged-parlor.data.mjs are what lib/games/parlor makes from the seed', async () => {
    const made = makePagedParlor();
    if (process.env.UPDATE_FIXTURES === '1') writeFileSync(join(__dirname, '../fixtures/paged-parlor.data.mjs'), pagedParlorModule(made));
    expect(made).toEqual(PAGED_PARLOR_POSTS);
    expect(made).toHaveLength(75);
  });

  it.each(['rpol', 'phpbb'])('%s: read from its three pages, every post follows and both reveals check; page 3 alone knows no ruler', (forum) => {
    const thread = PAGED_THREADS.find((t) => t.forum === forum && t.game === 'parlor' && t.failure === 'none')!;
    const { pages, whole } = pagedAddresses(thread);
    const posts = tablePosts(thread, pages);
    expect(posts).toEqual(tablePosts(thread, [whole]));
    expect(posts.map((p) => p.number).slice(0, 2)).toEqual([2, 3]);
    const game = foldParlorThread(posts);
    expect(game.checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
    expect(Object.values(game.rulers).map((r) => [r.name, r.commitPost, r.revealedAt])).toEqual([
      ['Ada', 2, 74],
      ['Bram', 3, 75],
    ]);
    expect(game.result.unrevealed).toEqual([]);
    const cold = foldParlorThread(posts.filter((p) => p.number > 50));
    expect(cold.rulers).toEqual({});
    expect(cold.checks.filter((c) => c.verdict === 'rules').length).toBeGreaterThan(10);
  });
});
