/**
 * What "the same thing" is for Spark d10 re-rolls: the same pool (dice and sides) and the same roll
 * by its reason, read loosely: "Draw: Shivan Dragon (Rare)", "Draw - Shivan Dragon - Rare (again)"
 * and "shivan" are one draw; "Channel: Blue" twice is one Channeling; Speed and Damage differ.
 */
import { diceCount, type RollRecord } from '../../rolls/record';
import { parseReason } from '../../spark/reason';

const STOP = new Set([
  'draw',
  'drawing',
  'rare',
  'common',
  'uncommon',
  'mythic',
  'legendary',
  'basic',
  'land',
  'again',
  'the',
  'of',
  'and',
  'roll',
  'reroll',
  'retry',
  'try',
  'for',
  'with',
  'second',
  'third',
  'attempt',
  'one',
  'more',
]);
const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !STOP.has(w)),
  );

export function sameSparkRoll(a: RollRecord, b: RollRecord): boolean {
  if (diceCount(a) !== diceCount(b) || a.specs.map((s) => s.sides).join() !== b.specs.map((s) => s.sides).join()) return false;
  const ra = parseReason(a.reason);
  const rb = parseReason(b.reason);
  if (ra.kind !== 'other' && rb.kind !== 'other') {
    if (ra.kind !== rb.kind) return false;
    if (ra.kind === 'channel') return ra.colour === rb.colour;
    if (ra.kind !== 'draw' && ra.kind !== 'ad-hoc') return true;
  }
  const wa = words(ra.card ?? a.reason);
  const wb = words(rb.card ?? b.reason);
  if (!wa.size || !wb.size) return ra.kind === rb.kind && ra.kind !== 'other';
  for (const w of wa) if (wb.has(w) || [...wb].some((x) => x.startsWith(w) || w.startsWith(x))) return true;
  return false;
}
