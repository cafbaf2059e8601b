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

/** Whether two rolls by one character roll for the same thing; the game may say it better (card names loosely, the kind of roll). */
export type SameThing = (a: RollRecord, b: RollRecord) => boolean;

const sameReason: SameThing = (a, b) => {
  const k = reasonKey(a.reason);
  return k !== '' && k === reasonKey(b.reason);
};

/**
 * Re-rolls: a character rolling the same thing again within the window of the roll before it.
 * Runs are kept per character, in time order; `sameThing` decides what "the same thing" is.
 */
export function findRerolls(records: readonly RollRecord[], windowMinutes = DEFAULT_REROLL_WINDOW_MINUTES, sameThing: SameThing = sameReason): Reroll[] {
  const byWho = new Map<string, number[]>();
  records.forEach((r, i) => {
    if (r.time === null) return;
    const who = r.rollerId ?? r.rollerName.toLowerCase();
    const list = byWho.get(who);
    if (list) list.push(i);
    else byWho.set(who, [i]);
  });
  const out: Reroll[] = [];
  const windowSeconds = windowMinutes * 60;
  for (const list of byWho.values()) {
    list.sort((a, b) => records[a]!.time! - records[b]!.time! || a - b);
    const runs: { first: number; last: number; attempt: number }[] = [];
    for (const cur of list) {
      const rec = records[cur]!;
      let run: (typeof runs)[number] | undefined;
      for (let k = runs.length - 1; k >= 0; k--) {
        const r = runs[k]!;
        if (rec.time! - records[r.last]!.time! > windowSeconds) continue;
        if (sameThing(records[r.last]!, rec) || sameThing(records[r.first]!, rec)) {
          run = r;
          break;
        }
      }
      if (run) {
        run.attempt++;
        out.push({ index: cur, earlier: run.last, first: run.first, gap: rec.time! - records[run.last]!.time!, attempt: run.attempt });
        run.last = cur;
      } else runs.push({ first: cur, last: cur, attempt: 1 });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}
