/**
 * The kept pages of a thread (./kept.ts) as stored: validated with zod on the way in (what a page
 * sends to keep) and out (what is read back), versioned. Strangers wrote every text in it, so
 * each is bounded; a value that does not pass is not kept (a thread's pages are read again
 * rather than folded from something that is not what a page showed).
 */
import * as z from 'zod/mini';
import { readStored, type Stored } from '../games/game';
import { KEPT_VERSION, type KeptThread } from './kept';

const text = (max: number) => z.string().check(z.maxLength(max));
const whole = z.int();
const time = z.nullable(z.number());
const optional = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));

const SpecSchema = z.object({ count: whole, sides: whole, modifier: z.number(), raw: text(200) });

export const RollRecordSchema = z.object({
  source: z.enum(['server', 'typed', 'log']),
  rollerName: text(200),
  rollerId: z.nullable(text(40)),
  rollId: z.nullable(text(80)),
  time,
  timeToMinute: z.boolean(),
  timeText: text(200),
  results: z.array(z.number()).check(z.maxLength(1000)),
  specs: z.array(SpecSchema).check(z.maxLength(100)),
  faces: z.nullable(z.array(z.number()).check(z.maxLength(1000))),
  rerollOnes: z.boolean(),
  exploding: z.optional(z.boolean()),
  reason: text(2000),
  secret: z.boolean(),
  fudged: z.nullable(z.number()),
  text: text(4000),
});

const ImpossibleSchema = z.union([
  z.object({ face: z.number(), sides: z.number() }),
  z.object({ total: z.number(), spec: text(200), lo: z.number(), hi: z.number() }),
]);

const ServerFactsSchema = z.object({
  rollerName: text(200),
  postAuthor: text(200),
  rollTime: time,
  postTime: time,
  postEditTime: time,
  facesKnown: z.boolean(),
  impossible: optional(ImpossibleSchema),
  reusedFrom: z.nullable(whole),
  reusedInSamePost: z.boolean(),
  inQuote: z.boolean(),
  pastedResults: z.nullable(text(2000)),
  serverResults: text(2000),
  secret: z.boolean(),
  fudged: z.nullable(z.number()),
  clockKnown: z.optional(z.boolean()),
  replayed: z.optional(z.boolean()),
  mayBeAddedByEdit: z.optional(z.boolean()),
  unchecked: z.optional(text(80)),
  verifiedBecause: z.optional(text(80)),
});

/** A said thing (an imitation's words): a catalogue key and its values, kept as they came. */
const SaidSchema = z.object({ key: text(80), values: z.optional(z.record(text(40), z.unknown())) });

const TypedFactsSchema = z.object({ rollTagAsText: z.boolean(), imitation: z.nullable(SaidSchema), unchecked: z.optional(z.boolean()) });

const KeptRollSchema = z.object({
  record: RollRecordSchema,
  server: z.nullable(ServerFactsSchema),
  typed: z.nullable(TypedFactsSchema),
  claim: text(400),
  struck: z.optional(z.boolean()),
});

const KeptPostSchema = z.object({
  n: whole,
  author: text(200),
  authorId: optional(text(80)),
  role: optional(text(20)),
  time: optional(z.number()),
  edit: optional(z.object({ text: text(300), time, by: optional(text(200)) })),
  text: z.optional(text(8_000)),
  table: z.optional(text(60_000)),
  rolls: z.optional(z.array(KeptRollSchema).check(z.maxLength(400))),
  sheets: z.optional(z.array(text(60_000)).check(z.maxLength(20))),
  failure: z.optional(text(300)),
});

export const KeptPageSchema = z.object({
  page: whole.check(z.minimum(1)),
  at: z.number(),
  posts: whole.check(z.minimum(0)),
  kept: z.array(KeptPostSchema).check(z.maxLength(1000)),
  tips: z.array(z.tuple([text(20), whole])).check(z.maxLength(4000)),
});

const WHY = ['status', 'login', 'unreadable', 'busy', 'origin', 'network'] as const;
export const TriedSchema = z.object({ at: z.number(), why: z.optional(z.enum(WHY)), status: z.optional(whole) });

const pageKey = z.string().check(z.regex(/^\d{1,9}$/));

export const KeptThreadSchema = z.object({
  v: z.literal(KEPT_VERSION),
  count: whole.check(z.minimum(1)),
  pages: z.record(pageKey, KeptPageSchema),
  tried: z.record(pageKey, TriedSchema),
  wait: z.optional(z.number()),
});

/** The stored shape, its version and its migrations (none yet). */
export const KEPT_STORED: Stored<KeptThread> = { schema: KeptThreadSchema as Stored<KeptThread>['schema'], version: KEPT_VERSION, migrations: {} };

/** A stored thread (a JSON string, or the value), read through its version's migrations and validated; null when it cannot be. */
export function readKeptThread(raw: unknown): KeptThread | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const from = typeof value === 'object' && value !== null ? (value as { v?: unknown }).v : undefined;
  return readStored(KEPT_STORED, value, typeof from === 'number' ? from : 1);
}
