// The size of what runs at document_start on every forum (issue 31): each forum's first script,
// gzip, as the shipped build has it (the test command builds before the unit tests; built here
// when it is missing). The target and the ceiling the test holds are scripts/script-budget.mjs's.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCRIPT_CEILING, FIRST_SCRIPTS, FIRST_SCRIPT_TARGET } from '../../scripts/script-budget.mjs';

const DIR = '.output/chrome-mv3/content-scripts';
const gzipOf = (file: string) => gzipSync(readFileSync(join(DIR, file)), { level: 9 }).length;

describe('what runs at document_start', () => {
  beforeAll(() => {
    if (!FIRST_SCRIPTS.every((f) => existsSync(join(DIR, f)))) execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  }, 180_000);

  it('every forum has its first script, and each one in the manifest starts at document_start (the registered ones: board-feed.test.ts)', () => {
    for (const f of FIRST_SCRIPTS) expect(existsSync(join(DIR, f)), f).toBe(true);
    const manifest = JSON.parse(readFileSync('.output/chrome-mv3/manifest.json', 'utf8')) as { content_scripts: { run_at: string }[] };
    expect(manifest.content_scripts.map((c) => c.run_at)).toEqual(manifest.content_scripts.map(() => 'document_start'));
  });

  for (const f of FIRST_SCRIPTS)
    it(`${f}: at most ${FIRST_SCRIPT_CEILING} B gzip (target ${FIRST_SCRIPT_TARGET})`, () => {
      expect(gzipOf(f)).toBeLessThanOrEqual(FIRST_SCRIPT_CEILING);
    });
});
