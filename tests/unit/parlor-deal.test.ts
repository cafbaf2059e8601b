import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parlorDeal, parlorShuffle } from '../../lib';
import { sha256Hex } from '../../lib/crypto/sha256';
import { CANONICAL_DECK } from '../../lib/games/parlor/cards';
import { checkDealPosts, dealSeed, readDealRecords, recordText, type DealRecord } from '../../lib/games/parlor/table';

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

const THREAD = '51829/51';
const post = (number: number, author: string, ...records: DealRecord[]) => ({
  number,
  author,
  text: `Some words first.\n${records.map(recordText).join('\n')}\nThen prose.`,
});
const commit = (who: string, word: string): DealRecord => ({ commit: who, hash: sha256Hex(word) });

describe('the commit–reveal deal', () => {
  const seed = dealSeed(THREAD, ['amber falcon', 'quiet river']);
  const ada = parlorDeal(`${seed}/1`);
  const bram = parlorDeal(`${seed}/2`);

  it('the seed and each ruler’s deal are documented functions of the thread and both words', () => {
    expect(seed).toBe('parlor/51829/51/amber falcon/quiet river');
    expect(ada).toHaveLength(52);
    expect(ada).not.toEqual(bram);
  });

  it('honest posts follow: commitments, words, opening seven, a draw, a recycle', () => {
    const posts = [
      post(2, 'Ada', commit('Ada', 'amber falcon')),
      post(3, 'Bram', commit('Bram', 'quiet river')),
      post(4, 'Ada', { reveal: 'Ada', word: 'amber falcon' }),
      post(5, 'Bram', { reveal: 'Bram', word: 'quiet river' }),
      post(6, 'Ada', { open: 'Ada', cards: ada.slice(0, 7) }),
      post(7, 'Bram', { open: 'Bram', cards: bram.slice(0, 7) }),
      post(8, 'Ada', { draw: 'Ada', cards: ada.slice(7, 9), keep: ada[8]! }, { recycle: 'Ada', cards: [ada[0]!] }),
    ];
    const { checks, state } = checkDealPosts(THREAD, posts);
    expect(checks.map((c) => c.verdict)).toEqual(['follows', 'follows', 'follows', 'follows', 'follows', 'follows', 'follows']);
    expect(checks[3]!.reasons[0]).toMatch(/Both words are in: the deal is fixed/);
    expect(state.seed).toBe(seed);
    expect(state.piles.Ada!.recycle).toEqual([ada[7], ada[0]]);
    expect(state.piles.Ada!.draw).toHaveLength(43);
  });

  it('a word that does not match its commitment is a mismatch; one revealed early is flagged', () => {
    const bad = checkDealPosts(THREAD, [
      post(2, 'Ada', commit('Ada', 'amber falcon')),
      post(3, 'Bram', commit('Bram', 'quiet river')),
      post(4, 'Ada', { reveal: 'Ada', word: 'amber falcons' }),
    ]);
    expect(bad.checks[2]).toMatchObject({ verdict: 'mismatch', reasons: [expect.stringMatching(/does not match Ada’s commitment in post #2/)] });
    const early = checkDealPosts(THREAD, [
      post(2, 'Ada', commit('Ada', 'amber falcon')),
      post(3, 'Ada', { reveal: 'Ada', word: 'amber falcon' }),
      post(4, 'Bram', commit('Bram', 'quiet river')),
      post(5, 'Bram', { reveal: 'Bram', word: 'quiet river' }),
      post(6, 'Ada', { open: 'Ada', cards: ada.slice(0, 7) }),
    ]);
    expect(early.checks[1]).toMatchObject({ verdict: 'rules' });
    expect(early.checks[1]!.reasons[0]).toMatch(/before both commitments stood/);
    expect(early.checks[4]!.verdict).toBe('rules');
    expect(early.checks[4]!.reasons[0]).toMatch(/not one neither ruler could rig/);
  });

  it('dealt cards that are not the seed’s are a mismatch; dealing before the words is out of turn', () => {
    const base = [post(2, 'Ada', commit('Ada', 'amber falcon')), post(3, 'Bram', commit('Bram', 'quiet river'))];
    expect(checkDealPosts(THREAD, [...base, post(4, 'Ada', { open: 'Ada', cards: ada.slice(0, 7) })]).checks[2]!.verdict).toBe('rules');
    const revealed = [...base, post(4, 'Ada', { reveal: 'Ada', word: 'amber falcon' }), post(5, 'Bram', { reveal: 'Bram', word: 'quiet river' })];
    const forged = [ada[0]!, ada[1]!, ada[2]!, ada[3]!, ada[4]!, ada[5]!, ada[30]!];
    expect(checkDealPosts(THREAD, [...revealed, post(6, 'Ada', { open: 'Ada', cards: forged })]).checks[4]).toMatchObject({
      verdict: 'mismatch',
      reasons: [expect.stringMatching(/The seeded deal gives Ada/)],
    });
    // Recycling a card never dealt.
    const never = checkDealPosts(THREAD, [...revealed, post(6, 'Ada', { open: 'Ada', cards: ada.slice(0, 7) }, { recycle: 'Ada', cards: [ada[40]!] })]);
    expect(never.checks[4]).toMatchObject({ verdict: 'mismatch' });
    // A third person's commitment, or Bram's second, changes nothing.
    const more = checkDealPosts(THREAD, [...base, post(4, 'Cora', commit('Cora', 'x')), post(5, 'Bram', commit('Bram', 'y'))]);
    expect(more.checks.slice(2).map((c) => c.verdict)).toEqual(['rules', 'rules']);
    expect(more.state.rulers.map((r) => r.commitment)).toEqual([sha256Hex('amber falcon'), sha256Hex('quiet river')]);
  });

  it('the Recycle pile is reshuffled when the draw pile runs out (counter 1), and the draws still follow', () => {
    const revealed = [
      post(2, 'Ada', commit('Ada', 'amber falcon')),
      post(3, 'Bram', commit('Bram', 'quiet river')),
      post(4, 'Ada', { reveal: 'Ada', word: 'amber falcon' }),
      post(5, 'Bram', { reveal: 'Bram', word: 'quiet river' }),
    ];
    const posts = [...revealed, post(6, 'Ada', { open: 'Ada', cards: ada.slice(0, 7) })];
    let n = 7;
    let number = 7;
    const recycled: string[] = [];
    while (n + 2 <= 52) {
      const cards = ada.slice(n, n + 2);
      posts.push(post(number++, 'Ada', { draw: 'Ada', cards, keep: cards[0]! }));
      recycled.push(cards[1]!);
      n += 2;
    }
    // 45 cards left after the opening: 22 draws use 44, one card remains; the next draw takes it and reshuffles.
    const sorted = [...recycled].sort((a, b) => CANONICAL_DECK.indexOf(a) - CANONICAL_DECK.indexOf(b));
    const reshuffled = parlorShuffle(sorted, `${dealSeed(THREAD, ['amber falcon', 'quiet river'])}/1`, 1);
    posts.push(post(number++, 'Ada', { draw: 'Ada', cards: [ada[51]!, reshuffled[0]!], keep: ada[51]! }));
    const { checks, state } = checkDealPosts(THREAD, posts);
    expect(checks.every((c) => c.verdict === 'follows')).toBe(true);
    expect(checks[checks.length - 1]!.reasons[0]).toMatch(/reshuffle 1/);
    expect(state.piles.Ada!.reshuffles).toBe(1);
  });

  it('records read back from post text; hostile text never throws', () => {
    const r = readDealRecords(`x ${recordText({ draw: 'Ada', cards: ['7C', 'KH'], keep: 'KH' })} y`, 'Ada');
    expect(r.records).toEqual([{ draw: 'Ada', cards: ['7C', 'KH'], keep: 'KH' }]);
    expect(readDealRecords('Spark Scribe · Parlor Magic · opening seven: 7♣, K♥, 10 of Diamonds', 'Ada').records).toEqual([
      { open: 'Ada', cards: ['7C', 'KH', '10D'] },
    ]);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (t) => {
        checkDealPosts(THREAD, [{ number: 1, author: 'Ada', text: `Spark Scribe · Parlor Magic ${t}` }]);
      }),
      { numRuns: 500 },
    );
  });

  it('a changed word changes the deal', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ minLength: 1, maxLength: 20 }), (a, b) => {
        fc.pre(a !== b);
        expect(parlorDeal(`${dealSeed(THREAD, [a, 'w'])}/1`)).not.toEqual(parlorDeal(`${dealSeed(THREAD, [b, 'w'])}/1`));
      }),
      { numRuns: 100 },
    );
  });
});
