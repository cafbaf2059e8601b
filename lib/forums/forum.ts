/**
 * The shape every forum has: one folder `lib/forums/<forum>/` exports one `Forum`. Its hosts, the
 * kinds of page it has, its posts (for the reading every forum shares, lib/reading), the server
 * rolls it makes and what they prove, the lines that imitate its roller, its reply box, where its
 * sheets live, and (kept apart, for extension pages only) its writer. A forum imports no game.
 */
import type { Locale } from '../i18n';
import type { PostShape } from '../reading/feed';
import type { ForumReading } from '../reading/reader';
import type { ForumPost, PageClock } from '../reading/records';
import type { RollRecord } from '../rolls/record';

/**
 * What is known of a forum before any of its pages is read (extension pages know every forum's;
 * a content script knows its own): its id (the name of its content script too), its name, the
 * sites it reads from install, and, for software any board may run, how a board's own markup
 * shows it.
 */
export interface ForumSite {
  id: string;
  name: string;
  /** The sites read from install (match patterns; http and https). */
  matches: readonly string[];
  /** Is this host one of the forum's own sites? */
  isHost(host: string): boolean;
  /** Software any board may run: does this page show it (a user adding a board)? Absent for a single site (RPOL). */
  recognise?(doc: Document): boolean;
}

/** What a page is: a thread of posts, a dice log, a character page, an old layout we do not read, or none of these. */
export type PageKind = 'thread' | 'dice-log' | 'character' | 'old-layout' | 'unsupported';

export interface PageDetection {
  kind: PageKind;
  /** Why a page is not supported, in words for the user (in the language asked for). */
  reason: string | null;
}

/** A thread page's own facts: its ids on the forum (what a thread's key is made of), title and viewer. */
export interface ThreadInfo {
  /** The game's or board's id (RPOL's `gi`, phpBB's `f`); with the thread's, the thread's key. */
  gameId: string | null;
  threadId: string | null;
  title: string | null;
  /** The viewer's name or character, when the page says. */
  viewer: string | null;
}

/**
 * Where a thread page sits among its thread's pages, as the page itself shows it (its pagination):
 * this page's number and the count, and the address of each page (same origin as the page).
 */
export interface ThreadPaging {
  /** This page's number, from 1. */
  page: number;
  /** How many pages the thread has, as this page shows it. */
  count: number;
  /** The address of page `k` (1 ≤ k ≤ count), absolute, on the page's own origin. */
  urlOf(k: number): string;
}

/** The reply box of a page: where a post's text goes. */
export interface ReplyBox {
  textarea: HTMLTextAreaElement | null;
  /** A rich editor standing in for the textarea (XenForo's): text is typed into it where it is shown. */
  editor?: HTMLElement | null;
}

/** Is there somewhere to type a reply (the textarea, or the rich editor standing in for it)? */
export const hasBox = (box: ReplyBox): boolean => !!(box.textarea || box.editor);

/** A line of a forum's dice log (a page of the server's own roll records), where it has one. */
export interface LogLine {
  record: RollRecord;
  /** The element the line is in, or null for a line inside a text dump. */
  element: Element | null;
  index: number;
}

/**
 * A forum as its content script reads it: its id and name (its sites are the manifest's and the
 * registry's business, so a content script carries none of them), and its pages.
 */
export interface Forum<Post extends ForumPost = ForumPost, Raw = unknown> extends Pick<ForumSite, 'id' | 'name' | 'recognise'> {
  detect(doc: Document, url: string, l: Locale): PageDetection;
  threadInfo(doc: Document, url: string): ThreadInfo;
  clock(doc: Document): PageClock;
  posts: PostShape;
  reading: ForumReading<Post, Raw>;
  replyBox(doc: Document): ReplyBox;
  /** The thread's pages as this page shows them; null when the page shows the whole thread (or no pagination is found). */
  paging?(doc: Document, url: string): ThreadPaging | null;
  /** A page the forum shows instead of a thread to someone signed out: a login form and no posts. */
  isLoginPage?(doc: Document): boolean;
  /** The most characters a post may have (null: no limit known). */
  maxPostLength: number | null;
  /**
   * Whether a thread's id names it only within its game (RPOL's `ti` within `gi`, both in every
   * address); a board's topic id names the topic on the whole board, whatever forum it is in.
   */
  threadIdWithinGame: boolean;
  /** A game's dice log, on forums that have one: where its page is (same origin), and its lines. */
  diceLog?: { url(origin: string, gameId: string): string; read(doc: Document): LogLine[] };
  /** Where a character page keeps its sheet, on forums that have them (selectors, likeliest first; read by the extras). */
  characterSheets?: string;
}
