/**
 * A verdict for every roll, with its reasons in words. A roll is verified only when it comes
 * from markup the server made; anything typed is shown as typed.
 */

export type Trust = 'verified' | 'total-only' | 'typed' | 'mismatch';

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
  impossible?: string | null;
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
  formatTime: (epoch: number) => string;
}

/** Names are compared exactly, after whitespace is normalised: no case or compatibility folding (look-alikes stay different). */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const LONG_BEFORE = 3 * 86400;

export function judgeServerRoll(f: ServerRollFacts): Verdict {
  const reasons: string[] = [];
  const cautions: string[] = [];
  if (f.inQuote) reasons.push('This roll is inside a quote: it belongs to the quoted post, not this one.');
  if (norm(f.rollerName) !== norm(f.postAuthor)) reasons.push(`Rolled by ${f.rollerName}, but posted by ${f.postAuthor}.`);
  const zone = f.clockKnown === false ? ' (this page shows no clock, so its zone is unknown: times may be off by hours)' : '';
  const madeAfter = f.rollTime !== null && f.postTime !== null && f.rollTime > f.postTime;
  const editAfterRoll = f.postEditTime !== null && f.rollTime !== null && f.postEditTime >= f.rollTime;
  if (madeAfter && !editAfterRoll) {
    reasons.push(`Rolled at ${f.formatTime(f.rollTime!)}, after the post was first written (${f.formatTime(f.postTime!)}), and no edit came after it${zone}.`);
  } else if (madeAfter) {
    cautions.push(
      `Rolled at ${f.formatTime(f.rollTime!)}, after the post was first written (${f.formatTime(f.postTime!)}): the edit at ${f.formatTime(f.postEditTime!)} added it. The dice log tells whether it was rolled more than once${zone}.`,
    );
  }
  if (f.reusedFrom !== null) {
    reasons.push(f.reusedInSamePost ? 'The same roll already appears earlier in this post.' : `The same roll already appears in post #${f.reusedFrom}.`);
  }
  if (f.impossible) reasons.push(`The roll shows ${f.impossible}: RPOL’s roller cannot make that.`);
  if (f.pastedResults !== null) reasons.push(`The typed line says ${f.pastedResults}; the server rolled ${f.serverResults}.`);
  if (f.claimProblem) reasons.push(f.claimProblem);

  if (!madeAfter && editAfterRoll && !reasons.length) {
    cautions.push(`The post was edited at ${f.formatTime(f.postEditTime!)}, after the roll; the roll itself is the server's.`);
  }
  if (f.rollTime !== null && f.postTime !== null && f.postTime - f.rollTime > LONG_BEFORE) {
    cautions.push(`Rolled ${Math.floor((f.postTime - f.rollTime) / 86400)} days before the post: check it was rolled for this.`);
  }
  if (f.secret) cautions.push('A secret roll.');
  if (f.fudged) cautions.push(`The log marks ${f.fudged} fudged roll(s).`);

  if (reasons.length) return { trust: 'mismatch', reasons, cautions };
  if (!f.facesKnown) {
    return {
      trust: 'total-only',
      reasons: ['Made by RPOL’s dice roller, but without each die recorded: the total is real, successes cannot be counted.'],
      cautions,
    };
  }
  return { trust: 'verified', reasons: ['Made by RPOL’s dice roller (server markup), by the post’s author, before the post was written.'], cautions };
}

export interface TypedRollFacts {
  /** A `[roll=…]` tag left as text (inside [code], or mistyped). */
  rollTagAsText: boolean;
  /** The post holds markup that imitates the server's roll markup. */
  imitation: string | null;
  claimProblem: string | null;
}

export function judgeTypedRoll(f: TypedRollFacts): Verdict {
  const reasons = ['Typed text: the server made no record of this roll in this post, so nothing about it is verified.'];
  if (f.rollTagAsText) reasons.push('A [roll=…] tag shows here as plain text (inside [code]?): the server did not turn it into a roll.');
  if (f.imitation) reasons.push(`Markup here imitates a server roll: ${f.imitation}.`);
  const cautions = f.claimProblem ? [`Even taken at its word: ${f.claimProblem}`] : [];
  return { trust: 'typed', reasons, cautions };
}
