// Each post's records read once per text (lib/games/parlor/reading.ts): the reads of one panel
// update counted (every fold, the game starts, the nonces and the table-post checks share one
// reading of each post), and folding with the shared reading equals folding with a fresh reading
// of every post every time, on random threads.
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readParlorCard } from '../../lib/games/parlor/cards';
import { PARLOR } from '../../lib/games/parlor/game';
import { canonical } from '../../lib/games/parlor/hidden';
import type { Ruler } from '../../lib/games/parlor/model';
import { commitLine, drawLine, drawSize, endLine, nextDraw, openingLine, revealLine } from '../../lib/games/parlor/play';
import { postRecords } from '../../lib/games/parlor/reading';
import { readRecords, recordLine } from '../../lib/games/parlor/records';
import { foldParlorThread, parlorGameStarts, type ThreadOptions, type ThreadPost, threadNonces } from '../../lib/games/parlor/thread';
import { seeded } from './seeded';

// Every parse of a post's text goes through records.ts's reader: counted here.
vi.mock('../../lib/games/parlor/records', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/games/parlor/records')>();
  return { ...real, readRecords: vi.fn(real.readRecords) };
});
// The fold's shared reading, or (`fresh`) a new reading of the post on every call: the fold as it was before the sharing.
const mode = vi.hoisted(() => ({ fresh: false }));
vi.mock('../../lib/games/parlor/reading', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/games/parlor/reading')>();
  const records = await import('../../lib/games/parlor/records');
  return { ...real, postRecords: (text: string) => (mode.fresh ? records.readRecords(text) : real.postRecords(text)) };
});

const reads = vi.mocked(readRecords);
beforeEach(() => {
  reads.mockClear();
  mode.fresh = false;
});

const NAMES: Record<Ruler, string> = { A: 'Ana Vey', B: 'Ben Orr' };
const SECRETS: Record<Ruler, string> = { A: 'ana-secret-reading', B: 'ben-secret-reading' };

/** A game played by both panels: the commitments, the openings, then `turns` turns each (draw, a land, end). Its posts are not read yet (each fold here reads afresh). */
function playedGame(turns: number, seed: number): ThreadPost[] {
  const shared = !mode.fresh;
  mode.fresh = true;
  const { hex } = seeded(seed);
  const posts: ThreadPost[] = [];
  const post = (r: Ruler, ...lines: string[]) => posts.push({ number: posts.length + 1, author: NAMES[r], text: `Some words.\n${lines.join('\n')}` });
  post('A', commitLine(SECRETS.A, hex(16)));
  post('B', commitLine(SECRETS.B, hex(16)));
  post('A', openingLine(hex(16)));
  post('B', openingLine(hex(16)));
  for (let i = 0; i < turns; i++)
    for (const r of ['A', 'B'] as const) {
      const me = { name: NAMES[r], secret: SECRETS[r] };
      const lines = [recordLine({ turn: true })];
      const now = () => foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }], { me });
      const drawn = nextDraw(now(), r, SECRETS[r], drawSize(now(), r));
      lines.push(drawLine(now(), r, SECRETS[r], drawn.find((c) => readParlorCard(c)!.type === 'land') ?? drawn[0]!));
      const land = now().table.hand[r].find((c) => readParlorCard(c)!.type === 'land');
      if (land) lines.push(recordLine({ event: { land } }));
      const hand = now().table.hand[r];
      lines.push(endLine(now(), r, SECRETS[r], canonical(hand).slice(0, Math.max(0, hand.length - 7)), hex(16)));
      post(r, ...lines);
    }
  mode.fresh = !shared;
  return posts;
}

/**
 * One update of Parlor's panel, as components/games/parlor/ParlorTable.tsx makes it: the game
 * starts, the game read without a secret (to find mine), with my secret, and with the lines being
 * written as if posted; the nonces kept; and the game's verdicts on the table posts.
 */
function panelUpdate(posts: readonly ThreadPost[], r: Ruler, writing: string[]): void {
  const starts = parlorGameStarts(posts);
  const from = starts.at(-1) ?? 0;
  foldParlorThread(posts, { from });
  const options: ThreadOptions = { me: { name: NAMES[r], secret: SECRETS[r] }, from, seenNonces: {}, l: 'en' };
  foldParlorThread(posts, options);
  if (writing.length) foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: writing.join('\n') }], options);
  threadNonces(posts);
  PARLOR.checkTablePosts(
    posts.map((p) => ({ post: p.number, author: p.author, text: p.text })),
    'thread',
    'en',
  );
}

describe('each post read once per text', () => {
  const posts = playedGame(4, 1);
  const writing = [recordLine({ turn: true })];

  it('a 12-post thread: one read of each post in a panel update, then one of the lines being written; none of a post read before', () => {
    expect(posts).toHaveLength(12);
    panelUpdate(posts, 'A', []);
    expect(reads).toHaveBeenCalledTimes(12);
    expect(new Set(reads.mock.calls.map(([text]) => text)).size).toBe(12);
    reads.mockClear();
    panelUpdate(posts, 'A', writing);
    expect(reads.mock.calls).toEqual([[writing.join('\n')]]);
    // The next update, those lines posted: nothing new to read; then one post more: only it is read.
    const more = [...posts, { number: 13, author: NAMES.A, text: writing.join('\n') }];
    reads.mockClear();
    panelUpdate(more, 'B', []);
    expect(reads).toHaveBeenCalledTimes(0);
    const another = [...more, { number: 14, author: NAMES.B, text: `${recordLine({ turn: true })}\nSome more words.` }];
    panelUpdate(another, 'B', []);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('without the shared reading the same update reads each post about 15 times (180 reads when measured)', () => {
    mode.fresh = true;
    panelUpdate(posts, 'A', []);
    expect(reads.mock.calls.length).toBeGreaterThan(12 * 10);
  });

  it('a post without a Parlor line is never parsed; a shared reading cannot be changed by a reader', () => {
    const other = playedGame(1, 2);
    const plain = { number: 7, author: 'Someone', text: 'Only words, no game line here.' };
    reads.mockClear();
    foldParlorThread([...other, plain]);
    expect(reads.mock.calls.map(([text]) => text)).not.toContain(plain.text);
    const read = postRecords(other[0]!.text);
    expect(read.records[0]).toMatchObject({ nonce: expect.any(String) });
    expect(() => Object.assign(read.records[0]!, { nonce: 'changed' })).toThrow(TypeError);
    expect(() => (read.records as unknown[]).push({ turn: true })).toThrow(TypeError);
    expect(postRecords(other[0]!.text)).toBe(read);
  });

  it('bounded: past 2,000 posts or 4 million characters the least recently used reading goes first', () => {
    const turn = (i: number) => `${recordLine({ turn: true })}\npost ${i}`;
    postRecords(turn(0));
    for (let i = 1; i <= 2000; i++) postRecords(turn(i === 1 ? 0 : i));
    reads.mockClear();
    postRecords(turn(0));
    expect(reads).toHaveBeenCalledTimes(0);
    postRecords(turn(2001));
    postRecords(turn(2));
    expect(reads).toHaveBeenCalledTimes(2);
    // Long posts: the characters bound, well before the count.
    const long = (i: number) => `${recordLine({ turn: true })}\n${String(i).padEnd(1_500_000, '.')}`;
    for (let i = 0; i < 3; i++) postRecords(long(i));
    reads.mockClear();
    postRecords(long(2));
    expect(reads).toHaveBeenCalledTimes(0);
    postRecords(long(0));
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

// ---- random threads: the shared reading folds the same as a fresh reading ----

const RULERS = ['Ana Vey', 'Ben Orr', 'Cal Tor'] as const;
const THREAD_SECRETS = ['ana-s', 'ben-s', 'cal-s'] as const;

/** A random thread's lines: every kind of record, some malformed, some of them repeated word for word. */
const lineArb = fc.oneof(
  fc.tuple(fc.constantFrom(...THREAD_SECRETS), fc.constantFrom('0123456789abcdef', 'fedcba9876543210')).map(([s, n]) => commitLine(s, n)),
  fc.constantFrom('0123456789abcdef', '00112233aabbccdd').map((n) => openingLine(n)),
  fc.constant(recordLine({ opening: null })),
  fc.constant(recordLine({ turn: true })),
  fc.constantFrom('7S', 'KH', '9D', '2C').map((land) => recordLine({ event: { land } })),
  fc.constant(recordLine({ draw: { seal: '0123456789abcdef0123456789abcdef' } })),
  fc.constant(recordLine({ end: { recycle: [] }, nonce: 'aaaaaaaaaaaaaaaa' })),
  fc.constant(recordLine({ state: 3, life: { A: 20, B: 18 } })),
  fc.constantFrom(...THREAD_SECRETS).map((s) => recordLine({ reveal: s, keeps: [], recycles: [] })),
  fc.constant('Spark Scribe · Parlor Magic · not a record at all'),
  fc.constant('Only words.'),
);

const threadArb = fc
  .array(fc.tuple(fc.constantFrom(...RULERS), fc.array(lineArb, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 14 })
  .map((xs) => xs.map(([author, lines], i): ThreadPost => ({ number: i + 1, author, text: lines.join('\n') })));

describe('the shared reading folds as a fresh one', () => {
  it('the same game, checks and nonces on random threads, read cold and warm', () => {
    fc.assert(
      fc.property(threadArb, fc.constantFrom(0, 1), fc.nat({ max: 10 }), (posts, who, from) => {
        const opts: ThreadOptions = { me: { name: RULERS[who]!, secret: THREAD_SECRETS[who]! }, from };
        mode.fresh = true;
        const fresh = { game: foldParlorThread(posts, opts), starts: parlorGameStarts(posts), nonces: threadNonces(posts) };
        mode.fresh = false;
        for (let i = 0; i < 2; i++) {
          expect(foldParlorThread(posts, opts)).toEqual(fresh.game);
          expect(parlorGameStarts(posts)).toEqual(fresh.starts);
          expect(threadNonces(posts)).toEqual(fresh.nonces);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a revealed game read through: the same game with the shared reading', () => {
    const posts = playedGame(2, 3);
    const game = foldParlorThread(posts, { me: { name: NAMES.A, secret: SECRETS.A } });
    const all = [...posts, { number: posts.length + 1, author: NAMES.A, text: revealLine(game, 'A', SECRETS.A) }];
    mode.fresh = true;
    const fresh = foldParlorThread(all);
    mode.fresh = false;
    expect(foldParlorThread(all)).toEqual(fresh);
    expect(fresh.rulers.A?.revealedAt).toBe(all.length);
  });
});
