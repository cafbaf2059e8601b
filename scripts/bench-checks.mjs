#!/usr/bin/env node
// The Turns view's checks (issue 41, item 3), part of npm run bench: a Check now of 50 followed
// threads on the page server (the paged duel's last page, 25 posts with rolls, each its own thread)
// in the shipped Chromium build. Two figures:
//  - the background's CPU for the whole check: the thread time (trace `tdur`, else `dur`) of every
//    top-level task on the extension process's threads (the service worker, and the offscreen
//    document's main thread where the pages are parsed and read), from the click to the last
//    thread kept; the page the click comes from is an idle extension page (options.html);
//  - what it adds to a forum page's first frame: the same page (RPOL's sample, 25 posts) loaded
//    while a check of the 50 runs and while none does, interleaved pairs; first-contentful-paint
//    and our first-screen mark, each the difference within a pair (on a loaded machine these swing
//    by hundreds of ms either way); and, traced, the extension process's CPU inside the page's
//    navigation → first-contentful-paint window with a check running and with none.
//
//   node scripts/bench-checks.mjs [--pairs N]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium } from './chromium.mjs';
import { BENCH_FOLLOWED } from './pages-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const PAIRS = Number(arg('pairs', '5'));
const DIR = resolve(process.argv.includes('--extension') ? process.argv[process.argv.indexOf('--extension') + 1] : '.output/chrome-mv3');
if (!findChromium().path || !existsSync(DIR)) {
  console.log('Turns checks benchmark skipped: no Chromium or no build (.output/chrome-mv3)');
  process.exit(0);
}
const { launchWithExtension } = await import('./browser.mjs');
const ext = await launchWithExtension({ extensionDir: DIR });
const keys = Array.from({ length: BENCH_FOLLOWED[1] - BENCH_FOLLOWED[0] }, (_, i) => BENCH_FOLLOWED[0] + i);
const threads = Object.fromEntries(
  keys.map((ti) => [
    `rpol.net/51829/${ti}`,
    { key: `rpol.net/51829/${ti}`, forum: 'rpol', url: `http://rpol.net/display.cgi?gi=51829&ti=${ti}&msgpage=3`, title: `Duel ${ti}`, on: true, readAt: 0 },
  ]),
);
// The schedule off: only the benchmark's Check nows ask.
await ext.worker.evaluate(
  (t) => chrome.storage.local.set({ followed: { version: 1, threads: t }, turnsPrefs: { version: 1, notify: false, quiet: null, toolbar: 'panel', check: 0 } }),
  threads,
);
const hub = await ext.context.newPage();
await hub.goto(ext.extensionUrl('options.html'));
await hub.waitForLoadState('load');
const checkNow = () => hub.evaluate(() => chrome.runtime.sendMessage({ type: 'turns-check-now' }));
// One check first: the offscreen document's code and the pages' first parse warm, as any check after the first.
await checkNow();

/** A traced Check now: the extension process's CPU in top-level tasks (ms), and the wall time (ms). */
async function tracedCheck() {
  const cdp = await ext.context.newCDPSession(hub);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', '__metadata'], enableSampling: false } });
  const started = Date.now();
  const answer = await checkNow();
  const wall = Date.now() - started;
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  // The extension's processes: those running its scripts.
  const pids = new Set(events.filter((e) => /^chrome-extension:\/\//.test(e.args?.data?.url ?? e.args?.data?.scriptName ?? '')).map((e) => e.pid));
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const top = events.filter((e) => pids.has(e.pid) && e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'));
  const byThread = new Map();
  for (const e of top) {
    const name = names.get(`${e.pid}:${e.tid}`) ?? `tid ${e.tid}`;
    byThread.set(name, (byThread.get(name) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  const cpu = [...byThread.values()].reduce((a, b) => a + b, 0);
  return { cpu, wall, ok: answer?.ok, byThread };
}

const load = async (path) => {
  const page = await ext.context.newPage();
  await page.goto(ext.url(`${path}&run=${Math.random().toString(36).slice(2)}`), { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:first-screen').length > 0, undefined, { timeout: 60_000 }).catch(() => {});
  const r = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    screen: performance.getEntriesByName('spark-scribe:first-screen')[0]?.startTime ?? null,
  }));
  await page.close();
  return r;
};

/**
 * The page loaded while a check runs, traced: the extension process's CPU inside the page's own
 * window from its navigation to its first contentful paint (what could compete with that frame).
 */
async function tracedDuring(path, withCheck = true) {
  const page = await ext.context.newPage();
  const cdp = await ext.context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'loading', 'blink.user_timing', '__metadata'] } });
  const check = withCheck ? checkNow() : Promise.resolve();
  await new Promise((r) => setTimeout(r, 50));
  await page.goto(ext.url(`${path}&run=${Math.random().toString(36).slice(2)}`), { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:first-screen').length > 0, undefined, { timeout: 60_000 }).catch(() => {});
  await check;
  await cdp.send('Tracing.end');
  await done;
  await page.close();
  const pids = new Set(events.filter((e) => /^chrome-extension:\/\//.test(e.args?.data?.url ?? '')).map((e) => e.pid));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const nav = fcp && events.filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid && e.ts <= fcp.ts).sort((a, b) => b.ts - a.ts)[0];
  if (!fcp || !nav) return null;
  const inside = events.filter(
    (e) =>
      pids.has(e.pid) &&
      e.pid !== fcp.pid &&
      e.ph === 'X' &&
      (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') &&
      e.ts < fcp.ts &&
      e.ts + e.dur > nav.ts,
  );
  // Where it went: by process (its name, as the trace has it) and thread.
  const procs = new Map(events.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => [e.pid, e.args.name]));
  const threads = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const where = new Map();
  for (const e of inside) {
    const k = `${procs.get(e.pid) ?? e.pid}/${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
    where.set(k, (where.get(k) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  return { window: (fcp.ts - nav.ts) / 1000, cpu: inside.reduce((a, e) => a + (e.tdur ?? e.dur), 0) / 1000, where };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};
const show = (s, d = 0) => `${s.min.toFixed(d)} / **${s.median.toFixed(d)}** / ${s.max.toFixed(d)}`;

const cpu = [];
const wall = [];
let threadsSeen = null;
const fcp = [];
const screen = [];
const SAMPLE = '/display.cgi?gi=51829&ti=41&show=all&posts=25';
const inWindow = [];
const inWindowIdle = [];
const wheres = [];
const fcpControl = [];
const screenControl = [];
for (let i = 0; i < PAIRS; i++) {
  const t = await tracedCheck();
  cpu.push(t.cpu);
  wall.push(t.wall);
  threadsSeen ??= [...t.byThread.entries()].map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`).join(', ');
  // The pair, in alternating order: the page alone, and the page while a check of the 50 runs.
  const alone = async () => load(SAMPLE);
  const during = async () => {
    const check = checkNow();
    await new Promise((r) => setTimeout(r, 50));
    const r = await load(SAMPLE);
    await check;
    return r;
  };
  const [a, b] = i % 2 ? [await during(), await alone()].reverse() : [await alone(), await during()];
  if (a.fcp !== null && b.fcp !== null) fcp.push(b.fcp - a.fcp);
  if (a.screen !== null && b.screen !== null) screen.push(b.screen - a.screen);
  // The control: two loads with no check, paired the same way (how far pairs swing by themselves).
  const [c, d] = [await alone(), await alone()];
  if (c.fcp !== null && d.fcp !== null) fcpControl.push(d.fcp - c.fcp);
  if (c.screen !== null && d.screen !== null) screenControl.push(d.screen - c.screen);
  const w = await tracedDuring(SAMPLE);
  if (w) inWindow.push(w.cpu);
  if (w) wheres.push([...w.where.entries()].map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ') || 'nothing');
  const idle = await tracedDuring(SAMPLE, false);
  if (idle) inWindowIdle.push(idle.cpu);
}
const checked = await ext.worker.evaluate(async () => {
  const { turnsChecks } = await chrome.storage.local.get('turnsChecks');
  return Object.values(turnsChecks.threads).filter((c) => c.status === 'ok').length;
});
await hub.close();
await ext.close();

console.log(`\nThe Turns view's checks: Check now of ${keys.length} followed threads (25 posts each, read and kept; ${checked} read well), ${PAIRS} runs.\n`);
console.log('| figure | min / **median** / max |');
console.log('|---|---|');
console.log(`| background CPU for the whole check, extension process (ms; target < 2000) | ${show(stats(cpu))} |`);
console.log(`| wall time of the check (ms; 2 requests at once) | ${show(stats(wall))} |`);
if (fcp.length) console.log(`| forum page's first contentful paint, during a check − alone (ms) | ${show(stats(fcp), 1)} |`);
if (fcpControl.length) console.log(`| the same, control: alone − alone (ms) | ${show(stats(fcpControl), 1)} |`);
if (screen.length) console.log(`| forum page's first screen badged, during a check − alone (ms) | ${show(stats(screen), 1)} |`);
if (screenControl.length) console.log(`| the same, control: alone − alone (ms) | ${show(stats(screenControl), 1)} |`);
if (inWindow.length)
  console.log(`| the extension's CPU inside a forum page's navigation → first contentful paint, a check running (ms) | ${show(stats(inWindow), 1)} |`);
if (inWindowIdle.length) console.log(`| the same, no check running (the page's own messages to the background) (ms) | ${show(stats(inWindowIdle), 1)} |`);
console.log(`\n(one run's CPU by thread: ${threadsSeen})`);
console.log(`\n(the extension's CPU in the page's window, by process/thread, each run (ms): ${wheres.join(' | ')})`);
