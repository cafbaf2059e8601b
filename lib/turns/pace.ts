/**
 * A GM's pace rule and the deadline it gives: `hours` after the post that asked, weekends counted
 * or not, in the zone the GM set the rule in. Hours are real elapsed hours (a clock change inside
 * the counted time moves the deadline's wall-clock time by the hour it added or took). A weekend
 * not counted is Saturday and Sunday as local days of the rule's zone: no time on them counts.
 */
import { localIn, nextDayStart } from './zone';

export interface PaceRule {
  /** Hours a player has to post. */
  hours: number;
  /** Whether Saturday and Sunday count toward the hours. */
  weekends: boolean;
  /** The IANA zone the rule was set in (the GM's). */
  zone: string;
}

/** The longest rule Spark Scribe takes: four weeks. */
export const MAX_PACE_HOURS = 24 * 28;

const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

/**
 * When a wait that began at `start` (Unix seconds) is due under `rule`. Never before `start`;
 * later for more hours. A rule of 0 hours is due at `start` (the first counted instant, when the
 * start falls on a weekend not counted).
 */
export function dueAt(start: number, rule: PaceRule): number {
  const hours = Math.min(MAX_PACE_HOURS, Math.max(0, Number.isFinite(rule.hours) ? rule.hours : 0));
  let left = Math.round(hours * 3600);
  if (rule.weekends) return start + left;
  let t = start;
  // One local day at a time: a weekend day is skipped whole, a weekday counts until its end.
  // At most 28 weeks of days: the loop ends whatever a zone does.
  for (let guard = 0; guard < 400; guard++) {
    const end = nextDayStart(rule.zone, t);
    if (isWeekend(localIn(rule.zone, t).weekday)) {
      t = end;
      continue;
    }
    if (t + left <= end) return t + left;
    left -= end - t;
    t = end;
  }
  return t + left;
}
