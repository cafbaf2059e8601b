/**
 * Re-rolls in the dice log: the same character rolling the same reason again within a window —
 * how GMs catch fishing for a good roll.
 */
import type { RollRecord } from '../rolls/record';

export const DEFAULT_REROLL_WINDOW_MINUTES = 60;

export interface Reroll {
  /** Index (in the list given) of the roll that was rolled again. */
  index: number;
  /** Index of the earlier roll of the same thing. */
  earlier: number;
  /** The first roll of the run. */
  first: number;
  /** Seconds since the earlier roll. */
  gap: number;
  /** How many times this thing was rolled in the run so far (2 = the first re-roll). */
  attempt: number;
}

/** Reason text compared loosely: case, punctuation, spacing and modifier suffixes ignored. */
export function reasonKey(reason: string): string {
  return reason
    .toLowerCase()
    .replace(/\(\s*[+-]\d+\s*\)|\s[+-]\d+\s*$/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function findRerolls(records: readonly RollRecord[], windowMinutes = DEFAULT_REROLL_WINDOW_MINUTES): Reroll[] {
  const groups = new Map<string, number[]>();
  records.forEach((r, i) => {
    const key = reasonKey(r.reason);
    if (!key || r.time === null) return;
    const who = r.rollerId ?? r.rollerName.toLowerCase();
    const k = `${who}\u0000${key}`;
    const list = groups.get(k);
    if (list) list.push(i);
    else groups.set(k, [i]);
  });
  const out: Reroll[] = [];
  const window = windowMinutes * 60;
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => records[a]!.time! - records[b]!.time!);
    let first = list[0]!;
    let attempt = 1;
    for (let j = 1; j < list.length; j++) {
      const prev = list[j - 1]!;
      const cur = list[j]!;
      const gap = records[cur]!.time! - records[prev]!.time!;
      if (gap <= window) {
        attempt++;
        out.push({ index: cur, earlier: prev, first, gap, attempt });
      } else {
        first = cur;
        attempt = 1;
      }
    }
  }
  return out.sort((a, b) => a.index - b.index);
}
