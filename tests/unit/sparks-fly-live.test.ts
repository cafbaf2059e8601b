// When Sparks Fly as its hosts run it: the seed's clocks under a fake clock, and every state post
// as Discord messages (length, split, squares, and read back to the same match).
import { describe, expect, it } from 'vitest';
import { readSparksFlyLog, sparksFlyDiscord } from '../../lib';
import { boardRows } from '../../lib/games/sparks-fly/board';
import { instanceName } from '../../lib/games/sparks-fly/cards';
import { clockEvents, clockView, crossedMark, DEFAULT_CLOCKS, pauseRun, resumeRun, startRun } from '../../lib/games/sparks-fly/clock';
import { applySparksFly, type MatchState, replaySparksFly, type SparksFlyEvent, type SparksFlyLog } from '../../lib/games/sparks-fly/engine';
import { formatLogText } from '../../lib/games/sparks-fly/log-text';
import { checkStatePosts } from '../../lib/games/sparks-fly/thread';
import { isRefusal } from '../../lib/games/game';
import { DISCORD_LIMIT } from '../../lib/post/discord';

const ON = { ...DEFAULT_CLOCKS, on: true };
const T0 = Date.UTC(2026, 11, 2, 20, 0, 0);

/** Fold the events one by one (each must be allowed). */
function play(log: SparksFlyLog, more: SparksFlyEvent[]): { log: SparksFlyLog; match: MatchState } {
  let match = replaySparksFly(log).match;
  for (const e of more) {
    const next = applySparksFly(match, e);
    if (isRefusal(next)) throw new Error(`refused: ${JSON.stringify(e)}`);
    match = next;
  }
  return { log: { ...log, events: [...log.events, ...more] }, match };
}

const hand = (m: MatchState, p: 'A' | 'B') => m.cards[p].filter((c) => c.zone === 'hand').map((c) => instanceName(c.type, c.n));

describe('the clocks', () => {
  const start: SparksFlyLog = { sparks: 120, firstBidder: 'A', seed: 'clock-1', events: [] };

  it('a decision runs out at 20 s: a fold applied by the clock, marked in the log, undone like any move', () => {
    const { match } = play(start, []);
    const run = startRun(0, T0);
    expect(clockView(match, 0, run, ON, T0 + 19_900)).toMatchObject({ waiting: { kind: 'decision', players: ['A'] }, left: 100, expired: false });
    const out = clockView(match, 0, run, ON, T0 + 20_000)!;
    expect(out.expired).toBe(true);
    const events = clockEvents(out.waiting);
    expect(events).toEqual([{ fold: 'A', clock: true }]);
    const after = play(start, events);
    expect(formatLogText(after.log)).toContain('A fold (clock)');
    expect(after.match.won?.player).toBe('B');
    expect(after.match.history.at(-1)).toEqual({ key: 'se.byClock', values: { player: 'A' } });
    // Undone like any move: the log without it is the match before.
    expect(replaySparksFly({ ...after.log, events: after.log.events.slice(0, -1) }).match).toEqual(match);
    // Off, or for another position, there is no clock.
    expect(clockView(match, 0, run, DEFAULT_CLOCKS, T0 + 20_000)).toBeNull();
    expect(clockView(match, 1, run, ON, T0 + 20_000)).toBeNull();
  });

  it('a play phase runs out at 1 min for both at once: no cards played and −5 Sparks each', () => {
    const { log, match } = play(start, [{ fold: 'A' }, { decline: 'B' }]);
    const run = startRun(log.events.length, T0);
    const view = clockView(match, log.events.length, run, ON, T0 + 60_000)!;
    expect(view.waiting).toEqual({ kind: 'play', players: ['A', 'B'] });
    const after = play(log, clockEvents(view.waiting));
    expect(formatLogText(after.log)).toMatch(/A miss \(clock\) \| B miss \(clock\)/);
    expect(after.match.sparks).toEqual({ A: match.sparks.A - 5, B: match.sparks.B - 5 });
    // One player in: the clock waits for the other only.
    const one = play(log, [{ play: 'A', cards: hand(match, 'A').slice(0, 2) as [string, string] }]);
    expect(clockView(one.match, one.log.events.length, startRun(one.log.events.length, T0), ON, T0)?.waiting.players).toEqual(['B']);
  });

  it('a deadline that passed while the panel was closed is applied when it opens; pause and resume keep the time left', () => {
    const { match } = play(start, []);
    const longAgo = startRun(0, T0 - 3_600_000);
    expect(clockView(match, 0, longAgo, ON, T0)).toMatchObject({ expired: true, left: 0 });
    const run = startRun(0, T0);
    const paused = pauseRun(run, T0 + 5_000);
    expect(clockView(match, 0, paused, ON, T0 + 65_000)).toMatchObject({ left: 15_000, running: false, expired: false });
    const resumed = resumeRun(paused, T0 + 65_000);
    expect(clockView(match, 0, resumed, ON, T0 + 70_000)).toMatchObject({ left: 10_000, running: true });
    expect(clockView(match, 0, resumed, ON, T0 + 80_000)?.expired).toBe(true);
    // A round played by post: two days to decide.
    expect(clockView(match, 0, run, { ...ON, decision: 2 * 86_400 }, T0 + 86_400_000)?.left).toBe(86_400_000);
  });

  it('a screen reader hears the time at a few marks, not every second', () => {
    const heard = [];
    for (let left = 20_000, before = 20_250; left >= 0; before = left, left -= 250) if (crossedMark(before, left) !== null) heard.push(left);
    expect(heard).toEqual([10_000, 5_000, 0]);
  });
});

/** A long legal match: the first bidder folds, the winner declines, both play their first two cards; `rounds` times. */
function longMatch(rounds: number, names?: { A: string; B: string }): SparksFlyLog {
  let log: SparksFlyLog & { names?: { A: string; B: string } } = { sparks: 120, firstBidder: 'A', seed: 'discord-9', events: [], ...(names ? { names } : {}) };
  for (let r = 0; r < rounds; r++) {
    const m = replaySparksFly(log).match;
    if (m.step === 'over' || !m.turn) break;
    const won = play(log, [{ fold: m.turn }]);
    const decline = play(won.log, [{ decline: won.match.won!.player }]);
    const a = hand(decline.match, 'A');
    const b = hand(decline.match, 'B');
    if (a.length < 2 || b.length < 2) break;
    log = play(decline.log, [
      { play: 'A', cards: [a[0]!, a[1]!] },
      { play: 'B', cards: [b[0]!, b[1]!] },
    ]).log;
  }
  return log;
}

describe('state posts for Discord', () => {
  it('a full board: one square per card slot, a legend on its own line, each message within 2,000 characters; read back to the same match', () => {
    const log = longMatch(6);
    const messages = sparksFlyDiscord(log);
    for (const m of messages) expect(m.length).toBeLessThanOrEqual(DISCORD_LIMIT);
    const all = messages.join('\n');
    const slots = boardRows(replaySparksFly(log).match).reduce((n, r) => n + r.slots.A.length + r.slots.B.length, 0);
    const squares = (all.match(/🟩|🟥|🟦/g) ?? []).length;
    // Every slot a square, and three more in the legend.
    expect(squares).toBe(slots + 3);
    expect(all.split('\n').some((l) => /^-# 🟩 in hand · 🟥 in discard · 🟦 no card$/.test(l))).toBe(true);
    expect(all).not.toMatch(/■|<Green>|\[table\]/);
    expect(readSparksFlyLog(all)).toEqual(log);
  });

  it('a long log is split into numbered messages at its own separators, and read back whole', () => {
    const log = longMatch(40);
    expect(formatLogText(log).length).toBeGreaterThan(DISCORD_LIMIT);
    const messages = sparksFlyDiscord(log);
    expect(messages.length).toBeGreaterThan(1);
    messages.forEach((m, n) => {
      expect(m.length).toBeLessThanOrEqual(DISCORD_LIMIT);
      expect(m.startsWith(`-# ${n + 1}/${messages.length}\n`)).toBe(true);
    });
    expect(readSparksFlyLog(messages.join('\n'))).toEqual(log);
  });

  it('the messages pasted into a forum thread are read like the forum’s own state post', () => {
    const first = longMatch(2);
    const later = longMatch(3);
    const checks = checkStatePosts([
      { number: 4, text: sparksFlyDiscord(first).join('\n') },
      { number: 9, text: sparksFlyDiscord(later).join('\n') },
    ]);
    expect(checks.map((c) => [c.post, c.verdict])).toEqual([
      [4, 'follows'],
      [9, 'follows'],
    ]);
  });

  it('players’ names stay text: no Markdown, no mention', () => {
    const log = longMatch(1, { A: '**Ada** @everyone', B: '_Bram_ `x`' });
    const all = sparksFlyDiscord(log).join('\n');
    expect(all).toContain('\\*\\*Ada\\*\\* @\u200beveryone');
    expect(all).toContain('\\_Bram\\_');
    expect(readSparksFlyLog(all)?.names).toEqual({ A: '**Ada** @everyone', B: '_Bram_ x' });
  });
});
