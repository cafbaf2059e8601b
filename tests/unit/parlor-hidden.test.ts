import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto/sha256';

describe('SHA-256', () => {
  it('the standard vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    expect(sha256Hex('a'.repeat(1000))).toBe(createHash('sha256').update('a'.repeat(1000)).digest('hex'));
  });
  it('agrees with node’s crypto on any text (Unicode, long)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (t) => {
        expect(sha256Hex(t)).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
});

// ---- hidden hands: two rulers' panels writing their posts, a spectator checking them ----

import { parlorCommit, parlorPick } from '../../lib';
import { CANONICAL_DECK, readParlorCard } from '../../lib/games/parlor/cards';
import { canonical } from '../../lib/games/parlor/hidden';
import type { Ruler } from '../../lib/games/parlor/model';
import { commitLine, drawLine, drawSize, endLine, nextDraw, openingLine, revealLine } from '../../lib/games/parlor/play';
import { PARLOR_MARK, recordLine } from '../../lib/games/parlor/records';
import { foldParlorThread, threadNonces, type ThreadPost } from '../../lib/games/parlor/thread';
import { PARLOR } from '../../lib/games/parlor/game';
import { readerChecks, shownChecks } from '../../components/games/parlor/checks';

describe('the hidden-hands derivation', () => {
  it('parlorCommit and parlorPick are the documented SHA-256 formulas', () => {
    expect(parlorCommit('ember')).toBe(sha256Hex('parlor:ember'));
    const pile = CANONICAL_DECK;
    const h = sha256Hex('ember/0123456789abcdef/1');
    expect(parlorPick('ember', '0123456789abcdef', 1, pile)).toBe(pile[Number.parseInt(h.slice(0, 13), 16) % pile.length]);
  });
  it('never repeats a card until the pile is exhausted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.stringMatching(/^[0-9a-f]{16}$/), (secret, nonce) => {
        const pile = [...CANONICAL_DECK];
        const seen = new Set<string>();
        for (let k = 1; pile.length; k++) {
          const c = parlorPick(secret, nonce, k, pile);
          expect(seen.has(c)).toBe(false);
          seen.add(c);
          pile.splice(pile.indexOf(c), 1);
        }
        expect(seen.size).toBe(52);
      }),
      { numRuns: 50 },
    );
  });
});

const SECRETS: Record<Ruler, string> = { A: 'ana-secret-3f9a', B: 'ben-secret-77c1' };
const NAMES: Record<Ruler, string> = { A: 'Ana Vey', B: 'Ben Orr' };
let nonceN = 0;
const freshNonce = () => (0xabc0000000000000n + BigInt(++nonceN)).toString(16).padStart(16, '0');

/** A ruler's panel: the game as it sees it (its own secret), and the lines of a whole turn it plays simply. */
function playTurn(posts: ThreadPost[], r: Ruler, noLand = false): string[] {
  const me = { name: NAMES[r], secret: SECRETS[r] };
  const lines = [recordLine({ turn: true })];
  let game = foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }], { me });
  const drawn = nextDraw(game, r, SECRETS[r], drawSize(game, r));
  // Keep a land if one came, else the first card.
  const keep = drawn.find((c) => readParlorCard(c)!.type === 'land') ?? drawn[0]!;
  lines.push(drawLine(game, r, SECRETS[r], keep));
  game = foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }], { me });
  const land = game.table.hand[r].find((c) => readParlorCard(c)!.type === 'land');
  if (land && !noLand) lines.push(recordLine({ event: { land } }));
  game = foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }], { me });
  const over = canonical(game.table.hand[r]).slice(0, Math.max(0, game.table.hand[r].length - 7));
  lines.push(endLine(game, r, SECRETS[r], over, freshNonce()));
  return lines;
}

function playedGame(turns: number, skipLand?: { ruler: Ruler; turn: number }): ThreadPost[] {
  const posts: ThreadPost[] = [];
  const post = (r: Ruler, ...lines: string[]) => posts.push({ number: posts.length + 1, author: NAMES[r], text: `Some words.\n${lines.join('\n')}` });
  post('A', commitLine(SECRETS.A, freshNonce()));
  post('B', commitLine(SECRETS.B, freshNonce()));
  post('A', openingLine(freshNonce()));
  post('B', openingLine(freshNonce()));
  for (let i = 0; i < turns; i++) for (const r of ['A', 'B'] as const) post(r, ...playTurn(posts, r, skipLand?.ruler === r && skipLand.turn === i + 1));
  return posts;
}

describe('a game with hidden hands, checked when the secrets come out', () => {
  const posts = playedGame(6);
  const reveal = (r: Ruler, list: ThreadPost[]) => {
    const game = foldParlorThread(list, { me: { name: NAMES[r], secret: SECRETS[r] } });
    return { number: list.length + 1, author: NAMES[r], text: revealLine(game, r, SECRETS[r]) };
  };

  it('each ruler sees their own hand and only the count of the other’s; a spectator sees neither', () => {
    const ana = foldParlorThread(posts, { me: { name: NAMES.A, secret: SECRETS.A } });
    expect(ana.me).toBe('A');
    expect(ana.table.hand.A.every((c) => readParlorCard(c))).toBe(true);
    expect(ana.table.hand.B.every((c) => c === '?')).toBe(true);
    expect(ana.table.hand.B).toHaveLength(7);
    const spectator = foldParlorThread(posts);
    expect(spectator.table.hand.A.every((c) => c === '?')).toBe(true);
    expect(spectator.checks.every((c) => c.verdict === 'follows')).toBe(true);
    // The lands played are public: the same for everyone.
    expect(spectator.table.field.map((f) => f.id)).toEqual(ana.table.field.map((f) => f.id));
  });

  it('after both reveals a spectator knows every card, and every post follows', () => {
    const withA = [...posts, reveal('A', posts)];
    const all = [...withA, reveal('B', withA)];
    const g = foldParlorThread(all);
    expect(g.rulers.A?.revealedAt).toBe(posts.length + 1);
    expect(g.table.hand.A.every((c) => readParlorCard(c))).toBe(true);
    expect(g.table.hand.B.every((c) => readParlorCard(c))).toBe(true);
    expect(g.checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
    // The spectator's table is Ana's own, card for card.
    const ana = foldParlorThread(posts, { me: { name: NAMES.A, secret: SECRETS.A } });
    expect(g.table.hand.A).toEqual(ana.table.hand.A);
  });

  it('a land Ben never drew, played in his turn, passes while hidden and is a mismatch once he reveals', () => {
    // Ben plays no land in his second turn; the forged post adds one he does not hold before his end of turn.
    const honest = playedGame(6, { ruler: 'B', turn: 2 });
    const benTurn = honest.findIndex((p, i) => i > 6 && p.author === NAMES.B);
    // A land still in his draw pile when the game ends: he never held it, then or later.
    const final = foldParlorThread(honest, { me: { name: NAMES.B, secret: SECRETS.B } });
    const held = (c: string) => !final.table.piles.B.includes(c);
    const notHeld = ['7C', '8C', '9C', '10C', '7D', '8D', '9D', '10D', '7H', '8H', '9H', '10H', '7S', '8S', '9S', '10S'].find((c) => !held(c))!;
    const forged = honest.map((p) => ({ ...p }));
    forged[benTurn] = { ...forged[benTurn]!, text: forged[benTurn]!.text.replace(/\n(.*· end ·)/, `\n${recordLine({ event: { land: notHeld } })}\n$1`) };
    expect(foldParlorThread(forged).checks.every((c) => c.verdict === 'follows')).toBe(true);
    const revealed = [...forged, reveal('B', forged)];
    const check = foldParlorThread(revealed).checks.find((c) => c.post === forged[benTurn]!.number)!;
    expect(check).toEqual({ post: forged[benTurn]!.number, verdict: 'mismatch', reasons: [`Refused: ${notHeld} is not in B’s hand.`] });
    // The honest game, revealed the same way, follows throughout.
    expect(foldParlorThread([...honest, reveal('B', honest)]).checks.filter((c) => c.verdict !== 'follows')).toEqual([]);
  });

  it('a draw seal changed after the fact is caught at the reveal; a nonce changed by an edit is flagged at once', () => {
    const tampered = posts.map((p) => ({ ...p }));
    const at = tampered.findIndex((p) => p.author === NAMES.A && p.text.includes('draw two'));
    tampered[at] = {
      ...tampered[at]!,
      text: tampered[at]!.text.replace(/seal: ([0-9a-f]{32})/, (_, s: string) => `seal: ${s.slice(1)}${s[0] === 'a' ? 'b' : 'a'}`),
    };
    const revealed = [...tampered, reveal('A', posts)];
    const check = foldParlorThread(revealed).checks.find((c) => c.post === tampered[at]!.number)!;
    expect(check.verdict).toBe('mismatch');
    expect(check.reasons.join(' ')).toMatch(/seal matches neither card/);

    const seen = threadNonces(posts);
    const edited = posts.map((p) => ({ ...p }));
    const end = edited.findIndex((p) => p.text.includes('· end ·'));
    edited[end] = { ...edited[end]!, text: edited[end]!.text.replace(/nonce: [0-9a-f]{16}/, 'nonce: 0000000000000000') };
    const flagged = foldParlorThread(edited, { seenNonces: seen }).checks.find((c) => c.post === edited[end]!.number)!;
    expect(flagged.verdict).toBe('mismatch');
    expect(flagged.reasons.join(' ')).toMatch(/it was edited/);
  });

  it('a secret that does not match the commitment is a mismatch, and reveals nothing', () => {
    const bad = [...posts, { number: posts.length + 1, author: NAMES.A, text: recordLine({ reveal: 'not-the-secret', keeps: null, recycles: null }) }];
    const g = foldParlorThread(bad);
    expect(g.rulers.A?.secret).toBeNull();
    expect(g.checks.at(-1)).toMatchObject({ verdict: 'mismatch' });
    expect(g.table.hand.A.every((c) => c === '?')).toBe(true);
  });

  it('every line reads back as written', () => {
    for (const p of posts) for (const line of p.text.split('\n').filter((x) => x.startsWith(PARLOR_MARK))) expect(line.length).toBeLessThan(200);
  });
});

describe("the Table tab's verdicts: the page's, with what only this reader can judge", () => {
  const posts = playedGame(6);
  it('a nonce edited since this reader saw it replaces the page’s verdict for that post; the rest are the page’s', () => {
    const seen = threadNonces(posts);
    const edited = posts.map((p) => ({ ...p }));
    const end = edited.findIndex((p) => p.text.includes('· end ·'));
    edited[end] = { ...edited[end]!, text: edited[end]!.text.replace(/nonce: [0-9a-f]{16}/, 'nonce: 0000000000000000') };
    const page = PARLOR.checkTablePosts(
      edited.map((p) => ({ post: p.number, author: p.author, text: p.text })),
      '-',
      'en',
    );
    // The page, which never saw the nonce before, finds nothing wrong with the edited post.
    expect(page.find((c) => c.post === edited[end]!.number)?.verdict).not.toBe('mismatch');
    const mine = readerChecks(foldParlorThread(edited, { seenNonces: seen, l: 'en' }), foldParlorThread(edited, { l: 'en' }));
    expect(mine.map((c) => [c.post, c.verdict])).toEqual([[edited[end]!.number, 'mismatch']]);
    const shown = shownChecks(page, mine);
    expect(shown.find((c) => c.post === edited[end]!.number)?.reasons.join(' ')).toMatch(/it was edited/);
    expect(shown.filter((c) => c.post !== edited[end]!.number)).toEqual(page.filter((c) => c.post !== edited[end]!.number));
  });
});
