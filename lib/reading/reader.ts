/**
 * The page reader every forum shares: each post is read once, in page order, into game-neutral
 * records (lib/reading/records.ts). What is a forum's own (its post markup, its server's roll
 * markup and what that roll proves, the lines that imitate its roller) the forum says through a
 * `ForumReading`; what is every forum's lives here: the cheap first look that skips prose, the
 * pasted line merged into the server roll it stands before, a roll reused from an earlier post,
 * the claim window after each roll, struck-out rolls, sheet candidates and the games' table text.
 */
import type { RollRecord } from '../rolls/record';
import { impossibleFace, knownFaces } from '../rolls/record';
import type { Said } from '../i18n';
import type { ServerRollFacts } from '../trust/verdict';
import { type BodyMarkup, type BodyText, nodeBefore, readBody, type ServerMark } from './body';
import { type ForumPost, type PageClock, type PostRecords, type RollEntry, TABLE_MARK } from './records';
import { findSheetsInBody, type SheetTest } from './sheets';
import { errorText } from '../errors';

/** A server roll as its forum reads it: the record, and what the page shows about who made it and when. */
export interface ServerRoll {
  record: RollRecord;
  /** A key that is the same wherever the same roll is shown (RPOL's tooltip); null when the forum has none. */
  key: string | null;
  /** Who the server says rolled (the post's author where the forum's roll names nobody). */
  rollerName: string;
  /**
   * What only this forum knows of the roll, as the verdict's facts: replayed (quoted, edited or
   * seeded by hand), why it cannot be checked (dice hidden from the viewer), why it is verified, or a quote that cannot
   * hold another post's fresh roll (`inQuote: false`).
   */
  facts?: Partial<Pick<ServerRollFacts, 'replayed' | 'unchecked' | 'verifiedBecause' | 'inQuote'>>;
}

/** A line typed into a post that imitates the forum's roller, read as a typed roll. */
export interface TypedLine {
  record: RollRecord;
  start: number;
  end: number;
  /** A server roll tag left as text (inside code, or mistyped). */
  rollTagAsText: boolean;
}

/** What a forum tells the shared reader about its pages. */
export interface ForumReading<Post extends ForumPost, Raw> {
  markup: BodyMarkup<Raw>;
  /** A post element's body, or null. */
  bodyOf(el: Element): Element | null;
  /** A post's header (author, number, time, edit); null for what is not a post. */
  readPost(el: Element, clock: PageClock, body: Element): Post | null;
  /** A post's number only (for a post whose reading failed). */
  numberOf(el: Element, body: Element | null): number | null;
  /** A cheap first look at a body's plain text: may it hold a roll? */
  mayHoldRolls(body: Element, plain: string): boolean;
  /** A server roll from its markup and the post it stands in (`text`: the post's text, where the roll's reason may stand). */
  serverRoll(mark: ServerMark<Raw>, post: Post, clock: PageClock, text: string): ServerRoll;
  /** Lines in a post's text that imitate the forum's roller (`author`: the post's, for lines that name no roller). */
  typedLines(text: string, author: string): TypedLine[];
  /** A time as the page shows it (for the verdicts' reasons). */
  formatTime(epoch: number, clock: PageClock): string;
  /** An edit of a post may add rolls to it, unseen (its rolls then carry that caution). */
  editMayAddRolls?: boolean;
  /** The forum's dice markup is not known: a roll typed into a post is unchecked, never called typed. */
  diceUnknown?: boolean;
}

const MAX_TABLE_TEXT = 60_000;
const MAX_POST_TEXT = 8_000;
const CLAIM_WINDOW = 240;

/** What one look at a post body found worth reading: nothing (0), or any of these. */
export const WORTH_ROLLS = 1;
export const WORTH_SHEET = 2;

const STRUCK = new Set(['S', 'STRIKE', 'DEL']);
function isStruck(node: Node, body: Element): boolean {
  for (let el: Element | null = node.nodeType === 1 ? (node as Element) : node.parentElement; el && el !== body; el = el.parentElement) {
    if (STRUCK.has(el.tagName)) return true;
  }
  return false;
}

/** A typed line right before a server roll, on its line: the roll's own pasted log line. */
function pastedBefore(text: string, typed: readonly TypedLine[], start: number): TypedLine | null {
  for (const t of typed) {
    if (t.start < start && t.end >= start - 4) {
      const nl = text.indexOf('\n', t.start);
      if (nl < 0 || nl >= start) return t;
    }
  }
  return null;
}

export class PageReader<Post extends ForumPost, Raw> {
  /** Server rolls seen so far (by their key), with the post they first appeared in. */
  private readonly seen = new Map<string, number>();
  /** Server rolls first seen on this page, not yet handed to `takeFresh`. */
  private readonly fresh = new Map<string, number>();

  /** `sheets`: the game's test of what a character sheet looks like (none: no sheet candidates). */
  constructor(
    readonly forum: ForumReading<Post, Raw>,
    private readonly clock: PageClock,
    private readonly sheets: SheetTest | null = null,
  ) {}

  /** Server rolls seen on other pages of the thread (kept by the caller, by key), with the post they stand in. */
  rememberSeen(keys: Iterable<readonly [string, number]>): void {
    for (const [key, post] of keys) {
      const had = this.seen.get(key);
      if (had === undefined || post < had) this.seen.set(key, post);
    }
  }

  /** The server rolls this page showed for the first time (to keep for the thread's other pages). */
  takeFresh(): [string, number][] {
    const out = [...this.fresh];
    this.fresh.clear();
    return out;
  }

  /**
   * One native read decides whether a post body needs reading at all: most posts are prose, with
   * no roll and no sheet. The sheet hint is asked here once: a post it does not hint at is not
   * searched for sheets again.
   */
  worthReading(body: Element): number {
    const plain = body.textContent ?? '';
    let worth = plain.includes(TABLE_MARK) || this.forum.mayHoldRolls(body, plain) ? WORTH_ROLLS : 0;
    if (this.sheets) {
      if (this.sheets.hint(plain)) worth |= WORTH_SHEET;
      else if (!worth && this.sheets.worth?.(plain)) worth = WORTH_ROLLS;
    }
    return worth;
  }

  /**
   * Read one post element the cheap way first: a post whose body holds no roll and no sheet is
   * skipped before its header is read. Null for those (and for what is not a post). Never throws.
   */
  scanMessage(element: Element): PostRecords<Post> | null {
    let post: Post | null = null;
    try {
      const body = this.forum.bodyOf(element);
      const worth = body ? this.worthReading(body) : 0;
      if (!body || !worth) return null;
      post = this.forum.readPost(element, this.clock, body);
      return post ? this.read(post, body, worth) : null;
    } catch (e) {
      return this.failed(element, post, e);
    }
  }

  scanPost(post: Post): PostRecords<Post> {
    try {
      const worth = post.body ? this.worthReading(post.body) : 0;
      if (!post.body || !worth) return { post, rolls: [], sheets: [], text: '' };
      return this.read(post, post.body, worth);
    } catch (e) {
      return this.failed(post.element, post, e);
    }
  }

  /** A post whose reading failed: it is reported in place and in the panel, and no other post is affected. */
  private failed(element: Element, post: Post | null, e: unknown): PostRecords<Post> {
    const why = errorText(e);
    let number = 0;
    try {
      number = post?.number ?? this.forum.numberOf(element, this.forum.bodyOf(element)) ?? 0;
    } catch {
      /* the number itself could not be read: 0 */
    }
    const stub = post ?? ({ element, body: null, number, author: '', role: null, time: null, edit: null } as ForumPost as Post);
    return { post: stub, rolls: [], sheets: [], text: '', failure: why.slice(0, 200) };
  }

  private read(post: Post, bodyElement: Element, worth: number): PostRecords<Post> {
    const body = readBody(bodyElement, this.forum.markup);
    const rolls = this.rollsOf(post, body, bodyElement);
    const found = this.sheets && worth & WORTH_SHEET ? findSheetsInBody(bodyElement, this.sheets, this.forum.markup, body.text) : [];
    const sheets = found.map((s, i) => ({ id: `${post.number}-sheet-${i}`, postNumber: post.number, element: s.element, text: s.text }));
    const out: PostRecords<Post> = { post, rolls, sheets, text: body.text.slice(0, MAX_POST_TEXT) };
    if (body.text.includes(TABLE_MARK)) out.tableText = body.text.slice(0, MAX_TABLE_TEXT);
    return out;
  }

  /** The page's clock in words (one function for every roll's facts). */
  private readonly formatTime = (epoch: number) => this.forum.formatTime(epoch, this.clock);

  /** Has this key been seen in an earlier post (or earlier in this one)? Records where it was first seen. */
  private reuse(key: string | null, post: number, postKeys: string[]): { reusedFrom: number | null; inSamePost: boolean } {
    if (key === null) return { reusedFrom: null, inSamePost: false };
    const firstPost = this.seen.get(key);
    const inSamePost = postKeys.includes(key);
    if (firstPost === undefined || post < firstPost) {
      this.seen.set(key, post);
      this.fresh.set(key, post);
    }
    postKeys.push(key);
    // Only an earlier post holds the original (pages may be read in any order).
    return { reusedFrom: inSamePost ? post : firstPost !== undefined && firstPost < post ? firstPost : null, inSamePost };
  }

  private serverEntry(post: Post, mark: ServerMark<Raw>, pasted: TypedLine | null, body: BodyText<Raw>, bodyElement: Element, postKeys: string[]): RollEntry {
    const roll = this.forum.serverRoll(mark, post, this.clock, body.text);
    const record = roll.record;
    const { reusedFrom, inSamePost } = this.reuse(roll.key, post.number, postKeys);
    const serverResults = record.results.join(',');
    const typedResults = pasted ? pasted.record.results.join(',') : null;
    const server: RollEntry['server'] = {
      rollerName: roll.rollerName,
      postAuthor: post.author,
      rollTime: record.time,
      postTime: post.time,
      postEditTime: post.edit?.time ?? null,
      facesKnown: knownFaces(record) !== null,
      impossible: impossibleFace(record),
      reusedFrom,
      reusedInSamePost: inSamePost,
      inQuote: mark.inQuote,
      pastedResults: typedResults !== null && typedResults !== serverResults ? typedResults : null,
      serverResults,
      secret: record.secret,
      fudged: record.fudged,
      clockKnown: this.clock.now !== null,
      formatTime: this.formatTime,
      ...roll.facts,
    };
    if (this.forum.editMayAddRolls && post.edit) server.mayBeAddedByEdit = true;
    return { id: '', claimText: '', postNumber: post.number, record, anchor: mark.element, struck: isStruck(mark.element, bodyElement), typed: null, server };
  }

  private typedEntry(post: Post, line: TypedLine, body: BodyText<Raw>, bodyElement: Element): RollEntry {
    let imitation: Said | null = null;
    for (const l of body.lookAlikes) {
      if (l.start <= line.end + 4 && l.end >= line.start) {
        imitation = l.why;
        break;
      }
    }
    const anchor = nodeBefore(body, line.end) ?? bodyElement;
    return {
      id: '',
      claimText: '',
      postNumber: post.number,
      record: line.record,
      anchor,
      struck: isStruck(anchor, bodyElement),
      server: null,
      typed: { rollTagAsText: line.rollTagAsText, imitation, ...(this.forum.diceUnknown ? { unchecked: true } : {}) },
    };
  }

  private rollsOf(post: Post, body: BodyText<Raw>, bodyElement: Element): RollEntry[] {
    const text = body.text;
    const typedLines = this.forum.typedLines(text, post.author);
    const servers = body.servers;
    if (!servers.length && !typedLines.length) return [];
    /** Typed lines that are a server roll's own pasted log line (read as that roll). */
    const merged = new Set<TypedLine>();
    const entries: RollEntry[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    /** The keys of this post's server rolls so far. */
    const postKeys: string[] = [];
    for (const mark of servers) {
      const pasted = pastedBefore(text, typedLines, mark.start);
      if (pasted) merged.add(pasted);
      entries.push(this.serverEntry(post, mark, pasted, body, bodyElement, postKeys));
      starts.push(pasted?.start ?? mark.start);
      ends.push(mark.end);
    }
    for (const line of typedLines) {
      if (merged.has(line) || servers.some((s) => s.start < line.end && s.end > line.start)) continue;
      entries.push(this.typedEntry(post, line, body, bodyElement));
      starts.push(line.start);
      ends.push(line.end);
    }
    // In the order they stand in the post (server rolls and typed lines were gathered apart; the sort is stable).
    const order = entries.map((_, i) => i);
    if (order.length > 1) order.sort((a, b) => starts[a]! - starts[b]!);
    return order.map((i, k) => {
      const entry = entries[i]!;
      const next = k + 1 < order.length ? starts[order[k + 1]!]! : text.length;
      entry.id = `${post.number}-${k}`;
      entry.claimText = text.slice(ends[i]!, Math.min(next, ends[i]! + CLAIM_WINDOW));
      return entry;
    });
  }
}
