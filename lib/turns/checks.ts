/**
 * The background's checks of followed threads (issue 41, item 3): which threads are due, and what a
 * check's outcome leaves for the next. Scheduled checks ask each thread at most once per 15
 * minutes (never more often than the interval the user chose), back off on errors and 429s
 * (doubling, up to 6 hours, never before a server's Retry-After), and stop on a login page until
 * the thread is read again (a page the user opens, or Check now, the user's own). Pure: the clock
 * and the network are the caller's.
 */
import * as z from 'zod/mini';
import type { StopWhy } from '../threads/kept';
import type { FollowStore } from './followed';
import type { Landmarks } from './landmarks';

export const CHECKS_VERSION = 1;
/** Scheduled checks of one thread: at most one per this (ms). */
export const MIN_GAP_MS = 15 * 60_000;
/** The longest a failing thread waits (ms). */
export const MAX_BACKOFF_MS = 6 * 3600_000;
/** The intervals Options offers (minutes; 0: off). */
export const CHECK_INTERVALS = [0, 15, 30, 60] as const;
/** Requests at once. */
export const AT_ONCE = 2;

const LandmarksSchema = z.object({
  titleLength: z.int(),
  counts: z.record(z.string().check(z.maxLength(100)), z.int()),
});

export const CheckSchema = z.object({
  /** When the thread was last asked for (ms; 0: never). */
  at: z._default(z.number(), 0),
  /** Failures in a row. */
  fails: z._default(z.int().check(z.minimum(0), z.maximum(1000)), 0),
  /** No scheduled request before this (ms): the backoff, or the server's Retry-After. */
  until: z._default(z.number(), 0),
  /** A server's Retry-After (ms): Check now waits for it too. */
  retryAt: z._default(z.number(), 0),
  /** How the last check went. */
  status: z._default(z.enum(['ok', 'status', 'login', 'unreadable', 'busy', 'origin', 'network']), 'ok'),
  /** The HTTP status of a failed answer. */
  code: z._default(z.nullable(z.int()), null),
  /** The address to read next: the thread's last page, as the page read showed it. */
  next: z._default(z.nullable(z.string().check(z.maxLength(2000))), null),
  /** A page that read as no posts: its landmarks, for a report. */
  landmarks: z._default(z.nullable(LandmarksSchema), null),
});
export type Check = z.infer<typeof CheckSchema>;

export const ChecksSchema = z.object({
  version: z.literal(CHECKS_VERSION),
  threads: z._default(z.record(z.string().check(z.maxLength(200)), CheckSchema), {}),
  /** When the user last asked (Check now) and when the last pass ended (ms; 0: never). */
  asked: z._default(z.number(), 0),
  done: z._default(z.number(), 0),
});
export type Checks = z.infer<typeof ChecksSchema>;
export const emptyChecks = (): Checks => ({ version: CHECKS_VERSION, threads: {}, asked: 0, done: 0 });
export const freshCheck = (): Check => ({ at: 0, fails: 0, until: 0, retryAt: 0, status: 'ok', code: null, next: null, landmarks: null });

/** What one request for a thread came to. */
export type Outcome =
  | { kind: 'read'; next: string | null }
  | { kind: 'login' }
  | { kind: 'unreadable'; landmarks: Landmarks }
  | { kind: Exclude<StopWhy, 'login' | 'unreadable'>; code?: number; retryAt?: number };

/** The schedule: the user's interval and the least gap between two scheduled requests of a thread (ms). */
export interface Schedule {
  every: number;
  gap: number;
}

/** The wait after `fails` failures in a row: the interval doubled each time, never over 6 hours. */
export function backoffMs(fails: number, s: Schedule): number {
  const base = Math.max(s.every, s.gap);
  if (fails <= 0) return 0;
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.min(fails, 30));
}

/** A thread's check state after a request made at `now`. */
export function afterCheck(prev: Check | undefined, o: Outcome, now: number, s: Schedule): Check {
  const was = prev ?? freshCheck();
  const base = { ...was, at: now, code: null, landmarks: null };
  if (o.kind === 'read') return { ...base, fails: 0, until: 0, retryAt: 0, status: 'ok', next: o.next ?? was.next };
  // Signed out: no scheduled request until the thread is read again.
  if (o.kind === 'login') return { ...base, status: 'login', until: 0 };
  const fails = was.fails + 1;
  const retryAt = o.kind === 'busy' ? Math.min(o.retryAt ?? 0, now + MAX_BACKOFF_MS) : 0;
  return {
    ...base,
    fails,
    status: o.kind,
    code: 'code' in o && o.code !== undefined ? o.code : null,
    landmarks: o.kind === 'unreadable' ? o.landmarks : null,
    retryAt,
    until: Math.max(now + backoffMs(fails, s), retryAt),
  };
}

/** The followed threads a scheduled pass asks for at `now`, the longest unasked first. */
export function dueKeys(store: FollowStore, checks: Checks, now: number, s: Schedule): string[] {
  const out: { key: string; at: number }[] = [];
  for (const f of Object.values(store.threads)) {
    if (!f.on) continue;
    const c = checks.threads[f.key];
    if (c?.status === 'login' || (c && now < c.until)) continue;
    if (c && now - c.at < Math.max(s.every, s.gap)) continue;
    out.push({ key: f.key, at: c?.at ?? 0 });
  }
  return out.sort((a, b) => a.at - b.at).map((x) => x.key);
}

/** The followed threads Check now asks for: each once, except where a server asked to wait (Retry-After). */
export const askedKeys = (store: FollowStore, checks: Checks, now: number): string[] =>
  Object.values(store.threads)
    .filter((f) => f.on && !(now < (checks.threads[f.key]?.retryAt ?? 0)))
    .map((f) => f.key);

/** Whether a thread is left out of the badge's count: signed out of its forum. */
export const signedOut = (checks: Checks | null, key: string): boolean => checks?.threads[key]?.status === 'login';

/** Run `job` on each item, at most `atOnce` at a time; resolves when all are done (a job's failure is its own). */
export async function pool<T>(items: readonly T[], atOnce: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await job(item).catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/** The address a check asks for: the last page seen, if it is on the thread's own origin; else the address kept. */
export function addressOf(url: string, next: string | null): string | null {
  try {
    const own = new URL(url);
    if (own.protocol !== 'http:' && own.protocol !== 'https:') return null;
    if (next && new URL(next, own).origin === own.origin) return new URL(next, own).href;
    return own.href;
  } catch {
    return null;
  }
}
