#!/usr/bin/env node
// A new game, ready to be written: `node scripts/new-game.mjs <id> [name]` makes its rules'
// folder (lib/games/<id>/: the game and its stored table), its views' folder
// (components/games/<id>/view.ts: the thread's tab until it has its own), registers both
// (lib/games/registry.ts, components/games/registry.ts), and writes tests/unit/<id>.test.ts, which
// fails until the game knows its own threads. The tree type-checks as it is left.
import { addImport, addToArray, edited, literal, namesFrom, refuseExisting, rootOf, save, writeNew } from './scaffold.mjs';

const root = rootOf(import.meta.url);
const { id, name, CONST, Pascal } = namesFrom(process.argv.slice(2), 'game');

const files = {
  stored: `lib/games/${id}/stored.ts`,
  game: `lib/games/${id}/game.ts`,
  view: `components/games/${id}/view.ts`,
  test: `tests/unit/${id}.test.ts`,
};
refuseExisting(root, [`lib/games/${id}`, `components/games/${id}`, files.test]);
const games = edited(root, 'lib/games/registry.ts', (text) =>
  addToArray(addImport(text, `import { ${CONST} } from './${id}/game';`), /export const GAMES = \[/, CONST),
);
const views = edited(root, 'components/games/registry.ts', (text) =>
  addToArray(addImport(text, `import { ${CONST}_VIEW } from './${id}/view';`), /export const GAME_VIEWS: readonly GameView\[\] = \[/, `${CONST}_VIEW`),
);

writeNew(
  root,
  files.stored,
  `/** ${name}'s table as the panel keeps it per thread (validated in and out): what its players' posts do not say. */
import * as z from 'zod/mini';

export const ${Pascal}TableSchema = z.object({
  game: z.literal('${id}'),
  updatedAt: z.number(),
});
export type ${Pascal}Table = z.infer<typeof ${Pascal}TableSchema>;
`,
);

writeNew(
  root,
  files.game,
  `/** ${name} as a registered game (lib/games/game.ts#GameDef). */
import type { GameDef, TablePost } from '../game';
import { type ${Pascal}Table, ${Pascal}TableSchema } from './stored';

export const ${CONST} = {
  id: '${id}',
  name: ${literal(name)},
  // No thread is guessed to be ${name}'s until its records are read (tests/unit/${id}.test.ts).
  guess: (_posts: readonly TablePost[]) => false,
  stored: { schema: ${Pascal}TableSchema, version: 1, migrations: {} },
} as const satisfies GameDef<${Pascal}Table>;
`,
);

writeNew(
  root,
  files.view,
  `/** ${name}'s tabs in the panel: the thread's rolls, until the game has tabs of its own (components/panel/tab-view.ts). */
import { ${CONST} } from '../../../lib/games/${id}/game';
import { THREAD_TAB } from '../../panel/shared-tabs';
import type { GameView } from '../../panel/tab-view';

export const ${CONST}_VIEW: GameView = {
  game: ${CONST}.id,
  tabs: [THREAD_TAB],
};
`,
);

save(root, games);
save(root, views);

writeNew(
  root,
  files.test,
  `// ${name}: a thread of its records is its own, and its table is kept as stored. Written by
// scripts/new-game.mjs: it fails until THREAD holds the game's posts and lib/games/${id}/game.ts
// knows them (its \`guess\`).
import { describe, expect, it } from 'vitest';
import { readStored, type TablePost } from '../../lib/games/game';
import { ${CONST} } from '../../lib/games/${id}/game';
import { guessGame } from '../../lib/games/registry';

/** A thread of ${name}: its players' posts, records and all, as they write them. */
const THREAD: TablePost[] = [];

describe(${literal(name)}, () => {
  it('a thread of its records is its own', () => {
    expect(THREAD.length).toBeGreaterThan(0);
    expect(guessGame(THREAD)).toBe(${CONST}.id);
  });
  it('a thread of talk alone is not', () => {
    expect(${CONST}.guess([{ post: 1, author: 'Ann', text: 'Shall we start on Monday?' }])).toBe(false);
  });
  it('keeps its table as stored', () => {
    const table = { game: ${CONST}.id, updatedAt: 1 };
    expect(readStored(${CONST}.stored, table)).toEqual(table);
  });
});
`,
);

console.log(`\n${name} is registered. Next: its records in THREAD and its guess (npx vitest run ${files.test}), then its engine and tabs.`);
