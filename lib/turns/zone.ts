/**
 * Calendar arithmetic in an IANA time zone (the zone a GM set a pace rule in), with the runtime's
 * own zone data (`Intl`): the local date of an instant, its weekday, and the instant a local date
 * begins. Times are Unix seconds. Pure; a zone the runtime does not know reads as UTC.
 */

/** A local date and time in a zone. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const known = new Map<string, boolean>();

/** The runtime knows this IANA zone name. */
export function isZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size > 500) known.clear();
    known.set(zone, ok);
  }
  return ok;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Seconds `zone` is ahead of UTC at `t`, asked of the runtime (slow: the year tables below keep what it says). */
function askOffset(zone: string, t: number): number {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  const p: Record<string, number> = {};
  for (const x of f.formatToParts(new Date(t * 1000))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!) / 1000 - t;
}

/** A zone's offset is sampled this far apart through a year (no zone changes its clocks twice within 4 days). */
const SAMPLE = 4 * 86_400;
/** A zone's offsets through one UTC year: [from, offset] in time order, each clock change found to the second. */
const years = new Map<string, [number, number][]>();

function yearOffsets(zone: string, year: number): [number, number][] {
  const key = `${zone}|${year}`;
  const kept = years.get(key);
  if (kept) return kept;
  const from = Date.UTC(year, 0, 1) / 1000;
  const to = Date.UTC(year + 1, 0, 1) / 1000;
  const segs: [number, number][] = [[from, askOffset(zone, from)]];
  for (let a = from; a < to; a += SAMPLE) {
    const b = Math.min(a + SAMPLE, to);
    const before = segs.at(-1)![1];
    const after = askOffset(zone, b);
    if (after === before) continue;
    // The change is in (a, b]: halve the span down to the second.
    let lo = a;
    let hi = b;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (askOffset(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    segs.push([hi, after]);
  }
  if (years.size > 200) years.clear();
  years.set(key, segs);
  return segs;
}

/** Seconds `zone` is ahead of UTC at instant `t` (a zone the runtime does not know: UTC). */
export function offsetAt(zone: string, t: number): number {
  const s = Math.floor(t);
  if (!isZone(zone) || !Number.isFinite(s) || Math.abs(s) > 8.64e12) return 0;
  const segs = yearOffsets(zone, new Date(s * 1000).getUTCFullYear());
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid]![0] <= s) lo = mid;
    else hi = mid - 1;
  }
  return segs[lo]![1];
}

/** The local date and time of instant `t` in `zone`. */
export function localIn(zone: string, t: number): LocalTime {
  const s = Math.floor(t);
  const d = new Date((s + offsetAt(zone, s)) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

const dateKey = (y: number, m: number, d: number) => y * 10_000 + m * 100 + d;

/**
 * The first instant of local date y-m-d in `zone` (month and day may overflow: Date.UTC rolls them).
 * Where midnight is skipped by a clock change the day begins at the first local time it has; where
 * midnight comes twice, at the first.
 */
export function startOfDate(zone: string, year: number, month: number, day: number): number {
  const midnight = Date.UTC(year, month - 1, day) / 1000;
  const norm = new Date(midnight * 1000);
  const want = dateKey(norm.getUTCFullYear(), norm.getUTCMonth() + 1, norm.getUTCDate());
  // The offsets around that day: the day begins at midnight less one of them.
  const offsets = new Set([offsetAt(zone, midnight - 86_400), offsetAt(zone, midnight), offsetAt(zone, midnight + 86_400)]);
  let best: number | null = null;
  for (const o of offsets) {
    const t = midnight - o;
    const l = localIn(zone, t);
    if (dateKey(l.year, l.month, l.day) === want && (best === null || t < best)) best = t;
  }
  // No candidate lands on the day (a zone that skipped it whole): the next day's start.
  return best ?? startOfDate(zone, year, month, day + 1);
}

/** The first instant of the local day after the one `t` falls on, in `zone`. */
export function nextDayStart(zone: string, t: number): number {
  const l = localIn(zone, t);
  return startOfDate(zone, l.year, l.month, l.day + 1);
}

/** A `YYYY-MM-DD` date's parts, or null when it is not a real date. */
export function readDate(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? { year, month, day } : null;
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** Instant `t` as a reader reads it ("Tue 10 Nov, 06:00"), in a language, in `zone` (absent: the runtime's own, the reader's). */
export function formatWhen(t: number, l: 'en' | 'it', zone?: string): string {
  const z = zone && isZone(zone) ? zone : undefined;
  const key = `${l}|${z ?? ''}`;
  let f = whenFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(l === 'it' ? 'it-IT' : 'en-GB', {
      timeZone: z,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    whenFormats.set(key, f);
  }
  return f.format(new Date(t * 1000));
}
