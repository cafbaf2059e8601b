/**
 * A roll's summary for a reply, from what a badge shows (with its [roll=ID] where known). Kept
 * apart from the reply builders: the content script needs only this.
 */
import { tl, type Locale } from '../../i18n';
import { readSparkRoll } from '../../spark/reading';

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const plain = (s: string) =>
  s
    .replace(/[<>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

/** A draw's outcome in RPOL's colours: drawn green, failed red (by the reading's result, in any language). */
export function colourOutcome(outcome: string, result: 'drawn' | 'failed' | null = null): string {
  if (result === 'failed') return `<red>${outcome}</red>`;
  if (result === 'drawn') return `<green>${outcome}</green>`;
  return outcome;
}

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
export function badgeSummary(v: SummaryInput, l: Locale = 'en'): string {
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
  const tag = v.rollId ? ` – [roll=${v.rollId}]` : '';
  const head = tl(l, 'sum.head', { reason: plain(v.reason) || tl(l, 'reply.roll'), tag, roller: plain(v.roller), post: v.post });
  const faces = v.faces ? tl(l, 'sum.faces', { faces: v.faces.join(' '), mod: v.modifier ? tl(l, 'reply.perDie', { modifier: signed(v.modifier) }) : '' }) : '';
  const line =
    v.difficulty !== null && v.successes !== null ? `${v.successes} vs ${v.difficulty}: ${colourOutcome(outcome, result)}` : colourOutcome(outcome, result);
  return `${head}\n${faces}${line}`;
}
