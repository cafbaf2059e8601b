#!/usr/bin/env node
// Chromium benchmarks (part of npm run bench), issue 11's figures. One Chromium with the built
// extension and one without, on the same page server; every load is paired (the same page, once in
// each), and each figure is a ratio or a difference within the pair, reported as min / median / max.
//
// Pages: the project's sample thread; a page of real RPOL server-roll markup and a prose-only
// page, both made at bench time from ../shared/fixtures/rpol-real/; a phpBB topic of our own
// (forum.mafiascum.net's markup, its dice box every tenth post), read by the phpBB script, which
// starts once the page is parsed; at 250, 1,000 and 4,000 posts.
//
//   node scripts/bench-chromium.mjs [--loads N] [--sizes 250,1000,4000] [--pages sample,server,prose,slow,phpbb]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';
import { chromiumArgs, REAL_DIR } from './pages-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const LOADS = Number(arg('loads', '7'));
const SIZES = arg('sizes', '250,1000,4000').split(',').map(Number);
const real = existsSync(join(REAL_DIR, 'thread-aside-urvan.html'));
const PAGES = arg('pages', real ? 'sample,server,prose,slow,phpbb' : 'sample,slow,phpbb').split(',');
const PATHS = {
  sample: (n) => `/display.cgi?gi=51829&ti=41&show=all&posts=${n}`,
  server: (n) => `/display.cgi?gi=80170&ti=917&posts=${n}`,
  prose: (n) => `/display.cgi?gi=80170&ti=907&posts=${n}`,
  // The sample as a slow network sends it: in 40 parts, 40 ms apart (the page parses and paints in parts).
  slow: (n) => `/display.cgi?gi=51829&ti=41&show=all&posts=${n}&trickle=40&chunk=${Math.max(1, Math.round(n / 40))}`,
  phpbb: (n) => `http://forum.mafiascum.net/viewtopic.php?t=5199&posts=${n}`,
};
const NAMES = { sample: 'sample thread', server: 'real server rolls', prose: 'real prose only', slow: 'sample, slow network', phpbb: 'phpBB topic' };
/** RPOL's pages are paths on rpol.net; another forum's are whole addresses. */
const urlOf = (path) => (path.startsWith('http') ? path : ext.url(path));
/** The pages RPOL's scanner reads (the bench bundle's scan is RPOL's): not the slow copy, not another forum's. */
const rpolScan = (kind) => kind !== 'slow' && kind !== 'phpbb';

const sorted = (xs) => [...xs].filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
const stats = (xs) => {
  const s = sorted(xs);
  return s.length ? { min: s[0], median: s[Math.floor((s.length - 1) / 2)], max: s[s.length - 1] } : null;
};
const show = (st, digits = 1, unit = '') => (st ? `${st.min.toFixed(digits)} / **${st.median.toFixed(digits)}** / ${st.max.toFixed(digits)}${unit}` : '—');

// --- The content script's size (as shipped) ---
// Built here, so that the figures are the shipped build's (the browser tests' build has open shadow roots).
execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
const content = readFileSync('.output/chrome-mv3/content-scripts/content.js');
const gz = gzipSync(content, { level: 9 }).length;
const sizes = `${content.length} bytes, ${gz} bytes gzip`;
console.log(`\ncontent scripts: ${sizes} (target ≤ 20,000 gzip)`);

const found = findChromium();
if (!found.path) {
  console.log(`Chromium benchmarks skipped: ${found.message}`);
  process.exit(0);
}
const bundle = execFileSync('npx', ['esbuild', 'bench/page-scan-entry.ts', '--bundle', '--format=iife', '--minify', '--log-level=error'], { encoding: 'utf8' });

const { launchWithExtension } = await import('./browser.mjs');
const ext = await launchWithExtension();
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
  Object.defineProperty(window, '__bench', { value: b });
  const loop = (ts) => {
    // `start` is the frame's own time (it may be before the task that ran just before it);
    // `ran` is when its callbacks ran: what was in the DOM then is what the frame shows.
    // `posts`: how many posts the page holds in that frame (while it parses, the screen fills).
    const rec = { start: ts, ran: performance.now(), done: null, posts: document.getElementsByClassName('message').length };
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
/** Load `path` in one browser; what the page and its frames show once it has settled. */
async function load(context, path, withExtension) {
  const page = await context.newPage();
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  if (withExtension)
    await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000, polling: 50 });
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
      frames: b.frames.filter((f) => f.done !== null),
      long: b.long,
      badges: document.querySelectorAll('[data-spark-scribe=roll]').length,
    };
  });
  await page.close();
  return r;
}
/** When the first frame whose rendering began after `t` (so it shows what was in the DOM at `t`) was done. */
const frameDoneAfter = (frames, t) => frames.find((f) => f.ran >= t)?.done ?? null;
/**
 * When the first frame showing the screen's posts (the first twelve, whole: a thirteenth has begun,
 * or the page is parsed) was done; with the extension, the first that shows them with their badges.
 */
const screenFrameDone = (r, withExtension) =>
  r.frames.find((f) => (f.posts > 12 || f.ran >= r.dcl) && (!withExtension || (r.firstScreen !== null && f.ran >= r.firstScreen)))?.done ?? null;
const maxLong = (long, from = 0) => long.filter(([s, d]) => s + d >= from).reduce((m, [, d]) => Math.max(m, d), 0);

/** The scan in a fresh page, first call, next to a warm innerText; and its allocation, in another. */
async function scanFirstCall(path) {
  const page = await ext.context.newPage();
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000 });
  await page.addScriptTag({ content: bundle });
  const r = await page.evaluate(() => window.sparkScribeBench());
  await page.close();
  return r;
}
async function allocation(path) {
  const page = await ext.context.newPage();
  await page.goto(urlOf(`${path}&run=${++run}`), { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000 });
  await page.addScriptTag({ content: bundle });
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const rolls = await page.evaluate(() => window.sparkScribeScan());
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
  if (withExtension) await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 120_000 });
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
  const parse = events.find((e) => e.name === 'ParseHTML' && /display\.cgi|viewtopic\.php/.test(e.args?.beginData?.url ?? ''));
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
for (const kind of PAGES) {
  for (const size of SIZES) {
    const path = PATHS[kind](size);
    const loads = size >= 4000 ? Math.max(3, Math.ceil(LOADS / 2)) : LOADS;
    const pairs = [];
    for (let i = 0; i < loads; i++) {
      // Alternate which browser goes first, so neither always has the warmer machine.
      let withExt;
      let without;
      if (i % 2) {
        without = await load(none, path, false);
        withExt = await load(ext.context, path, true);
      } else {
        withExt = await load(ext.context, path, true);
        without = await load(none, path, false);
      }
      pairs.push({ withExt, without });
    }
    const scans = [];
    // The slow page is the sample's markup: its scan, allocation and traces are the sample's own (one scan for its roll count).
    const own = kind !== 'slow';
    if (rpolScan(kind) || kind === 'slow') for (let i = 0; i < (own ? Math.min(loads, 5) : 1); i++) scans.push(await scanFirstCall(path));
    const alloc = kind === 'prose' || !rpolScan(kind) ? null : await allocation(path);
    const traces = [];
    const baseTraces = [];
    for (let i = 0; i < (own ? Math.min(loads, 5) : 0); i++) {
      traces.push(await traced(path));
      baseTraces.push(await traced(path, none, false));
    }
    const row = {
      kind,
      size,
      loads,
      badges: pairs[0].withExt.badges,
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
    };
    results.push(row);
    console.log(
      `${NAMES[kind]}, ${size} posts (${loads} paired loads, ${row.rolls} rolls, ${row.badges} badges): first frame +${row.firstFrame?.median.toFixed(1)} ms, longest added task ${row.longAdded?.median.toFixed(1)} ms, read DCL+${row.read?.median.toFixed(1)} ms, scan ${row.scanRatio?.median.toFixed(2)}× innerText, blocked ${row.blocked?.median.toFixed(1)} ms, ${row.allocPerRoll === null ? '—' : `${(row.allocPerRoll / 1024).toFixed(2)} KiB/roll`}`,
    );
  }
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

// --- The table ---
const rows = [
  ['first frame showing the screen’s posts with their badges, from the response’s start (with − without), ms', (r) => show(r.screenShown)],
  [
    '  … with / without (medians), ms from the response’s start',
    (r) =>
      r.screenShownAbs.with && r.screenShownAbs.without ? `${r.screenShownAbs.with.median.toFixed(0)} / ${r.screenShownAbs.without.median.toFixed(0)}` : '—',
  ],
  ['first frame with the screen’s badges, DCL + (with − without), ms', (r) => show(r.firstFrame)],
  ['  … with the extension, DCL + ms', (r) => show(r.firstFrameAbs)],
  ['  … without, DCL + ms', (r) => show(r.baseFrame)],
  ['  … the same, from the response’s start (with − without), ms', (r) => show(r.firstFrameNav)],
  ['  … the first paint after DOMContentLoaded (Chrome’s timeline), with − without, ms', (r) => show(r.tracedPaint)],
  [
    '  … the same, with / without (medians), DCL + ms',
    (r) =>
      r.tracedPaintAbs.with && r.tracedPaintAbs.without ? `${r.tracedPaintAbs.with.median.toFixed(1)} / ${r.tracedPaintAbs.without.median.toFixed(1)}` : '—',
  ],
  ['  … our reading from its start (the first post parsed, or DOMContentLoaded) to the screen’s badges, ms', (r) => show(r.dclWork)],
  ['longest long task the extension adds (the whole load), ms', (r) => show(r.longAdded)],
  ['  … longest long task, with / without (medians), ms', (r) => `${r.longWith?.median.toFixed(0)} / ${r.longWithout?.median.toFixed(0)}`],
  ['whole thread read, DCL + ms', (r) => show(r.read)],
  ['  … DOMContentLoaded itself, with − without (from the response’s start), ms', (r) => show(r.dclLater)],
  ['every badge in, DCL + ms', (r) => show(r.settled)],
  ['full scan ÷ warm innerText, first call', (r) => show(r.scanRatio, 2, '×')],
  ['  … scan / innerText, ms (medians)', (r) => `${r.scanMs?.median.toFixed(1)} / ${r.innerTextMs?.median.toFixed(1)}`],
  ['allocation per roll during the scan, bytes', (r) => (r.allocPerRoll === null ? '—' : r.allocPerRoll.toFixed(0))],
  ['parser blocked at document_start (the content script’s evaluation, Chrome’s timeline), ms', (r) => show(r.blocked, 2)],
  ['  … paired: the page’s first script, with − without, ms', (r) => show(r.blockedPaired)],
  ['longest task of the extension’s own script (Chrome’s timeline), ms', (r) => show(r.longestOurs)],
  ['… the extension’s own work inside one of the page’s long tasks (≥ 50 ms), at most, ms', (r) => show(r.oursInLong)],
  ['rolls / badges', (r) => `${r.rolls} / ${r.badges}`],
];
console.log('\nEach cell: min / **median** / max over the paired loads.\n');
for (const size of SIZES) {
  const cols = results.filter((r) => r.size === size);
  console.log(`\n**${size} posts**\n`);
  console.log(`| figure | ${cols.map((c) => NAMES[c.kind]).join(' | ')} |`);
  console.log(`|---|${cols.map(() => '---').join('|')}|`);
  for (const [label, f] of rows) console.log(`| ${label} | ${cols.map(f).join(' | ')} |`);
}
console.log('\n**Scaling: 4,000 posts ÷ 1,000 posts (medians)**\n');
console.log(`| figure | ${PAGES.map((k) => NAMES[k]).join(' | ')} |`);
console.log(`|---|${PAGES.map(() => '---').join('|')}|`);
const ratio = (k, f) => {
  const a = results.find((r) => r.kind === k && r.size === 4000);
  const b = results.find((r) => r.kind === k && r.size === 1000);
  return a && b && f(b) ? `${(f(a) / f(b)).toFixed(2)}×` : '—';
};
console.log(`| full scan time | ${PAGES.map((k) => ratio(k, (r) => r.scanMs?.median)).join(' | ')} |`);
console.log(`| whole thread read | ${PAGES.map((k) => ratio(k, (r) => r.read?.median)).join(' | ')} |`);
const d = stats(dist.map((x) => x.first));
console.log(
  `\n200-die exact distribution: first call ${show(d, 2, ' ms')}; warm ${stats(dist.map((x) => x.warm)).median.toFixed(3)} ms (target ≤ 1 ms first call)`,
);
console.log(`content scripts: ${sizes} (target ≤ 20,000 gzip)`);
