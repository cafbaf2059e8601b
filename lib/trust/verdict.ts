/**
 * A verdict for every roll, with its reasons in words. A roll is verified only when it comes
 * from markup the server made; anything typed is shown as typed.
 */
import { type Key, type Locale, type Said, say, tl } from '../i18n';
import { type Impossible, impossibleText } from '../rolls/record';

/** `unchecked`: on a forum whose dice markup is not known, a roll can be neither verified nor called typed. */
export type Trust = 'verified' | 'total-only' | 'typed' | 'unchecked' | 'mismatch';

export interface Verdict {
  trust: Trust;
  /** Why this verdict, in words: the first is the headline. */
  reasons: string[];
  /** Cautions that do not change the verdict (an edit after the roll, a roll long before the post). */
  cautions: string[];
}

export interface ServerRollFacts {
  rollerName: string;
  postAuthor: string;
  /** Roll time, Unix seconds (start of its minute when minute-precise). */
  rollTime: number | null;
  /** When the post was first written; `postTimeExact` false means the header's minute. */
  postTime: number | null;
  postEditTime: number | null;
  facesKnown: boolean;
  /** A face or total no die could give (the tooltip was not the server's), in words. */
  impossible?: Impossible | null;
  /** Post number where this same roll first appeared, when earlier. */
  reusedFrom: number | null;
  reusedInSamePost: boolean;
  inQuote: boolean;
  /** The results a typed line pasted before the roll claims, when they differ from the server's. */
  pastedResults: string | null;
  serverResults: string;
  claimProblem: string | null;
  secret: boolean;
  fudged: number | null;
  /** The page shows its own clock (so the viewer's zone is known); false: times are read in an unknown zone. */
  clockKnown?: boolean;
  /** The forum marks the roll as replayed (quoted, edited or seeded by hand), not rolled for this post. */
  replayed?: boolean;
  /** The post was edited on a forum where an edit can add rolls unseen. */
  mayBeAddedByEdit?: boolean;
  /** Why nothing about this roll can be checked here (its dice hidden from this viewer): it is unchecked. */
  unchecked?: Key;
  /** Why a verified roll of this forum is verified, in words (RPOL's roller when absent). */
  verifiedBecause?: Key;
  formatTime: (epoch: number) => string;
}

/** Names are compared exactly, after whitespace is normalised: no case or compatibility folding (look-alikes stay different). */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const LONG_BEFORE = 3 * 86400;

export function judgeServerRoll(f: ServerRollFacts, l: Locale = 'en'): Verdict {
  const reasons: string[] = [];
  const cautions: string[] = [];
  if (f.inQuote) reasons.push(tl(l, 'trust.inQuote'));
  if (norm(f.rollerName) !== norm(f.postAuthor)) reasons.push(tl(l, 'trust.otherRoller', { roller: f.rollerName, author: f.postAuthor }));
  const zone = f.clockKnown === false ? tl(l, 'trust.noClock') : '';
  const madeAfter = f.rollTime !== null && f.postTime !== null && f.rollTime > f.postTime;
  const editAfterRoll = f.postEditTime !== null && f.rollTime !== null && f.postEditTime >= f.rollTime;
  if (madeAfter && !editAfterRoll) {
    reasons.push(tl(l, 'trust.afterPost', { roll: f.formatTime(f.rollTime!), post: f.formatTime(f.postTime!), zone }));
  } else if (madeAfter) {
    cautions.push(tl(l, 'trust.addedByEdit', { roll: f.formatTime(f.rollTime!), post: f.formatTime(f.postTime!), edit: f.formatTime(f.postEditTime!), zone }));
  }
  if (f.reusedFrom !== null) {
    reasons.push(f.reusedInSamePost ? tl(l, 'trust.reusedSame') : tl(l, 'trust.reusedFrom', { post: String(f.reusedFrom) }));
  }
  if (f.impossible) reasons.push(tl(l, 'trust.impossible', { face: impossibleText(l, f.impossible) }));
  if (f.pastedResults !== null) reasons.push(tl(l, 'trust.pasted', { typed: String(f.pastedResults), server: String(f.serverResults) }));
  if (f.claimProblem) reasons.push(f.claimProblem);

  if (!madeAfter && editAfterRoll && !reasons.length) {
    cautions.push(tl(l, 'trust.editedAfter', { edit: f.formatTime(f.postEditTime!) }));
  }
  if (f.rollTime !== null && f.postTime !== null && f.postTime - f.rollTime > LONG_BEFORE) {
    cautions.push(tl(l, 'trust.daysBefore', { count: Math.floor((f.postTime - f.rollTime) / 86400) }));
  }
  if (f.mayBeAddedByEdit) cautions.push(tl(l, 'trust.mayBeAdded'));
  if (f.secret) cautions.push(tl(l, 'trust.secret'));
  if (f.fudged) cautions.push(tl(l, 'cs.fudged', { count: f.fudged }));

  if (reasons.length) return { trust: 'mismatch', reasons, cautions };
  if (f.replayed) return { trust: 'typed', reasons: [tl(l, 'trust.replayed')], cautions };
  if (f.unchecked) return { trust: 'unchecked', reasons: [tl(l, f.unchecked)], cautions };
  if (!f.facesKnown) return { trust: 'total-only', reasons: [tl(l, 'trust.totalOnly')], cautions };
  return { trust: 'verified', reasons: [tl(l, f.verifiedBecause ?? 'trust.server')], cautions };
}

export interface TypedRollFacts {
  /** A `[roll=…]` tag left as text (inside [code], or mistyped). */
  rollTagAsText: boolean;
  /** The post holds markup that imitates the server's roll markup. */
  imitation: Said | null;
  claimProblem: string | null;
  /** On a forum whose dice markup is not known: neither verified nor called typed. */
  unchecked?: boolean;
}

export function judgeTypedRoll(f: TypedRollFacts, l: Locale = 'en'): Verdict {
  const cautions = f.claimProblem ? [tl(l, 'trust.atItsWord', { problem: f.claimProblem })] : [];
  if (f.unchecked) return { trust: 'unchecked', reasons: [tl(l, 'trust.unknownDice')], cautions };
  const reasons = [tl(l, 'trust.typedLine')];
  if (f.rollTagAsText) reasons.push(tl(l, 'trust.tagAsText'));
  if (f.imitation) reasons.push(tl(l, 'trust.imitation', { what: say(l, f.imitation) }));
  return { trust: 'typed', reasons, cautions };
}
