/**
 * A thread's page the background fetched to keep a followed thread up to date (issue 41, item 3),
 * read as the content script reads the page shown: the forum's own reader (its post shape, its
 * headers, its login page) and the same scanner for the game's records, rolls and duel, giving the
 * same `TurnsPage` (./told.ts). A page with no post is a login page (the forum says so: a login
 * form and no posts) or a reading failure, never an empty thread. Takes a parsed Document: where
 * it is parsed (an offscreen document on Chrome, the background page on Firefox) is the caller's.
 */
import type { Forum, ThreadPaging } from '../forums/forum';
import type { Locale } from '../i18n';
import { parsedPosts } from '../reading/feed';
import type { ForumPost } from '../reading/records';
import { draftKey } from '../settings/defaults';
import type { GameRules } from '../spark/settings';
import { ThreadScanner } from '../thread';
import { type Landmarks, pageLandmarks } from './landmarks';
import { type TurnsPage, toldPosts } from './told';

/** What the scanner needs of the user's context: the game's rules, the duel's context, the language. */
export interface ReadOptions {
  rules?: GameRules;
  bound?: string | null;
  sheets?: readonly string[];
  newDuelAt?: readonly number[];
  seenTips?: readonly (readonly [string, number])[];
  locale: Locale;
}

export type FetchedRead =
  | { kind: 'page'; page: TurnsPage; paging: (Pick<ThreadPaging, 'page' | 'count'> & { last: string }) | null }
  | { kind: 'login' }
  | { kind: 'unreadable'; landmarks: Landmarks };

/** Login or reading failure: decided by what the page holds (posts first: a page with posts is read, whatever else it has). */
export function emptyVerdict(posts: number, loginForm: boolean): 'read' | 'login' | 'unreadable' {
  if (posts > 0) return 'read';
  return loginForm ? 'login' : 'unreadable';
}

/** The page's paging, where it shows one (the last page's address: the next check reads it). */
function pagingOf(forum: Forum, doc: Document, url: string): (Pick<ThreadPaging, 'page' | 'count'> & { last: string }) | null {
  const p = forum.paging?.(doc, url);
  return p ? { page: p.page, count: p.count, last: p.urlOf(p.count) } : null;
}

/** A fetched page of thread `url`, read (a stranger's page: nothing in it throws out of here). */
export function readFetched<P extends ForumPost, R>(doc: Document, forum: Forum<P, R>, url: string, o: ReadOptions): FetchedRead {
  try {
    return readOrThrow(doc, forum, url, o);
  } catch {
    return { kind: 'unreadable', landmarks: pageLandmarks(doc, forum.posts.selector) };
  }
}

function readOrThrow<P extends ForumPost, R>(doc: Document, forum: Forum<P, R>, url: string, o: ReadOptions): FetchedRead {
  const elements = parsedPosts(doc, forum.posts);
  const clock = forum.clock(doc);
  const posts = toldPosts(elements, forum.reading, clock);
  const verdict = emptyVerdict(posts.length, !!forum.isLoginPage?.(doc));
  if (verdict === 'login') return { kind: 'login' };
  if (verdict === 'unreadable') return { kind: 'unreadable', landmarks: pageLandmarks(doc, forum.posts.selector) };
  const info = forum.threadInfo(doc, url);
  const scanner = new ThreadScanner(forum.reading, clock, o.rules, { ...o, seenTips: o.seenTips ?? [] });
  const page: TurnsPage = {
    threadKey: draftKey(new URL(url).host, info.gameId, info.threadId),
    forum: forum.id,
    title: info.title,
    viewer: info.viewer,
    gameId: info.gameId,
    posts,
    tablePosts: [],
    rolls: [],
    duelists: [],
  };
  for (const m of elements) {
    const scan = scanner.scanMessage(m);
    if (!scan || scan.failure) continue;
    for (const r of scan.rolls) page.rolls.push([scan.post.number, scan.post.author, r.reading.kind]);
    if (scan.tableText !== undefined) page.tablePosts.push({ post: scan.post.number, author: scan.post.author, text: scan.tableText });
  }
  page.duelists = Object.values(scanner.game.state().duelists).map((d) => [
    d.name,
    d.seen && (d.speed ? { faces: d.speed.faces, modifier: d.speed.modifier } : null),
  ]);
  return { kind: 'page', page, paging: pagingOf(forum, doc, url) };
}
