#!/usr/bin/env node
// npm run bench: the rules-engine and parser benchmarks (vitest bench), then the page-scan
// benchmarks in Chromium when the extension is built and Chromium is present, what a user waits
// for in the drawer (scripts/bench-drawer.mjs), then the Turns view's checks.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;

let status = run('npx', ['vitest', 'bench', '--run', '--config', 'vitest.bench.config.ts']);
if (existsSync('scripts/bench-chromium.mjs')) status ||= run('node', ['scripts/bench-chromium.mjs']);
if (existsSync('scripts/bench-drawer.mjs')) status ||= run('node', ['scripts/bench-drawer.mjs']);
// The Turns view's checks of 50 followed threads: the background's CPU, and a page's first frame meanwhile.
if (existsSync('scripts/bench-checks.mjs')) status ||= run('node', ['scripts/bench-checks.mjs']);
process.exit(status);
