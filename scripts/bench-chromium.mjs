#!/usr/bin/env node
// Chromium benchmarks (part of npm run bench): the page scan of the 1,000-post thread timed with
// performance marks next to one read of document.body.innerText; the time from DOMContentLoaded to
// the content script's last badge; the content script's size. Medians of several runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { findChromium } from './chromium.mjs';

const RUNS = 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => (n === null || Number.isNaN(n) ? '—' : n.toFixed(1));

if (!existsSync('.output/chrome-mv3/manifest.json')) execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
const content = readFileSync('.output/chrome-mv3/content-scripts/content.js');
const gz = gzipSync(content, { level: 9 }).length;
console.log(`\ncontent script: ${content.length} bytes, ${gz} bytes gzip (${(gz / 1024).toFixed(1)} KiB; goal 30 kB)`);

if (!findChromium().path) {
  console.log(`Chromium benchmarks skipped: ${findChromium().message}`);
  process.exit(0);
}
const bundle = execFileSync('npx', ['esbuild', 'bench/page-scan-entry.ts', '--bundle', '--format=iife', '--minify', '--log-level=error'], { encoding: 'utf8' });
const { launchWithExtension } = await import('./browser.mjs');
const b = await launchWithExtension();
const path = '/display.cgi?gi=51829&ti=41&show=all';

// 1. The scan alone (no extension UI involved), injected into the page.
const scan = [];
const text = [];
let info;
for (let i = 0; i < RUNS; i++) {
  const page = await b.context.newPage();
  await page.route('**/*', (r) => r.continue());
  await page.goto(b.url(`${path}&scan=${i}`));
  await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
  await page.addScriptTag({ content: bundle });
  info = await page.evaluate(() => window.sparkScribeBench());
  scan.push(info.scanMs);
  text.push(info.innerTextMs);
  await page.close();
}
console.log(`1,000-post page in Chromium (${RUNS} runs, median): full scan ${fmt(median(scan))} ms; one read of document.body.innerText ${fmt(median(text))} ms; ratio ${(median(scan) / median(text)).toFixed(2)}× (${info.rolls} rolls, ${info.chars} characters of text)`);

// 2. The content script as shipped: DOMContentLoaded → last badge.
const toBadge = [];
const parts = [];
const scriptWork = [];
for (let i = 0; i < RUNS; i++) {
  const page = await b.context.newPage();
  await page.goto(b.url(`${path}&load=${i}`));
  await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const last = performance.getEntriesByName('spark-scribe:last-badge').pop();
    const start = performance.getEntriesByName('spark-scribe:start').pop();
    const settings = performance.getEntriesByName('spark-scribe:settings').pop();
    const context = performance.getEntriesByName('spark-scribe:context').pop();
    return { dcl: nav.domContentLoadedEventStart, last: last?.startTime ?? null, start: start?.startTime ?? null, settings: settings?.startTime ?? null, context: context?.startTime ?? null, scan: last?.detail?.scanMs ?? null, badges: document.querySelectorAll('[data-spark-scribe=roll]').length };
  });
  if (t.last === null) throw new Error('the content script left no performance mark');
  toBadge.push(t.last - t.dcl);
  scriptWork.push(t.last - t.start);
  parts.push(t);
  info.badges = t.badges;
  await page.close();
}
console.log(`content script on the 1,000-post page (${RUNS} runs, median): DOMContentLoaded → last badge ${fmt(median(toBadge))} ms (script start → last badge ${fmt(median(scriptWork))} ms; ${info.badges} roll badges)`);
// (The extension's marks carry no data the page could read, so the scan's own share is not split out here.)
console.log(`  of which (medians): DOMContentLoaded → script start ${fmt(median(parts.map((p) => p.start - p.dcl)))} ms; waiting for settings ${fmt(median(parts.map((p) => p.settings - p.start)))} ms; then for the duel's context ${fmt(median(parts.map((p) => (p.context ?? p.settings) - p.settings)))} ms; reading, judging and badges ${fmt(median(parts.map((p) => p.last - (p.context ?? p.settings))))} ms`);
await b.close();
