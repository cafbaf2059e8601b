/**
 * The Turns view's preferences (set in Options) and its notifications: optional and off by default;
 * one per thread when it starts waiting on you, one when your deadline is 6 hours away; none in
 * the quiet hours (a notice due then is shown at the first check after them, if still due). What
 * was shown is remembered per thread, so that a wait is told once.
 */
import * as z from 'zod/mini';
import { type FollowStore, followedTurns, youIn } from './followed';
import { isYou } from './groups';

export const PREFS_VERSION = 1;
/** How long before your deadline the second notice comes. */
export const SOON = 6 * 3600;

const Minute = z.int().check(z.minimum(0), z.maximum(24 * 60 - 1));

export const TurnsPrefsSchema = z.object({
  version: z.literal(PREFS_VERSION),
  notify: z._default(z.boolean(), false),
  /** Quiet hours, in minutes of the reader's day (from ≤ t < to; over midnight when from > to). */
  quiet: z._default(z.nullable(z.object({ from: Minute, to: Minute })), null),
  /** What the toolbar button opens: the panel (as before) or the Turns list. */
  toolbar: z._default(z.enum(['panel', 'turns']), 'panel'),
  /** How often the background reads followed threads' last pages (minutes; 0: never). A store from before it reads as the default. */
  check: z._default(z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]), 30),
});
export type TurnsPrefs = z.infer<typeof TurnsPrefsSchema>;
export const defaultTurnsPrefs = (): TurnsPrefs => ({ version: PREFS_VERSION, notify: false, quiet: null, toolbar: 'panel', check: 30 });

/** What was told per thread: the post the wait on you counts from, and the deadline its 6-hour notice was for. */
export const NotifiedSchema = z.record(z.string().check(z.maxLength(200)), z.object({ since: z.int(), soon: z.nullable(z.number()) }));
export type Notified = z.infer<typeof NotifiedSchema>;

/** Whether `minute` (of the reader's day) is within the quiet hours. */
export function isQuiet(quiet: TurnsPrefs['quiet'], minute: number): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
}

export interface Notice {
  key: string;
  kind: 'turn' | 'soon';
  title: string;
  url: string;
  since: number;
  due?: number;
}

/**
 * The notices due now (Unix seconds), and what is then told. `seed`: remember the waits there are
 * now without a notice (notifications just turned on: only what starts after is told). In the
 * quiet hours nothing is told, and nothing is marked told.
 */
export function noticesDue(store: FollowStore, told: Notified, now: number, o: { quiet: boolean; seed?: boolean }): { notices: Notice[]; told: Notified } {
  const notices: Notice[] = [];
  const next: Notified = {};
  for (const f of Object.values(store.threads)) {
    if (!f.on) continue;
    const you = youIn(f, store);
    const mine = followedTurns(f, now).waitingOn.find((w) => isYou(w, you));
    if (!mine) continue;
    const before = told[f.key]?.since === mine.since ? told[f.key]! : null;
    const soon = mine.due !== undefined && !mine.overdue && mine.due - now <= SOON ? mine.due : null;
    const notice = { key: f.key, title: f.title, url: f.url, since: mine.since, ...(mine.due !== undefined ? { due: mine.due } : {}) };
    if (o.seed) next[f.key] = { since: mine.since, soon };
    else if (o.quiet) {
      if (before) next[f.key] = before;
    } else if (!before) {
      // The first notice names the deadline: within 6 hours of it, it stands for the second too.
      notices.push({ ...notice, kind: 'turn' });
      next[f.key] = { since: mine.since, soon };
    } else if (soon !== null && before.soon !== soon) {
      notices.push({ ...notice, kind: 'soon' });
      next[f.key] = { since: mine.since, soon };
    } else next[f.key] = before;
  }
  return { notices, told: next };
}
