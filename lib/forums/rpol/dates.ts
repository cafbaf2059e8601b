/**
 * RPOL dates. Every date on a page is in the viewer's time zone, given by the header's "(GMT-5)".
 * Shapes: post headers "Sun 10 May 2026 at 14:16"; footers and rolls "14:00, Mon 18 May" or
 * "01:52, Mon 20 Nov 2017" with RPOL's month names (June, July, Sept); "Today"/"Yesterday".
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
}

/** "(GMT-5)", "(GMT+5:30)", "GMT+0" → minutes east of UTC; null when absent. */
export function parseGmtOffset(text: string): number | null {
  const m = /GMT\s*([-+−])\s*(\d{1,2})(?::(\d{2}))?/.exec(text);
  if (!m) return /GMT\)?/.test(text) ? 0 : null;
  const sign = m[1] === '+' ? 1 : -1;
  return sign * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** Unix seconds of a wall-clock time in a zone `offset` minutes east of UTC. */
export function localToEpoch(year: number, month: number, day: number, hour: number, minute: number, offset: number): number {
  return Date.UTC(year, month, day, hour, minute) / 1000 - offset * 60;
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month, day)).getUTCDay();
}

/**
 * A date without a year: the year whose weekday matches (when a weekday is given) and that lies
 * nearest to `reference`, preferring dates not after it.
 */
export function inferYear(month: number, day: number, weekday: string | null, reference: number, offset: number): number {
  // A page's rolls share a handful of dates and one reference: each is worked out once.
  const key = `${month} ${day} ${weekday} ${reference} ${offset}`;
  const known = years.get(key);
  if (known !== undefined) return known;
  const year = yearFor(month, day, weekday, reference, offset);
  if (years.size > 5000) years.clear();
  years.set(key, year);
  return year;
}
const years = new Map<string, number>();

function yearFor(month: number, day: number, weekday: string | null, reference: number, offset: number): number {
  const refYear = new Date((reference + offset * 60) * 1000).getUTCFullYear();
  const wd = weekday ? WEEKDAYS.indexOf(weekday.slice(0, 3).toLowerCase()) : -1;
  let best = refYear;
  let bestScore = Infinity;
  for (const y of [refYear, refYear - 1, refYear + 1, refYear - 2, refYear - 3, refYear - 4, refYear - 5, refYear - 6]) {
    if (wd >= 0 && weekdayOf(y, month, day) !== wd) continue;
    const t = localToEpoch(y, month, day, 0, 0, offset);
    // A date more than a day after the reference is unlikely (rolls precede posts): weigh it down.
    const score = t <= reference + 86400 ? reference - t : (t - reference) * 4;
    if (score < bestScore) {
      bestScore = score;
      best = y;
    }
  }
  return best;
}

export interface ParsedTime {
  epoch: number;
  /** The text was "Today" or "Yesterday" (relative to the page's own time). */
  relative: boolean;
}

/**
 * "17:54, Thu 04 June", "01:52, Mon 20 Nov 2017", "18:54, Today", "09:34, Yesterday".
 * `reference` is the moment the date is relative to (the post, or the page's "now").
 */
export function parseRpolDateTime(text: string, offset: number, reference: number | null): ParsedTime | null {
  const m = /^\s*(\d{1,2}):(\d{2}),\s*(?:(Today|Yesterday)|(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\.?(?:\s+(\d{4}))?)\s*$/i.exec(
    text,
  );
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  if (m[3]) {
    if (reference === null) return null;
    const local = new Date((reference + offset * 60) * 1000);
    const back = m[3].toLowerCase() === 'yesterday' ? 1 : 0;
    const epoch = localToEpoch(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back, hour, minute, offset);
    return { epoch, relative: true };
  }
  const month = monthIndex(m[6]!);
  const day = Number(m[5]);
  if (month < 0 || day < 1 || day > 31) return null;
  const year = m[7] ? Number(m[7]) : reference === null ? null : inferYear(month, day, m[4] ?? null, reference, offset);
  if (year === null) return null;
  return { epoch: localToEpoch(year, month, day, hour, minute, offset), relative: false };
}

/** A post header date: "Sun 10 May 2026 at 14:16" (also with the line break as whitespace). */
export function parsePostHeaderDate(text: string, offset: number): number | null {
  const m = /(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(\d{1,2})\s+([A-Za-z]{3,9})\s+(\d{4})\s*at\s*(\d{1,2}):(\d{2})/.exec(text);
  if (!m) return null;
  const month = monthIndex(m[2]!);
  if (month < 0) return null;
  return localToEpoch(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), offset);
}

/** The page's own time: "07:35, 26th August 2026 (GMT-5)". */
export function parsePageClock(text: string): { epoch: number; offset: number } | null {
  const offset = parseGmtOffset(text) ?? 0;
  const m = /(\d{1,2}):(\d{2}),\s*(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\s+(\d{4})/.exec(text);
  if (!m) return null;
  const month = monthIndex(m[4]!);
  if (month < 0) return null;
  return { epoch: localToEpoch(Number(m[5]), month, Number(m[3]), Number(m[1]), Number(m[2]), offset), offset };
}

/** "17:54" in the viewer's zone, for display. */
export function formatLocal(epoch: number, offset: number): string {
  const d = new Date((epoch + offset * 60) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}, ${WEEKDAYS[d.getUTCDay()]![0]!.toUpperCase()}${WEEKDAYS[d.getUTCDay()]!.slice(1)} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]![0]!.toUpperCase()}${MONTHS[d.getUTCMonth()]!.slice(1)} ${d.getUTCFullYear()}`;
}
