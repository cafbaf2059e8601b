// Serves the bundled sample pages under each forum's own host and paths on 127.0.0.1, for the
// demo, the browser tests and the benchmarks: RPOL, Gamers' Plane, forum.mafiascum.net (phpBB),
// and three boards a user would add (board.example: phpBB; xf.example: XenForo; vb.example:
// vBulletin). Chromium reaches them through --host-resolver-rules, Firefox through a proxy.
// The real saved pages are served from ../shared when that folder exists (never copied here).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bigThread, characterPage, diceLog, duelThread, duelTurnThread, GI, hostileThread, oldLayoutThread } from '../tests/fixtures/spark-pages.mjs';
import { postHtml, rpolLoginPageHtml, rubbToHtml, threadPageHtml } from '../tests/fixtures/rpol-markup.mjs';
import { realBenchPage } from './bench-pages.mjs';
import { bigPhpbbThread, gamersPlaneThread, phpbbThread, vbulletinThread, xenforoThread } from '../tests/fixtures/board-pages.mjs';
import { BENCH_BOARDS, benchBoardPage } from '../tests/fixtures/board-bench.mjs';
import { rpolDuelPage } from '../tests/fixtures/paged-duel.mjs';
import { PAGED_THREADS, pagedAddresses, pagedAnswer } from '../tests/fixtures/paged-pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const REAL_DIR = resolve(here, '../../shared/fixtures/rpol-real');

const REAL = {
  '80170/17': 'thread-aside-urvan.html',
  '80170/16': 'thread-aside-rimbling.html',
  '80170/7': 'thread-ch1.html',
};

/**
 * Live threads: a reply posted through the page's form is added to the thread, as RPOL would
 * (rendered from its markup), so that a second browser profile reads what the first one posted.
 */
const LIVE = {
  50: {
    game: 'Zero’s Gauntlet',
    title: 'When Sparks Fly: Zara vs Quint',
    opening: 'The match starts: 120 Sparks each. Zara is A, Quint is B; Zara bids first.',
  },
  51: { game: 'Parlor Magic', title: 'Parlor Magic: Ada vs Bram', opening: 'Rulers, post your commitments first, then your words.' },
};
const CAST_LIVE = [
  { name: 'The DMO', ci: 520001, role: 'GM' },
  { name: 'Ada', ci: 520002 },
  { name: 'Bram', ci: 520003 },
];
const T_LIVE = Date.UTC(2026, 10, 20, 18, 0) / 1000;

function livePosts(store, ti) {
  if (!store.has(ti)) store.set(ti, [{ author: 'The DMO', ci: 520001, role: 'GM', body: rubbToHtml(LIVE[ti].opening), time: T_LIVE }]);
  return store.get(ti);
}

function liveThread(store, ti, viewer = 'The DMO') {
  const meta = LIVE[ti];
  const posts = livePosts(store, ti).map((p, i) =>
    postHtml({ gi: GI, ti, n: i + 1, author: p.author, ci: p.ci, role: p.role ?? 'player', postCount: i + 1, time: p.time, body: p.body }),
  );
  return threadPageHtml({ gi: GI, ti, game: meta.game, title: meta.title, viewer, now: T_LIVE + 86400, posts, characters: CAST_LIVE });
}

/** The benchmarks' followed threads: RPOL `ti` from the first to before the second. */
export const BENCH_FOLLOWED = [1000, 1050];

const PHPBB_HOSTS = new Set(['forum.mafiascum.net', 'board.example']);

/** A board's pages (any host but RPOL's): null when the host or the path is not one of ours. */
function boardPageFor(url) {
  const bench = benchBoardFor(url);
  if (bench !== null) return bench;
  const host = url.hostname;
  const t = url.searchParams.get('t');
  if (host === 'gamersplane.com' || host === 'www.gamersplane.com')
    return /^\/forums\/thread\/9001(?:\/|$)/.test(url.pathname)
      ? gamersPlaneThread().html
      : host === 'gamersplane.com' && url.pathname === '/'
        ? boardIndex(host)
        : null;
  if (PHPBB_HOSTS.has(host)) {
    if (url.pathname === '/viewtopic.php' && t === '5101') return phpbbThread().html;
    if (url.pathname === '/viewtopic.php' && t === '5199') return bigPhpbbThread(Math.min(Number(url.searchParams.get('posts') ?? 1000) || 1000, 10_000)).html;
  }
  if (host === 'xf.example' && /^\/threads\/[\w-]*\.?77\/?$/.test(url.pathname)) return xenforoThread().html;
  if (host === 'vb.example' && url.pathname === '/showthread.php' && (t === '640' || t === '641'))
    return vbulletinThread({ version: t === '640' ? 3 : 4, threadId: Number(t) }).html;
  if (url.pathname === '/' && BOARD_LINKS[host]) return boardIndex(host);
  if (host === OTHER_SITE) return otherSitePage();
  return null;
}

/** A site Spark Scribe does not read (where a tab goes next, in the drawer's attack tests). */
export const OTHER_SITE = 'elsewhere.example';
const otherSitePage = () =>
  '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Elsewhere</title><h1>Another site</h1><p>Spark Scribe does not read this site.</p>';

/** The benchmarks' long topic on each board (`posts=N`, at most 10,000): null when the address is not one. */
function benchBoardFor(url) {
  for (const [forum, b] of Object.entries(BENCH_BOARDS)) {
    if (forum === 'phpbb' || url.hostname !== b.host) continue; // phpBB's is the long topic t=5199 below
    const want = new URL(b.path(1), url);
    if (url.pathname !== want.pathname || [...want.searchParams.keys()].some((k) => k !== 'posts' && url.searchParams.get(k) !== want.searchParams.get(k)))
      continue;
    return benchBoardPage(forum, Math.min(Number(url.searchParams.get('posts') ?? 1000) || 1000, 10_000));
  }
  return null;
}

/** The paged threads' links on an index: each thread's last page (where a reader lands) and its whole form. */
const pagedLinks = (forum) =>
  PAGED_THREADS.filter((t) => t.forum === forum && t.failure === 'none').flatMap((t) => {
    const { pages, whole } = pagedAddresses(t);
    const name = t.game === 'duel' ? 'A Spark d10 duel' : 'A Parlor Magic game';
    return [
      [pages[pages.length - 1], `${name} over three pages (75 posts): the last page`],
      [whole, `${name}: the same 75 posts on one page`],
    ];
  });

const BOARD_LINKS = {
  'forum.mafiascum.net': [
    ['/viewtopic.php?t=5101', 'The Spark d10 on phpBB, Mafiascum’s dice box (10 posts)'],
    ['/viewtopic.php?t=5199', 'The long campaign on phpBB (1,000 posts)'],
    ...pagedLinks('phpbb'),
  ],
  'board.example': [['/viewtopic.php?t=5101', 'An added phpBB board (10 posts)']],
  'xf.example': [['/threads/the-duel.77/', 'An added XenForo board (7 posts)']],
  'vb.example': [
    ['/showthread.php?t=640', 'An added vBulletin 3 board (7 posts)'],
    ['/showthread.php?t=641', 'An added vBulletin 4 board (7 posts)'],
  ],
  'gamersplane.com': [['/forums/thread/9001/', 'The Spark d10 on Gamers’ Plane (11 posts)']],
};

function boardIndex(host) {
  const items = BOARD_LINKS[host].map(([href, text]) => `<li><a href="${href}">${text}</a></li>`).join('');
  return `<!doctype html><meta charset="utf-8"><title>${host}: sample pages</title><h1>${host}</h1><ul>${items}</ul>`;
}

/** Routes: host, path and query → page. */
function pageFor(url) {
  if (!HOSTS.slice(0, 4).includes(url.hostname)) return boardPageFor(url);
  const gi = url.searchParams.get('gi');
  const ti = url.searchParams.get('ti');
  if (url.pathname === '/display.cgi') {
    if (gi === String(GI)) {
      if (ti === '40') return url.searchParams.get('msgpage') === '2' ? duelThread().page2 : duelThread().html;
      if (ti === '41') return bigThread(Number(url.searchParams.get('posts') ?? 1000)).html;
      if (ti === '42') return hostileThread().html;
      if (ti === '43') return duelTurnThread().html;
      // The long campaign's first 250 posts shown 25 a page (the benchmarks' page 10 of 10, read cold).
      if (ti === '44') return bigThread(250, { page: Math.min(10, Math.max(1, Number(url.searchParams.get('msgpage')) || 10)) }).html;
      if (ti === '7') return oldLayoutThread().html;
      // The benchmarks' 50 followed threads (ti 1000-1049): the paged duel's pages, each its own thread.
      if (Number(ti) >= BENCH_FOLLOWED[0] && Number(ti) < BENCH_FOLLOWED[1])
        return rpolDuelPage(Number(ti), Math.min(3, Math.max(1, Number(url.searchParams.get('msgpage')) || 3)));
    }
    // The benchmarks' real-markup pages, made from the saved ones (server rolls, prose), to a size.
    if (gi === '80170' && (ti === '917' || ti === '907'))
      return realBenchPage(REAL_DIR, ti === '917' ? 'server' : 'prose', Math.min(Number(url.searchParams.get('posts') ?? 1000) || 1000, 10_000));
    const real = REAL[`${gi}/${ti}`];
    if (real && existsSync(resolve(REAL_DIR, real))) return readFileSync(resolve(REAL_DIR, real), 'utf8');
  }
  if (url.pathname === '/usermodules/diceroller.cgi' && gi === String(GI)) return diceLog().html;
  if (url.pathname === '/usermodules/profile.cgi' && gi === String(GI) && url.searchParams.get('ci')) return characterPage().html;
  if (url.pathname === '/') {
    return `<!doctype html><meta charset="utf-8"><title>Spark Scribe sample pages</title><h1>Sample pages</h1><ul>
<li><a href="/display.cgi?gi=${GI}&ti=40&show=all">Duel thread (25 posts)</a></li>
<li><a href="/display.cgi?gi=${GI}&ti=41&show=all">The long campaign (1,000 posts)</a></li>
<li><a href="/display.cgi?gi=${GI}&ti=43&show=all">A duel turn: Mira vs Osk (15 posts)</a></li>
<li><a href="/usermodules/diceroller.cgi?gi=${GI}">Die Roller log</a></li>
<li><a href="/usermodules/profile.cgi?gi=${GI}&ci=510002">Character page</a></li>
<li><a href="/display.cgi?gi=${GI}&ti=50&show=all">When Sparks Fly match (live: replies are added)</a></li>
<li><a href="/display.cgi?gi=${GI}&ti=51&show=all">Parlor Magic deal (live: replies are added)</a></li>
${pagedLinks('rpol')
  .map(([href, text]) => `<li><a href="${href}">${text}</a></li>`)
  .join('\n')}</ul>
<h2>Other forums</h2><ul>${Object.keys(BOARD_LINKS)
      .map((h) => `<li><a href="http://${h}/">${h}</a></li>`)
      .join('')}</ul>`;
  }
  return null;
}

/** The test-only address that answers how many requests each address had (GET), or forgets them (DELETE, or `?reset`). */
export const REQUESTS_PATH = '/__requests';

/** A paged thread's answer (issue 40) on the forum's own hosts: RPOL's for RPOL's threads, the phpBB boards' for the topics. */
function pagedFor(url) {
  const rpol = HOSTS.slice(0, 4).includes(url.hostname);
  if (rpol ? url.pathname !== '/display.cgi' : !PHPBB_HOSTS.has(url.hostname)) return null;
  return pagedAnswer(url);
}

/**
 * Test-only: a live thread's address with `fail=500`, `fail=429` (Retry-After: 120), `fail=login`
 * (RPOL's sign-in page) or `fail=empty` (a page with no posts and no login form) answers so, for the
 * Turns view's checks of followed threads (issue 41). Null for any other address.
 */
function failureFor(url) {
  const fail = url.searchParams.get('fail');
  if (!fail || url.pathname !== '/display.cgi' || !LIVE[Number(url.searchParams.get('ti'))]) return null;
  const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (fail === '500') return { status: 500, headers: html, body: '<!doctype html><title>500 Internal Server Error</title><h1>Internal Server Error</h1>' };
  if (fail === '429')
    return { status: 429, headers: { ...html, 'retry-after': '120' }, body: '<!doctype html><title>429 Too Many Requests</title><h1>Too Many Requests</h1>' };
  if (fail === 'login') return { status: 200, headers: html, body: rpolLoginPageHtml() };
  if (fail === 'empty')
    return { status: 200, headers: html, body: '<!doctype html><title>RPOL: maintenance</title><h1>Back soon</h1><p>The site is being updated.</p>' };
  return null;
}

/**
 * Start the server; resolves to { port, close(), requests(), resetRequests() }. `requests()`
 * counts every request the server had, by host, path and query (`rpol.net/display.cgi?gi=…`): a
 * browser test asserts each page was asked for at most once, and nothing off the page's origin.
 */
export function startPagesServer(port = 0) {
  const cache = new Map();
  const live = new Map();
  const requests = new Map();
  const server = createServer((req, res) => {
    // The Host header names the forum (a proxy sends the whole address instead).
    const url = new URL(req.url ?? '/', `http://${/^[\w.-]+$/.test(req.headers.host?.split(':')[0] ?? '') ? req.headers.host.split(':')[0] : 'rpol.net'}`);
    if (url.pathname === REQUESTS_PATH) {
      if (req.method === 'DELETE' || url.searchParams.has('reset')) requests.clear();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(Object.fromEntries(requests)));
      return;
    }
    const asked = `${url.hostname}${url.pathname}${url.search}`;
    requests.set(asked, (requests.get(asked) ?? 0) + 1);
    const paged = pagedFor(url);
    if (paged) {
      res.writeHead(paged.status, paged.headers);
      res.end(paged.body);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/message.cgi') {
      let body = '';
      req.on('data', (c) => {
        body += c;
        if (body.length > 300_000) req.destroy();
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const ti = Number(form.get('ti'));
        if (!LIVE[ti]) {
          res.writeHead(404);
          res.end('not a live thread');
          return;
        }
        const who = CAST_LIVE.find((c) => String(c.ci) === form.get('ci')) ?? { name: form.get('manualplayername') || 'The DMO', ci: 520001, role: 'GM' };
        const posts = livePosts(live, ti);
        posts.push({ author: who.name, ci: who.ci, role: who.role, body: rubbToHtml(form.get('messagetext') ?? ''), time: T_LIVE + posts.length * 600 });
        // Back to the page the reply came from (it names the viewer), as RPOL returns to the thread.
        const back = (() => {
          try {
            const r = new URL(req.headers.referer ?? '');
            return r.pathname === '/display.cgi' ? `${r.pathname}${r.search}` : null;
          } catch {
            return null;
          }
        })();
        res.writeHead(303, { location: back ?? `/display.cgi?gi=${GI}&ti=${ti}&show=all` });
        res.end();
      });
      return;
    }
    const failing = failureFor(url);
    if (failing) {
      res.writeHead(failing.status, failing.headers);
      res.end(failing.body);
      return;
    }
    if (url.pathname === '/display.cgi' && url.searchParams.get('gi') === String(GI) && LIVE[Number(url.searchParams.get('ti'))]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      const viewer = CAST_LIVE.find((c) => c.name === url.searchParams.get('viewer'))?.name;
      const body = liveThread(live, Number(url.searchParams.get('ti')), viewer);
      // `hold=N&token=T` here too: the page stops after N posts until released (a check caught in flight).
      const token = url.searchParams.get('token');
      if (Number(url.searchParams.get('hold')) > 0 && token) return void sendInParts(res, body, 1, 1, { after: Number(url.searchParams.get('hold')), token });
      res.end(body);
      return;
    }
    if (url.pathname === '/__release') {
      held.get(url.searchParams.get('token') ?? '')?.();
      res.writeHead(204);
      res.end();
      return;
    }
    // The benchmarks' `run` number only makes each load's address unique: one page for them all.
    const keyed = new URLSearchParams(url.search);
    keyed.delete('run');
    keyed.delete('trickle');
    keyed.delete('chunk');
    keyed.delete('hold');
    keyed.delete('token');
    keyed.delete('cuts');
    keyed.delete('seed');
    const key = `${url.hostname}${url.pathname}?${keyed}`;
    let html = cache.get(key);
    if (html === undefined) {
      html = pageFor(url);
      cache.set(key, html);
    }
    if (html === null) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not a sample page');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    // For the benchmarks: a mark where the page's own parsing starts (how long a document_start
    // script held the parser up shows as the time before it).
    const body = url.searchParams.has('run') ? html.replace(/<head[^>]*>/i, (h) => `${h}<script>performance.mark('page:head')</script>`) : html;
    // `trickle=ms` sends the page as a slow network would: `chunk` posts (default 10) at a time,
    // `ms` apart, so that the browser parses and paints it in parts before DOMContentLoaded.
    const trickle = Number(url.searchParams.get('trickle'));
    // `cuts=N&seed=S`: cut in N places anywhere, each pause up to `trickle` ms (the same page at another pace).
    const cuts = Number(url.searchParams.get('cuts'));
    if (trickle > 0 && cuts > 0) return void sendCutAnywhere(res, body, trickle, Math.min(cuts, 1000), Number(url.searchParams.get('seed')) || 1);
    // `hold=N&token=T`: the page stops after its first N posts until `/__release?token=T` (a test
    // looks at what was drawn while the page was still parsing, however loaded the machine is).
    const hold = Number(url.searchParams.get('hold')) > 0 ? { after: Number(url.searchParams.get('hold')), token: url.searchParams.get('token') ?? '' } : null;
    if (trickle > 0) return void sendInParts(res, body, trickle, Number(url.searchParams.get('chunk')) || 10, hold);
    res.end(body);
  });
  return new Promise((ok) =>
    server.listen(port, '127.0.0.1', () =>
      ok({
        port: server.address().port,
        close: () => new Promise((done) => server.close(() => done())),
        requests: () => Object.fromEntries(requests),
        resetRequests: () => requests.clear(),
      }),
    ),
  );
}

/** Where a post begins, on RPOL and on each board (phpBB, XenForo, vBulletin 3 and 4, Gamers' Plane). */
const POST_START = /<div class="message">|<div id="p\d+" class="post |<article class="message |<li class="postbitlegacy |<div id="edit\d+"|<div data-postid="/g;

/** Write `html` in parts of `chunk` posts each, `gap` ms apart (a page coming over a slow network). */
function sendInParts(res, html, gap, chunk, hold = null) {
  const cuts = [];
  let n = 0;
  POST_START.lastIndex = 0;
  for (let m = POST_START.exec(html); m; m = POST_START.exec(html)) if (n++ % chunk === 0) cuts.push(m.index);
  cuts.push(html.length);
  const parts = [html.slice(0, cuts[0])];
  for (let i = 0; i + 1 < cuts.length; i++) parts.push(html.slice(cuts[i], cuts[i + 1]));
  // `hold`: after the part that brings the `after`th post, wait for the test's release.
  const holdAt = hold ? Math.ceil(hold.after / chunk) + 1 : -1;
  writeParts(res, parts, (sent) => (sent === holdAt ? heldUntilReleased(hold.token) : gap));
}

/**
 * Write `html` cut at `count` places drawn from `seed` (anywhere: inside a tag, a post, a roll),
 * each part after a pause drawn from 0 to `gap` ms: the same page at another pace, cut elsewhere.
 */
function sendCutAnywhere(res, html, gap, count, seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  const cuts = [...new Set(Array.from({ length: count }, () => Math.floor(next() * html.length)))].sort((a, b) => a - b);
  const parts = [];
  let from = 0;
  for (const c of [...cuts, html.length]) {
    parts.push(html.slice(from, c));
    from = c;
  }
  writeParts(res, parts, () => Math.round(next() * gap));
}

function writeParts(res, parts, pause) {
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i >= parts.length) return void res.end();
    res.write(parts[i++]);
    const wait = pause(i);
    if (typeof wait === 'number') setTimeout(next, wait);
    else void wait.then(next);
  };
  next();
}

/** Pages held part-way (`hold`), by their `token`: each released by a request to `/__release?token=…`. */
const held = new Map();

/** Until `/__release?token=…` is asked (or 20 s pass, so a test that never asks still ends). */
function heldUntilReleased(token) {
  return new Promise((release) => {
    const timer = setTimeout(release, 20_000);
    held.set(token, () => {
      clearTimeout(timer);
      held.delete(token);
      release();
    });
  });
}

/** Every host the server answers for: RPOL's four first, then the boards'. */
export const HOSTS = [
  'rpol.net',
  'www.rpol.net',
  'new.rpol.net',
  'm.rpol.net',
  'gamersplane.com',
  'www.gamersplane.com',
  ...Object.keys(BOARD_LINKS).filter((h) => h !== 'gamersplane.com'),
  OTHER_SITE,
];

/** Chromium flags that load the built extension and send RPOL's hosts to our server. */
export function chromiumArgs(extensionDir, port) {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    `--host-resolver-rules=${HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(', ')}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ];
}
