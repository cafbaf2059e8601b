/**
 * What a ruler's panel writes: the lines of each hidden step, made from the game folded so far and
 * the ruler's own secret (which never leaves the device until the reveal).
 */
import { canonical, keepChoice, parlorCommit, parlorSeal, picksFrom, recycleChoice } from './hidden';
import type { Card, Ruler } from './model';
import { type ParlorRecord, recordLine } from './records';
import type { ParlorGame } from './thread';

/** The commitment line (a fresh nonce with it). */
export const commitLine = (secret: string, nonce: string, petals = 0): string =>
  recordLine(petals ? { commit: parlorCommit(secret), nonce, petals } : { commit: parlorCommit(secret), nonce });

/** The opening seven's line, with a fresh nonce (the opponent's opening is drawn with it). */
export const openingLine = (nonce: string): string => recordLine({ opening: null, nonce });

/** The cards `r`'s next draw of `n` gives, from the game as folded (its piles, picks and nonce); none while the draw waits for a nonce. */
export const nextDraw = (game: ParlorGame, r: Ruler, secret: string, n: number): Card[] =>
  game.nextNonce[r] ? picksFrom(secret, game.nextNonce[r], game.picks[r] + 1, game.table.piles[r], game.table.recycle[r], n) : [];

/** How many cards the next draw takes (2, or fewer when the piles run out). */
export const drawSize = (game: ParlorGame, r: Ruler): number => Math.min(2, game.table.piles[r].length + game.table.recycle[r].length);

/** The draw's line: the kept card sealed (label `k` + the first card's pick number). */
export const drawLine = (game: ParlorGame, r: Ruler, secret: string, keep: Card): string =>
  recordLine({ draw: { seal: parlorSeal(secret, `k${game.picks[r] + 1}`, keepChoice(keep)) } });

/** The end of turn's line: the recycled cards sealed (label `end` + the ruler's turn number), a fresh nonce. */
export const endLine = (game: ParlorGame, r: Ruler, secret: string, recycle: readonly Card[], nonce: string): string =>
  recordLine({ end: { seal: parlorSeal(secret, `end${game.table.turns[r]}`, recycleChoice(recycle)) }, nonce });

/** The reveal: the secret, and every choice the seals hold (kept cards, each turn's recycled ones). */
export function revealLine(game: ParlorGame, r: Ruler, secret: string): string {
  const keeps = game.events.flatMap((x) => ('draw' in x.event && x.event.draw === r ? [x.event.keep] : []));
  const recycles = game.events.flatMap((x) => ('end' in x.event && x.event.end === r ? [canonical(x.event.recycle)] : []));
  const rec: ParlorRecord = { reveal: secret, keeps, recycles };
  return recordLine(rec);
}
