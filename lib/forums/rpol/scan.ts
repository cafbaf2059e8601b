/**
 * The RPOL page reader (the forum adapter's scan): each post is read once, in page order, into
 * game-neutral records: the post, its rolls (the record, the trust facts the page shows, and the
 * text after the roll where a claim may stand), its sheet candidates, and a game table's text.
 * It knows RPOL's markup and no game: the games read the records (lib/games/).
 */
import type { Said } from '../../i18n';
import { impossibleFace, knownFaces, type RollRecord } from '../../rolls/record';
import type { ServerRollFacts, TypedRollFacts } from '../../trust/verdict';
import { isSpaceCode } from '../../chars';
import { nodeBefore, readBody, type BodyText } from './body';
import { formatLocal, parseRpolDateTime } from './dates';
import { findRollLines, recordFromLine, type RollLine } from './roll-line';
import { findSheetsInBody, type SheetTest } from './sheets';
import { postNumber, readPost, type PageClock, type RpolPost } from './thread';

export interface RollEntry {
  id: string;
  postNumber: number;
  record: RollRecord;
  /** Insert the badge right after this node. */
  anchor: Node;
  /** What the page shows about a server roll (the verdict's facts, without any claim). */
  server: Omit<ServerRollFacts, 'claimProblem'> | null;
  /** What the page shows about a typed line. */
  typed: Omit<TypedRollFacts, 'claimProblem'> | null;
  /** The text after the roll, up to the next roll: where the poster's claim about it stands. */
  claimText: string;
  /** The roll is struck out (inside <s>, <strike> or <del>). */
  struck: boolean;
}

export interface SheetCandidate {
  id: string;
  postNumber: number;
  element: Element;
  text: string;
}

export interface PostRecords {
  post: RpolPost;
  rolls: RollEntry[];
  sheets: SheetCandidate[];
  /** The post's text (bounded), for what games read beyond rolls and sheets (stakes, hand sizes). */
  text: string;
  /** Set when reading this post failed: what went wrong, as the error said it (the post is then shown as not read). */
  failure?: string;
  /** The post's text, when it carries a record for a game table (a match log, a deal): games read it. */
  tableText?: string;
}

/** Posts that carry a game's own record say so with this mark (the games define what follows it). */
export const TABLE_MARK = 'Spark Scribe';
const MAX_TABLE_TEXT = 60_000;
const MAX_POST_TEXT = 8_000;
const CLAIM_WINDOW = 240;

/** What one look at a post body found worth reading: nothing (0), or any of these. */
export const WORTH_ROLLS = 1;
export const WORTH_SHEET = 2;

/**
 * One native read decides whether a post body needs reading at all: most posts are prose, with
 * no roll and no sheet. (Callers may skip reading the post's header too.) The sheet hint is asked
 * here once: a post it does not hint at is not searched for sheets again.
 */
export function worthReading(body: Element, sheets: SheetTest | null = null): number {
  const plain = body.textContent ?? '';
  let worth =
    plain.includes(' rolled ') || plain.includes('[roll=') || plain.includes(TABLE_MARK) || body.getElementsByClassName('helphover').length > 0
      ? WORTH_ROLLS
      : 0;
  if (sheets) {
    if (sheets.hint(plain)) worth |= WORTH_SHEET;
    else if (!worth && sheets.worth?.(plain)) worth = WORTH_ROLLS;
  }
  return worth;
}

/** A post whose reading failed: it is reported in place and in the panel, and no other post is affected. */
function failedScan(message: Element, post: RpolPost | null, e: unknown): PostRecords {
  const why = e instanceof Error ? e.message : String(e);
  const body = message.getElementsByClassName('messagebody')[0] ?? null;
  let number = 0;
  try {
    number = post?.number ?? postNumber(message, body) ?? 0;
  } catch {
    /* the number itself could not be read: 0 */
  }
  const stub: RpolPost = post ?? {
    element: message,
    body,
    number,
    author: '',
    characterId: null,
    you: false,
    role: null,
    postCount: null,
    bio: [],
    time: null,
    timeSource: null,
    edit: null,
    privateLines: [],
  };
  return { post: stub, rolls: [], sheets: [], text: '', failure: why.slice(0, 200) };
}

/** A short, stable key for a server roll's tooltip (whitespace folded): 53 bits of cyrb53, in base 36. */
export function tipKey(tip: string): string {
  // The hash of `tip.replace(/\s+/g, ' ').trim()`, folded as it goes (no string is made).
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let started = false;
  let space = false;
  for (let i = 0; i < tip.length; i++) {
    const c = tip.charCodeAt(i);
    if (isSpaceCode(c)) {
      space = started;
      continue;
    }
    // A run of white space between two characters counts as one space.
    if (space) {
      h1 = Math.imul(h1 ^ 32, 2654435761);
      h2 = Math.imul(h2 ^ 32, 1597334677);
      space = false;
    }
    started = true;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const STRUCK = new Set(['S', 'STRIKE', 'DEL']);
function isStruck(node: Node, body: Element): boolean {
  for (let el: Element | null = node.nodeType === 1 ? (node as Element) : node.parentElement; el && el !== body; el = el.parentElement) {
    if (STRUCK.has(el.tagName)) return true;
  }
  return false;
}

export class RpolPageReader {
  /** Server rolls seen so far (by their tooltip), with the post they first appeared in. */
  private readonly seen = new Map<string, number>();

  /** `sheets`: the game's test of what a character sheet looks like (none: no sheet candidates). */
  constructor(
    private readonly clock: PageClock,
    private readonly sheets: SheetTest | null = null,
  ) {}

  private time(epoch: number) {
    return formatLocal(epoch, this.clock.offset);
  }

  /** Server rolls first seen on this page, not yet handed to `takeFresh`. */
  private readonly fresh = new Map<string, number>();

  /** Server rolls seen on other pages of the thread (kept by the caller, by `tipKey`), with the post they stand in. */
  rememberSeen(tips: Iterable<readonly [string, number]>): void {
    for (const [tip, post] of tips) {
      const had = this.seen.get(tip);
      if (had === undefined || post < had) this.seen.set(tip, post);
    }
  }

  /** The server rolls this page showed for the first time (to keep for the thread's other pages). */
  takeFresh(): [string, number][] {
    const out = [...this.fresh];
    this.fresh.clear();
    return out;
  }

  /**
   * Read one `div.message` the cheap way first: a post whose body holds no roll and no sheet is
   * skipped before its header is read. Null for those (and for what is not a post). Never throws.
   */
  scanMessage(message: Element): PostRecords | null {
    let post: RpolPost | null = null;
    try {
      const body = message.getElementsByClassName('messagebody')[0];
      const worth = body ? worthReading(body, this.sheets) : 0;
      if (!body || !worth) return null;
      post = readPost(message, this.clock, body);
      return post ? this.read(post, body, worth) : null;
    } catch (e) {
      return failedScan(message, post, e);
    }
  }

  scanPost(post: RpolPost): PostRecords {
    try {
      const worth = post.body ? worthReading(post.body, this.sheets) : 0;
      if (!post.body || !worth) return { post, rolls: [], sheets: [], text: '' };
      return this.read(post, post.body, worth);
    } catch (e) {
      return failedScan(post.element, post, e);
    }
  }

  private read(post: RpolPost, bodyElement: Element, worth: number): PostRecords {
    const body = readBody(bodyElement);
    const rolls = this.rollsOf(post, body, bodyElement);
    const sheets = (this.sheets && worth & WORTH_SHEET ? findSheetsInBody(post.body!, this.sheets, body.text) : []).map((s, i) => ({
      id: `${post.number}-sheet-${i}`,
      postNumber: post.number,
      element: s.element,
      text: s.text,
    }));
    const out: PostRecords = { post, rolls, sheets, text: body.text.slice(0, MAX_POST_TEXT) };
    if (body.text.includes(TABLE_MARK)) out.tableText = body.text.slice(0, MAX_TABLE_TEXT);
    return out;
  }

  /** The page's clock in words (one function for every roll's facts). */
  private readonly formatTime = (epoch: number) => this.time(epoch);

  private rollsOf(post: RpolPost, body: BodyText, bodyElement: Element): RollEntry[] {
    const text = body.text;
    const typedLines = findRollLines(text);
    const servers = body.servers;
    if (!servers.length && !typedLines.length) return [];
    /** Typed lines that are a server span's own pasted log line (read as that span). */
    let merged: RollLine[] | null = null;
    const entries: RollEntry[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    /** The keys of this post's server rolls so far. */
    const postKeys: string[] = [];

    for (let si = 0; si < servers.length; si++) {
      const span = servers[si]!;
      // A pasted log line right before its own server span is the same roll.
      let pasted: RollLine | null = null;
      for (let ti = 0; ti < typedLines.length; ti++) {
        const t = typedLines[ti]!;
        if (t.start < span.start && t.end >= span.start - 4) {
          const nl = text.indexOf('\n', t.start);
          if (nl < 0 || nl >= span.start) {
            pasted = t;
            break;
          }
        }
      }
      if (pasted) (merged ??= []).push(pasted);
      const key = tipKey(span.tip);
      const firstPost = this.seen.get(key);
      const inSamePost = postKeys.includes(key);
      if (firstPost === undefined || post.number < firstPost) {
        this.seen.set(key, post.number);
        this.fresh.set(key, post.number);
      }
      postKeys.push(key);
      const when = parseRpolDateTime(span.line.timeText, this.clock.offset, post.time ?? this.clock.now);
      const record = recordFromLine(span.line, 'server', span.tip, when?.epoch ?? null);
      const serverResults = span.line.results.join(',');
      const typedResults = pasted ? pasted.results.join(',') : null;
      starts.push(pasted?.start ?? span.start);
      ends.push(span.end);
      entries.push({
        id: '',
        claimText: '',
        postNumber: post.number,
        record,
        anchor: span.element,
        struck: isStruck(span.element, bodyElement),
        typed: null,
        server: {
          rollerName: record.rollerName,
          postAuthor: post.author,
          rollTime: record.time,
          postTime: post.time,
          postEditTime: post.edit?.time ?? null,
          facesKnown: knownFaces(record) !== null,
          impossible: impossibleFace(record),
          // Only an earlier post holds the original (pages may be read in any order).
          reusedFrom: inSamePost ? post.number : firstPost !== undefined && firstPost < post.number ? firstPost : null,
          reusedInSamePost: inSamePost,
          inQuote: span.inQuote,
          pastedResults: typedResults !== null && typedResults !== serverResults ? typedResults : null,
          serverResults,
          secret: record.secret,
          fudged: record.fudged,
          clockKnown: this.clock.now !== null,
          formatTime: this.formatTime,
        },
      });
    }

    for (let ti = 0; ti < typedLines.length; ti++) {
      const line = typedLines[ti]!;
      if (merged?.includes(line)) continue;
      let overlaps = false;
      for (let si = 0; si < servers.length && !overlaps; si++) overlaps = servers[si]!.start < line.end && servers[si]!.end > line.start;
      if (overlaps) continue;
      const record = recordFromLine(line, 'typed', text.slice(line.start, line.end));
      let imitation: Said | null = null;
      for (let li = 0; li < body.lookAlikes.length; li++) {
        const l = body.lookAlikes[li]!;
        if (l.start <= line.end + 4 && l.end >= line.start) {
          imitation = l.why;
          break;
        }
      }
      const anchor = nodeBefore(body, line.end) ?? post.body!;
      starts.push(line.start);
      ends.push(line.end);
      entries.push({
        id: '',
        claimText: '',
        postNumber: post.number,
        record,
        anchor,
        struck: isStruck(anchor, bodyElement),
        server: null,
        typed: { rollTagAsText: line.rollId !== null, imitation },
      });
    }

    // In the order they stand in the post (server spans and typed lines were gathered apart; the sort is stable).
    const order = entries.map((_, i) => i);
    if (order.length > 1) order.sort((a, b) => starts[a]! - starts[b]!);
    const out: RollEntry[] = [];
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const entry = entries[i]!;
      const next = k + 1 < order.length ? starts[order[k + 1]!]! : text.length;
      entry.id = `${post.number}-${k}`;
      entry.claimText = text.slice(ends[i]!, Math.min(next, ends[i]! + CLAIM_WINDOW));
      out.push(entry);
    }
    return out;
  }
}
