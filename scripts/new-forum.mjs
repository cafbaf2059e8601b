#!/usr/bin/env node
// A new forum, ready to be written: `node scripts/new-forum.mjs <id> [name]` makes its folder
// lib/forums/<id>/ in the shape every forum's has (site, page, paging, posts, body, reading, writer,
// forum, index), its content script entrypoints/<id>.content.ts (named by the id: the background
// registers `content-scripts/<id>.js` for each board the user adds), registers it
// (lib/forums/registry.ts, last, so that it recognises only what no other forum does), and writes
// tests/unit/<id>.test.ts, which fails until the forum reads a thread page of its own.
//
// The forum starts as board software the user adds in Options, read with the markup most boards
// share (posts as `article`s with an id `post-N`, BBCode, a `message` textarea) and no known dice
// markup (every roll unchecked): each file says what to make its own. The tree type-checks as it
// is left.
import { addImport, addToArray, edited, literal, namesFrom, refuseExisting, rootOf, save, writeNew } from './scaffold.mjs';

const root = rootOf(import.meta.url);
const { id, name, CONST, Pascal } = namesFrom(process.argv.slice(2), 'forum');
const camel = Pascal.charAt(0).toLowerCase() + Pascal.slice(1);
const dir = `lib/forums/${id}`;
/** The name in a regular expression literal (namesFrom allowed only `.` and `+` of its special characters). */
const pattern = name.replace(/[.+]/g, '\\$&');
const entry = `entrypoints/${id}.content.ts`;
const test = `tests/unit/${id}.test.ts`;

refuseExisting(root, [dir, entry, test]);
const registry = edited(root, 'lib/forums/registry.ts', (text) =>
  addToArray(
    addImport(addImport(text, `import { ${CONST}_SITE } from './${id}/site';`), `import { ${CONST}_WRITER } from './${id}/writer';`),
    /export const FORUMS: readonly KnownForum\[\] = \[/,
    `{ ...${CONST}_SITE, writer: ${CONST}_WRITER }`,
  ),
);

writeNew(
  root,
  `${dir}/site.ts`,
  `/** ${name}: board software; none is read from install, a board is read once the user adds it (Options → Add forum). */
import type { ForumSite } from '../forum';

/** A board of ${name}: the generator line its pages carry. */
export function recognise${Pascal}(doc: Document): boolean {
  const generator = doc.querySelector('meta[name="generator"]')?.getAttribute('content') ?? '';
  return /^${pattern}(?!\\w)/i.test(generator);
}

export const ${CONST}_SITE: ForumSite = {
  id: '${id}',
  name: ${literal(name)},
  matches: [],
  isHost: () => false,
  recognise: recognise${Pascal},
};
`,
);

writeNew(
  root,
  `${dir}/posts.ts`,
  `/** ${name}'s posts on a thread page: each an \`article\` with an id \`post-N\`, its author in \`.username\`. */
import type { PostShape } from '../../reading/feed';
import type { ForumPost } from '../../reading/records';
import { lineOf, numberAfter } from '../board';

export const ${camel}Number = (el: Element): number | null => numberAfter('post-', el.id);

export const ${CONST}_POSTS: PostShape = {
  tag: 'article',
  className: '',
  selector: 'article[id^="post-"]',
  is: (el) => ${camel}Number(el) !== null,
};

/** A post's header: its number and author (times are the board's own format and zone: not read). */
export function read${Pascal}Post(el: Element): ForumPost | null {
  const number = ${camel}Number(el);
  if (number === null) return null;
  const author = lineOf(el.querySelector('.username'));
  return { element: el, body: el, number, author, role: null, time: null, edit: null };
}
`,
);

writeNew(
  root,
  `${dir}/body.ts`,
  `/** What a ${name} post holds: quotes and code set apart. No dice markup is known. */
import { type BodyMarkup, QUOTE } from '../../reading/body';

const kind = (el: Element): number => (el.tagName === 'BLOCKQUOTE' || el.tagName === 'PRE' ? QUOTE : 0);

export const ${CONST}_MARKUP: BodyMarkup<never> = { kind, mark: () => null };
`,
);

writeNew(
  root,
  `${dir}/reading.ts`,
  `/**
 * What ${name} tells the page reader every forum shares: its posts, and the lines in them that
 * name a pool and its faces. Its dice markup is not known, so every roll there is unchecked.
 */
import type { ForumReading } from '../../reading/reader';
import type { ForumPost } from '../../reading/records';
import { facesTypedLines, formatStamp, NAMES_A_POOL, noServerRolls } from '../board';
import { ${CONST}_MARKUP } from './body';
import { ${camel}Number, read${Pascal}Post } from './posts';

export const ${CONST}_READING: ForumReading<ForumPost, never> = {
  markup: ${CONST}_MARKUP,
  bodyOf: (el) => el,
  readPost: (el) => read${Pascal}Post(el),
  numberOf: (el) => ${camel}Number(el),
  mayHoldRolls: (_body, plain) => NAMES_A_POOL.test(plain),
  serverRoll: noServerRolls,
  typedLines: facesTypedLines,
  formatTime: (epoch, clock) => formatStamp(epoch, clock.offset),
  diceUnknown: true,
};
`,
);

writeNew(
  root,
  `${dir}/page.ts`,
  `/** Which ${name} page this is, the thread's own facts, and its reply box. */
import { type Locale, tl } from '../../i18n';
import { lineOf, paramOf } from '../board';
import type { PageDetection, ReplyBox, ThreadInfo } from '../forum';
import { ${CONST}_POSTS } from './posts';

export function detect${Pascal}Page(doc: Document, _url: string, l: Locale = 'en'): PageDetection {
  if (doc.querySelector(${CONST}_POSTS.selector)) return { kind: 'thread', reason: null };
  return { kind: 'unsupported', reason: tl(l, 'pg.noPosts') };
}

/** The thread's id (\`t=\` of its address) and its forum's (\`f=\`), its title, from the page. */
export function ${camel}ThreadInfo(doc: Document, url: string): ThreadInfo {
  return { gameId: paramOf(url, 'f'), threadId: paramOf(url, 't'), title: lineOf(doc.querySelector('h1')) || null, viewer: null };
}

export function ${camel}ReplyBox(doc: Document): ReplyBox {
  return { textarea: doc.querySelector<HTMLTextAreaElement>('textarea[name="message"]') };
}
`,
);

writeNew(
  root,
  `${dir}/paging.ts`,
  `/** Where a ${name} thread page sits among its pages (its pagination is not known yet: none is read), and its sign-in page. */
import type { ThreadPaging } from '../forum';
import { isSignInPage } from '../paging';
import { ${CONST}_POSTS } from './posts';

export const ${camel}Paging = (_doc: Document, _url: string): ThreadPaging | null => null;

/** The board's sign-in page: a password field, and no posts. */
export const is${Pascal}LoginPage = (doc: Document): boolean => isSignInPage(doc, ${CONST}_POSTS.selector);
`,
);

writeNew(
  root,
  `${dir}/writer.ts`,
  `/** ${name}'s writer: standard BBCode, no tables (a table is written a row per line). */
import { BBCODE_COLOURS, type BbcodeDialect } from '../../post/bbcode';
import { bbcodeWriter, type ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: false, colour: BBCODE_COLOURS, smallSize: '1', upper: false };

export const ${CONST}_WRITER: ForumWriter = bbcodeWriter(DIALECT);
`,
);

writeNew(
  root,
  `${dir}/forum.ts`,
  `/** ${name} in the shape every forum has (lib/forums/forum.ts). */
import type { ForumPost } from '../../reading/records';
import { viewerClock } from '../board';
import type { Forum } from '../forum';
import { ${camel}ReplyBox, ${camel}ThreadInfo, detect${Pascal}Page } from './page';
import { ${camel}Paging, is${Pascal}LoginPage } from './paging';
import { ${CONST}_POSTS } from './posts';
import { ${CONST}_READING } from './reading';
import { ${CONST}_SITE } from './site';

export const ${CONST}: Forum<ForumPost, never> = {
  ...${CONST}_SITE,
  detect: detect${Pascal}Page,
  threadInfo: ${camel}ThreadInfo,
  clock: viewerClock,
  posts: ${CONST}_POSTS,
  reading: ${CONST}_READING,
  paging: ${camel}Paging,
  isLoginPage: is${Pascal}LoginPage,
  replyBox: ${camel}ReplyBox,
  maxPostLength: null,
  threadIdWithinGame: false,
};
`,
);

writeNew(
  root,
  `${dir}/index.ts`,
  `export * from './site';
export * from './posts';
export * from './body';
export * from './reading';
export * from './page';
export * from './paging';
export * from './writer';
export * from './forum';
`,
);

writeNew(
  root,
  entry,
  `/** ${name}'s content script: not in the manifest; the background registers it for each ${name} board the user adds. */
import { ${CONST} } from '../lib/forums/${id}/forum';
import { startBoard } from './content/board';

export default defineContentScript({
  matches: [],
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main: () => startBoard(${CONST}),
});
`,
);

save(root, registry);

writeNew(
  root,
  test,
  `// ${name}, read from a thread page of its own. Written by scripts/new-forum.mjs: it fails until
// THREAD holds such a page (made up in the board's markup, as tests/fixtures/board-pages.mjs does
// for the other boards: never a page copied from a real board) and lib/forums/${id}/ reads it.
import { describe, expect, it } from 'vitest';
import { ${CONST} } from '../../lib/forums/${id}';
import { recogniseBoard } from '../../lib/forums/registry';
import { loadPage } from '../helpers/dom';

/** A thread page of ${name}, in its markup: two posts, Ann's then Bo's, and the quick reply's box. */
const THREAD = '';
/** The thread's address on a board. */
const URL = 'https://board.example/';

describe(${literal(`${name}: a thread page`)}, () => {
  const doc = loadPage(THREAD, URL);
  it(${literal(`is recognised as ${name}`)}, () => {
    expect(recogniseBoard(doc)?.id).toBe(${CONST}.id);
  });
  it('is a thread page', () => {
    expect(${CONST}.detect(doc, URL, 'en').kind).toBe('thread');
  });
  it('reads each post: its number and author', () => {
    const clock = ${CONST}.clock(doc);
    const posts = Array.from(doc.querySelectorAll(${CONST}.posts.selector)).map((el) => {
      const body = ${CONST}.reading.bodyOf(el);
      return body && ${CONST}.reading.readPost(el, clock, body);
    });
    expect(posts.map((p) => p?.author)).toEqual(['Ann', 'Bo']);
    expect(posts.every((p) => p && p.number > 0)).toBe(true);
  });
  it('finds the reply box', () => {
    expect(${CONST}.replyBox(doc).textarea).not.toBeNull();
  });
});
`,
);

console.log(`\n${name} is registered. Next: a thread page in THREAD and the readers that read it (npx vitest run ${test}).`);
