#!/usr/bin/env node
// addons-linter (Mozilla's own checks for AMO) on the built Firefox package: 0 errors, and no
// warning of ours. The one warning it gives of someone else's code is inside Preact's renderer:
// its raw-HTML prop (`{ __html }`), which our sources never use (a unit test bans it); it is
// recognised by the code at the reported place and listed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.output/firefox-mv2';
let out;
try {
  out = execFileSync('npx', ['addons-linter', dir, '--output', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
} catch (e) {
  out = e.stdout; // it exits non-zero when it finds errors
}
const report = JSON.parse(out);

/** Someone else's code: the known place in a dependency the linter flags. */
function vendor(m) {
  if (m.code !== 'UNSAFE_VAR_ASSIGNMENT' || !m.file) return null;
  const text = readFileSync(join(dir, m.file), 'utf8').split('\n')[(m.line ?? 1) - 1] ?? '';
  const around = text.slice(Math.max(0, (m.column ?? 0) - 300), (m.column ?? 0) + 100);
  return /\.__html/.test(around) ? "Preact's renderer (its raw-HTML prop)" : null;
}

const ours = report.warnings.filter((w) => !vendor(w));
for (const e of report.errors) console.log(`error ${e.code}: ${e.message} (${e.file ?? 'manifest'})`);
for (const w of report.warnings) console.log(`warning ${w.code}: ${w.message} (${w.file ?? 'manifest'}${vendor(w) ? `; not ours: ${vendor(w)}` : ''})`);
console.log(`addons-linter: ${report.errors.length} errors, ${report.warnings.length} warnings (${ours.length} of ours), ${report.notices.length} notices`);
process.exit(report.errors.length || ours.length ? 1 : 0);
