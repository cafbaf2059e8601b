/**
 * A thread page read, told to the background for the Turns view (issue 41): each post's number,
 * author, forum identity, first time, edit time and whether the forum marks it as the viewer's;
 * the posts that carry a game's records; the rolls; the duelists the page's duel fold saw. The
 * background keeps it for a followed thread (or one followed by itself), and a few of the others
 * for the session, so that a Follow from the panel finds the page's posts.
 */
import { checkOk, isRecord, isText, isThreadKey, isWhole, listOf, type Message } from '../protocol';

import type { FetchedRead, ReadOptions } from '../../../lib/turns/fetched';
import type { Landmarks } from '../../../lib/turns/landmarks';
import type { ToldDuelist, ToldPost, ToldRoll, TurnsPage } from '../../../lib/turns/told';

export type { ToldPost, TurnsPage };

const isName = (x: unknown): x is string => isText(x, 200);
const absent = (x: unknown) => x === null || x === undefined;
const isTime = (x: unknown) => absent(x) || (typeof x === 'number' && Number.isFinite(x));
const isPost = (p: unknown): p is ToldPost =>
  Array.isArray(p) &&
  p.length <= 7 &&
  isWhole(p[0]) &&
  isName(p[1]) &&
  (absent(p[2]) || isText(p[2], 60)) &&
  isTime(p[3]) &&
  isTime(p[4]) &&
  (absent(p[5]) || typeof p[5] === 'boolean') &&
  (absent(p[6]) || isText(p[6], 20));
const isTablePost = (p: unknown): p is TurnsPage['tablePosts'][number] => isRecord(p) && isWhole(p.post) && isName(p.author) && isText(p.text, 60_000);
const isRoll = (r: unknown): r is ToldRoll => Array.isArray(r) && r.length === 3 && isWhole(r[0]) && isName(r[1]) && isText(r[2], 20);
const isSpeed = (s: unknown) => isRecord(s) && Array.isArray(s.faces) && s.faces.length <= 60 && s.faces.every(isWhole) && isWhole(s.modifier);
const isDuelist = (d: unknown): d is ToldDuelist => Array.isArray(d) && d.length === 2 && isName(d[0]) && (d[1] === false || d[1] === null || isSpeed(d[1]));
const orNull = (x: unknown, max: number) => (isText(x, max) ? x : null);

export const turnsPage = {
  type: 'turns-page',
  ask: (m): TurnsPage | null =>
    isRecord(m) && isThreadKey(m.threadKey) && isText(m.forum, 40) && Array.isArray(m.posts)
      ? {
          threadKey: m.threadKey,
          forum: m.forum,
          title: orNull(m.title, 300),
          viewer: orNull(m.viewer, 200),
          gameId: orNull(m.gameId, 40),
          posts: listOf(m.posts, isPost, 20_000)!,
          tablePosts: listOf(m.tablePosts, isTablePost, 400) ?? [],
          rolls: listOf(m.rolls, isRoll, 20_000) ?? [],
          duelists: listOf(m.duelists, isDuelist, 40) ?? [],
        }
      : null,
  answer: checkOk,
} as const satisfies Message;

/** The background's checks (issue 41, item 3): Check now, the user's own, from the Turns view; answered once every followed thread was asked. */
export const turnsCheckNow = {
  type: 'turns-check-now',
  ask: (m): Record<string, never> | null => (isRecord(m) ? {} : null),
  answer: checkOk,
} as const satisfies Message;

const isLandmarks = (x: unknown): x is Landmarks =>
  isRecord(x) && isWhole(x.titleLength) && isRecord(x.counts) && Object.keys(x.counts).length <= 20 && Object.values(x.counts).every(isWhole);

/** What a fetched page read to (../turns-read.ts), checked as the background takes it. */
function checkRead(x: unknown): FetchedRead | null {
  if (!isRecord(x)) return null;
  if (x.kind === 'login') return { kind: 'login' };
  if (x.kind === 'unreadable') return isLandmarks(x.landmarks) ? { kind: 'unreadable', landmarks: x.landmarks } : null;
  const page = x.kind === 'page' ? turnsPage.ask(x.page) : null;
  const p = x.paging;
  const paging = isRecord(p) && isWhole(p.page) && isWhole(p.count) && isText(p.last, 2000) ? { page: p.page, count: p.count, last: p.last } : null;
  return page ? { kind: 'page', page, paging } : null;
}

/**
 * A fetched page to parse and read (Chrome: sent by the background to its offscreen document, the
 * only one that answers it; Firefox's background reads in place).
 */
export const turnsRead = {
  type: 'turns-read',
  ask: (m): { html: string; forum: string; url: string; options: ReadOptions } | null =>
    isRecord(m) && isText(m.html, 8_000_000) && isText(m.forum, 40) && isText(m.url, 2000) && isRecord(m.options)
      ? { html: m.html, forum: m.forum, url: m.url, options: m.options as unknown as ReadOptions }
      : null,
  answer: checkRead,
} as const satisfies Message;
