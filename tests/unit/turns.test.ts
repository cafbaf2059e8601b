// A thread's turns (lib/turns, exported from lib/index.ts): the GM's pace rule with real post times
// (the Friday 18:00 and 36 hours without weekends), clock changes, away lines, the cast,
// edits, and property tests of the deadline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awayLine, castOf, dueAt, nudgePost, type PaceRule, readAway, threadTurns, type TurnPost } from '../../lib';
import { groupOf } from '../../lib/turns/groups';
import { formatWhen, isZone, localIn, startOfDate } from '../../lib/turns/zone';
import { tl } from '../../lib/i18n';
import { inlineText, type PostDoc } from '../../lib/post/doc';

/** A post's lines as text. */
const plainText = (doc: PostDoc) => doc.map((block) => ('line' in block ? inlineText(block.line) : '')).join('\n');

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const ROME: PaceRule = { hours: 36, weekends: false, zone: 'Europe/Rome' };
/** Friday 6 November 2026, 18:00 in Rome (CET, UTC+1). */
const FRIDAY_1800 = utc(2026, 11, 6, 17);

const local = (t: number, zone: string) => {
  const l = localIn(zone, t);
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][l.weekday]} ${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')} ${String(l.hour).padStart(2, '0')}:${String(l.minute).padStart(2, '0')}`;
};

describe('the pace rule', () => {
  it('a GM post on Friday at 18:00, 36 hours not counting weekends: due Tuesday 06:00 in the GM’s zone, shown in the reader’s', () => {
    const due = dueAt(FRIDAY_1800, ROME);
    expect(local(due, 'Europe/Rome')).toBe('Tue 2026-11-10 06:00');
    expect(due).toBe(utc(2026, 11, 10, 5));
    // A reader in New York sees the same instant at midnight, their time; one in Tokyo at 14:00.
    expect(formatWhen(due, 'en', 'America/New_York')).toBe('Tue 10 Nov, 00:00');
    expect(formatWhen(due, 'en', 'Asia/Tokyo')).toBe('Tue 10 Nov, 14:00');
    expect(formatWhen(due, 'it', 'Europe/Rome')).toMatch(/mar 10 nov/);
    // Weekends counted: 36 hours are Sunday 06:00.
    expect(local(dueAt(FRIDAY_1800, { ...ROME, weekends: true }), 'Europe/Rome')).toBe('Sun 2026-11-08 06:00');
  });

  it('a post on a weekend not counted starts the count on Monday at 00:00', () => {
    const saturday = utc(2026, 11, 7, 10);
    expect(local(dueAt(saturday, { ...ROME, hours: 10 }), 'Europe/Rome')).toBe('Mon 2026-11-09 10:00');
    expect(local(dueAt(saturday, { ...ROME, hours: 0 }), 'Europe/Rome')).toBe('Mon 2026-11-09 00:00');
  });

  it('the weekend is the rule’s zone’s: Friday 18:00 in Rome is already Saturday in Tokyo, and a Tokyo rule skips it', () => {
    const tokyo = { hours: 36, weekends: false, zone: 'Asia/Tokyo' };
    // Saturday 02:00 in Tokyo: Saturday and Sunday do not count; 36 hours from Monday 00:00.
    expect(local(dueAt(FRIDAY_1800, tokyo), 'Asia/Tokyo')).toBe('Tue 2026-11-10 12:00');
  });

  it('clock changes: real hours count, the weekend of the change is skipped whole (Rome, October 2026; New York, March 2026)', () => {
    // Friday 23 October 18:00 CEST; the clocks go back on Sunday the 25th. Due Tuesday 06:00 CET.
    const friday = utc(2026, 10, 23, 16);
    expect(local(dueAt(friday, ROME), 'Europe/Rome')).toBe('Tue 2026-10-27 06:00');
    // Weekends counted: 36 real hours cross the hour the clocks gave back: 05:00 on the wall.
    expect(local(dueAt(friday, { ...ROME, weekends: true }), 'Europe/Rome')).toBe('Sun 2026-10-25 05:00');
    // New York springs forward on Sunday 8 March: Saturday 12:00 EST + 24 h is Sunday 13:00 EDT.
    const ny = { hours: 24, weekends: true, zone: 'America/New_York' };
    expect(local(dueAt(utc(2026, 3, 7, 17), ny), 'America/New_York')).toBe('Sun 2026-03-08 13:00');
    // Not counting weekends, Sunday's short day is skipped whole: Monday 00:00 EDT + 24 h.
    expect(local(dueAt(utc(2026, 3, 7, 17), { ...ny, weekends: false }), 'America/New_York')).toBe('Tue 2026-03-10 00:00');
  });

  it('a zone the runtime does not know counts in UTC; a silly number of hours is bounded', () => {
    expect(isZone('Mars/Olympus_Mons')).toBe(false);
    expect(dueAt(FRIDAY_1800, { hours: 36, weekends: false, zone: 'Mars/Olympus_Mons' })).toBe(dueAt(FRIDAY_1800, { ...ROME, zone: 'UTC' }));
    expect(dueAt(FRIDAY_1800, { hours: Number.NaN, weekends: true, zone: 'UTC' })).toBe(FRIDAY_1800);
    expect(dueAt(FRIDAY_1800, { hours: 1e12, weekends: true, zone: 'UTC' })).toBe(FRIDAY_1800 + 28 * 86400);
  });
});

describe('the deadline, as properties', () => {
  const zones = fc.constantFrom('UTC', 'Europe/Rome', 'America/New_York', 'Asia/Tokyo', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kathmandu');
  const start = fc.integer({ min: utc(2020, 1, 1), max: utc(2032, 1, 1) });
  const rule = fc.record({ hours: fc.integer({ min: 0, max: 24 * 28 }), weekends: fc.boolean(), zone: zones });

  it('never before the post; monotone in the hours', () => {
    fc.assert(
      fc.property(start, rule, fc.integer({ min: 0, max: 200 }), (t, r, more) => {
        const due = dueAt(t, r);
        expect(due).toBeGreaterThanOrEqual(t);
        expect(dueAt(t, { ...r, hours: r.hours + more })).toBeGreaterThanOrEqual(due);
        // Weekends counted is plain elapsed time; not counted is never sooner.
        expect(dueAt(t, { ...r, weekends: true })).toBe(t + r.hours * 3600);
        expect(dueAt(t, { ...r, weekends: false })).toBeGreaterThanOrEqual(t + r.hours * 3600);
      }),
      { numRuns: 300 },
    );
  });

  it('overdue exactly when now is past the deadline', () => {
    fc.assert(
      fc.property(start, rule, fc.integer({ min: -30 * 86400, max: 60 * 86400 }), (t, r, later) => {
        const now = t + later;
        const turns = threadTurns(
          [
            { number: 1, author: 'Ada', time: t - 60 },
            { number: 2, author: 'GM', time: t },
          ],
          { gm: 'GM', cast: ['Ada'], pace: r, now },
        );
        const w = turns.waitingOn[0]!;
        expect(w.due).toBe(dueAt(t, r));
        expect(w.overdue).toBe(now > w.due!);
      }),
      { numRuns: 300 },
    );
  });

  it('a local date begins at the first instant it has, even where a clock change skips midnight', () => {
    fc.assert(
      fc.property(zones, fc.integer({ min: 0, max: 4000 }), (zone, days) => {
        const d = new Date(Date.UTC(2022, 0, 1 + days));
        const t = startOfDate(zone, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
        const at = localIn(zone, t);
        expect([at.year, at.month, at.day]).toEqual([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]);
        const before = localIn(zone, t - 1);
        expect(Date.UTC(before.year, before.month - 1, before.day)).toBeLessThan(d.getTime());
      }),
      { numRuns: 300 },
    );
  });
});

/** A thread: the GM's round post on Friday 18:00 (Rome), then the players. */
function round(extra: TurnPost[] = []): TurnPost[] {
  return [
    { number: 1, author: 'The GM', time: FRIDAY_1800 - 86400 * 3, authorId: '1' },
    { number: 2, author: 'Ada', time: FRIDAY_1800 - 86400 * 2, authorId: '2' },
    { number: 3, author: 'Bram', time: FRIDAY_1800 - 86400, authorId: '3' },
    { number: 4, author: 'Cleo', time: FRIDAY_1800 - 3600, authorId: '4' },
    { number: 5, author: 'The GM', time: FRIDAY_1800, authorId: '1' },
    ...extra,
  ];
}

describe('a thread without a game: the cast since the GM’s last post', () => {
  const now = utc(2026, 11, 9, 12);

  it('everyone who posted (the GM apart) and has not posted since the GM’s last post, since it', () => {
    const turns = threadTurns(round([{ number: 6, author: 'Bram', time: FRIDAY_1800 + 600 }]), { gm: 'The GM', pace: ROME, now });
    expect(turns.by).toBe('cast');
    expect(turns.waitingOn.map((w) => [w.name, w.since, w.sinceTime, w.authorId, w.overdue])).toEqual([
      ['Ada', 5, FRIDAY_1800, '2', false],
      ['Cleo', 5, FRIDAY_1800, '4', false],
    ]);
    expect(turns.waitingOn[0]!.due).toBe(utc(2026, 11, 10, 5));
    // On Tuesday at 06:01 in Rome both are overdue.
    const later = threadTurns(round(), { gm: 'The GM', pace: ROME, now: utc(2026, 11, 10, 5, 1) });
    expect(later.waitingOn.every((w) => w.overdue)).toBe(true);
  });

  it('no pace rule: never overdue, however long', () => {
    const turns = threadTurns(round(), { gm: 'The GM', now: utc(2030, 1, 1) });
    expect(turns.waitingOn).toHaveLength(3);
    expect(turns.waitingOn.every((w) => !w.overdue && w.due === undefined)).toBe(true);
  });

  it('the cast the GM edits: a name taken out is not waited on, one put in is (names compared without case or extra spaces)', () => {
    const cast = castOf(round(), 'The GM', { add: ['Dax  Orr'], remove: ['cleo'] });
    expect(cast).toEqual(['Ada', 'Bram', 'Dax Orr']);
    const turns = threadTurns(round(), { gm: 'the gm', cast, pace: ROME, now });
    expect(turns.waitingOn.map((w) => w.name)).toEqual(['Ada', 'Bram', 'Dax Orr']);
    expect(turns.waitingOn.find((w) => w.name === 'Dax Orr')!.authorId).toBeUndefined();
  });

  it('every player posted since: the thread waits on the GM, since the post that completed the round, never overdue', () => {
    const all = round([
      { number: 6, author: 'Cleo', time: FRIDAY_1800 + 60 },
      { number: 7, author: 'Ada', time: FRIDAY_1800 + 120 },
      { number: 8, author: 'Cleo', time: FRIDAY_1800 + 180 },
      { number: 9, author: 'Bram', time: FRIDAY_1800 + 240 },
    ]);
    const turns = threadTurns(all, { gm: 'The GM', pace: ROME, now: utc(2027, 1, 1) });
    expect(turns.waitingOn).toEqual([{ name: 'The GM', since: 9, sinceTime: FRIDAY_1800 + 240, authorId: '1', overdue: false, gm: true }]);
  });

  it('the GM has not posted in the posts held: the thread waits on the GM since the first; no GM known: on no one', () => {
    const players = round().filter((p) => p.author !== 'The GM');
    expect(threadTurns(players, { gm: 'The GM', now }).waitingOn.map((w) => [w.name, w.since, w.gm])).toEqual([['The GM', 2, true]]);
    expect(threadTurns(round(), { now })).toEqual({ by: 'none', waitingOn: [] });
    expect(threadTurns([], { gm: 'The GM', now }).waitingOn).toEqual([]);
  });

  it('an edit never restarts a clock: the post’s first time counts', () => {
    const edited = round().map((p) => (p.number === 5 ? { ...p, edit: { time: FRIDAY_1800 + 86400 * 4, by: 'GM' } } : p));
    const turns = threadTurns(edited, { gm: 'The GM', pace: ROME, now: utc(2026, 11, 10, 6) });
    expect(turns.waitingOn[0]!.sinceTime).toBe(FRIDAY_1800);
    expect(turns.waitingOn[0]!.overdue).toBe(true);
  });

  it('a post with no time starts a wait with no deadline; posts in any order are read in number order', () => {
    const untimed = round().map((p) => (p.number === 5 ? { ...p, time: null } : p));
    const turns = threadTurns([...untimed].reverse(), { gm: 'The GM', pace: ROME, now: utc(2030, 1, 1) });
    expect(turns.waitingOn.map((w) => [w.name, w.sinceTime, w.due, w.overdue])).toEqual([
      ['Ada', null, undefined, false],
      ['Bram', null, undefined, false],
      ['Cleo', null, undefined, false],
    ]);
  });
});

describe('away lines', () => {
  it('the line the panel writes reads back; a date that is not one, or a line without the mark, does not', () => {
    expect(awayLine('2026-11-12')).toBe('Spark Scribe · away until 2026-11-12');
    expect(readAway(`Off to Lisbon.\n${awayLine('2026-11-12')}`)).toBe('2026-11-12');
    expect(readAway('Spark Scribe · away until 2026-02-30')).toBeNull();
    expect(readAway('I am away until 2026-11-12')).toBeNull();
    expect(readAway('Spark Scribe · away until 2026-11-123')).toBeNull();
    // Two lines: the last one counts.
    expect(readAway(`${awayLine('2026-11-12')}\nback sooner: ${awayLine('2026-11-10')}`)).toBe('2026-11-10');
  });

  it('an away line in any post of that player stops their clock until the start of the date in the rule’s zone', () => {
    const posts = round().map((p) => (p.number === 2 ? { ...p, text: `Away for a week.\n${awayLine('2026-11-12')}` } : p));
    const at = (now: number) => threadTurns(posts, { gm: 'The GM', pace: ROME, now }).waitingOn.find((w) => w.name === 'Ada')!;
    const ada = at(utc(2026, 11, 11));
    expect(ada.away).toBe('2026-11-12');
    // From Thursday 12 November 00:00 in Rome, 36 hours: Friday 13 November 12:00.
    expect(local(ada.due!, 'Europe/Rome')).toBe('Fri 2026-11-13 12:00');
    expect(ada.overdue).toBe(false);
    expect(at(utc(2026, 11, 13, 11, 1)).overdue).toBe(true);
    // Bram has no line: his clock runs from the GM's post.
    expect(threadTurns(posts, { gm: 'The GM', pace: ROME, now: utc(2026, 11, 11) }).waitingOn.find((w) => w.name === 'Bram')!.overdue).toBe(true);
  });

  it('a kept post carries the date instead of its text; a line of a date already past leaves the clock alone', () => {
    const kept = round().map((p) => (p.number === 3 ? { ...p, away: '2026-11-12' } : p.number === 4 ? { ...p, away: '2026-10-01' } : p));
    const turns = threadTurns(kept, { gm: 'The GM', pace: ROME, now: utc(2026, 11, 11) });
    expect(turns.waitingOn.find((w) => w.name === 'Bram')!.away).toBe('2026-11-12');
    expect(turns.waitingOn.find((w) => w.name === 'Cleo')!.away).toBeUndefined();
    // Another player's line is not theirs.
    expect(turns.waitingOn.find((w) => w.name === 'Ada')!.away).toBeUndefined();
  });
});

describe('the groups and the nudge', () => {
  const turns = threadTurns(round(), { gm: 'The GM', pace: ROME, now: utc(2026, 11, 10, 6) });

  it('waiting on you (by name or forum identity) before overdue; others; nothing', () => {
    expect(groupOf(turns, { names: ['ada'] })).toBe('you');
    expect(groupOf(turns, { names: [], ids: ['3'] })).toBe('you');
    expect(groupOf(turns, { names: ['The GM'] })).toBe('overdue');
    expect(groupOf(threadTurns(round(), { gm: 'The GM', now: 0 }), { names: ['The GM'] })).toBe('others');
    expect(groupOf({ by: 'none', waitingOn: [] }, { names: ['x'] })).toBe('none');
  });

  it('names who the thread waits on, since when and the deadline, in the thread’s language and the rule’s zone', () => {
    const en = plainText(nudgePost(turns, 'en', 'Europe/Rome'));
    expect(en).toContain('Waiting on:');
    expect(en).toContain('• Ada since #5 (Fri 6 Nov, 18:00) — was due Tue 10 Nov, 06:00');
    expect(en).toContain('Times in Europe/Rome.');
    const it = plainText(nudgePost(threadTurns(round(), { gm: 'The GM', pace: ROME, now: FRIDAY_1800 }), 'it', 'Europe/Rome'));
    expect(it).toContain('Si aspetta:');
    expect(it).toMatch(/• Bram dal #5 \(ven 6 nov, 18:00\) — entro mar 10 nov, 06:00/);
    expect(plainText(nudgePost({ by: 'cast', waitingOn: [] }, 'en'))).toContain(tl('en', 'tu.nudge.nobody'));
  });
});
