// Parlor Magic's fold against edits and borrowed names (lib/games/parlor/edits.ts, thread.ts): the
// two edit attacks played 40 games each with real commitments, harmless edits left alone (and, as a
// property, an honest game never red whatever its edits), edits of unknown time, and posters bound
// by their forum identity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANONICAL_DECK } from '../../lib/games/parlor/cards';
import { picksFrom } from '../../lib/games/parlor/hidden';
import type { Ruler } from '../../lib/games/parlor/model';
import { commitLine, openingLine } from '../../lib/games/parlor/play';
import { recordLine } from '../../lib/games/parlor/records';
import { foldParlorThread, parlorGameStarts, threadRecords, type ThreadPost } from '../../lib/games/parlor/thread';
import { PARLOR } from '../../lib/games/parlor/game';
import type { PostEdit } from '../../lib/games/game';
import { GAP, honestGame, IDS, NAMES, post, reveal, T0, wonGame } from './parlor-play';
import { seeded } from './seeded';

const faces = (cards: readonly string[]) => cards.filter((c) => /^[JQK]/.test(c)).length;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
// Chance: 7 cards of 52 with 12 faces, 7 × 12 / 52 ≈ 1.62 a hand.
const CHANCE = (7 * 12) / 52;
const edited = (p: ThreadPost, edit: PostEdit, text = p.text): ThreadPost => ({ ...p, text, edit });
const red = (posts: readonly ThreadPost[]) => foldParlorThread(posts).checks.filter((c) => c.verdict === 'mismatch');

describe('the two edit attacks, 40 games each (fixed seed, real commitments)', () => {
  // Ana grinds 1,500 secrets against the nonce of Ben's commitment (the nonce her opening seven is
  // drawn with) and keeps the one whose seven hold the most face cards.
  const GAMES = 40;
  const TRIES = 1500;
  type Game = { honest: string; ben: string; nonces: string[]; by: string; ground: string };
  const grind = (seed: number): Game[] => {
    const rnd = seeded(seed);
    return Array.from({ length: GAMES }, (_, i) => {
      const g = { honest: rnd.hex(32), ben: rnd.hex(32), nonces: [rnd.hex(16), rnd.hex(16), rnd.hex(16), rnd.hex(16)], by: i % 2 ? 'GM' : 'player' };
      let best = { secret: '', faces: -1 };
      for (let t = 0; t < TRIES; t++) {
        const secret = rnd.hex(32);
        const f = faces(picksFrom(secret, g.nonces[1]!, 1, CANONICAL_DECK, [], 7));
        if (f > best.faces) best = { secret, faces: f };
      }
      return { ...g, ground: best.secret };
    });
  };

  /**
   * The thread as it reads after the edit: #1 Ana's post (first written as `first`, edited 5 minutes
   * after Ben's commitment into her ground commitment, keeping the nonce she posted), #2 Ben's
   * commitment, #3 and #4 the openings.
   */
  function attacked(g: Game, first: string): { posts: ThreadPost[]; before: ThreadPost[] } {
    const before: ThreadPost[] = [];
    post(before, 'A', first);
    post(before, 'B', commitLine(g.ben, g.nonces[1]!));
    post(before, 'A', openingLine(g.nonces[2]!));
    post(before, 'B', openingLine(g.nonces[3]!));
    const posts = before.map((p) => ({ ...p }));
    posts[0] = edited(posts[0]!, { time: T0 + GAP + 300, by: g.by }, `Some words.\n${commitLine(g.ground, g.nonces[0]!)}`);
    return { posts, before };
  }

  /** What the reader of the edited thread is told: each game's opening flagged or not, its face cards, and the verdicts. */
  function play(seed: number, first: (g: Game) => string) {
    return grind(seed).map((g) => {
      const { posts, before } = attacked(g, first(g));
      const game = foldParlorThread(posts, { me: { name: NAMES.A, secret: g.ground } });
      const opening = game.checks.find((c) => c.post === 3)!;
      const seenFirst = foldParlorThread(posts, { seen: threadRecords(before) });
      return { game, opening, faces: faces(game.state.hand.A), edit: game.checks.find((c) => c.post === 1)!, seenFirst };
    });
  }

  const rule = (r: ReturnType<typeof play>[number]) => {
    expect(r.game.rulers.A?.secret).toBeTruthy();
    expect(r.opening.verdict).toBe('rules');
    expect(r.opening.reasons.join(' ')).toMatch(
      /Drawn with Ben Orr’s nonce in #2, posted before Ana Vey’s commitment \(#1\) was last edited.*could have been chosen/,
    );
    expect(r.edit).toMatchObject({ verdict: 'rules', reasons: expect.arrayContaining([expect.stringMatching(/^Edited after Ben Orr’s nonce in #2/)]) });
    expect(r.game.result.edited).toEqual([1]);
    // A caution, never red: nothing the posts hold contradicts anything.
    expect(r.game.checks.filter((c) => c.verdict === 'mismatch')).toEqual([]);
  };

  it('(a) a ground secret edited into Ana’s posted commitment (its nonce kept), after Ben’s nonce: every ground opening flagged', () => {
    const out = play(20261205, (g) => commitLine(g.honest, g.nonces[0]!));
    // The grind works: ground openings hold far more face cards than chance.
    expect(mean(out.map((r) => r.faces))).toBeGreaterThan(CHANCE + 2.5);
    for (const r of out) rule(r);
    // A reader who read #1 before the edit sees its commitment changed: red on that post.
    for (const r of out) expect(r.seenFirst.checks.find((c) => c.post === 1)).toMatchObject({ verdict: 'mismatch' });
  });

  it('(b) an older chat post, written before Ben’s commitment, edited into a commitment (Ana becomes ruler A): every ground opening flagged', () => {
    const out = play(20261206, () => 'Looking forward to it. Ben, you commit first?');
    expect(mean(out.map((r) => r.faces))).toBeGreaterThan(CHANCE + 2.5);
    for (const r of out) {
      expect(r.game.rulers.A?.name).toBe(NAMES.A);
      rule(r);
    }
  });

  it('Ben’s side of attack (a): his commitment edited after Ana’s opening nonce, which his opening is drawn with', () => {
    const posts = honestGame(0);
    posts[1] = edited(posts[1]!, { time: posts[2]!.time! + 60, by: 'player' });
    const g = foldParlorThread(posts);
    expect(g.checks.find((c) => c.post === 2)!.reasons).toContain(
      'Edited after Ana Vey’s nonce in #3: this post’s records could have been rewritten against it, so they are not accepted as first posted, and the game’s result cannot be final.',
    );
    expect(g.checks.find((c) => c.post === 4)).toMatchObject({
      verdict: 'rules',
      reasons: [expect.stringMatching(/Ben Orr’s commitment \(#2\).*could have been chosen/)],
    });
    // Ana's opening is drawn with the nonce of his commitment, which his edit could have changed after she drew.
    expect(g.checks.find((c) => c.post === 3)).toMatchObject({
      verdict: 'rules',
      reasons: [expect.stringMatching(/a post edited where Ana Vey may have drawn already/)],
    });
    expect(
      foldParlorThread(posts, { l: 'it' })
        .checks.find((c) => c.post === 4)!
        .reasons.join(' '),
    ).toMatch(/potevano essere scelte/);
  });

  it('the result of a won game whose commitment was edited late is unverified, never final, after the reveal too', () => {
    const won = wonGame();
    const posts = reveal(won, 'A');
    expect(foldParlorThread(posts).result).toMatchObject({ winner: 'A', status: 'final' });
    posts[0] = edited(posts[0]!, { time: posts[1]!.time! + 1, by: 'GM' });
    const g = foldParlorThread(posts);
    expect(g.result).toEqual({ winner: 'A', status: 'unverified', unrevealed: ['B'], edited: [1] });
    expect(g.checks.at(-1)!.reasons).not.toContain(expect.stringMatching(/win is final/));
    expect(g.checks.flatMap((c) => c.reasons)).toContain(
      'Ana Vey wins (Life at 0), but the result is unverified: the records of post #1 were edited where the other side may have acted on them.',
    );
    expect(g.checks.filter((c) => c.verdict === 'mismatch')).toEqual([]);
  });
});

describe('harmless edits are left alone', () => {
  const honest = reveal(reveal(honestGame(3), 'A'), 'B');

  it('a typo fixed before the other side posted; the last post edited any time; a chat post edited', () => {
    const posts = honestGame(3);
    posts[0] = edited(posts[0]!, { time: posts[1]!.time! - 1, by: 'player' });
    posts[5] = edited(posts[5]!, { time: posts[6]!.time! - 120, by: 'GM' });
    const last = posts.length - 1;
    posts[last] = edited(posts[last]!, { time: T0 + GAP * 99, by: 'player' });
    posts.push({ number: posts.length + 1, author: NAMES.A, authorId: IDS.A, time: T0 + GAP * 40, text: 'Good game!', edit: { time: null, by: null } });
    const g = foldParlorThread(posts);
    expect(g.checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
    expect(g.result.edited).toBeUndefined();
  });

  it('property: an honest game with any harmless edits is never flagged, and with any edits at all never red', () => {
    const n = honest.length;
    // Where each record post may be edited harmlessly: before the other side's next post (the next post here, as they alternate).
    const harmless = fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: GAP - 1 }), fc.constantFrom('GM', 'player', null)), {
      maxLength: 6,
    });
    const chat = fc.array(fc.tuple(fc.integer({ min: 0, max: n }), fc.constantFrom<Ruler>('A', 'B'), fc.option(fc.integer({ min: 0, max: 1e10 }))), {
      maxLength: 4,
    });
    const thread = (edits: [number, number, string | null][], chats: [number, Ruler, number | null][]) => {
      const posts: ThreadPost[] = honest.map((p) => ({ ...p }));
      for (const [i, dt, by] of edits) posts[i] = edited(posts[i]!, { time: posts[i]!.time! + dt, by });
      // Chat posts with no record, anywhere, edited at any time (or at one the page does not show).
      for (const [at, r, time] of [...chats].sort((a, b) => b[0] - a[0]))
        posts.splice(at, 0, { number: 0, author: NAMES[r], authorId: IDS[r], time: T0, text: 'Nice move.', edit: { time, by: null } });
      return posts.map((p, i) => ({ ...p, number: i + 1 }));
    };
    fc.assert(
      fc.property(harmless, chat, (edits, chats) => {
        const g = foldParlorThread(thread(edits, chats));
        expect(g.checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
        expect(g.result.status).not.toBe('unverified');
      }),
      { numRuns: 40 },
    );
    const any = fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.option(fc.integer({ min: -1e5, max: 1e6 })), fc.constantFrom('GM', 'player', null)), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(any, (edits) => {
        const posts: ThreadPost[] = honest.map((p) => ({ ...p }));
        for (const [i, dt, by] of edits) posts[i] = edited(posts[i]!, { time: dt === null ? null : posts[i]!.time! + dt, by });
        expect(red(posts)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('hostile facts', () => {
  it('any time or edit a page may give (not numbers, NaN, infinite) never throws and never turns an honest game red, with identities shown or not', () => {
    const honest = reveal(honestGame(1), 'A');
    const junk = fc.constantFrom<unknown>(null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1, 0, '123', {}, 1e300);
    const facts = fc.record({ time: junk, edit: fc.option(fc.record({ time: junk, by: fc.option(fc.string({ maxLength: 8 })) })) });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: honest.length - 1 }), facts), { maxLength: 6 }), fc.boolean(), (changes, ids) => {
        const posts = honest.map((p) => (ids ? { ...p } : { ...p, authorId: '' }));
        for (const [i, f] of changes) posts[i] = { ...posts[i]!, ...(f as Partial<ThreadPost>) };
        expect(red(posts)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('an edit whose time the page does not show', () => {
  it('a record post followed by the other side’s post: a caution, and the draws it could have chosen say so; never red', () => {
    const posts = honestGame(1);
    posts[0] = edited(posts[0]!, { time: null, by: 'Ana Vey' });
    const g = foldParlorThread(posts);
    expect(g.checks[0]!.reasons).toContain(
      'Edited, and the page does not show that the edit came before Ben Orr’s post in #2: this post’s records are not accepted as first posted, and the game’s result cannot be final.',
    );
    expect(g.checks[0]!.verdict).toBe('rules');
    expect(g.checks.find((c) => c.post === 3)!.reasons.join(' ')).toMatch(/cannot be shown to precede: these cards could have been chosen/);
    expect(red(posts)).toEqual([]);
  });

  it('with no post of the other side after it: nothing to judge, nothing said', () => {
    const posts = honestGame(1);
    const last = posts.length - 1;
    posts[last] = edited(posts[last]!, { time: null, by: null });
    expect(foldParlorThread(posts).checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
  });

  it('a nonce edited after the other side drew with it: the drawer’s cards are not sure, and what the reveal shows is not held against them', () => {
    const posts = reveal(honestGame(2), 'B');
    // Ana's opening nonce (#3), which Ben's opening (#4) is drawn with, changed after #4.
    posts[2] = edited(posts[2]!, { time: posts[3]!.time! + 5, by: 'player' }, posts[2]!.text.replace(/nonce: [0-9a-f]{16}/, 'nonce: 0123456789abcdef'));
    const g = foldParlorThread(posts);
    expect(g.checks.find((c) => c.post === 3)!.verdict).toBe('rules');
    expect(g.checks.find((c) => c.post === 4)!.reasons.join(' ')).toMatch(/a post edited where Ben Orr may have drawn already/);
    // His honest draws, dealt from the nonce as it was, differ from what the changed one picks: said, not red.
    expect(g.checks.filter((c) => c.verdict === 'mismatch')).toEqual([]);
    expect(g.checks.flatMap((c) => c.reasons)).toContain('Not held against Ben Orr: their cards were dealt with a nonce the other side edited afterwards.');
  });
});

describe('records this reader saw, remembered per post', () => {
  const posts = honestGame(2);
  const seen = threadRecords(posts);

  it('a commitment, a seal or a nonce changed since: red on that post, and the result can no longer be final; one gone: a caution', () => {
    const seal = posts.findIndex((p) => p.text.includes('draw two'));
    const changed = posts.map((p) => ({ ...p }));
    changed[seal] = { ...changed[seal]!, text: changed[seal]!.text.replace(/seal: ([0-9a-f])/, (_, c: string) => `seal: ${c === 'a' ? 'b' : 'a'}`) };
    const g = foldParlorThread(changed, { seen });
    expect(g.checks.find((c) => c.post === seal + 1)).toMatchObject({
      verdict: 'mismatch',
      reasons: expect.arrayContaining([expect.stringMatching(/^This post showed seal: /)]),
    });
    expect(g.result.edited).toEqual([seal + 1]);
    const gone = posts.map((p) => ({ ...p }));
    gone[1] = { ...gone[1]!, text: 'I withdraw.' };
    expect(foldParlorThread(gone, { seen }).checks.find((c) => c.post === 2)).toMatchObject({
      verdict: 'rules',
      reasons: [expect.stringMatching(/^This post showed commitment: [0-9a-f]{16}…, nonce: [0-9a-f]{16} when .*those records are gone now/)],
    });
    const cut = posts.map((p) => ({ ...p }));
    cut[2] = { ...cut[2]!, text: recordLine({ opening: null }) };
    expect(foldParlorThread(cut, { seen }).checks.find((c) => c.post === 3)).toMatchObject({
      verdict: 'rules',
      reasons: expect.arrayContaining([expect.stringMatching(/those records are gone now/)]),
    });
    // Unchanged: nothing said.
    expect(foldParlorThread(posts, { seen }).checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
  });
});

describe('posters, not names', () => {
  const posts = honestGame(1);

  it('a post under a ruler’s name showing no forum identity where the ruler has one is taken as theirs, with a caution (never set aside: an honest reveal must not turn red)', () => {
    for (const authorId of [null, undefined]) {
      const unsure = [...posts];
      post(unsure, 'A', recordLine({ turn: true }));
      unsure[unsure.length - 1] = { ...unsure.at(-1)!, authorId };
      const g = foldParlorThread(unsure);
      expect(g.checks.at(-1)?.verdict).toBe('rules');
      expect(g.checks.at(-1)?.reasons.join(' ')).toMatch(/without the forum identity that committed in #1/);
      expect(g.table.phase).not.toBe(foldParlorThread(posts).table.phase);
    }
  });

  it('a post under a ruler’s name by another forum identity is not theirs', () => {
    for (const authorId of ['9999']) {
      const forged = [...posts];
      post(forged, 'A', recordLine({ turn: true }));
      forged[forged.length - 1] = { ...forged.at(-1)!, authorId };
      const g = foldParlorThread(forged);
      expect(g.checks.at(-1)).toEqual({
        post: forged.length,
        verdict: 'rules',
        reasons: [
          'Posted under Ana Vey’s name by another forum identity than the one that committed in #1 (or by one the page does not show): not Ana Vey’s, and none of its records counts.',
        ],
      });
      // Her turn did not begin.
      expect(g.table.phase).toBe(foldParlorThread(posts).table.phase);
    }
  });

  it('a commitment under a ruler’s name by another identity starts no game and makes no ruler', () => {
    const forged = [...posts];
    post(forged, 'A', commitLine('impostor', 'fedcba9876543210'));
    forged[forged.length - 1] = { ...forged.at(-1)!, authorId: '9999' };
    expect(parlorGameStarts(forged)).toEqual([1]);
    expect(foldParlorThread(forged).rulers.A?.authorId).toBe(IDS.A);
    expect(
      PARLOR.checkTablePosts(
        forged.map(({ number, ...p }) => ({ ...p, post: number })),
        't',
        'en',
      )
        .at(-1)
        ?.reasons.join(' '),
    ).toMatch(/not Ana Vey’s/);
  });

  it('the ruler’s own identity under another name (a renamed character) is theirs; with no identity shown, names decide as before', () => {
    const renamed = posts.map((p) => (p.authorId === IDS.A ? { ...p, author: p.number > 2 ? 'Ana the Bold' : p.author } : p));
    expect(foldParlorThread(renamed).checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
    const bare = posts.map(({ authorId: _id, ...p }) => p);
    expect(foldParlorThread(bare).checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
    expect(foldParlorThread(bare).rulers.A?.authorId).toBeNull();
  });
});

describe('the page’s checks take what the forum shows of each post', () => {
  it('the badges flag the same late edit the fold does', () => {
    const posts = honestGame(0);
    posts[0] = edited(posts[0]!, { time: posts[1]!.time! + 1, by: 'GM' });
    const badges = PARLOR.checkTablePosts(
      posts.map(({ number, ...p }) => ({ ...p, post: number })),
      't',
      'en',
    );
    expect(badges.find((c) => c.post === 1)?.verdict).toBe('rules');
    expect(badges.find((c) => c.post === 3)?.reasons.join(' ')).toMatch(/could have been chosen/);
  });
});
