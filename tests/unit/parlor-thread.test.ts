// The public fold of a Parlor Magic thread (lib/games/parlor/thread.ts, exported from lib/index.ts):
// which nonce a draw uses, the second ruler's grind played as a cheater would, a whole game re-derived
// by a reader holding neither secret until the reveal, old threads, results, reused commitments, Harry.
import { describe, expect, it } from 'vitest';
import { foldParlorThread, type ParlorThreadPost, parlorCommit, parlorPick } from '../../lib';
import { CANONICAL_DECK, readParlorCard } from '../../lib/games/parlor/cards';
import { foldParlor, Parlor, type ParlorEvent } from '../../lib/games/parlor/engine';
import { resolveCombat } from '../../lib/games/parlor/combat';
import { canonical, parlorSeal, picksFrom } from '../../lib/games/parlor/hidden';
import type { Ruler } from '../../lib/games/parlor/model';
import { commitLine, drawLine, drawSize, endLine, nextDraw, openingLine, revealLine } from '../../lib/games/parlor/play';
import { type LineEvent, recordLine } from '../../lib/games/parlor/records';
import { PARLOR } from '../../lib/games/parlor/game';
import type { TablePost } from '../../lib/games/game';
import { attackers, mainActions } from '../../lib/games/parlor/actions';
import { seeded } from './seeded';

const NAMES: Record<Ruler, string> = { A: 'Ana Vey', B: 'Ben Orr' };
type Post = ParlorThreadPost;
const post = (posts: Post[], r: Ruler, ...lines: string[]) =>
  posts.push({ number: posts.length + 1, author: NAMES[r], text: `Some words.\n${lines.join('\n')}` });
const faces = (cards: readonly string[]) => cards.filter((c) => /^[JQK]/.test(c)).length;

describe('which nonce a draw uses', () => {
  const rnd = seeded(7);
  const S = { A: 'ana-secret', B: 'ben-secret' };
  const n = { A0: rnd.hex(16), B0: rnd.hex(16), A1: rnd.hex(16), B1: rnd.hex(16) };
  const posts: Post[] = [];
  post(posts, 'A', commitLine(S.A, n.A0));
  post(posts, 'B', commitLine(S.B, n.B0));

  it('the first ruler’s opening uses the second’s commitment nonce; the second’s waits for the first’s opening post', () => {
    const g = foldParlorThread(posts);
    expect(g.nextNonce).toEqual({ A: n.B0, B: '' });
    // Ben posts his opening before Ana's: not dealt, judged as not following, with the reason.
    const early = [...posts, { number: 3, author: NAMES.B, text: openingLine(n.B1) }];
    const e = foldParlorThread(early, { me: { name: NAMES.B, secret: S.B } });
    expect(e.table.hand.B).toEqual([]);
    expect(e.picks.B).toBe(0);
    expect(e.checks.at(-1)).toEqual({
      post: 3,
      verdict: 'rules',
      reasons: ['No nonce of Ana Vey’s has been posted since Ben Orr committed: this draw waits for Ana Vey’s post, and nothing is dealt from it.'],
    });
    expect(foldParlorThread(early, { l: 'it' }).checks.at(-1)!.reasons[0]).toMatch(/aspetta il messaggio di Ana Vey/);
  });

  it('with both openings posted, each seven is the documented picks with the documented nonce; hands are codes or ?', () => {
    const both = [...posts];
    post(both, 'A', openingLine(n.A1));
    post(both, 'B', openingLine(n.B1));
    const byHand = (secret: string, nonce: string) => {
      const pile = [...CANONICAL_DECK];
      return Array.from({ length: 7 }, (_, i) => {
        const c = parlorPick(secret, nonce, i + 1, pile);
        pile.splice(pile.indexOf(c), 1);
        return c;
      });
    };
    const ana = foldParlorThread(both, { me: { name: NAMES.A, secret: S.A } });
    expect(ana.state.hand.A).toEqual(byHand(S.A, n.B0));
    expect(ana.state.hand.B).toEqual(Array(7).fill('?'));
    const ben = foldParlorThread(both, { me: { name: NAMES.B, secret: S.B } });
    expect(ben.state.hand.B).toEqual(byHand(S.B, n.A1));
    expect(ben.checks.every((c) => c.verdict === 'follows')).toBe(true);
    // Ana's first draw uses Ben's opening nonce (his latest after her commitment); Ben's waits for her end of turn, the latest of hers.
    expect(ben.nextNonce).toEqual({ A: n.B1, B: n.A1 });
    expect(ben.result).toEqual({ winner: null, status: 'playing', unrevealed: ['A', 'B'] });
    expect(ben.rule).toBe('new');
  });
});

describe('the second ruler’s grind, played as a cheater would', () => {
  // Over many games Ben, committing second, tries secrets against everything he saw before
  // committing (Ana's commitment and its nonce) and commits the one whose opening seven has the
  // most face cards. The thread is folded with his secret to see the hand actually dealt.
  const GAMES = 40;
  const TRIES = 1500;
  const rnd = seeded(20261204);
  const games = Array.from({ length: GAMES }, () => {
    const ana = { secret: rnd.hex(32), commit: rnd.hex(16), opening: rnd.hex(16) };
    const honest = rnd.hex(32);
    let best = { secret: '', faces: -1 };
    for (let i = 0; i < TRIES; i++) {
      const secret = rnd.hex(32);
      const f = faces(picksFrom(secret, ana.commit, 1, CANONICAL_DECK, [], 7));
      if (f > best.faces) best = { secret, faces: f };
    }
    return { ana, honest, ground: best.secret, benNonce: rnd.hex(16), benOpening: rnd.hex(16) };
  });
  /** Ben's opening seven as the thread deals it (openings with a nonce, or the old form without). */
  const dealt = (g: (typeof games)[number], secret: string, withNonces: boolean) => {
    const posts: Post[] = [];
    post(posts, 'A', commitLine(g.ana.secret, g.ana.commit));
    post(posts, 'B', commitLine(secret, g.benNonce));
    post(posts, 'A', withNonces ? openingLine(g.ana.opening) : recordLine({ opening: null }));
    post(posts, 'B', withNonces ? openingLine(g.benOpening) : recordLine({ opening: null }));
    return foldParlorThread(posts, { me: { name: NAMES.B, secret } }).state.hand.B;
  };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  // Chance: 7 cards of 52 with 12 faces, 7 × 12 / 52 ≈ 1.62 a hand.
  const CHANCE = (7 * 12) / 52;

  it('under the rule: the ground hands are no better than honest ones (within 0.6 face cards a hand, fixed seed)', () => {
    const ground = mean(games.map((g) => faces(dealt(g, g.ground, true))));
    const honest = mean(games.map((g) => faces(dealt(g, g.honest, true))));
    expect(Math.abs(ground - CHANCE)).toBeLessThan(0.6);
    expect(Math.abs(honest - CHANCE)).toBeLessThan(0.6);
    expect(Math.abs(ground - honest)).toBeLessThan(0.6);
  });

  it('under the older rule (openings without a nonce) the same grind wins far better hands, and each is cautioned', () => {
    const ground = mean(games.map((g) => faces(dealt(g, g.ground, false))));
    expect(ground).toBeGreaterThan(CHANCE + 2.5);
    const g = games[0]!;
    const posts: Post[] = [];
    post(posts, 'A', commitLine(g.ana.secret, g.ana.commit));
    post(posts, 'B', commitLine(g.ground, g.benNonce));
    post(posts, 'A', recordLine({ opening: null }));
    post(posts, 'B', recordLine({ opening: null }));
    const checks = foldParlorThread(posts).checks;
    expect(checks[2]!.verdict).toBe('follows');
    expect(checks[3]).toMatchObject({
      verdict: 'rules',
      reasons: [expect.stringMatching(/had seen before committing \(post #1\): these cards could have been chosen/)],
    });
  });
});

// ---- a whole game, each ruler's panel writing its posts ----

const SECRETS: Record<Ruler, string> = { A: 'ana-secret-3f9a', B: 'ben-secret-77c1' };
const rnd = seeded(99);

function playTurn(posts: Post[], r: Ruler): string[] {
  const me = { name: NAMES[r], secret: SECRETS[r] };
  const lines = [recordLine({ turn: true })];
  const now = () => foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }], { me });
  let game = now();
  const drawn = nextDraw(game, r, SECRETS[r], drawSize(game, r));
  lines.push(drawLine(game, r, SECRETS[r], drawn.find((c) => readParlorCard(c)!.type === 'land') ?? drawn[0]!));
  game = now();
  const land = game.table.hand[r].find((c) => readParlorCard(c)!.type === 'land');
  if (land) lines.push(recordLine({ event: { land } }));
  game = now();
  lines.push(endLine(game, r, SECRETS[r], canonical(game.table.hand[r]).slice(0, Math.max(0, game.table.hand[r].length - 7)), rnd.hex(16)));
  return lines;
}

function playedGame(turns: number): Post[] {
  const posts: Post[] = [];
  post(posts, 'A', commitLine(SECRETS.A, rnd.hex(16)));
  post(posts, 'B', commitLine(SECRETS.B, rnd.hex(16)));
  post(posts, 'A', openingLine(rnd.hex(16)));
  post(posts, 'B', openingLine(rnd.hex(16)));
  for (let i = 0; i < turns; i++) for (const r of ['A', 'B'] as const) post(posts, r, ...playTurn(posts, r));
  return posts;
}
const reveal = (r: Ruler, list: Post[]): Post => {
  const game = foldParlorThread(list, { me: { name: NAMES[r], secret: SECRETS[r] } });
  return { number: list.length + 1, author: NAMES[r], text: revealLine(game, r, SECRETS[r]) };
};

describe('a whole game re-derived by a reader who holds neither secret until the reveal', () => {
  const posts = playedGame(5);

  it('before the reveals every hand is ? (counted); after them, each ruler’s cards card for card, and every draw checked', () => {
    for (let i = 1; i <= posts.length; i++) {
      const g = foldParlorThread(posts.slice(0, i));
      expect([...g.state.hand.A, ...g.state.hand.B].every((c) => c === '?')).toBe(true);
      expect(g.checks.every((c) => c.verdict === 'follows')).toBe(true);
    }
    const withA = [...posts, reveal('A', posts)];
    const all = [...withA, reveal('B', withA)];
    const reader = foldParlorThread(all);
    for (const r of ['A', 'B'] as const)
      expect(reader.state.hand[r]).toEqual(foldParlorThread(posts, { me: { name: NAMES[r], secret: SECRETS[r] } }).state.hand[r]);
    expect(reader.checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
    // The same game as an open log (every card named) folds to the same state: each draw the reader re-derived is the one played.
    const open = foldParlor({ first: 'A', events: reader.events.map((e) => e.event) });
    expect(open.state.hand).toEqual(reader.state.hand);
    expect(open.outcomes.every((o) => o === null)).toBe(true);
  });

  it('a draw changed after the fact is caught at the reveal, on that post', () => {
    const tampered = posts.map((p) => ({ ...p }));
    const at = tampered.findIndex((p) => p.author === NAMES.B && p.text.includes('draw two'));
    tampered[at] = { ...tampered[at]!, text: tampered[at]!.text.replace(/seal: ([0-9a-f])/, (_, c: string) => `seal: ${c === 'a' ? 'b' : 'a'}`) };
    expect(foldParlorThread(tampered).checks.every((c) => c.verdict === 'follows')).toBe(true);
    const check = foldParlorThread([...tampered, reveal('B', posts)]).checks.find((c) => c.post === at + 1)!;
    expect(check.verdict).toBe('mismatch');
  });
});

/**
 * A game played to a win by two simple panels: Ana plays a land, taps her lands, casts a creature when
 * she can and attacks with every creature that may; Ben draws, never blocks and ends his turns.
 */
function playToWin(maxTurns = 40): Post[] {
  const posts = playedGame(0);
  const meA = { name: NAMES.A, secret: SECRETS.A };
  const meB = { name: NAMES.B, secret: SECRETS.B };
  const fold = (r: Ruler, lines: string[]) =>
    foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }], { me: r === 'A' ? meA : meB });
  for (let turn = 0; turn < maxTurns && !foldParlorThread(posts).state.winner; turn++) {
    const lines = [recordLine({ turn: true })];
    let g = fold('A', lines);
    const drawn = nextDraw(g, 'A', SECRETS.A, drawSize(g, 'A'));
    const lands = g.table.hand.A.filter((c) => readParlorCard(c)!.type === 'land').length;
    const keep = drawn.find((c) => readParlorCard(c)!.type === (lands ? 'creature' : 'land')) ?? drawn[0]!;
    lines.push(drawLine(g, 'A', SECRETS.A, keep));
    const act = (pick: (acts: ReturnType<typeof mainActions>) => { line: LineEvent; refusal: unknown }[]) => {
      for (;;) {
        g = fold('A', lines);
        const ok = pick(mainActions(g.table, 'A')).find((x) => !x.refusal);
        if (!ok) return;
        lines.push(recordLine({ event: ok.line }));
      }
    };
    act((a) => a.lands.slice(0, 1));
    act((a) => a.taps);
    act((a) => a.casts.filter((x) => 'cast' in x.line && readParlorCard(x.line.cast)!.type === 'creature'));
    g = fold('A', lines);
    const attack = attackers(g.table, 'A');
    if (attack.length) {
      lines.push(recordLine({ event: { attack } }));
      post(posts, 'A', ...lines);
      post(posts, 'B', recordLine({ event: { block: [] } }));
      lines.length = 0;
      lines.push(recordLine({ event: { damage: {} } }));
      if (fold('A', lines).state.winner) {
        post(posts, 'A', ...lines);
        break;
      }
    }
    g = fold('A', lines);
    lines.push(endLine(g, 'A', SECRETS.A, canonical(g.table.hand.A).slice(0, Math.max(0, g.table.hand.A.length - 7)), rnd.hex(16)));
    post(posts, 'A', ...lines);
    const ben = [recordLine({ turn: true })];
    let h = fold('B', ben);
    ben.push(drawLine(h, 'B', SECRETS.B, nextDraw(h, 'B', SECRETS.B, drawSize(h, 'B'))[0]!));
    h = fold('B', ben);
    ben.push(endLine(h, 'B', SECRETS.B, canonical(h.table.hand.B).slice(0, Math.max(0, h.table.hand.B.length - 7)), rnd.hex(16)));
    post(posts, 'B', ...ben);
  }
  return posts;
}

describe('a result is checked, not claimed', () => {
  const posts = playToWin();
  const won = foldParlorThread(posts);
  const winPost = won.checks.find((c) => c.reasons.some((x) => /wins \(Life at 0\)/.test(x)))!;

  it('Life at 0: won, pending the reveal, said on the winning post; both sides unverified until revealed', () => {
    expect(won.state.winner).toBe('A');
    expect(won.result).toEqual({ winner: 'A', status: 'pending', unrevealed: ['A', 'B'] });
    expect(winPost.reasons).toContain('Ana Vey wins (Life at 0), pending the reveal: until Ana Vey reveals their secret, their draws are unverified.');
    expect(
      foldParlorThread(posts, { l: 'it' })
        .checks.find((c) => c.post === winPost.post)!
        .reasons.join(' '),
    ).toMatch(/in attesa della rivelazione/);
    // The loser revealing settles nothing of the winner's side.
    expect(foldParlorThread([...posts, reveal('B', posts)]).result).toEqual({ winner: 'A', status: 'pending', unrevealed: ['A'] });
  });

  it('final once the winner reveals and everything of theirs checks; the reveal post says so', () => {
    const all = [...posts, reveal('A', posts)];
    const g = foldParlorThread(all);
    expect(g.result).toEqual({ winner: 'A', status: 'final', unrevealed: ['B'] });
    expect(g.checks.at(-1)!.reasons).toContain('Ana Vey’s win is final: their secret is revealed and every draw, seal and play of theirs checks.');
    expect(g.checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
  });

  it('unverified when a draw of the winner’s does not check at the reveal, or the reveal does not match', () => {
    const tampered = posts.map((p) => ({ ...p }));
    const at = tampered.findIndex((p) => p.author === NAMES.A && p.text.includes('draw two'));
    tampered[at] = { ...tampered[at]!, text: tampered[at]!.text.replace(/seal: ([0-9a-f])/, (_, c: string) => `seal: ${c === 'a' ? 'b' : 'a'}`) };
    const g = foldParlorThread([...tampered, reveal('A', posts)]);
    expect(g.result.status).toBe('unverified');
    expect(g.checks.find((c) => c.post === at + 1)!.verdict).toBe('mismatch');
    expect(g.checks.at(-1)!.reasons).toContain('Ana Vey’s win is unverified: something they posted contradicts their secret or the game.');
    const wrong = foldParlorThread([
      ...posts,
      { number: posts.length + 1, author: NAMES.A, text: recordLine({ reveal: 'not-hers', keeps: null, recycles: null }) },
    ]);
    expect(wrong.result.status).toBe('unverified');
    expect(wrong.checks.at(-1)!.verdict).toBe('mismatch');
  });
});

describe('a commitment posted again', () => {
  it('is a mismatch on that post, with its reason in both languages, whichever post the fold starts from', () => {
    const posts = playedGame(1);
    const withA = [...posts, reveal('A', posts)];
    // A second game: Ana commits the same secret again (its reveal is public), then Ben commits.
    const again: Post[] = [...withA];
    post(again, 'A', commitLine(SECRETS.A, rnd.hex(16)));
    post(again, 'B', commitLine('ben-second-game', rnd.hex(16)));
    const second = again.length - 1;
    for (const from of [0, second]) {
      const g = foldParlorThread(again, { from });
      if (from === 0) expect(g.until).toBe(second);
      else {
        expect(g.from).toBe(second);
        expect(g.checks[0]).toEqual({
          post: second,
          verdict: 'mismatch',
          reasons: [
            'This commitment was posted before, in post #1: its secret may already be known (a reveal makes it public), so this hand is not hidden.',
            'Ana Vey’s commitment: ruler A.',
          ],
        });
        expect(foldParlorThread(again, { from, l: 'it' }).checks[0]!.reasons[0]).toMatch(/era già stato pubblicato, nel messaggio #1/);
      }
    }
    // The thread's badges judge every game's posts, each game folded on its own.
    const badges = PARLOR.checkTablePosts(
      again.map((p) => ({ post: p.number, author: p.author, text: p.text }) as TablePost),
      'rpol.net/1/1',
      'en',
    );
    expect(badges.map((c) => c.post)).toEqual(again.map((p) => p.number));
    expect(badges.find((c) => c.post === second)?.verdict).toBe('mismatch');
    // Within one game too: Ben copying Ana's commitment.
    const copy: Post[] = [];
    post(copy, 'A', commitLine(SECRETS.A, rnd.hex(16)));
    copy.push({ number: 2, author: NAMES.B, text: recordLine({ commit: parlorCommit(SECRETS.A), nonce: rnd.hex(16) }) });
    expect(foldParlorThread(copy).checks[1]!.verdict).toBe('mismatch');
  });
});

describe('Harry’s tap', () => {
  /**
   * Ben's J♥ carries a 3♠ Ech and blocks Ana's A♠ (black): Harry works (the Ace ranks nothing of his), and
   * his group outranks the Ace (♠3 against ♠1: d = 2, Power +1). Played as an open game on the engine.
   */
  const setUp = (withAce: boolean) => {
    let t = Parlor.setup({ first: 'A' });
    const step = (e: ParlorEvent) => {
      const s = Parlor.apply(t, e);
      expect(s.outcome, JSON.stringify(e)).toBeNull();
      t = s.state;
    };
    const end = (r: Ruler) => step({ end: r, recycle: canonical(t.hand[r]).slice(0, Math.max(0, t.hand[r].length - 7)) });
    const draw = (r: Ruler, cards: string[]) => step({ draw: r, cards, keep: cards[0]! });
    step({ hand: 'A', cards: ['7S', '8S', '9S', 'AS', '2C', '3C', '4C'] });
    step({ hand: 'B', cards: ['7H', '8H', '9H', '7S', '8S', 'JH', '3S'] });
    const turns: [Ruler, string[], ParlorEvent[]][] = [
      ['A', ['5C', '6C'], [{ land: 'A', card: '7S' }]],
      ['B', ['2D', '3D'], [{ land: 'B', card: '7H' }]],
      ['A', ['7C', '8C'], [{ land: 'A', card: '8S' }, { tap: 'A:7S' }, { tap: 'A:8S' }, { cast: 'A', card: 'AS', pay: { S: 2 } }]],
      ['B', ['4D', '5D'], [{ land: 'B', card: '8H' }]],
      ['A', ['9C', '10C'], []],
      ['B', ['6D', '7D'], [{ land: 'B', card: '9H' }, { tap: 'B:7H' }, { tap: 'B:8H' }, { tap: 'B:9H' }, { cast: 'B', card: 'JH', pay: { H: 3 } }]],
      ['A', ['JC', 'QC'], []],
      ['B', ['8D', '9D'], [{ land: 'B', card: '7S' }]],
      ['A', ['KC', 'AC'], []],
      [
        'B',
        ['10D', 'JD'],
        [{ land: 'B', card: '8S' }, { tap: 'B:7S' }, { tap: 'B:8S' }, { tap: 'B:7H' }, { cast: 'B', card: '3S', target: 'B:JH', pay: { S: 2, H: 1 } }],
      ],
    ];
    for (const [r, cards, events] of turns) {
      step({ turn: r });
      draw(r, cards);
      for (const e of events) step(e);
      end(r);
    }
    step({ turn: 'A' });
    draw('A', ['QD', 'KD']);
    step({ attack: 'A', with: ['A:AS'] });
    step({ block: 'B', blocks: [{ blocker: 'B:JH', attacker: 'A:AS' }] });
    if (withAce) step({ ability: 'harry', by: 'B:JH' });
    return t;
  };

  it('a J♥ who taps to Harry deals no combat damage, though his group wins a Power bonus', () => {
    const t = setUp(true);
    const out = resolveCombat(t, t.combat!, {});
    if ('rule' in out) throw new Error(out.rule);
    // 1/2, Harry +1 Toughness, the group's bonus +1 Toughness and +1 Power: the Power is lost with the tap.
    expect(out.fighters['B:JH']).toMatchObject({ power: 0, toughness: 4 });
    expect(out.damage['A:AS'] ?? 0).toBe(0);
    expect(out.dead).toEqual([]);
    // Without Harry he deals his Power with the bonus: 1 + 1, and the Ace dies.
    const plain = resolveCombat(setUp(false), setUp(false).combat!, {});
    if ('rule' in plain) throw new Error(plain.rule);
    expect(plain.damage['A:AS']).toBe(2);
    expect(plain.dead).toEqual(['A:AS']);
  });
});

describe('a thread written before openings carried a nonce', () => {
  /** The same simple game, its openings in the old form (no nonce), as panels wrote them then. */
  const old: Post[] = [];
  const nonces = { A: rnd.hex(16), B: rnd.hex(16) };
  post(old, 'A', commitLine(SECRETS.A, nonces.A));
  post(old, 'B', commitLine(SECRETS.B, nonces.B));
  post(old, 'A', recordLine({ opening: null }));
  post(old, 'B', recordLine({ opening: null }));
  for (let i = 0; i < 3; i++) for (const r of ['A', 'B'] as const) post(old, r, ...playTurn(old, r));
  const withA = [...old, reveal('A', old)];
  const all = [...withA, reveal('B', withA)];

  it('folds as it was dealt then: each opening with the opponent’s commitment nonce', () => {
    const g = foldParlorThread(all);
    expect(g.rule).toBe('old');
    const seven = (secret: string, nonce: string) => picksFrom(secret, nonce, 1, CANONICAL_DECK, [], 7);
    const first = (r: Ruler) => g.events.find((e) => 'hand' in e.event && e.event.hand === r)!.event as { cards: string[] };
    expect(first('A').cards).toEqual(seven(SECRETS.A, nonces.B));
    expect(first('B').cards).toEqual(seven(SECRETS.B, nonces.A));
  });

  it('the second ruler’s opening carries a caution (“could have been chosen”), never plainly follows; everything else follows', () => {
    const g = foldParlorThread(all);
    expect(g.checks.filter((c) => c.verdict !== 'follows')).toEqual([
      {
        post: 4,
        verdict: 'rules',
        reasons: [
          'Drawn with a nonce Ben Orr had seen before committing (post #1): these cards could have been chosen. Dealt as it was then (the older nonce rule).',
        ],
      },
    ]);
  });

  it('an opening with a nonce is judged by the new rule, even after an old-form one', () => {
    const mixed = old.slice(0, 3).map((p) => ({ ...p }));
    mixed.push({ number: 4, author: NAMES.B, text: openingLine(rnd.hex(16)) });
    // Ana's old-form opening carries no nonce: Ben's new-form opening has none to use, and waits.
    expect(foldParlorThread(mixed).checks.at(-1)).toMatchObject({ verdict: 'rules', reasons: [expect.stringMatching(/waits for Ana Vey’s post/)] });
  });
});

describe('the worked example in docs/checking-by-hand.md', () => {
  it('the commitment, the opening seven and the seal are what the page says', () => {
    expect(parlorCommit('ember-lantern-42')).toBe('c221e454ca3a261a68770e2717dabaa2d17386e228d07aeafbfe2a8fb08b5eb9');
    expect(picksFrom('ember-lantern-42', '3f1c9a07d2e4b685', 1, CANONICAL_DECK, [], 7)).toEqual(['10H', '7H', '10D', 'JS', '7C', 'KS', 'KH']);
    expect(parlorSeal('ember-lantern-42', 'k8', 'keep:9H')).toBe('02db57db27fae2045c742e21ffbb3965');
  });
});
