#!/usr/bin/env node
// The sources zip Firefox's reviewers get (`wxt zip -b firefox`) holds exactly the files git
// tracks, among them the reviewers' build note.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import JSZip from 'jszip';

execFileSync('npx', ['wxt', 'zip', '-b', 'firefox'], { stdio: ['ignore', 'ignore', 'inherit'] });
const name = readdirSync('.output').find((f) => f.endsWith('-sources.zip'));
if (!name) {
  console.log('no sources zip in .output/');
  process.exit(1);
}
const zip = await JSZip.loadAsync(readFileSync(`.output/${name}`));
const inZip = Object.values(zip.files)
  .filter((f) => !f.dir)
  .map((f) => f.name)
  .sort();
const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
const extra = inZip.filter((f) => !tracked.includes(f));
const missing = tracked.filter((f) => !inZip.includes(f));
console.log(`${name}: ${inZip.length} files; git tracks ${tracked.length}; not tracked but zipped: ${extra.length}; tracked but missing: ${missing.length}`);
for (const f of [...extra.map((x) => `+ ${x}`), ...missing.map((x) => `- ${x}`)].slice(0, 20)) console.log(f);
const ok = extra.length === 0 && missing.length === 0 && inZip.includes('docs/REVIEWERS.md');
if (!inZip.includes('docs/REVIEWERS.md')) console.log('docs/REVIEWERS.md (the build note) is not in the zip');
process.exit(ok ? 0 : 1);
