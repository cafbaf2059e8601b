/**
 * Followed threads as they are kept (the Turns view, issue 41): per thread its forum, key, address
 * and title, the GM's pace rule, the GM, the GM's edits of the cast, the forum's marks of "you",
 * the last posts read (their number, author, identity, first time, edit time, away line) and what
 * the thread's game said when they were read; per forum, the name the user goes by there. Filled
 * from a page the reader opened (the content script), and later from a page the background fetches
 * (issue 41, item 3): both give the same `PageRead`. Validated with zod on the way in and out.
 */
import * as z from 'zod/mini';
import type { TurnsInput } from '../games/game';
import { type Locale, type Said, say } from '../i18n';
import { EN } from '../i18n/en';
import { readAway } from './away';
import { gameTurns } from './game';
import { type TurnsGroup, groupOf, type You } from './groups';
import { MAX_PACE_HOURS } from './pace';
import { castOf, type GameTurns, nameKey, type ThreadTurns, threadTurns, type TurnPost } from './turns';

export const FOLLOW_VERSION = 1;
/** The last posts kept per thread (with each author's last, and the posts a wait counts from). */
export const KEPT_POSTS = 40;
/** Threads kept at most. */
export const MAX_FOLLOWED = 200;

const Name = z.string().check(z.maxLength(120));
const Names = z._default(z.array(Name).check(z.maxLength(50)), []);

/** Words not said yet, as a game wrote them: a catalogue key and its values (checked all the way down). */
function isSaid(x: unknown, depth = 0): x is Said {
  if (depth > 4 || typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const s = x as { key?: unknown; values?: unknown };
  if (typeof s.key !== 'string' || !(s.key in EN)) return false;
  if (s.values === undefined) return true;
  if (typeof s.values !== 'object' || s.values === null || Array.isArray(s.values)) return false;
  const value = (v: unknown): boolean =>
    (typeof v === 'string' && v.length <= 300) ||
    (typeof v === 'number' && Number.isFinite(v)) ||
    (Array.isArray(v) && v.length <= 20 && v.every(value)) ||
    isSaid(v, depth + 1);
  const entries = Object.entries(s.values);
  return entries.length <= 12 && entries.every(([, v]) => value(v));
}
const SaidSchema = z.custom<Said>((x) => isSaid(x));

export const PaceSchema = z.object({
  hours: z.number().check(z.minimum(0), z.maximum(MAX_PACE_HOURS)),
  weekends: z.boolean(),
  zone: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const KeptPostSchema = z.object({
  number: z.int(),
  author: Name,
  authorId: z._default(z.nullable(z.string().check(z.maxLength(60))), null),
  time: z._default(z.nullable(z.number()), null),
  /** When it was last edited, where the forum says (shown; never restarts a clock). */
  editTime: z._default(z.nullable(z.number()), null),
  away: z._default(z.nullable(z.string().check(z.maxLength(10))), null),
});
export type KeptPost = z.infer<typeof KeptPostSchema>;

const GameTurnsSchema = z.object({
  game: z.string().check(z.maxLength(40)),
  step: z.nullable(SaidSchema),
  waits: z.array(z.object({ name: Name, since: z.int(), what: SaidSchema, due: z.optional(z.number()) })).check(z.maxLength(20)),
});

export const FollowedSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(200)),
  forum: z.string().check(z.maxLength(40)),
  url: z.string().check(z.maxLength(2000)),
  title: z._default(z.string().check(z.maxLength(300)), ''),
  /** Followed (false: the user turned it off; it is then not followed by itself again). */
  on: z.boolean(),
  /** Why it was followed by itself: the user holds a game's secret or a bound sheet for it, or posted a roll in it. */
  auto: z._default(z.nullable(z.enum(['secret', 'sheet', 'roll'])), null),
  pace: z._default(z.nullable(PaceSchema), null),
  /** The GM as the user set it (null: the one the thread shows). */
  gm: z._default(z.nullable(Name), null),
  /** The GM the thread shows: the forum's GM mark (RPOL), else the earliest post's author seen. */
  gmSeen: z._default(z.nullable(Name), null),
  /** The GM's edits of the cast (everyone who posted, the GM apart). */
  cast: z._default(z.object({ add: Names, remove: Names }), { add: [], remove: [] }),
  /** The forum's own marks of the reader in this thread: their characters, their identities. */
  you: z._default(z.object({ names: Names, ids: z._default(z.array(z.string().check(z.maxLength(60))).check(z.maxLength(50)), []) }), { names: [], ids: [] }),
  posts: z._default(z.array(KeptPostSchema).check(z.maxLength(KEPT_POSTS * 3)), []),
  /** What the thread's game said when the posts were read (null: no game, the cast rule). */
  game: z._default(z.nullable(GameTurnsSchema), null),
  /** When the posts were read (ms; 0: not yet). */
  readAt: z._default(z.number(), 0),
  followedAt: z._default(z.number(), 0),
});
export type Followed = z.infer<typeof FollowedSchema>;

export const FollowStoreSchema = z.object({
  version: z.literal(FOLLOW_VERSION),
  threads: z._default(z.record(z.string().check(z.maxLength(200)), FollowedSchema), {}),
  /** The name the user goes by, per forum (where the forum does not mark the reader's posts). */
  you: z._default(z.record(z.string().check(z.maxLength(40)), Name), {}),
  /** Entries that could not be read (a newer version's, or damaged), kept as stored. */
  aside: z._default(z.record(z.string(), z.unknown()), {}),
});
export type FollowStore = z.infer<typeof FollowStoreSchema>;

export const emptyFollowStore = (): FollowStore => ({ version: FOLLOW_VERSION, threads: {}, you: {}, aside: {} });

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The stored value, entry by entry: a thread that cannot be read goes aside, as stored; a store of a newer version reads as empty (and is never written over: see the storage). */
export function loadFollowStore(raw: unknown): FollowStore {
  if (!isObject(raw) || raw.version !== FOLLOW_VERSION) return emptyFollowStore();
  const store = emptyFollowStore();
  const you = z.record(z.string().check(z.maxLength(40)), Name).safeParse(raw.you);
  if (you.success) store.you = you.data;
  if (isObject(raw.aside)) store.aside = { ...raw.aside };
  for (const [key, value] of Object.entries(isObject(raw.threads) ? raw.threads : {})) {
    const f = FollowedSchema.safeParse(value);
    if (f.success && f.data.key === key) store.threads[key] = f.data;
    else store.aside[key] = value;
  }
  return store;
}

/** A kept post as the turns read it. */
const turnPost = (p: KeptPost): TurnPost => ({
  number: p.number,
  author: p.author,
  time: p.time,
  edit: p.editTime === null ? null : { time: p.editTime, by: null },
  authorId: p.authorId,
  away: p.away,
});

/** The GM of a followed thread: the user's, else the one the thread shows. */
export const gmOf = (f: Followed): string | null => f.gm ?? f.gmSeen;

/** Who a followed thread waits on, now (Unix seconds). */
export function followedTurns(f: Followed, now: number): ThreadTurns {
  const posts = f.posts.map(turnPost);
  const gm = gmOf(f);
  return threadTurns(posts, { gm, cast: castOf(posts, gm, f.cast), pace: f.pace, now, game: f.game as GameTurns | null });
}

/** "You" in a followed thread: the forum's marks there, and the name given for its forum. */
export function youIn(f: Followed, store: Pick<FollowStore, 'you'>): You {
  const given = store.you[f.forum];
  return { names: given ? [...f.you.names, given] : f.you.names, ids: f.you.ids };
}

/** A followed thread's group in the Turns view, now. */
export const followedGroup = (f: Followed, store: Pick<FollowStore, 'you'>, now: number): TurnsGroup => groupOf(followedTurns(f, now), youIn(f, store));

/** Words a game kept, said in a language ('' where a newer version's key is not known here). */
export const sayKept = (l: Locale, s: Said | null | undefined): string => (s && isSaid(s) ? say(l, s) : '');

/** A thread page as read (by the content script, or later a page the background fetched). */
export interface PageRead {
  key: string;
  forum: string;
  url: string;
  title: string | null;
  /** The forum's name for the reader (RPOL's current character, a board's signed-in user). */
  viewer: string | null;
  posts: { number: number; author: string; authorId: string | null; time: number | null; editTime: number | null; you: boolean; role: string | null }[];
  /** The game's input: its records, rolls, the fold's players; and its stored table. */
  game: Omit<TurnsInput, 'posts'>;
  /** The thread's game (the user's choice, its table's, or the one its posts suggest). */
  gameId: string | null;
}

/** The posts to keep: the last ones, each author's last (and last away line), and those the waits count from. */
function keep(posts: readonly KeptPost[], since: readonly number[]): KeptPost[] {
  const byNumber = new Map(posts.map((p) => [p.number, p]));
  const sorted = [...byNumber.values()].sort((a, b) => a.number - b.number);
  const wanted = new Set([...sorted.slice(-KEPT_POSTS).map((p) => p.number), ...since]);
  const last = new Map<string, number>();
  const away = new Map<string, number>();
  for (const p of sorted) {
    last.set(nameKey(p.author), p.number);
    if (p.away) away.set(nameKey(p.author), p.number);
  }
  for (const n of [...last.values(), ...away.values()]) wanted.add(n);
  return sorted.filter((p) => wanted.has(p.number)).slice(-KEPT_POSTS * 3);
}

/** A thread's kept state after reading a page of it: its posts merged with those kept, the game's word, the GM and "you" seen. */
export function withPage(prev: Followed | null, page: PageRead, at: number): Followed {
  const aways = new Map(page.game.tablePosts.map((p) => [p.post, readAway(p.text)]));
  const read: KeptPost[] = page.posts.map((p) => ({
    number: p.number,
    author: p.author.slice(0, 120),
    authorId: p.authorId?.slice(0, 60) ?? null,
    time: p.time,
    editTime: p.editTime,
    away: aways.get(p.number) ?? null,
  }));
  const game = gameTurns(page.gameId, { ...page.game, posts: page.posts });
  const merged = keep([...(prev?.posts ?? []), ...read], game?.waits.map((w) => w.since) ?? []);
  const marked = page.posts.find((p) => p.role === 'GM')?.author ?? null;
  const earliest = [...merged].sort((a, b) => a.number - b.number)[0]?.author ?? null;
  const mine = page.posts.filter((p) => p.you);
  const union = (a: readonly string[], b: readonly (string | null)[]) => [...new Set([...a, ...b.filter((x): x is string => !!x)])].slice(-20);
  return {
    key: page.key,
    forum: page.forum,
    url: page.url.slice(0, 2000),
    title: (page.title ?? prev?.title ?? '').slice(0, 300),
    on: prev?.on ?? false,
    auto: prev?.auto ?? null,
    pace: prev?.pace ?? null,
    gm: prev?.gm ?? null,
    gmSeen: (marked ?? prev?.gmSeen ?? earliest)?.slice(0, 120) ?? null,
    cast: prev?.cast ?? { add: [], remove: [] },
    you: {
      names: union(prev?.you.names ?? [], [page.viewer?.slice(0, 120) ?? null, ...mine.map((p) => p.author.slice(0, 120))]),
      ids: union(
        prev?.you.ids ?? [],
        mine.map((p) => p.authorId?.slice(0, 60) ?? null),
      ),
    },
    posts: merged,
    game: game ? { ...game, waits: game.waits.slice(0, 20) } : null,
    readAt: at,
    followedAt: prev?.followedAt ?? 0,
  };
}
