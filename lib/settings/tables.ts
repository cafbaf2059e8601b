/**
 * What the panel keeps per thread for the games other than reading rolls: the game chosen for an
 * RPOL game (gi), and each thread's table (a When Sparks Fly match log, a Parlor Magic deal).
 * Validated with zod on the way in and out; versioned; part of the backup.
 */
import * as z from 'zod/mini';

export const GAME_IDS = ['spark-d10', 'sparks-fly', 'parlor'] as const;
export type TableGameId = (typeof GAME_IDS)[number];

const Player = z.enum(['A', 'B']);
const Card = z.string().check(z.minLength(1), z.maxLength(120));
const Amount = z.int().check(z.minimum(0), z.maximum(10_000_000));

export const SparksFlyEventSchema = z.union([
  z.object({ bid: Player, amount: Amount }),
  z.object({ fold: Player }),
  z.object({ offer: z.tuple([Card, Card, Card]) }),
  z.object({ remove: Player, card: Card }),
  z.object({ add: Player, card: Card, to: Player }),
  z.object({ decline: Player }),
  z.object({ play: Player, cards: z.tuple([Card, Card]), first: z.optional(Card) }),
  z.object({ miss: Player }),
]);

export const SparksFlyTableSchema = z.object({
  game: z.literal('sparks-fly'),
  log: z.object({
    sparks: z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))),
    firstBidder: Player,
    seed: z.optional(z.string().check(z.maxLength(120))),
    pool: z.optional(z.array(Card).check(z.minLength(6), z.maxLength(200))),
    names: z.optional(z.object({ A: z.optional(z.string().check(z.maxLength(60))), B: z.optional(z.string().check(z.maxLength(60))) })),
    events: z.array(SparksFlyEventSchema).check(z.maxLength(5000)),
  }),
  updatedAt: z.number(),
});
export type SparksFlyTable = z.infer<typeof SparksFlyTableSchema>;

export const ParlorTableSchema = z.object({
  game: z.literal('parlor'),
  /** This ruler's own secret word (never posted until the reveal) and its commitment. */
  word: z._default(z.string().check(z.maxLength(200)), ''),
  updatedAt: z.number(),
});
export type ParlorTable = z.infer<typeof ParlorTableSchema>;

export const GameTableSchema = z.union([SparksFlyTableSchema, ParlorTableSchema]);
export type GameTable = z.infer<typeof GameTableSchema>;

export const TablesSchema = z.object({
  version: z.literal(1),
  /** The game chosen for an RPOL game id (`gi`). */
  games: z._default(z.record(z.string().check(z.regex(/^\d{1,9}$/)), z.enum(GAME_IDS)), {}),
  /** Key: "host/gi/ti". */
  tables: z._default(z.record(z.string().check(z.maxLength(200)), GameTableSchema), {}),
  /** Sheets read on character pages, per RPOL game and character name: in use in that game's threads. */
  pageSheets: z._default(
    z.record(z.string().check(z.regex(/^\d{1,9}$/)), z.record(z.string().check(z.maxLength(120)), z.object({ text: z.string().check(z.maxLength(60_000)), seenAt: z.number() }))),
    {},
  ),
  /** Posts where the user marked that a new duel starts, per thread ("host/gi/ti"). */
  duelStarts: z._default(z.record(z.string().check(z.maxLength(200)), z.array(z.int().check(z.minimum(1))).check(z.maxLength(200))), {}),
});
export type Tables = z.infer<typeof TablesSchema>;

/** Stored tables; entries that are not valid are dropped one by one, never the whole store. */
export function loadTables(raw: unknown): Tables {
  const whole = TablesSchema.safeParse(raw);
  if (whole.success) return whole.data;
  const out: Tables = { version: 1, games: {}, tables: {}, duelStarts: {}, pageSheets: {} };
  if (raw && typeof raw === 'object') {
    const r = raw as { games?: unknown; tables?: unknown };
    if (r.games && typeof r.games === 'object') {
      for (const [k, v] of Object.entries(r.games)) if (/^\d{1,9}$/.test(k) && (GAME_IDS as readonly unknown[]).includes(v)) out.games[k] = v as TableGameId;
    }
    if (r.tables && typeof r.tables === 'object') {
      for (const [k, v] of Object.entries(r.tables)) {
        const t = GameTableSchema.safeParse(v);
        if (t.success && k.length <= 200) out.tables[k] = t.data;
      }
    }
    const d = (raw as { duelStarts?: unknown }).duelStarts;
    if (d && typeof d === 'object') {
      for (const [k, v] of Object.entries(d)) if (k.length <= 200 && Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 1)) out.duelStarts[k] = (v as number[]).slice(0, 200);
    }
  }
  return out;
}
