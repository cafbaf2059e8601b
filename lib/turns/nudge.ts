/**
 * The GM's nudge: a post naming who the thread waits on, since which post and when, and by when,
 * in the thread's language, as a forum-neutral post (lib/post/doc.ts) each forum's writer renders.
 * Times are written in the pace rule's zone (the GM's), and the zone is named: the thread's readers
 * live in many zones.
 */
import { type Locale, say, tl } from '../i18n';
import { b, clip, type Inline, line, type PostDoc, small } from '../post/doc';
import type { ThreadTurns, Waiting } from './turns';
import { formatWhen } from './zone';

function waitLine(w: Waiting, l: Locale, zone: string): Inline[] {
  const parts: Inline[] = ['• ', b(clip(w.name, 60)), ' ', tl(l, 'tu.nudge.since', { post: w.since })];
  if (w.sinceTime !== null) parts.push(' ', tl(l, 'tu.nudge.at', { time: formatWhen(w.sinceTime, l, zone) }));
  if (w.what) parts.push(': ', say(l, w.what));
  if (w.away) parts.push(' ', tl(l, 'tu.nudge.away', { date: w.away }));
  if (w.due !== undefined) parts.push(' ', tl(l, w.overdue ? 'tu.nudge.overdue' : 'tu.nudge.due', { time: formatWhen(w.due, l, zone) }));
  return parts;
}

/** The nudge for a thread's turns, in language `l`; `zone`: the pace rule's (UTC without one). */
export function nudgePost(turns: ThreadTurns, l: Locale, zone = 'UTC'): PostDoc {
  const players = turns.waitingOn.filter((w) => !w.gm);
  // Where the game stands (a game's thread) first, then who it waits on.
  const head: PostDoc = turns.step ? [line(say(l, turns.step)), line(b(tl(l, 'tu.nudge.title')))] : [line(b(tl(l, 'tu.nudge.title')))];
  if (!players.length) return [...head, line(tl(l, 'tu.nudge.nobody'))];
  return [...head, ...players.map((w) => line(...waitLine(w, l, zone))), line(small(tl(l, 'tu.nudge.zone', { zone })))];
}
