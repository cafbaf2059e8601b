/**
 * What a Parlor post says of itself beyond its text, where the forum shows it: who posted it (a
 * forum identity, which a display name is not) and when it was last edited. The fold
 * (./thread.ts) uses these to refuse what an edit or a borrowed name could rig:
 *
 * - A record (a commitment, a nonce, a seal) in a post edited after a later post of the other
 *   ruler could have been rewritten once that ruler had acted: the commitment's secret chosen
 *   against a nonce it was meant not to know, a kept card chosen after the opponent's reply.
 * - A post under a ruler's name by another forum identity is not that ruler's.
 *
 * An edit whose time the page does not show cannot be put before anything: a record in such a post
 * followed by a post of the other side is treated as edited after it (a caution, never red).
 */
import { foldedName } from '../../chars';
import type { PostFacts } from '../game';
import { identityMatch } from '../posters';
import type { ParlorRecord } from './records';

/** A ruler as the fold binds them: their name and, where the forum showed one on their commitment, their forum identity. */
export interface Poster {
  name: string;
  authorId: string | null;
}

/**
 * A post by `who`: theirs; under their name with no identity shown where they have one (`unsure`:
 * theirs, with a caution); another identity under their name (not theirs); or someone else.
 */
export type PosterMatch = 'theirs' | 'unsure' | 'impostor' | 'other';

/**
 * Whether a post is `who`'s. Where the ruler's commitment showed a forum identity, a post by that
 * identity is theirs (whatever name it shows, since a character may be renamed) and a post under
 * their name by another identity is not. A post under their name that shows no identity is taken
 * as theirs with a caution, never set aside: a forum does not show an identity on every post (an
 * RPOL post without portrait or links), and setting an honest ruler's move aside would make their
 * reveal contradict the game (red). Where the commitment showed none, names decide.
 */
export function posterMatch(who: Poster, post: { author: string; authorId?: string | null }): PosterMatch {
  const sameName = foldedName(post.author) === who.name;
  const id = identityMatch(who.authorId, post.authorId);
  if (id === 'unbound') return sameName ? 'theirs' : 'other';
  if (id === 'same') return 'theirs';
  if (!sameName) return 'other';
  return id === 'other' ? 'impostor' : 'unsure';
}

/** The identity a post shows ('' and absent alike: none). */
export const idOf = (post: PostFacts): string | null => (post.authorId ? post.authorId : null);

/**
 * The records of a post that bind a hidden hand, as a reader remembers them: `commit:<hex>`,
 * `nonce:<hex>`, `seal:<hex>` (a draw's kept card or a turn's end). A post edited later shows other
 * tokens (or fewer).
 */
export function recordTokens(records: readonly ParlorRecord[]): string[] {
  const out: string[] = [];
  for (const r of records) {
    if ('commit' in r) out.push(`commit:${r.commit}`, `nonce:${r.nonce}`);
    else if ('opening' in r && r.nonce) out.push(`nonce:${r.nonce}`);
    else if ('draw' in r && 'seal' in r.draw) out.push(`seal:${r.draw.seal}`);
    else if ('end' in r) {
      if ('seal' in r.end) out.push(`seal:${r.end.seal}`);
      if (r.nonce) out.push(`nonce:${r.nonce}`);
    }
  }
  return out;
}

/** A remembered token as a post's line shows it (`commitment: c221e454…`), to say what changed. */
export function tokenText(token: string): string {
  const colon = token.indexOf(':');
  const kind = token.slice(0, colon);
  const value = token.slice(colon + 1);
  return `${kind === 'commit' ? 'commitment' : kind}: ${value.length > 16 ? `${value.slice(0, 16)}…` : value}`;
}

/** A token's kind (`commit`, `nonce`, `seal`). */
export const tokenKind = (token: string): string => token.slice(0, Math.max(0, token.indexOf(':')));

/** Records that bind nothing hidden and that anyone may check again (a reveal, a state post): an edit of them rigs nothing. */
export const bindsNothing = (records: readonly ParlorRecord[]): boolean => records.every((r) => 'reveal' in r || 'state' in r);
