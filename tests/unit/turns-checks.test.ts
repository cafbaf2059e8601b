// @vitest-environment happy-dom
// The background's checks of followed threads (issue 41, item 3): a fetched page read by the
// forum's own reader into the content script's report (lib/turns/fetched.ts), a login page and a
// page with no posts told apart, the report's landmarks (no post text), and the schedule's rules
// (lib/turns/checks.ts): the backoff never over 6 hours, never two scheduled requests for a thread
// within 15 minutes, a login page stops it, Check now asks each thread once, 2 at once at most.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHPBB } from '../../lib/forums/phpbb/forum';
import { RPOL } from '../../lib/forums/rpol/forum';
import {
  afterCheck,
  addressOf,
  askedKeys,
  backoffMs,
  type Checks,
  dueKeys,
  emptyChecks,
  MAX_BACKOFF_MS,
  MIN_GAP_MS,
  type Outcome,
  pool,
} from '../../lib/turns/checks';
import { emptyVerdict, readFetched } from '../../lib/turns/fetched';
import type { Followed, FollowStore } from '../../lib/turns/followed';
import { pageLandmarks, reportText } from '../../lib/turns/landmarks';
import { LOGIN_PAGES } from '../fixtures/board-markup.mjs';
import { phpbbDuelPage, rpolDuelPage } from '../fixtures/paged-duel.mjs';
import { rpolLoginPageHtml } from '../fixtures/rpol-markup.mjs';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const RPOL_PAGE = (n: number) => `http://rpol.net/display.cgi?gi=51829&ti=60&msgpage=${n}`;

describe('a fetched page, read by the forum’s own reader', () => {
  it('RPOL’s last page: its 25 posts with author, identity, time and role; the rolls; the duelists; its key; its paging', () => {
    const read = readFetched(parse(rpolDuelPage(60, 3)), RPOL, RPOL_PAGE(3), { locale: 'en' });
    if (read.kind !== 'page') throw new Error(read.kind);
    const { page, paging } = read;
    expect(page.threadKey).toBe('rpol.net/51829/60');
    expect(page.forum).toBe('rpol');
    expect(page.posts.map((p) => p[0])).toEqual(Array.from({ length: 25 }, (_, i) => 51 + i));
    expect(page.posts.every((p) => typeof p[1] === 'string' && p[1].length > 0 && typeof p[3] === 'number')).toBe(true);
    expect(page.rolls.length).toBeGreaterThan(0);
    expect(page.duelists.map((d) => d[0]).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/Mira/), expect.stringMatching(/Osk/)]));
    expect(paging).toMatchObject({ page: 3, count: 3 });
  });

  it('an earlier page: the next check reads the last page the page shows', () => {
    const read = readFetched(parse(rpolDuelPage(60, 2)), RPOL, RPOL_PAGE(2), { locale: 'en' });
    if (read.kind !== 'page') throw new Error(read.kind);
    expect(read.paging?.page).toBe(2);
    expect(new URL(read.paging!.last).searchParams.get('msgpage')).toBe('3');
  });

  it('phpBB: a topic page read; its sign-in page is a login, never an empty thread', () => {
    const url = 'http://forum.mafiascum.net/viewtopic.php?f=12&t=5301&start=50';
    const read = readFetched(parse(phpbbDuelPage(5301, 3)), PHPBB, url, { locale: 'en' });
    expect(read.kind).toBe('page');
    expect(readFetched(parse(LOGIN_PAGES.phpbb), PHPBB, url, { locale: 'en' })).toEqual({ kind: 'login' });
    expect(readFetched(parse(rpolLoginPageHtml()), RPOL, RPOL_PAGE(1), { locale: 'en' })).toEqual({ kind: 'login' });
  });

  it('a page with no posts and no login form is a reading failure; its report carries landmarks, not the page’s words', () => {
    const html = '<!doctype html><title>Secret plans of the guild</title><div class="post">The hidden word is PLUGH</div><form></form>';
    const read = readFetched(parse(html), RPOL, RPOL_PAGE(1), { locale: 'en' });
    if (read.kind !== 'unreadable') throw new Error(read.kind);
    expect(read.landmarks.counts.form).toBe(1);
    expect(read.landmarks.counts['.post']).toBe(1);
    const text = reportText({ forum: 'RPOL', url: RPOL_PAGE(1), at: 0, landmarks: read.landmarks, version: '1.0.0' });
    expect(text).toMatch(/^Spark Scribe: a followed thread read as no posts\nforum: RPOL\naddress: http:\/\/rpol\.net\//);
    expect(text).not.toMatch(/PLUGH|Secret|guild/);
  });

  it('posts first: a page with posts is read even if it also has a login form', () => {
    expect(emptyVerdict(3, true)).toBe('read');
    expect(emptyVerdict(0, true)).toBe('login');
    expect(emptyVerdict(0, false)).toBe('unreadable');
  });

  it('hostile markup never throws out of the reader (RPOL and phpBB)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom(RPOL, PHPBB), (junk, forum) => {
        const html = `<div class="message"><div class="postheader">${junk}</div>${junk}</div><div id="p1" class="post">${junk}</div>`;
        const read = readFetched(parse(html), forum as typeof RPOL, RPOL_PAGE(1), { locale: 'en' });
        expect(['page', 'login', 'unreadable']).toContain(read.kind);
      }),
      { numRuns: 150 },
    );
    expect(pageLandmarks(parse('<p>x</p>'), '::not-a-selector(')).toMatchObject({ counts: { '::not-a-selector(': -1 } });
  });
});

const followed = (key: string, on = true): Followed =>
  ({
    key,
    forum: 'rpol',
    url: `http://rpol.net/display.cgi?gi=1&ti=${key}`,
    title: '',
    on,
    auto: null,
    pace: null,
    gm: null,
    gmSeen: null,
    cast: { add: [], remove: [] },
    you: { names: [], ids: [] },
    posts: [],
    game: null,
    readAt: 0,
    followedAt: 0,
  }) as Followed;
const storeOf = (keys: string[], off: string[] = []): FollowStore => ({
  version: 1,
  threads: Object.fromEntries([...keys.map((k) => [k, followed(k)]), ...off.map((k) => [k, followed(k, false)])]),
  you: {},
  aside: {},
});
const SCHEDULES = fc.record({ every: fc.constantFrom(15, 30, 60).map((m) => m * 60_000), gap: fc.constant(MIN_GAP_MS) });
const OUTCOMES: fc.Arbitrary<Outcome> = fc.oneof(
  fc.constant<Outcome>({ kind: 'read', next: null }),
  fc.constant<Outcome>({ kind: 'status', code: 500 }),
  fc.constant<Outcome>({ kind: 'network' }),
  fc.integer({ min: 0, max: 10 * 3600_000 }).map((w): Outcome => ({ kind: 'busy', code: 429, retryAt: w })),
  fc.constant<Outcome>({ kind: 'unreadable', landmarks: { titleLength: 0, counts: {} } }),
);

describe('the schedule', () => {
  it('the backoff doubles and never exceeds 6 hours, whatever the failures', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), SCHEDULES, (fails, s) => {
        const ms = backoffMs(fails, s);
        expect(ms).toBeLessThanOrEqual(MAX_BACKOFF_MS);
        if (fails > 0 && ms < MAX_BACKOFF_MS) expect(backoffMs(fails + 1, s)).toBe(Math.min(MAX_BACKOFF_MS, ms * 2));
      }),
    );
    expect(backoffMs(1, { every: 30 * 60_000, gap: MIN_GAP_MS })).toBe(3600_000);
    expect(backoffMs(9, { every: 30 * 60_000, gap: MIN_GAP_MS })).toBe(MAX_BACKOFF_MS);
  });

  it('ticks at any moments with any outcomes: never two scheduled requests of a thread within 15 minutes, never a wait over 6 hours past the request', () => {
    fc.assert(
      fc.property(SCHEDULES, fc.array(fc.tuple(fc.integer({ min: 1, max: 40 * 60_000 }), OUTCOMES), { minLength: 1, maxLength: 60 }), (s, ticks) => {
        const store = storeOf(['a', 'b']);
        let checks: Checks = emptyChecks();
        let now = 1_800_000_000_000;
        const asked: Record<string, number[]> = { a: [], b: [] };
        for (const [step, outcome] of ticks) {
          now += step;
          for (const key of dueKeys(store, checks, now, s)) {
            asked[key]!.push(now);
            const next = afterCheck(
              checks.threads[key],
              { ...outcome, ...(outcome.kind === 'busy' ? { retryAt: now + (outcome.retryAt ?? 0) } : {}) } as Outcome,
              now,
              s,
            );
            expect(next.until - now).toBeLessThanOrEqual(MAX_BACKOFF_MS);
            checks = { ...checks, threads: { ...checks.threads, [key]: next } };
          }
        }
        for (const times of Object.values(asked)) for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(MIN_GAP_MS);
      }),
    );
  });

  it('a 429 waits for its Retry-After; a login page stops the schedule (not Check now); a thread not followed is never asked', () => {
    const s = { every: 15 * 60_000, gap: MIN_GAP_MS };
    const t = 1_800_000_000_000;
    const busy = afterCheck(undefined, { kind: 'busy', code: 429, retryAt: t + 3 * 3600_000 }, t, s);
    expect(busy.until).toBe(t + 3 * 3600_000);
    const login = afterCheck(undefined, { kind: 'login' }, t, s);
    const checks: Checks = { ...emptyChecks(), threads: { busy, login } };
    const store = storeOf(['busy', 'login', 'fresh'], ['off']);
    expect(dueKeys(store, checks, t + 2 * 3600_000, s)).toEqual(['fresh']);
    expect(dueKeys(store, checks, t + 3 * 3600_000 + 1, s).sort()).toEqual(['busy', 'fresh']);
    expect(askedKeys(store, checks, t + 60_000).sort()).toEqual(['fresh', 'login']);
    // Read again: counted and checked again.
    expect(afterCheck(login, { kind: 'read', next: null }, t + 1, s).status).toBe('ok');
  });

  it('the address asked: the last page seen when it is on the thread’s own origin, else the address kept', () => {
    const own = 'http://rpol.net/display.cgi?gi=1&ti=2';
    expect(addressOf(own, 'http://rpol.net/display.cgi?gi=1&ti=2&msgpage=4')).toBe('http://rpol.net/display.cgi?gi=1&ti=2&msgpage=4');
    expect(addressOf(own, 'http://elsewhere.example/x')).toBe(own);
    expect(addressOf('javascript:alert(1)', null)).toBeNull();
    expect(addressOf('not a url', null)).toBeNull();
  });

  it('at most 2 requests at once, every item done', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await pool([1, 2, 3, 4, 5, 6, 7], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n % 3));
      running--;
      done.push(n);
      if (n === 4) throw new Error('one failure is its own');
    });
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
