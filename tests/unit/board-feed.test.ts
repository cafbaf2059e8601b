// Each board's posts handed over as its page parses (issue 31): whole, once, in page order,
// however the parser cuts the page, and before the page's end when the parser pauses after them
// (vBulletin's messages sit inside their list items or edit wrappers: the feed follows those). And
// Chrome's registrations of an earlier version, made at document_end, are made again at
// document_start.
import fc from 'fast-check';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { boardKeeper } from '../../entrypoints/background/boards';
import { GAMERS_PLANE_POSTS } from '../../lib/forums/gamersplane/posts';
import { PHPBB_POSTS } from '../../lib/forums/phpbb/posts';
import { VBULLETIN_POSTS } from '../../lib/forums/vbulletin/posts';
import { XENFORO_POSTS } from '../../lib/forums/xenforo/posts';
import { feedPosts, type PostShape } from '../../lib/reading/feed';
import { loadSettings, SETTINGS_VERSION } from '../../lib/settings/schema';
import { benchBoardPage } from '../fixtures/board-bench.mjs';
import { gamersPlaneThread, phpbbThread, vbulletinThread, xenforoThread } from '../fixtures/board-pages.mjs';
import { loadPage } from '../helpers/dom';

/** Build `html` into a document that says it is loading, node by node as a parser does, pausing after the nodes in `cuts`. */
async function parseInChunks(html: string, url: string, shape: PostShape, cuts: number[]) {
  const whole = loadPage(html, url);
  const order: { node: Node; parent: number }[] = [];
  const walk = (n: Node, parent: number) => {
    const at = order.length;
    order.push({ node: n, parent });
    for (let c = n.firstChild; c; c = c.nextSibling) walk(c, at);
  };
  walk(whole.documentElement, -1);
  const w = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const doc = w.document as unknown as Document;
  doc.removeChild(doc.documentElement);
  let state: DocumentReadyState = 'loading';
  Object.defineProperty(doc, 'readyState', { get: () => state, configurable: true });
  const handed: { id: string; html: string }[] = [];
  feedPosts(doc, shape).take((posts) => {
    for (const p of posts) handed.push({ id: p.id || p.getAttribute('data-postid') || p.getAttribute('data-content') || '', html: p.outerHTML });
  });
  const tick = () => new Promise((ok) => setTimeout(ok, 0));
  const made: Node[] = [];
  const pauses = new Set(cuts.map((c) => c % order.length));
  for (let i = 0; i < order.length; i++) {
    const { node, parent } = order[i]!;
    const copy = doc.importNode(node, false);
    made.push(copy);
    (parent < 0 ? doc : made[parent]!).appendChild(copy);
    if (pauses.has(i)) await tick();
  }
  await tick();
  const beforeEnd = handed.length;
  state = 'interactive';
  doc.dispatchEvent(new (w.Event as unknown as typeof Event)('DOMContentLoaded'));
  await tick();
  const expected = Array.from(whole.querySelectorAll(shape.selector), (p) => p.outerHTML);
  return { handed, beforeEnd, expected, nodes: order.length };
}

const BOARDS: [string, string, string, PostShape][] = [
  ['phpBB', phpbbThread().html, 'https://board.example/viewtopic.php?t=5101', PHPBB_POSTS],
  ['XenForo 2', xenforoThread().html, 'https://xf.example/threads/the-duel.77/', XENFORO_POSTS],
  ['vBulletin 3', vbulletinThread({ version: 3 }).html, 'https://vb.example/showthread.php?t=640', VBULLETIN_POSTS],
  ['vBulletin 4', vbulletinThread({ version: 4, threadId: 641 }).html, 'https://vb.example/showthread.php?t=641', VBULLETIN_POSTS],
  ['Gamers’ Plane', gamersPlaneThread().html, 'https://gamersplane.com/forums/thread/9001/', GAMERS_PLANE_POSTS],
  ['vBulletin 4, the benchmarks’ topic', benchBoardPage('vbulletin', 20), 'https://vb.example/showthread.php?t=642', VBULLETIN_POSTS],
];

describe('a board’s posts as its page parses', () => {
  for (const [name, html, url, shape] of BOARDS)
    it(`${name}: every post once, whole, in page order, however the page is cut; most before the page’s end`, async () => {
      // A pause after every node: each post is handed over once the parser is past it.
      const every = await parseInChunks(
        html,
        url,
        shape,
        Array.from({ length: 100_000 }, (_, i) => i),
      );
      expect(every.handed.map((h) => h.html)).toEqual(every.expected);
      expect(every.beforeEnd).toBeGreaterThanOrEqual(every.expected.length - 1);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
          const r = await parseInChunks(html, url, shape, cuts);
          expect(r.handed.map((h) => h.html)).toEqual(r.expected);
        }),
        { numRuns: 8 },
      );
    });
});

describe('Chrome’s registrations of an earlier version', () => {
  afterEach(() => {
    const api = fakeBrowser as unknown as Record<string, unknown>;
    delete api.permissions;
    delete api.scripting;
  });

  it('a board registered to start at document_end is registered again at document_start; one already at document_start is kept', async () => {
    const registered = new Map<string, { runAt: string; js: string[] }>([
      ['board phpbb https://board.example', { runAt: 'document_end', js: ['content-scripts/phpbb.js'] }],
      ['board xenforo https://xf.example', { runAt: 'document_start', js: ['content-scripts/xenforo.js'] }],
    ]);
    const calls: string[] = [];
    const api = fakeBrowser as unknown as Record<string, unknown>;
    api.permissions = {
      getAll: async () => ({ origins: ['https://board.example/*', 'https://xf.example/*'] }),
      onAdded: { addListener: () => {} },
      onRemoved: { addListener: () => {} },
    };
    api.scripting = {
      getRegisteredContentScripts: async () => [...registered].map(([id, s]) => ({ id, ...s })),
      registerContentScripts: async (list: { id: string; runAt: string; js: string[] }[]) => {
        for (const s of list) {
          calls.push(`register ${s.id}`);
          registered.set(s.id, { runAt: s.runAt, js: s.js });
        }
      },
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        for (const id of ids) {
          calls.push(`unregister ${id}`);
          registered.delete(id);
        }
      },
    };
    const r = loadSettings({
      version: SETTINGS_VERSION,
      boards: [
        { origin: 'https://board.example', forum: 'phpbb', name: 'Board' },
        { origin: 'https://xf.example', forum: 'xenforo', name: 'XF' },
      ],
    });
    if (!r.ok) throw new Error(r.error);
    await boardKeeper().sync(r.settings);
    expect(calls).toEqual(['unregister board phpbb https://board.example', 'register board phpbb https://board.example']);
    expect([...registered.values()].map((s) => s.runAt)).toEqual(['document_start', 'document_start']);
  });
});
