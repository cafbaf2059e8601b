/**
 * The incremental scan of an RPOL thread: each post is read once, in page order. For every roll it
 * gives the record, its Spark d10 reading and a verdict; for every sheet, its audit.
 */
import { impossibleFace, knownFaces, type RollRecord } from '../../rolls/record';
import { auditSheetText, type SheetAudit } from '../../spark/audit';
import { claimMismatch, findClaim, readSparkRoll, type SparkReading } from '../../spark/reading';
import { startingHand, type HandCard } from '../../spark/draw';
import { DEFAULT_GAME_RULES, type GameRules } from '../../spark/settings';
import { judgeServerRoll, judgeTypedRoll, type Verdict } from '../../trust/verdict';
import { nodeBefore, readBody, type BodyText } from './body';
import { formatLocal, parseRpolDateTime } from './dates';
import { findRollLines, recordFromLine, type RollLine } from './roll-line';
import { findSheetsInBody, mayBeSheet } from './sheets';
import { postNumber, readPost, type PageClock, type RpolPost } from './thread';

export interface ScannedRoll {
  id: string;
  postNumber: number;
  record: RollRecord;
  reading: SparkReading;
  verdict: Verdict;
  /** Insert the badge right after this node. */
  anchor: Node;
}

export interface ScannedSheet {
  id: string;
  postNumber: number;
  element: Element;
  text: string;
  audit: SheetAudit;
}

export interface PostScan {
  post: RpolPost;
  rolls: ScannedRoll[];
  sheets: ScannedSheet[];
  /** Set when reading this post failed: what went wrong (the post is then shown as not read). */
  failure?: string;
  /** The post's text, when it carries a record for a game table (a match log, a deal): games read it. */
  tableText?: string;
}

/** Posts that carry a game's own record say so with this mark (the games define what follows it). */
export const TABLE_MARK = 'Spark Scribe';
const MAX_TABLE_TEXT = 60_000;

const CLAIM_WINDOW = 240;

const authorKey = (name: string) => name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * One native read decides whether a post body needs reading at all: most posts are prose, with
 * no roll and no sheet. (Callers may skip reading the post's header too.)
 */
export function worthReading(body: Element): boolean {
  const plain = body.textContent ?? '';
  return plain.includes(' rolled ') || plain.includes('[roll=') || plain.includes(TABLE_MARK) || body.getElementsByClassName('helphover').length > 0 || mayBeSheet(plain);
}



/** A post whose reading failed: it is reported in place and in the panel, and no other post is affected. */
function failedScan(message: Element, post: RpolPost | null, e: unknown): PostScan {
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
  return { post: stub, rolls: [], sheets: [], failure: `Spark Scribe could not read this post: ${why.slice(0, 200)}` };
}

export class ThreadScanner {
  /** Server rolls seen so far (by their tooltip), with the post they first appeared in. */
  private readonly seen = new Map<string, number>();
  /** The latest sheet with a deck list seen for each author (for starting hands). */
  private readonly decks = new Map<string, { deck: HandCard[]; memory: number | null; post: number }>();

  constructor(
    private readonly clock: PageClock,
    private readonly rules: GameRules = DEFAULT_GAME_RULES,
  ) {}

  private time(epoch: number) {
    return formatLocal(epoch, this.clock.offset);
  }

  /**
   * Read one `div.message` the cheap way first: a post whose body holds no roll and no sheet is
   * skipped before its header is read. Null for those (and for what is not a post).
   */
  scanMessage(message: Element): PostScan | null {
    let post: RpolPost | null = null;
    try {
      const body = message.getElementsByClassName('messagebody')[0];
      if (!body || !worthReading(body)) return null;
      post = readPost(message, this.clock, body);
      return post ? this.read(post, body) : null;
    } catch (e) {
      return failedScan(message, post, e);
    }
  }

  scanPost(post: RpolPost): PostScan {
    try {
      if (!post.body || !worthReading(post.body)) return { post, rolls: [], sheets: [] };
      return this.read(post, post.body);
    } catch (e) {
      return failedScan(post.element, post, e);
    }
  }

  /** The detailed read of a post already found worth reading. */
  private read(post: RpolPost, bodyElement: Element): PostScan {
    const body = readBody(bodyElement);
    const rolls = this.rollsOf(post, body);
    const sheets = findSheetsInBody(post.body!, body.text).map((s, i) => ({
      id: `${post.number}-sheet-${i}`,
      postNumber: post.number,
      element: s.element,
      text: s.text,
      audit: auditSheetText(s.text, this.rules),
    }));
    for (const s of sheets) {
      const deck = s.audit.sheet.deck.flatMap((d) => Array.from({ length: d.count }, () => ({ name: d.name, rarity: d.rarity })));
      if (deck.length) this.decks.set(authorKey(post.author), { deck, memory: s.audit.sheet.attributes.Memory?.value ?? null, post: post.number });
    }
    const scan: PostScan = { post, rolls, sheets };
    if (body.text.includes(TABLE_MARK)) scan.tableText = body.text.slice(0, MAX_TABLE_TEXT);
    return scan;
  }

  /** A starting hand mapped to the roller's deck list posted earlier on the page, with the rarity limits. */
  private startingHandNotes(record: RollRecord, reading: SparkReading): void {
    if (reading.kind !== 'starting-hand' || !reading.faces) return;
    const known = this.decks.get(authorKey(record.rollerName));
    if (!known) {
      reading.notes.push('No deck list by this character earlier on the page: the positions are not matched to cards.');
      return;
    }
    const memory = known.memory ?? reading.faces.length;
    const hand = startingHand(reading.faces, known.deck, memory);
    const sides = record.specs[0]?.sides;
    if (sides !== undefined && sides !== known.deck.length) hand.problems.unshift(`rolled d${sides}, but the deck list in post #${known.post} has ${known.deck.length} cards`);
    reading.notes.push(`Hand from the deck list in post #${known.post}: ${hand.cards.map((c) => `${c.name} (${c.rarity})`).join(', ')}.`);
    if (hand.problems.length) {
      reading.outcome = `hand breaks the limits: ${hand.problems[0]}`;
      reading.notes.push(...hand.problems.map((p) => `⚠ ${p.charAt(0).toUpperCase()}${p.slice(1)}.`));
    } else {
      reading.outcome = `hand of ${hand.cards.length}: ${hand.uncommons} Uncommon (max ${hand.maxUncommons}), ${hand.rares} Rare (max ${hand.maxRares})`;
    }
  }

  private rollsOf(post: RpolPost, body: BodyText): ScannedRoll[] {
    const text = body.text;
    const typedLines = findRollLines(text);
    const merged = new Set<RollLine>();
    const items: { start: number; end: number; make: (claimText: string) => ScannedRoll }[] = [];
    const postSeen = new Set<string>();

    for (const span of body.servers) {
      // A pasted log line right before its own server span is the same roll.
      const pasted = typedLines.find((t) => t.start < span.start && t.end >= span.start - 4 && !text.slice(t.start, span.start).includes('\n'));
      if (pasted) merged.add(pasted);
      const key = span.tip.replace(/\s+/g, ' ').trim();
      const firstPost = this.seen.get(key);
      const inSamePost = postSeen.has(key);
      if (firstPost === undefined) this.seen.set(key, post.number);
      postSeen.add(key);
      const when = parseRpolDateTime(span.line.timeText, this.clock.offset, post.time ?? this.clock.now);
      const record = recordFromLine(span.line, 'server', span.tip, when?.epoch ?? null);
      const serverResults = span.line.results.join(',');
      const pastedResults = pasted && pasted.results.join(',') !== serverResults ? pasted.results.join(',') : null;
      items.push({
        start: pasted?.start ?? span.start,
        end: span.end,
        make: (claimText) => {
          const reading = readSparkRoll(record);
          this.startingHandNotes(record, reading);
          const claim = findClaim(claimText);
          const verdict = judgeServerRoll({
            rollerName: record.rollerName,
            postAuthor: post.author,
            rollTime: record.time,
            postTime: post.time,
            postEditTime: post.edit?.time ?? null,
            facesKnown: knownFaces(record) !== null,
            impossible: impossibleFace(record),
            reusedFrom: inSamePost ? post.number : firstPost !== undefined && firstPost !== post.number ? firstPost : null,
            reusedInSamePost: inSamePost,
            inQuote: span.inQuote,
            pastedResults,
            serverResults,
            claimProblem: claim ? claimMismatch(claim, reading) : null,
            secret: record.secret,
            fudged: record.fudged,
            formatTime: (e) => this.time(e),
          });
          return { id: '', postNumber: post.number, record, reading, verdict, anchor: span.element };
        },
      });
    }

    for (const line of typedLines) {
      if (merged.has(line)) continue;
      if (body.servers.some((s) => s.start < line.end && s.end > line.start)) continue;
      const record = recordFromLine(line, 'typed', text.slice(line.start, line.end));
      const imitation = body.lookAlikes.find((l) => l.start <= line.end + 4 && l.end >= line.start);
      const anchor = nodeBefore(body, line.end) ?? post.body!;
      items.push({
        start: line.start,
        end: line.end,
        make: (claimText) => {
          const reading = readSparkRoll(record);
          const claim = findClaim(claimText);
          const verdict = judgeTypedRoll({
            rollTagAsText: line.rollId !== null,
            imitation: imitation?.why ?? null,
            claimProblem: claim ? claimMismatch(claim, reading) : null,
          });
          return { id: '', postNumber: post.number, record, reading, verdict, anchor };
        },
      });
    }

    items.sort((a, b) => a.start - b.start);
    return items.map((item, i) => {
      const next = items[i + 1]?.start ?? text.length;
      const claimText = text.slice(item.end, Math.min(next, item.end + CLAIM_WINDOW));
      const roll = item.make(claimText);
      roll.id = `${post.number}-${i}`;
      return roll;
    });
  }
}
