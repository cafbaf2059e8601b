/**
 * A thread page read, told to the background for the Turns view (issue 41): each post's number,
 * author, forum identity, first time, edit time and whether the forum marks it as the viewer's;
 * the posts that carry a game's records; the rolls; the duelists the page's duel fold saw. The
 * background keeps it for a followed thread (or one followed by itself), and a few of the others
 * for the session, so that a Follow from the panel finds the page's posts.
 */
import { checkOk, isRecord, isText, isThreadKey, isWhole, listOf, type Message } from '../protocol';

/** A post as told: [number, author, authorId, time, edit time, the viewer's own, role] (what the page does not show: absent). */
export type ToldPost = [number, string, (string | null)?, (number | null)?, (number | null)?, boolean?, (string | null)?];
/** A roll as told: [post, author, kind]. */
export type ToldRoll = [number, string, string];
/** A duelist of the page's duel fold: [name, their Speed roll when they took part (false: not seen; null: no Speed roll)]. */
export type ToldDuelist = [string, false | null | { faces: number[]; modifier: number }];

export interface TurnsPage {
  threadKey: string;
  forum: string;
  title: string | null;
  viewer: string | null;
  gameId: string | null;
  posts: ToldPost[];
  tablePosts: { post: number; author: string; text: string }[];
  rolls: ToldRoll[];
  duelists: ToldDuelist[];
}

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
