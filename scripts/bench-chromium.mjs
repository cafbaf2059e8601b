#!/usr/bin/env node
// Chromium benchmarks (part of npm run bench): one table for every forum. One Chromium with the
// built extension and one without, on the same page server; every load is paired (the same page,
// once in each), and each figure is a ratio or a difference within the pair, reported as
// min / median / max.
//
// Pages: RPOL's (the project's sample thread; a page of real RPOL server-roll markup and a
// prose-only page, both made at bench time from ../shared/fixtures/rpol-real/; the sample as a
// slow network sends it) and one topic on each board (phpBB, XenForo 2, vBulletin 4, Gamers'
// Plane) made from the project's own board markup (tests/fixtures/board-bench.mjs), at 25 posts
// (what a board shows) and 1,000. XenForo and vBulletin are boards a user adds: the loads use the
// `--mode bench` build, in which the two sample boards are allowed at install, and add them to the
// settings; the sizes are the shipped build's.
//
// "RPOL sample, 60 threads kept" is the sample at 25 posts in the browser of a player who has read
// 60 long threads: 500 server rolls seen on each are kept (for "reused from post #N"), written
// both as this build keeps them and as earlier builds did, so one script compares any two builds.
//
// The floor: the same two pages (RPOL's sample and the phpBB topic, 25 posts) read by the shipped
// build with every first script replaced by one that only reads what a page needs (the same one
// storage read, the kept copy parsed) and marks the moments: what any first script pays before it
// can badge, and a second point far below the real scripts' sizes for the parse hold's line.
//
// "RPOL page 10 of a 10-page thread, read cold" (issue 40): the long campaign's first 250 posts,
// 25 a page, opened on its last page with nothing kept: after the page's first frame the extension
// asks for pages 1-9, reads and folds them, and reads the page again. Its own table says what that
// adds to the page (long tasks while the other pages are read); `--extension DIR` loads another
// build (today's, for a paired before and after of the same figures).
//
//   node scripts/bench-chromium.mjs [--loads N] [--sizes 25,1000] [--pages sample,server,prose,slow,kept,paged,phpbb,xenforo,vbulletin,gamersplane,floor] [--extension DIR]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_BOARDS } from '../tests/fixtures/board-bench.mjs';
import { findChromium } from './chromium.mjs';
import { chromiumArgs, REAL_DIR } from './pages-server.mjs';
import { FIRST_SCRIPT_CEILING, FIRST_SCRIPT_TARGET } from './script-budget.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const LOADS = Number(arg('loads', '7'));
const SIZES = arg('sizes', '25,1000').split(',').map(Number);
const real = existsSync(join(REAL_DIR, 'thread-aside-urvan.html'));
const BOARDS = Object.keys(BENCH_BOARDS);
const PAGES = arg('pages', [...(real ? ['sample', 'server', 'prose', 'slow'] : ['sample', 'slow']), 'kept', 'paged', ...BOARDS, 'floor'].join(',')).split(',');
/** Another build to load (its sizes are still this tree's): today's, for a before-and-after pair. */
const OTHER_BUILD = arg('extension', null);
/** The floor's pages, each the same page as another kind's. */
const FLOOR_OF = { floor: 'sample', 'floor-phpbb': 'phpbb' };
const baseOf = (kind) => FLOOR_OF[kind] ?? kind;
const RPOL_PATHS = {
  sample: (n) => `/display.cgi?gi=51829&ti=41&show=all&posts=${n}`,
  server: (n) => `/display.cgi?gi=80170&ti=917&posts=${n}`,
  prose: (n) => `/display.cgi?gi=80170&ti=907&posts=${n}`,
  // The sample as a slow network sends it: in 40 parts, 40 ms apart (the page parses and paints in parts).
  slow: (n) => `/display.cgi?gi=51829&ti=41&show=all&posts=${n}&trickle=40&chunk=${Math.max(1, Math.round(n / 40))}`,
  kept: (n) => `/display.cgi?gi=51829&ti=41&show=all&posts=${n}`,
  // Page 10 of the long campaign shown 25 a page (its size is always 25).
  paged: () => `/display.cgi?gi=51829&ti=44&msgpage=10`,
};
/**
 * The floor's first script: the real first read (the kept copy, its save stamp and the address's
 * thread's seen rolls), the copy parsed, and the moments marked once the page is parsed.
 */
const FLOOR_SCRIPT = `(() => {
  const here = new URL(location.href);
  const q = (k) => here.searchParams.get(k);
  const seen = 'seen:' + here.host.replace(/^(www|new|m)\\./, '') + '/' + (here.host.endsWith('rpol.net') ? q('gi') : '-') + '/' + (q('ti') ?? q('t') ?? '-');
  const read = chrome.storage.local.get(['pageStart', 'settingsSavedAt', seen]).then((all) => typeof all.pageStart === 'string' && JSON.parse(all.pageStart));
  const done = () => read.then(() => { for (const m of ['start', 'settings', 'first-screen', 'read', 'settled']) performance.mark('spark-scribe:' + m); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', done, { once: true });
  else done();
})();
`;
/** The pages whose figures are the sample's markup read under other conditions (their scans are the sample's own). */
const SAMPLE_AGAIN = ['slow', 'kept'];
const NAMES = {
  sample: 'RPOL sample thread',
  server: 'RPOL real server rolls',
  prose: 'RPOL real prose only',
  slow: 'RPOL sample, slow network',
  kept: 'RPOL sample, 60 threads kept',
  paged: 'RPOL page 10 of a 10-page thread, read cold',
  floor: 'RPOL sample thread, floor: a first script that only reads what a page needs',
  ...Object.fromEntries(BOARDS.map((b) => [b, BENCH_BOARDS[b].name])),
  'floor-phpbb': 'phpBB, floor: a first script that only reads what a page needs',
};
/** The forum whose script reads a page (the bench bundle's scan is that forum's). */
const forumOf = (kind) => (BOARDS.includes(baseOf(kind)) ? baseOf(kind) : 'rpol');
/** Each forum's first script (document_start), by the file WXT names after its entry. */
const FIRST_SCRIPT = { rpol: 'content.js', phpbb: 'phpbb.js', xenforo: 'xenforo.js', vbulletin: 'vbulletin.js', gamersplane: 'gamersplane.js' };
const pathOf = (kind, n) => {
  const base = baseOf(kind);
  return BOARDS.includes(base) ? `http://${BENCH_BOARDS[base].host}${BENCH_BOARDS[base].path(n)}` : RPOL_PATHS[base](n);
};

const sorted = (xs) => [...xs].filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
const stats = (xs) => {
  const s = sorted(xs);
  return s.length ? { min: s[0], median: s[Math.floor((s.length - 1) / 2)], max: s[s.length - 1] } : null;
};
const show = (st, digits = 1, unit = '') => (st ? `${st.min.toFixed(digits)} / **${st.median.toFixed(digits)}** / ${st.max.toFixed(digits)}${unit}` : '—');

// --- The content scripts' sizes (as shipped) ---
// Built here, so that the figures are the shipped build's (the browser tests' build has open shadow roots).
const startedAt = Date.now();
execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
const SCRIPTS_DIR = '.output/chrome-mv3/content-scripts';
const sizeOf = (file) => {
  const bytes = readFileSync(join(SCRIPTS_DIR, file));
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const SIZES_OF = Object.fromEntries(readdirSync(SCRIPTS_DIR).map((f) => [f, sizeOf(f)]));
const sizeLines = Object.entries(SIZES_OF).map(([f, x]) => {
  const first = Object.values(FIRST_SCRIPT).includes(f);
  const over = x.gzip > FIRST_SCRIPT_TARGET ? `, over; the test's ceiling ${FIRST_SCRIPT_CEILING}` : '';
  return `${f}: ${x.bytes} bytes, ${x.gzip} bytes gzip${first ? ` (at document_start; target ≤ ${FIRST_SCRIPT_TARGET} gzip${over})` : ' (on demand)'}`;
});
console.log(`\ncontent scripts:\n${sizeLines.join('\n')}`);
// The loads' build: the same scripts, with the XenForo and vBulletin sample boards allowed at install.
if (PAGES.some((k) => k === 'xenforo' || k === 'vbulletin')) execFileSync('npx', ['wxt', 'build', '--mode', 'bench'], { stdio: 'inherit' });

const found = findChromium();
if (!found.path) {
  console.log(`Chromium benchmarks skipped: ${found.message}`);
  process.exit(0);
}
const bundle = execFileSync('npx', ['esbuild', 'bench/page-scan-entry.ts', '--bundle', '--format=iife', '--minify', '--log-level=error'], { encoding: 'utf8' });

const { launchWithExtension } = await import('./browser.mjs');
let ext = await launchWithExtension({
  extensionDir: resolve(OTHER_BUILD ?? (PAGES.some((k) => k === 'xenforo' || k === 'vbulletin') ? '.output/chrome-mv3-bench' : '.output/chrome-mv3')),
});
/** RPOL's pages are paths on rpol.net; another forum's are whole addresses. */
const urlOf = (path) => (path.startsWith('http') ? path : ext.url(path));
// The boards a user adds (XenForo, vBulletin), added as Options would: the background then registers their scripts.
if (PAGES.some((k) => k === 'xenforo' || k === 'vbulletin')) {
  const version = Number(/SETTINGS_VERSION\s*=\s*(\d+)/.exec(readFileSync('lib/settings/schema.ts', 'utf8'))?.[1] ?? 1);
  const boards = [
    { origin: 'http://xf.example', forum: 'xenforo', name: 'XenForo sample' },
    { origin: 'http://vb.example', forum: 'vbulletin', name: 'vBulletin sample' },
  ];
  await ext.worker.evaluate(async (x) => chrome.storage.local.set({ settings: { version: x.version, boards: x.boards }, settingsSavedAt: Date.now() }), {
    version,
    boards,
  });
  for (let i = 0; ; i++) {
    const n = await ext.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).length);
    if (n >= 2) break;
    if (i > 100) throw new Error('the XenForo and vBulletin sample boards were not registered');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
const profile = mkdtempSync(join(tmpdir(), 'spark-scribe-none-'));
const none = await chromium.launchPersistentContext(profile, {
  executablePath: found.path,
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: chromiumArgs('', ext.port).filter((a) => !a.includes('extension')),
});

/** Put in every page before its own scripts: frames (start, and when each is done), long tasks. */
const PROBE = (withExtension) => {
  const b = { frames: [], long: [] };
  // Each forum's post class (RPOL's and XenForo's 'message').
  const postClass = { 'forum.mafiascum.net': 'post', 'vb.example': 'postcontainer', 'gamersplane.com': 'postBlock' }[location.hostname] ?? 'message';
  Object.defineProperty(window, '__bench', { value: b });
  const loop = (ts) => {
    // `start` is the frame's own time (it may be before the task that ran just before it);
    // `ran` is when its callbacks ran: what was in the DOM then is what the frame shows.
    // `posts`: how many posts the page holds in that frame (while it parses, the screen fills).
    const rec = { start: ts, ran: performance.now(), done: null, posts: document.getElementsByClassName(postClass).length };
    b.frames.push(rec);
    // A message posted in a frame's callbacks is handled once that frame is rendered.
    const ch = new MessageChannel();
    ch.port1.onmessage = () => (rec.done = performance.now());
    ch.port2.postMessage(0);
    // Asking for every frame keeps the page rendering, which caps each idle period at one frame's
    // leftover: stop 10 frames after DOMContentLoaded and (with the extension) the screen's badges,
    // so that the idle time our slices get is what a page at rest gives.
    const dcl = performance.getEntriesByType('navigation')[0]?.domContentLoadedEventStart || 0;
    const ours = performance.getEntriesByName('spark-scribe:first-screen')[0];
    const waiting = !dcl || (withExtension && !ours);
    const after = Math.max(dcl, ours?.startTime ?? 0);
    if (b.frames.length < 2000 && (waiting || b.frames.filter((f) => f.ran > after).length < 10)) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) b.long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long-task timing */
  }
};
await ext.context.addInitScript(PROBE, true);
await none.addInitScript(PROBE, false);

let run = 0;
/** Load `path` in one browser; what the page and its frames show once it has settled (`thread`: and its thread's other pages are read). */
async function load(context, path, withExtension, thread = false) {
  const page = await context.newPage();
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  let unsettled = false;
  if (withExtension)
    await page
      .waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000, polling: 50 })
      // A load that never settles is reported and its pair left out of the figures, not the end of the run.
      .catch(() => {
        unsettled = true;
        console.log(`!! ${path}: not settled within 120 s (its pair is left out)`);
      });
  // The thread's other pages read and folded (a build without that reading: none, within 5 s).
  if (withExtension && thread)
    await page
      .waitForFunction(() => performance.getEntriesByName('spark-scribe:thread').length > 0, undefined, { timeout: 5_000, polling: 50 })
      .catch(() => {});
  // Let the frames after the last of our work (or after load, without us) be drawn.
  await page.waitForTimeout(400);
  const r = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const mark = (n) => performance.getEntriesByName(n).pop()?.startTime ?? null;
    const b = window.__bench;
    return {
      dcl: nav.domContentLoadedEventStart,
      responseStart: nav.responseStart,
      head: mark('page:head'),
      start: mark('spark-scribe:start'),
      firstScreen: mark('spark-scribe:first-screen'),
      read: mark('spark-scribe:read'),
      settled: mark('spark-scribe:settled'),
      thread: mark('spark-scribe:thread'),
      frames: b.frames.filter((f) => f.done !== null),
      long: b.long,
      badges: document.querySelectorAll('[data-spark-scribe=roll]').length,
    };
  });
  await page.close();
  return { ...r, unsettled };
}
/** When the first frame whose rendering began after `t` (so it shows what was in the DOM at `t`) was done. */
const frameDoneAfter = (frames, t) => frames.find((f) => f.ran >= t)?.done ?? null;
/**
 * When the first frame showing the screen's posts (the first twelve, whole: a thirteenth has begun,
 * or the page is parsed) was done; with the extension, the first that shows them with their badges.
 */
const screenFrameDone = (r, withExtension) =>
  r.frames.find((f) => (f.posts > 12 || f.ran >= r.dcl) && (!withExtension || (r.firstScreen !== null && f.ran >= r.firstScreen)))?.done ?? null;
/**
 * The load's long tasks while the thread's other pages are read: from the first frame after the
 * page's own posts are read (the reading of the others starts after it) to the thread folded.
 */
const whileReading = (r) => {
  const from = frameDoneAfter(r.frames, r.read) ?? r.read;
  return r.long.filter(([start, d]) => start + d > from && start <= r.thread);
};
/** The kept pages and seen rolls of thread `key`, removed: its next load reads its other pages cold. */
const forgetThread = (key) => ext.worker.evaluate((k) => chrome.storage.local.remove([`pages:${k}`, `seen:${k}`, 'pagesThreads']), key);
const maxLong = (long, from = 0) => long.filter(([s, d]) => s + d >= from).reduce((m, [, d]) => Math.max(m, d), 0);

/** The scan in a fresh page, first call, next to a warm innerText; and its allocation, in another. */
async function scanFirstCall(path, forum) {
  const page = await ext.context.newPage();
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000 }).catch(() => {});
  await page.addScriptTag({ content: bundle });
  const r = await page.evaluate((f) => window.sparkScribeBench(f), forum);
  await page.close();
  return r;
}
async function allocation(path, forum) {
  const page = await ext.context.newPage();
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000 }).catch(() => {});
  await page.addScriptTag({ content: bundle });
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const rolls = await page.evaluate((f) => window.sparkScribeScan(f), forum);
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  let bytes = 0;
  const walk = (n) => {
    bytes += n.selfSize;
    for (const c of n.children) walk(c);
  };
  walk(profile.head);
  await page.close();
  return { bytes, rolls };
}

/**
 * One load traced (Chrome's own timeline), with the extension or without: how long the content
 * script held the parser at document_start (its evaluation), the longest piece of the extension's
 * own work in one task (a reading slice), and when the page's first paint after
 * DOMContentLoaded was done.
 */
async function traced(path, context = ext.context, withExtension = true) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'toplevel'] } });
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  if (withExtension)
    await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000 }).catch(() => {});
  await page.waitForTimeout(300);
  await cdp.send('Tracing.end');
  await done;
  await page.close();
  const ours = (e) =>
    e.dur && (e.name === 'EvaluateScript' || e.name === 'FunctionCall') && /^chrome-extension:\/\/[^/]+\/content-scripts\//.test(e.args?.data?.url ?? '');
  const mine = events.filter(ours);
  // The content script's evaluation at document_start (the first of its scripts' evaluations).
  const early = mine.filter((e) => e.name === 'EvaluateScript').slice(0, 1);
  // The page's first paint after DOMContentLoaded, on its own main thread (what the renderer did, not when a probe heard of it).
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && /display\.cgi|viewtopic\.php|showthread\.php|\/threads\/|\/forums\/thread\//.test(e.args?.beginData?.url ?? ''),
  );
  const dcl = parse && events.find((e) => e.name === 'MarkDOMContent' && e.pid === parse.pid && e.tid === parse.tid);
  const paint = dcl && events.filter((e) => e.name === 'Paint' && e.pid === dcl.pid && e.tid === dcl.tid && e.ts > dcl.ts).sort((a, b) => a.ts - b.ts)[0];
  // Our own work inside the page's long tasks (50 ms or more): how much of a long task is ours.
  // (The longest task with us less the longest without, in a pair, is mostly the page's own
  // 300-600 ms parse-and-layout tasks varying from load to load.)
  const tasks = parse
    ? events.filter(
        (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.pid === parse.pid && e.tid === parse.tid && e.dur >= 50_000,
      )
    : [];
  const inLong = tasks.reduce(
    (m, t) =>
      Math.max(
        m,
        mine.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur).reduce((a, e) => a + e.dur, 0),
      ),
    0,
  );
  return {
    blocked: early.reduce((a, e) => a + e.dur, 0) / 1000,
    longest: mine.reduce((m, e) => Math.max(m, e.dur), 0) / 1000,
    inLong: inLong / 1000,
    paint: paint ? (paint.ts + paint.dur - dcl.ts) / 1000 : null,
  };
}

const results = [];
/**
 * A player's kept seen rolls (60 threads of 500) put in the extension's storage, or taken out:
 * as one key per thread (this build) and as one object of every thread's (earlier builds).
 */
async function keepManyThreads(on) {
  await ext.worker.evaluate(async (on) => {
    const threads = Array.from({ length: 60 }, (_, i) => `rpol.net/${70000 + i}/${i + 1}`);
    if (!on) return chrome.storage.local.remove(['seenRolls', 'seenThreads', ...threads.map((t) => `seen:${t}`)]);
    const old = {};
    const perThread = {};
    const index = {};
    threads.forEach((thread, i) => {
      const tips = Array.from({ length: 500 }, (_, j) => [`${(i * 500 + j).toString(36)}x${'k'.repeat(8)}`.slice(0, 11), j + 1]);
      old[thread] = { tips, at: 1_000_000 + i };
      perThread[`seen:${thread}`] = JSON.stringify(tips);
      index[thread] = 1_000_000 + i;
    });
    await chrome.storage.local.set({ seenRolls: old, seenThreads: index, ...perThread });
  }, on);
}

/** One row: `kind`'s page at `size` posts, paired loads, then its scans and traces. */
async function measure(kind, size) {
  {
    if (kind === 'kept') await keepManyThreads(true);
    const path = pathOf(kind, size);
    const paged = kind === 'paged';
    const loads = size >= 4000 ? Math.max(3, Math.ceil(LOADS / 2)) : LOADS;
    const pairs = [];
    for (let i = 0; i < loads; i++) {
      // Alternate which browser goes first, so neither always has the warmer machine.
      let withExt;
      let without;
      // Read cold: nothing kept of the thread's pages (nor its seen rolls) from the load before.
      if (paged) await forgetThread('rpol.net/51829/44');
      if (i % 2) {
        without = await load(none, path, false);
        withExt = await load(ext.context, path, true, paged);
      } else {
        withExt = await load(ext.context, path, true, paged);
        without = await load(none, path, false);
      }
      if (!withExt.unsettled) pairs.push({ withExt, without });
    }
    const scans = [];
    if (kind === 'kept') await keepManyThreads(false);
    // The slow and kept pages are the sample's markup: its scan, allocation and traces are the sample's own (one scan for its roll count).
    // The floor's scans are its page's; its traces are its own (the parse hold of a script that reads and nothing else).
    const own = !SAMPLE_AGAIN.includes(kind) && !(kind in FLOOR_OF);
    for (let i = 0; i < (own ? Math.min(loads, 5) : 1); i++) scans.push(await scanFirstCall(path, forumOf(kind)));
    const alloc = kind === 'prose' || !own ? null : await allocation(path, forumOf(kind));
    const traces = [];
    const baseTraces = [];
    for (let i = 0; i < (own || kind in FLOOR_OF ? Math.min(loads, 5) : 0); i++) {
      traces.push(await traced(path));
      baseTraces.push(await traced(path, none, false));
    }
    const row = {
      kind,
      size,
      loads,
      badges: pairs[0]?.withExt.badges ?? '—',
      rolls: scans[0]?.rolls ?? '—',
      // The first frame showing the screen's posts with their badges, against the first showing those posts without us (from the response's start).
      screenShown: stats(pairs.map(({ withExt: e, without: n }) => screenFrameDone(e, true) - e.responseStart - (screenFrameDone(n, false) - n.responseStart))),
      screenShownAbs: {
        with: stats(pairs.map(({ withExt: e }) => screenFrameDone(e, true) - e.responseStart)),
        without: stats(pairs.map(({ without: n }) => screenFrameDone(n, false) - n.responseStart)),
      },
      // How much later the page's DOMContentLoaded comes with us (the parse shares the main thread with our reading), from the response's start.
      dclLater: stats(pairs.map(({ withExt: e, without: n }) => e.dcl - e.responseStart - (n.dcl - n.responseStart))),
      // The first frame with the posts on screen annotated, against the first frame after DOMContentLoaded without us.
      firstFrame: stats(pairs.map(({ withExt: e, without: n }) => frameDoneAfter(e.frames, e.firstScreen) - e.dcl - (frameDoneAfter(n.frames, n.dcl) - n.dcl))),
      firstFrameAbs: stats(pairs.map(({ withExt: e }) => frameDoneAfter(e.frames, e.firstScreen) - e.dcl)),
      baseFrame: stats(pairs.map(({ without: n }) => frameDoneAfter(n.frames, n.dcl) - n.dcl)),
      // The same frame from the response's first byte: what the content script costs the parse is in it.
      firstFrameNav: stats(
        pairs.map(
          ({ withExt: e, without: n }) => frameDoneAfter(e.frames, e.firstScreen) - e.responseStart - (frameDoneAfter(n.frames, n.dcl) - n.responseStart),
        ),
      ),
      // Our own reading at DOMContentLoaded, up to the screen's badges (the marks).
      dclWork: stats(pairs.map(({ withExt: e }) => (e.firstScreen !== null && e.start !== null ? e.firstScreen - e.start : null))),
      // The longest long task of the whole load (the page is now read while it parses), with us, beyond the longest without us.
      longAdded: stats(pairs.map(({ withExt: e, without: n }) => Math.max(0, maxLong(e.long) - maxLong(n.long)))),
      longWith: stats(pairs.map(({ withExt: e }) => maxLong(e.long))),
      longWithout: stats(pairs.map(({ without: n }) => maxLong(n.long))),
      read: stats(pairs.map(({ withExt: e }) => e.read - e.dcl)),
      settled: stats(pairs.map(({ withExt: e }) => e.settled - e.dcl)),
      // The parser held at document_start: how much later the page's own first script ran (paired; noisy here).
      blockedPaired: stats(pairs.map(({ withExt: e, without: n }) => e.head - e.responseStart - (n.head - n.responseStart))),
      // … and as Chrome's timeline has it: the document_start script's evaluation.
      blocked: stats(traces.map((x) => x.blocked)),
      // Paired: the first paint after DOMContentLoaded with the extension, less the same without.
      tracedPaint: stats(traces.map((x, i) => (x.paint !== null && baseTraces[i].paint !== null ? x.paint - baseTraces[i].paint : null))),
      tracedPaintAbs: { with: stats(traces.map((x) => x.paint)), without: stats(baseTraces.map((x) => x.paint)) },
      longestOurs: stats(traces.map((x) => x.longest)),
      oursInLong: stats(traces.map((x) => x.inLong)),
      scanRatio: stats(scans.map((s) => s.scanMs / s.innerTextMs)),
      scanMs: stats(scans.map((s) => s.scanMs)),
      innerTextMs: stats(scans.map((s) => s.innerTextMs)),
      allocPerRoll: alloc?.rolls ? alloc.bytes / alloc.rolls : null,
      // While the thread's other pages are read (from the frame after the page's own reading to the thread folded): the page's long tasks over 50 ms, and the longest.
      threadRead: stats(pairs.map(({ withExt: e }) => (e.thread !== null && e.firstScreen !== null ? e.thread - e.firstScreen : null))),
      threadLongs: stats(pairs.map(({ withExt: e }) => (e.thread === null ? null : whileReading(e).filter(([, d]) => d > 50).length))),
      threadLongest: stats(pairs.map(({ withExt: e }) => (e.thread === null ? null : whileReading(e).reduce((m, [, d]) => Math.max(m, d), 0)))),
    };
    results.push(row);
    console.log(
      `${NAMES[kind]}, ${size} posts (${loads} paired loads, ${row.rolls} rolls, ${row.badges} badges): first frame +${row.firstFrame?.median.toFixed(1)} ms, longest added task ${row.longAdded?.median.toFixed(1)} ms, read DCL+${row.read?.median.toFixed(1)} ms, scan ${row.scanRatio?.median.toFixed(2)}× innerText, blocked ${row.blocked?.median.toFixed(1)} ms, ${row.allocPerRoll === null ? '—' : `${(row.allocPerRoll / 1024).toFixed(2)} KiB/roll`}`,
    );
  }
}

for (const kind of PAGES.filter((k) => k !== 'floor')) {
  // A player's kept data changes the first frame, not the reading of a long page: 25 posts only (a thread's page: 25 posts).
  for (const size of SIZES) if ((kind !== 'kept' && kind !== 'paged') || size === 25) await measure(kind, size);
}

/** What the floor's first script weighs (gzip), as each forum's first script. */
let FLOOR_SIZE = null;
if (PAGES.includes('floor')) {
  const dir = mkdtempSync(join(tmpdir(), 'spark-scribe-floor-'));
  cpSync(resolve('.output/chrome-mv3'), dir, { recursive: true });
  for (const file of Object.values(FIRST_SCRIPT)) writeFileSync(join(dir, 'content-scripts', file), FLOOR_SCRIPT);
  FLOOR_SIZE = { bytes: Buffer.byteLength(FLOOR_SCRIPT), gzip: gzipSync(FLOOR_SCRIPT, { level: 9 }).length };
  // The same page server (the browser without us is pointed at it), another profile.
  const shipped = ext;
  ext = await launchWithExtension({ extensionDir: dir, server: shipped.server });
  await shipped.context.close();
  await ext.context.addInitScript(PROBE, true);
  for (const kind of Object.keys(FLOOR_OF)) await measure(kind, 25);
  rmSync(dir, { recursive: true, force: true });
  const closeFloor = ext.close;
  ext.close = async () => {
    await closeFloor();
    await shipped.close();
  };
}

// The 200-die distribution: its first call in a fresh page, and warm.
const dist = [];
for (let i = 0; i < 5; i++) {
  const page = await ext.context.newPage();
  await page.goto('about:blank');
  await page.addScriptTag({ content: bundle });
  dist.push(await page.evaluate(() => window.sparkScribeDistribution()));
  await page.close();
}

await none.close();
rmSync(profile, { recursive: true, force: true });
await ext.close();

// --- The table: one row per page and size, the issue's figures first ---
const firstScriptOf = (kind) => (kind in FLOOR_OF ? FLOOR_SIZE : SIZES_OF[FIRST_SCRIPT[forumOf(kind)]]);
const columns = [
  ['first frame with the screen’s badges, after the same page’s first frame without us (ms)', (r) => show(r.screenShown)],
  ['longest long task the extension adds (ms)', (r) => show(r.longAdded)],
  ['our own work inside one of the page’s long tasks, at most (ms)', (r) => show(r.oursInLong)],
  ['whole page read, DCL + (ms)', (r) => show(r.read)],
  ['every badge in, DCL + (ms)', (r) => show(r.settled)],
  ['parser held at document_start (ms)', (r) => show(r.blocked, 2)],
  ['first script, gzip (B)', (r) => String(firstScriptOf(r.kind)?.gzip ?? '—')],
  [
    'parse hold per gzip kB of first script (ms/kB, median)',
    (r) => (r.blocked && firstScriptOf(r.kind) ? (r.blocked.median / (firstScriptOf(r.kind).gzip / 1000)).toFixed(3) : '—'),
  ],
  ['full scan ÷ warm innerText, first call', (r) => show(r.scanRatio, 2, '×')],
  ['allocation per roll (B)', (r) => (r.allocPerRoll === null ? '—' : r.allocPerRoll.toFixed(0))],
  ['rolls / badges', (r) => `${r.rolls} / ${r.badges}`],
];
console.log(`\nEach cell: min / **median** / max over ${LOADS} paired loads (the traced figures over ${Math.min(LOADS, 5)}).\n`);
console.log(`| page, posts | ${columns.map(([label]) => label).join(' | ')} |`);
console.log(`|---|${columns.map(() => '---').join('|')}|`);
for (const r of results) console.log(`| ${NAMES[r.kind]}, ${r.size} | ${columns.map(([, f]) => f(r)).join(' | ')} |`);
// What each kB of first script costs in parse hold: a least-squares line through the pages' medians
// (the hold's fixed part, the isolated world's set-up, is the intercept).
const points = results.filter((r) => r.blocked && firstScriptOf(r.kind)).map((r) => [firstScriptOf(r.kind).gzip / 1000, r.blocked.median]);
if (new Set(points.map(([x]) => x)).size > 1) {
  const mx = points.reduce((a, [x]) => a + x, 0) / points.length;
  const my = points.reduce((a, [, y]) => a + y, 0) / points.length;
  const slope = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  console.log(
    `\nparse hold ≈ ${(my - slope * mx).toFixed(2)} ms + ${slope.toFixed(3)} ms per gzip kB of first script (least squares over ${points.length} pages' medians, first scripts ${Math.min(...points.map(([x]) => x)).toFixed(1)}–${Math.max(...points.map(([x]) => x)).toFixed(1)} kB)`,
  );
}
const pagedRows = results.filter((r) => r.kind === 'paged');
if (pagedRows.length) {
  console.log(`\nA later page read cold${OTHER_BUILD ? ` (build: ${OTHER_BUILD})` : ''}:\n`);
  console.log(
    '| page | first frame with the screen’s badges, after the same page’s first frame without us (ms) | longest long task the extension adds (ms) | whole page read, DCL + (ms) | the other pages read and folded, after the screen’s badges (ms) | long tasks over 50 ms from the frame after the page’s own reading to the thread folded | the longest of them (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of pagedRows)
    console.log(
      `| ${NAMES[r.kind]} | ${show(r.screenShown)} | ${show(r.longAdded)} | ${show(r.read)} | ${show(r.threadRead)} | ${show(r.threadLongs, 0)} | ${show(r.threadLongest)} |`,
    );
}
const d = stats(dist.map((x) => x.first));
console.log(
  `\n200-die exact distribution: first call ${show(d, 2, ' ms')}; warm ${stats(dist.map((x) => x.warm)).median.toFixed(3)} ms (target ≤ 1 ms first call)`,
);
console.log(`content scripts:\n${sizeLines.join('\n')}`);
console.log(`\nbench-chromium took ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`);
