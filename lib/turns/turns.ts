/**
 * A thread's turns: who it waits on, since which post and when, and by when. A thread with a game
 * is the game's to say (its `turns`, lib/games/game.ts); any other thread waits on everyone of its
 * cast (who has posted in it, the GM apart, or the cast the GM set) who has not posted since the
 * GM's last post. The clock of a wait starts at its post's first `time` (an edit never restarts
 * it), or at the start of the day a player's "away until" line names, whichever is later; the
 * GM's pace rule gives the deadline, and past it the wait is overdue. No rule, never overdue.
 *
 * Rulings (docs/turns.md):
 * - The GM has not posted in the posts held: nothing was asked of the players there; the thread
 *   waits on the GM since its first post held.
 * - Every player of the cast has posted since the GM's last post: the thread waits on the GM since
 *   the post that completed the round. The pace rule binds the players: the GM is never overdue.
 * - No GM known (none given, none the forum marks): no one is waited on by the cast rule.
 * - A post with no time (the forum does not show one) starts a wait with no deadline.
 */
import { foldedName } from '../chars';
import type { GameTurnsOf, PostFacts } from '../games/game';
import type { Said } from '../i18n';
import { readAway } from './away';
import { dueAt, type PaceRule } from './pace';
import { readDate, startOfDate } from './zone';

/** A thread's post as the turns read it: `PostFacts` (time, edit, poster's identity) with its number and author. */
export interface TurnPost extends PostFacts {
  number: number;
  author: string;
  /** Its text, where the caller has it: an away line is read from it. */
  text?: string;
  /** The date of its away line, where the caller read it already (a kept post holds this, not its text). */
  away?: string | null;
}

/** Someone the thread waits on. */
export interface Waiting {
  name: string;
  /** Their forum identity, from their latest post that shows one. */
  authorId?: string;
  /** The post since which they are waited on. */
  since: number;
  /** That post's first time (Unix seconds), or null where the forum shows none. */
  sinceTime: number | null;
  /** When the wait is due (Unix seconds): the game's own clock, else the pace rule's. */
  due?: number;
  overdue: boolean;
  /** Their away line's date, when it stopped the clock. */
  away?: string;
  /** What the game waits for (words not said yet); absent under the cast rule. */
  what?: Said;
  /** The GM, waited on once every player has posted. */
  gm?: true;
}

export interface ThreadTurns {
  /** Who says whose turn it is: the thread's game, the cast since the GM's last post, or no one (no GM known). */
  by: 'game' | 'cast' | 'none';
  /** The game's id and where it stands, when the game says. */
  game?: string;
  step?: Said | null;
  waitingOn: Waiting[];
}

/** The game's answer, with its id (lib/turns/game.ts). */
export interface GameTurns extends GameTurnsOf {
  game: string;
}

export interface TurnsOptions {
  /** The GM's name. */
  gm?: string | null;
  /** The cast by name (absent: everyone who posted, the GM apart). */
  cast?: readonly string[] | null;
  pace?: PaceRule | null;
  /** Now, in Unix seconds. */
  now: number;
  /** What the thread's game says (absent or null: the cast rule). */
  game?: GameTurns | null;
}

/** A name as names are compared: its spaces folded, case aside. */
export const nameKey = (name: string): string => foldedName(name).toLowerCase();

/** The cast: everyone who posted (the GM apart), less the names the GM took out, with those the GM put in. */
export function castOf(
  posts: readonly TurnPost[],
  gm: string | null | undefined,
  edits: { add: readonly string[]; remove: readonly string[] } = { add: [], remove: [] },
): string[] {
  const out = new Map<string, string>();
  const gmKey = gm ? nameKey(gm) : null;
  const removed = new Set(edits.remove.map(nameKey));
  for (const p of posts) {
    const k = nameKey(p.author);
    if (k && k !== gmKey && !removed.has(k)) out.set(k, foldedName(p.author));
  }
  for (const n of edits.add) if (nameKey(n) && nameKey(n) !== gmKey) out.set(nameKey(n), foldedName(n));
  return [...out.values()];
}

interface Wait {
  name: string;
  since: number;
  what?: Said;
  due?: number;
  gm?: true;
}

/** The cast rule's waits: the players not posted since the GM's last post, or the GM once all have. */
function castWaits(posts: readonly TurnPost[], gm: string, cast: readonly string[]): Wait[] {
  const gmKey = nameKey(gm);
  const last = posts.findLast((p) => nameKey(p.author) === gmKey);
  if (!last) return posts.length ? [{ name: gm, since: posts[0]!.number, gm: true }] : [];
  const after = posts.filter((p) => p.number > last.number);
  const players = cast.filter((n) => nameKey(n) !== gmKey);
  const owing = players.filter((n) => !after.some((p) => nameKey(p.author) === nameKey(n)));
  if (owing.length) return owing.map((name) => ({ name, since: last.number }));
  if (!players.length) return [];
  // Each player's first post since the GM's: the round was complete at the last of them.
  const completed = Math.max(...players.map((n) => after.find((p) => nameKey(p.author) === nameKey(n))!.number));
  return [{ name: gm, since: completed, gm: true }];
}

/** The date of the last away line `name` posted, or null. */
function awayOf(posts: readonly TurnPost[], name: string): string | null {
  const k = nameKey(name);
  let found: string | null = null;
  for (const p of posts) {
    if (nameKey(p.author) !== k) continue;
    const date = p.away ?? (p.text ? readAway(p.text) : null);
    if (date && readDate(date)) found = date;
  }
  return found;
}

/** A wait with its post's time, the away line's stop, its deadline and whether it is past. */
function timed(w: Wait, posts: readonly TurnPost[], o: TurnsOptions): Waiting {
  const k = nameKey(w.name);
  const post = posts.find((p) => p.number === w.since);
  const sinceTime = typeof post?.time === 'number' && Number.isFinite(post.time) ? post.time : null;
  const id = posts.findLast((p) => nameKey(p.author) === k && p.authorId)?.authorId;
  const out: Waiting = { name: w.name, since: w.since, sinceTime, overdue: false, ...(id ? { authorId: id } : {}), ...(w.what ? { what: w.what } : {}) };
  if (w.gm) return { ...out, gm: true };
  const date = awayOf(posts, w.name);
  const d = date ? readDate(date) : null;
  const back = d ? startOfDate(o.pace?.zone ?? 'UTC', d.year, d.month, d.day) : null;
  const stopped = back !== null && (sinceTime === null || back > sinceTime);
  if (stopped) out.away = date!;
  const from = sinceTime === null ? null : stopped ? back! : sinceTime;
  const due = w.due ?? (o.pace && from !== null ? dueAt(from, o.pace) : undefined);
  if (due !== undefined) {
    out.due = due;
    out.overdue = o.now > due;
  }
  return out;
}

/** Who the thread waits on (posts: `{ number, author, time, edit, authorId }`, any order; `now` in Unix seconds). */
export function threadTurns(posts: readonly TurnPost[], o: TurnsOptions): ThreadTurns {
  const ordered = [...posts].filter((p) => Number.isInteger(p.number) && typeof p.author === 'string').sort((a, b) => a.number - b.number);
  let by: ThreadTurns['by'];
  let waits: Wait[];
  if (o.game) {
    by = 'game';
    waits = o.game.waits.map((w) => ({ name: foldedName(w.name), since: w.since, what: w.what, ...(w.due !== undefined ? { due: w.due } : {}) }));
  } else if (o.gm && nameKey(o.gm)) {
    by = 'cast';
    waits = castWaits(ordered, foldedName(o.gm), o.cast ?? castOf(ordered, o.gm));
  } else {
    by = 'none';
    waits = [];
  }
  const waitingOn = waits.map((w) => timed(w, ordered, o)).sort((a, b) => a.since - b.since || a.name.localeCompare(b.name));
  return o.game ? { by, game: o.game.game, step: o.game.step, waitingOn } : { by, waitingOn };
}
