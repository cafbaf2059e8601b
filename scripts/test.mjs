#!/usr/bin/env node
// The README's test command: Biome (format and lint), typecheck, both browser builds (no warnings allowed), addons-linter
// on the Firefox package, unit tests, then browser tests against the built extension in Chromium
// and in Firefox. Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { findFirefox } from './firefox.mjs';

mkdirSync('artifacts', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;

/**
 * Entrypoints built for one browser only, which WXT names with a [warn] line when it leaves them out
 * of the other's build (the offscreen page, Chrome's alone: Firefox parses in its background page).
 * That notice is what was asked for; any other skip, and every other warning, still fails.
 */
const ONE_BROWSER_ONLY = new Set(['offscreen']);

function warningLines(out) {
  const lines = out.split('\n');
  return lines.filter((l, i) => {
    if (!/\bwarn(ing)?\b|⚠/i.test(l)) return false;
    if (!/The following entrypoints have been skipped:/.test(l)) return true;
    const skipped = [];
    for (let j = i + 1; j < lines.length && /^\s*- /.test(lines[j]); j++) skipped.push(lines[j].replace(/^\s*- /, '').trim());
    return !skipped.length || skipped.some((name) => !ONE_BROWSER_ONLY.has(name));
  });
}

function run(label, cmd, args, { checkWarnings = false } = {}) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  process.stdout.write(out);
  const warnings = checkWarnings ? warningLines(out) : [];
  if (r.status !== 0 || warnings.length) {
    if (warnings.length) console.log(`!! ${label}: ${warnings.length} warning line(s):\n${warnings.join('\n')}`);
    return false;
  }
  return true;
}

/** A check that is not a test file (typecheck, build) counts as one test. */
function check(label, cmd, args, opts) {
  if (run(label, cmd, args, opts)) passed++;
  else {
    failed++;
    console.log(`FAILED: ${label}`);
  }
}

function vitest(label, config, report) {
  const ok = run(label, 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (!existsSync(report)) {
    failed++;
    console.log(`FAILED: ${label} wrote no report`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A suite that failed to load has no failed tests but is a failure all the same.
  const broken = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.every((a) => a.status !== 'failed'));
  failed += broken.length;
  if (!ok && r.numFailedTests === 0 && broken.length === 0) failed++;
}

check('format and lint (Biome)', 'npx', ['biome', 'ci', '--reporter=summary', '.']);
check('typecheck', 'npx', ['tsc', '--noEmit']);
check('build chrome-mv3', 'npx', ['wxt', 'build'], { checkWarnings: true });
check('build firefox', 'npx', ['wxt', 'build', '-b', 'firefox'], { checkWarnings: true });
check('addons-linter on the Firefox package', 'node', ['scripts/lint-firefox.mjs', '.output/firefox-mv2']);
check('the sources zip holds the tracked files only', 'node', ['scripts/check-sources-zip.mjs']);
// The Firefox browser tests' build: the same, with open shadow roots (BiDi cannot reach closed ones).
check('build chrome for the accessibility tests', 'npx', ['wxt', 'build', '--mode', 'e2e'], { checkWarnings: true });
check('build firefox for the browser tests', 'npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { checkWarnings: true });
vitest('unit tests', 'vitest.config.ts', 'artifacts/unit.json');

if (existsSync('tests/e2e')) {
  const chromium = findChromium();
  const firefox = findFirefox();
  if (!chromium.path || !firefox.path) {
    failed++;
    if (!chromium.path) console.log(`FAILED: browser tests need Chromium: ${chromium.message}`);
    if (!firefox.path) console.log(`FAILED: browser tests need Firefox: ${firefox.message}`);
  } else {
    vitest('browser tests', 'vitest.e2e.config.ts', 'artifacts/e2e.json');
  }
}

console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
