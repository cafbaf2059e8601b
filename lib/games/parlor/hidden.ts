/**
 * Hidden hands for Parlor Magic by post: nobody can rig a draw, the opponent cannot see a hand,
 * and every card is checked once its ruler reveals their secret.
 *
 * - Before the game each ruler posts `parlorCommit(secret)`: SHA-256 (hex) of `'parlor:' + secret`.
 * - Each ruler's commitment post, opening-seven post and each post that ends one of their turns
 *   carries a fresh nonce of 16 hex characters.
 * - The k-th card a ruler takes from their draw pile (k = 1, 2, … over the whole game; the opening
 *   seven are 1–7) is `parlorPick(secret, nonce, k, pile)`: `pile` is the draw pile in canonical
 *   order (suits C, D, H, S; in each A, 2…10, J, Q, K), `nonce` the opponent's latest posted after
 *   the drawer's own commitment (so the secret was fixed before it existed; ./thread.ts, with the
 *   older rule for threads whose openings carry none), and the card is
 *   `pile[parseInt(sha256hex(secret + '/' + nonce + '/' + k).slice(0, 13), 16) % pile.length]`.
 *   It leaves the pile; when the pile is empty the Recycle pile, in canonical order, becomes it.
 * - A hidden choice (which card of a draw is kept, which cards go to Recycle at a turn's end) is
 *   sealed when it is made: `parlorSeal(secret, label, choice)`, the first 32 hex characters of
 *   SHA-256 of `'parlor-seal:' + secret + ':' + label + ':' + choice`, with label `k<k>` for the
 *   draw whose first card is the k-th pick (choice `keep:<card>`) and `end<n>` for the ruler's n-th
 *   turn's end (choice `recycle:<cards in canonical order, comma-separated>`).
 */
import { sha256Hex } from '../../crypto/sha256';
import { CANONICAL_DECK } from './cards';

export const NONCE = /^[0-9a-f]{16}$/;
export const SEAL = /^[0-9a-f]{32}$/;

/** The commitment to a secret, posted before the game. */
export const parlorCommit = (secret: string): string => sha256Hex(`parlor:${secret}`);

/** The card the k-th pick takes from `pile` (as given: canonical order is the caller's). */
export function parlorPick(secret: string, nonce: string, k: number, pile: readonly string[]): string {
  if (!pile.length) throw new Error('parlorPick: the pile is empty');
  if (!Number.isInteger(k) || k < 1) throw new Error(`parlorPick: k must be a whole number from 1; got ${k}`);
  const n = Number.parseInt(sha256Hex(`${secret}/${nonce}/${k}`).slice(0, 13), 16);
  return pile[n % pile.length]!;
}

/** A hidden choice, sealed with the secret when it is made. */
export const parlorSeal = (secret: string, label: string, choice: string): string => sha256Hex(`parlor-seal:${secret}:${label}:${choice}`).slice(0, 32);

const CANON_INDEX = new Map(CANONICAL_DECK.map((c, i) => [c, i]));
/** Cards in canonical order. */
export const canonical = (cards: readonly string[]): string[] => [...cards].sort((a, b) => (CANON_INDEX.get(a) ?? 99) - (CANON_INDEX.get(b) ?? 99));

export const keepChoice = (card: string) => `keep:${card}`;
export const recycleChoice = (cards: readonly string[]) => `recycle:${canonical(cards).join(',')}`;

/**
 * `n` picks from a ruler's piles as they stand (the Recycle pile, in canonical order, becomes the
 * draw pile when it runs out; a draw of two takes both before the other one goes to Recycle),
 * the first with pick number `k`; fewer when both piles are empty.
 */
export function picksFrom(secret: string, nonce: string, k: number, pile: readonly string[], recycle: readonly string[], n: number): string[] {
  let p = [...pile];
  let r = [...recycle];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (!p.length) {
      p = canonical(r);
      r = [];
    }
    if (!p.length) break;
    const c = parlorPick(secret, nonce, k + i, p);
    p.splice(p.indexOf(c), 1);
    out.push(c);
  }
  return out;
}
