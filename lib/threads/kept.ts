/**
 * A thread page's posts as they are kept for the thread's other pages: each post the page reader
 * found worth reading (its rolls with the facts that judge them, its sheets, its text and table
 * record, its number, poster, time and edit), without elements, so that the fold on another page
 * can read them first, as a reader of the thread in order would have. Plain JSON: the background
 * keeps it (validated with ./schema.ts), the content script reads it back (checked here, cheaply:
 * the content script carries no zod).
 */
import type { TablePost } from '../games/game';
import { type ForumPost, type PostRecords, postFacts, type RollEntry } from '../reading/records';
import type { RollRecord } from '../rolls/record';
import type { ServerRollFacts, TypedRollFacts } from '../trust/verdict';

/** The stored shape's version (./schema.ts migrates from older ones). */
export const KEPT_VERSION = 1;

/** A server roll's facts as kept: all but the page's clock, which the page reading them gives back. */
export type KeptServerFacts = Omit<ServerRollFacts, 'claimProblem' | 'formatTime'>;
export type KeptTypedFacts = Omit<TypedRollFacts, 'claimProblem'>;

export interface KeptRoll {
  record: RollRecord;
  server: KeptServerFacts | null;
  typed: KeptTypedFacts | null;
  /** The text after the roll where a claim about it may stand. */
  claim: string;
  struck?: boolean;
}

export interface KeptPost {
  /** The post's number as the forum links to it. */
  n: number;
  author: string;
  authorId?: string | null;
  role?: string | null;
  time?: number | null;
  edit?: { text: string; time: number | null; by?: string | null } | null;
  /** The post's text (bounded); absent when `table` holds it (the text is then its start). */
  text?: string;
  /** The post's text when it carries a game table's record. */
  table?: string;
  rolls?: KeptRoll[];
  /** The texts of the sheets found in it, in order. */
  sheets?: string[];
  failure?: string;
}

export interface KeptPage {
  /** Its number among the thread's pages, from 1. */
  page: number;
  /** When it was read (ms since the epoch). */
  at: number;
  /** How many posts it showed (every post, not only those kept). */
  posts: number;
  /** The posts worth reading, in page order. */
  kept: KeptPost[];
  /** Server rolls it showed first: [key, post] (for "reused from post #N" on later pages). */
  tips: [string, number][];
}

/** Why reading a page stopped: its HTTP status, a login page, not this thread's page, a wait asked for, another origin, no answer. */
export type StopWhy = 'status' | 'login' | 'unreadable' | 'busy' | 'origin' | 'network';

export interface Tried {
  /** When the page was last asked for (ms since the epoch). */
  at: number;
  /** Why it was not read, if it was not. */
  why?: StopWhy;
  status?: number;
}

export interface KeptThread {
  v: typeof KEPT_VERSION;
  /** How many pages the thread had when a page was last kept. */
  count: number;
  /** Kept pages, by number. */
  pages: Record<string, KeptPage>;
  /** Each page's last request, by number: none again within ten minutes. */
  tried: Record<string, Tried>;
  /** The forum asked to wait (429): no request before this (ms since the epoch). */
  wait?: number;
}

/** The most of a post's text the page reader keeps (lib/reading/reader.ts): a table post's text is its table record's start. */
const MAX_TEXT = 8_000;

function keptRoll(r: RollEntry): KeptRoll {
  const out: KeptRoll = { record: r.record, server: null, typed: r.typed ? { ...r.typed } : null, claim: r.claimText };
  if (r.server) {
    const { formatTime: _clock, ...facts } = r.server;
    out.server = facts;
  }
  if (r.struck) out.struck = true;
  return out;
}

/** A post's records as kept (no elements, nothing of the page's clock). */
export function keepPost(rec: PostRecords): KeptPost {
  const p = rec.post;
  const out: KeptPost = { n: p.number, author: p.author };
  // Absent where the forum reads no identity at all; null where it reads none for this post (the folds tell the two apart).
  if (p.authorId !== undefined) out.authorId = p.authorId;
  if (p.role != null) out.role = p.role;
  if (p.time != null) out.time = p.time;
  if (p.edit) out.edit = { text: p.edit.text.slice(0, 300), time: p.edit.time, ...(p.edit.by != null ? { by: p.edit.by } : {}) };
  if (rec.failure !== undefined) out.failure = rec.failure;
  if (rec.tableText !== undefined && rec.text === rec.tableText.slice(0, rec.text.length)) out.table = rec.tableText;
  else {
    out.text = rec.text;
    if (rec.tableText !== undefined) out.table = rec.tableText;
  }
  if (rec.rolls.length) out.rolls = rec.rolls.map(keptRoll);
  if (rec.sheets.length) out.sheets = rec.sheets.map((s) => s.text);
  return out;
}

/** The element a kept post has none of: the fold passes a post's element through untouched, and its output for kept posts is not drawn. */
const NO_ELEMENT = null as unknown as Element;

/** A kept post as the page reader would have given it (`formatTime`: the page's clock in words, for the verdicts' reasons). */
export function recordsOf(k: KeptPost, formatTime: (epoch: number) => string): PostRecords {
  const post: ForumPost = {
    element: NO_ELEMENT,
    body: null,
    number: k.n,
    author: k.author,
    ...(k.authorId !== undefined ? { authorId: k.authorId } : {}),
    role: k.role ?? null,
    time: k.time ?? null,
    edit: k.edit ? { text: k.edit.text, time: k.edit.time, by: k.edit.by ?? null } : null,
  };
  const text = k.text ?? (k.table ?? '').slice(0, MAX_TEXT);
  const rolls: RollEntry[] = (k.rolls ?? []).map((r, i) => ({
    id: `${k.n}-${i}`,
    postNumber: k.n,
    record: r.record,
    anchor: NO_ELEMENT,
    server: r.server ? { ...r.server, formatTime } : null,
    typed: r.typed,
    claimText: r.claim,
    struck: r.struck === true,
  }));
  const sheets = (k.sheets ?? []).map((text, i) => ({ id: `${k.n}-sheet-${i}`, postNumber: k.n, element: NO_ELEMENT, text }));
  const out: PostRecords = { post, rolls, sheets, text };
  if (k.table !== undefined) out.tableText = k.table;
  if (k.failure !== undefined) out.failure = k.failure;
  return out;
}

/** A kept post that carries a game table's record, as the games read it. */
export function tablePostOf(k: KeptPost): TablePost | null {
  if (k.table === undefined) return null;
  // As the page's own table posts carry them (lib/reading/records.ts's postFacts).
  return { post: k.n, author: k.author, text: k.table, ...postFacts({ time: k.time ?? null, edit: k.edit ?? null, authorId: k.authorId }) };
}

/** A thread's read back from the background: of this version, its pages and tries of their shape (what is not, dropped). */
export function checkKeptThread(x: unknown): KeptThread | null {
  if (!isObject(x) || x.v !== KEPT_VERSION || !isCount(x.count) || !isObject(x.pages) || !isObject(x.tried)) return null;
  const pages: Record<string, KeptPage> = {};
  for (const [k, p] of Object.entries(x.pages)) if (isKeptPage(p) && String(p.page) === k) pages[k] = p;
  const tried: Record<string, Tried> = {};
  for (const [k, t] of Object.entries(x.tried)) if (isObject(t) && typeof t.at === 'number') tried[k] = t as unknown as Tried;
  const out: KeptThread = { v: KEPT_VERSION, count: x.count, pages, tried };
  if (typeof x.wait === 'number') out.wait = x.wait;
  return out;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 1;

/** A kept page's shape, down to each post's number, author and lists (the background validated the whole). */
function isKeptPage(p: unknown): p is KeptPage {
  if (!isObject(p) || !isCount(p.page) || typeof p.at !== 'number' || !Number.isInteger(p.posts) || !Array.isArray(p.kept) || !Array.isArray(p.tips))
    return false;
  return p.kept.every(
    (k) =>
      isObject(k) &&
      Number.isInteger(k.n) &&
      typeof k.author === 'string' &&
      (k.rolls === undefined || (Array.isArray(k.rolls) && k.rolls.every((r) => isObject(r) && isObject(r.record) && typeof r.claim === 'string'))) &&
      (k.sheets === undefined || (Array.isArray(k.sheets) && k.sheets.every((s) => typeof s === 'string'))),
  );
}
