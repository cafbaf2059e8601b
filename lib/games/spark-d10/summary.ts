/**
 * A roll's summary for a reply, from what a badge shows (with its roll reference where known).
 * Kept apart from the reply builders: the content script needs only this.
 */
import { type Locale, tl } from '../../i18n';
import { b, clip, coloured, fill, type Inline, type PostDoc, line, rollRef, small } from '../../post/doc';
import { readSparkRoll } from '../../spark/reading';

export const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** A draw's outcome in colour: drawn as a success, failed as a failure (by the reading's result, in any language). */
export function colourOutcome(outcome: string, result: 'drawn' | 'failed' | null = null): Inline {
  if (result === 'failed') return coloured('failure', outcome);
  if (result === 'drawn') return coloured('success', outcome);
  return outcome;
}

/** "3 vs 3: drawn" (coloured), or the outcome alone when the roll has no difficulty. */
export function scoredOutcome(successes: number | null, difficulty: number | null, outcome: string, result: 'drawn' | 'failed' | null): Inline[] {
  const said = colourOutcome(outcome, result);
  return difficulty !== null && successes !== null ? [`${successes} vs ${difficulty}: `, said] : [said];
}

/** The roll's title and its reference: "Draw: Counterspell (Uncommon) – [roll]". */
export const rollTitle = (reason: string, rollId: string | null, l: Locale): Inline[] => [
  b(clip(reason) || tl(l, 'reply.roll')),
  ...(rollId ? [' – ', rollRef(rollId)] : []),
];

type SummaryInput = {
  reason: string;
  rollId: string | null;
  faces: number[] | null;
  modifier: number;
  successes: number | null;
  difficulty: number | null;
  outcome: string;
  roller: string;
  post: number;
  dice?: number;
  d10?: boolean;
  results?: number[];
  drawResult?: 'drawn' | 'failed' | null;
};

/** A roll's summary for a post, in `l` (the thread's language): a d10 pool is read again in it. */
export function badgeSummary(v: SummaryInput, l: Locale = 'en'): PostDoc {
  const again =
    v.d10 && v.faces && v.dice
      ? readSparkRoll(
          {
            specs: [{ count: v.dice, sides: 10, modifier: 0, raw: `${v.dice}d10` }],
            faces: v.faces,
            results: v.results ?? [],
            reason: v.reason,
            rerollOnes: false,
          },
          v.modifier,
          l,
        )
      : null;
  // Read again only to put the same result in the thread's words: it must agree with the badge.
  const same = again && again.successes === v.successes && again.difficulty === v.difficulty;
  const outcome = same ? again.outcome : v.outcome;
  const result = same ? again.drawResult : (v.drawResult ?? null);
  const [title, ...tag] = rollTitle(v.reason, v.rollId, l);
  const head = fill(l, 'sum.head', { reason: title!, tag, by: small(tl(l, 'sum.by', { roller: clip(v.roller), post: v.post })) });
  const faces = v.faces ? tl(l, 'sum.faces', { faces: v.faces.join(' '), mod: v.modifier ? tl(l, 'reply.perDie', { modifier: signed(v.modifier) }) : '' }) : '';
  return [line(...head), line(faces, ...scoredOutcome(v.successes, v.difficulty, outcome, result))];
}
