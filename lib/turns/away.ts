/**
 * A player's "away until" line, as the panel writes it into a post (`Spark Scribe · away until
 * 2026-11-30`): read in any post of that player, the last one written counting. It stops their
 * clock until the start of that date in the pace rule's zone.
 */
import { TABLE_MARK } from '../reading/records';
import { readDate } from './zone';

const AWAY = 'away until';
/** The line: the mark, "away until", a date. Linear: fixed words, then digits and dashes. */
const AWAY_LINE = new RegExp(`${TABLE_MARK} · ${AWAY} (\\d{4}-\\d{2}-\\d{2})(?!\\d)`, 'g');

/** The line a player posts to say they are away until `date` (YYYY-MM-DD). */
export const awayLine = (date: string): string => `${TABLE_MARK} · ${AWAY} ${date}`;

/** The date of a post's last "away until" line (a real date), or null. */
export function readAway(text: string): string | null {
  if (!text.includes(AWAY)) return null;
  let found: string | null = null;
  for (const m of text.slice(0, 200_000).matchAll(AWAY_LINE)) if (readDate(m[1]!)) found = m[1]!;
  return found;
}
