// The scaffolds (scripts/new-game.mjs, scripts/new-forum.mjs), each run on a copy of what it
// reads and writes (the scripts and the registries) in a folder of its own: the files of the
// new game's or forum's shape appear, the registries gain their lines and keep every old one, and
// an id that is taken or malformed writes nothing. (That the scaffolded tree type-checks and
// passes the architecture test's shape checks, while its starter tests fail, was measured in a
// scratch worktree: docs/architecture.md.)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToArray } from '../../scripts/scaffold.mjs';

const ROOT = join(__dirname, '..', '..');
const COPIED = [
  'scripts/scaffold.mjs',
  'scripts/new-game.mjs',
  'scripts/new-forum.mjs',
  'lib/games/registry.ts',
  'components/games/registry.ts',
  'lib/forums/registry.ts',
];

let tree: string;
const read = (path: string) => readFileSync(join(tree, path), 'utf8');
/** A scaffold run to its end (runs at once, side by side): its exit code and what it wrote to stderr. */
const run = (script: string, ...args: string[]) =>
  new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [join(tree, 'scripts', script), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code, stderr }));
  });
/** Every file under the copy, from its root. */
const filesOf = (dir = ''): string[] =>
  readdirSync(join(tree, dir)).flatMap((n) => (statSync(join(tree, dir, n)).isDirectory() ? filesOf(join(dir, n)) : [join(dir, n)]));

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'scaffold-'));
  for (const p of COPIED) cpSync(join(ROOT, p), join(tree, p));
  mkdirSync(join(tree, 'tests', 'unit'), { recursive: true });
  execFileSync(process.execPath, [join(tree, 'scripts', 'new-game.mjs'), 'dice-pool', 'Dice Pool'], { stdio: 'pipe' });
  execFileSync(process.execPath, [join(tree, 'scripts', 'new-forum.mjs'), 'my-bb', 'MyBB'], { stdio: 'pipe' });
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Every line of the original registry is still in the edited one, and these are new. */
function added(path: string): string[] {
  const before = readFileSync(join(ROOT, path), 'utf8').split('\n');
  const after = read(path).split('\n');
  expect(before.filter((l) => !after.includes(l) && !/\[.*\]/.test(l))).toEqual([]);
  return after.filter((l) => !before.includes(l));
}

describe('scripts/new-game.mjs', () => {
  it('makes the rules’ folder with its game and table, the views’ folder with its view, and a starter test', () => {
    for (const p of ['lib/games/dice-pool/game.ts', 'lib/games/dice-pool/stored.ts', 'components/games/dice-pool/view.ts', 'tests/unit/dice-pool.test.ts'])
      expect(existsSync(join(tree, p)), p).toBe(true);
    expect(read('lib/games/dice-pool/game.ts')).toContain("id: 'dice-pool',\n  name: 'Dice Pool',");
    expect(read('components/games/dice-pool/view.ts')).toContain('export const DICE_POOL_VIEW: GameView = {\n  game: DICE_POOL.id,');
    expect(read('tests/unit/dice-pool.test.ts')).toContain("import { DICE_POOL } from '../../lib/games/dice-pool/game';");
  });
  it('registers the game and its views, last, keeping every other line', () => {
    expect(added('lib/games/registry.ts')).toEqual([
      "import { DICE_POOL } from './dice-pool/game';",
      'export const GAMES = [SPARK_D10, SPARKS_FLY, PARLOR, DICE_POOL] as const;',
    ]);
    expect(added('components/games/registry.ts')).toEqual([
      "import { DICE_POOL_VIEW } from './dice-pool/view';",
      'export const GAME_VIEWS: readonly GameView[] = [SPARK_D10_VIEW, SPARKS_FLY_VIEW, PARLOR_VIEW, DICE_POOL_VIEW];',
    ]);
  });
});

describe('scripts/new-forum.mjs', () => {
  it('makes the folder in the shape every forum’s shares, the content script named by the id, and a starter test', () => {
    const forums = readdirSync(join(ROOT, 'lib/forums')).filter((n) => statSync(join(ROOT, 'lib/forums', n)).isDirectory());
    const shared = readdirSync(join(ROOT, 'lib/forums', forums[0]!)).filter((f) => forums.every((d) => existsSync(join(ROOT, 'lib/forums', d, f))));
    expect(shared.length).toBeGreaterThanOrEqual(6);
    const made = readdirSync(join(tree, 'lib/forums/my-bb'));
    expect(shared.filter((f) => !made.includes(f))).toEqual([]);
    expect(read('entrypoints/my-bb.content.ts')).toContain("import { MY_BB } from '../lib/forums/my-bb/forum';");
    expect(read('lib/forums/my-bb/site.ts')).toContain("id: 'my-bb',\n  name: 'MyBB',");
    expect(read('tests/unit/my-bb.test.ts')).toContain("import { MY_BB } from '../../lib/forums/my-bb';");
  });
  it('registers the forum last (it recognises only what no other forum does), keeping every other line', () => {
    expect(added('lib/forums/registry.ts')).toEqual([
      "import { MY_BB_SITE } from './my-bb/site';",
      "import { MY_BB_WRITER } from './my-bb/writer';",
      '  { ...MY_BB_SITE, writer: MY_BB_WRITER },',
    ]);
    expect(read('lib/forums/registry.ts')).toContain('  { ...MY_BB_SITE, writer: MY_BB_WRITER },\n];');
  });
});

describe('an id taken or malformed', () => {
  it('writes nothing', async () => {
    const before = filesOf().map((f) => [f, read(f)]);
    const [game, forum, upper, hyphens, name, none] = await Promise.all([
      run('new-game.mjs', 'dice-pool'),
      run('new-forum.mjs', 'my-bb'),
      run('new-game.mjs', 'Dice'),
      run('new-forum.mjs', 'a--b'),
      run('new-forum.mjs', 'ok-id', 'A */ name'),
      run('new-forum.mjs'),
    ]);
    expect([game, forum].map((r) => r.code)).toEqual([1, 1]);
    expect(game.stderr).toContain('already there, nothing written: lib/games/dice-pool, components/games/dice-pool, tests/unit/dice-pool.test.ts');
    expect([upper, hyphens, name, none].map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(none.stderr).toContain('usage: node scripts/new-forum.mjs <id> [name]');
    expect(filesOf().map((f) => [f, read(f)])).toEqual(before);
  });
});

describe('an array gains an item as Biome writes it', () => {
  it('on its line while it fits, else one item a line; after the last of a list written a line each', () => {
    expect(addToArray('export const A = [B, C] as const;\n', /A = \[/, 'D')).toBe('export const A = [B, C, D] as const;\n');
    const long = Array.from({ length: 12 }, (_, i) => `SOME_LONG_NAME_${i}`);
    expect(addToArray(`export const A = [${long.join(', ')}];\n`, /A = \[/, 'D')).toBe(
      `export const A = [\n${[...long, 'D'].map((n) => `  ${n},\n`).join('')}];\n`,
    );
    expect(addToArray('const A = [\n  B,\n  // why C\n  C,\n];\n', /A = \[/, 'D')).toBe('const A = [\n  B,\n  // why C\n  C,\n  D,\n];\n');
  });
});
