/** The Table tab's list of verdicts: the page's, and what only this reader's fold can add. */
import type { ParlorGame } from '../../../lib/games/parlor/thread';
import type { TableCheck } from '../../../lib/view';

/** A post's verdict as the Table tab lists it. */
export type ShownCheck = Pick<TableCheck, 'post' | 'verdict' | 'reasons'>;

/**
 * What only this reader can judge (a post's nonce edited since this reader first saw it; my own
 * draws against my secret): the checks of the fold with my secret and the nonces I saw where they
 * differ from the fold every reader makes. The rest is the page's.
 */
export function readerChecks(game: ParlorGame, bare: ParlorGame): ShownCheck[] {
  const same = new Map(bare.checks.map((c) => [c.post, `${c.verdict} ${c.reasons.join(' ')}`]));
  return game.checks.filter((c) => same.get(c.post) !== `${c.verdict} ${c.reasons.join(' ')}`);
}

/** The page's verdicts, with this reader's own in place of the page's for the same post. */
export function shownChecks(page: readonly ShownCheck[], mine: readonly ShownCheck[]): ShownCheck[] {
  const own = new Set(mine.map((c) => c.post));
  return [...page.filter((c) => !own.has(c.post)), ...mine].sort((a, b) => a.post - b.post);
}
