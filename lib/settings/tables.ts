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

const Side = z.enum(['A', 'B']);
const Id = z.string().check(z.minLength(1), z.maxLength(60));
const Count = z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000));
export const PwEventSchema = z.union([
  z.object({ turn: Side }),
  z.object({ phase: z.enum(['main', 'combat', 'end']), stack: z.optional(z.enum(['empty', 'busy'])) }),
  z.object({ enter: Id, name: z.string().check(z.maxLength(120)), subtype: z.string().check(z.maxLength(60)), controller: Side, loyalty: Count }),
  z.object({ activate: Id, by: Side, cost: Count }),
  z.object({ damage: Id, amount: Count }),
  z.object({ trample: Id, power: Count, blockersLethal: Count }),
  z.object({ redirect: Id, amount: Count }),
  z.object({ control: Id, to: Side }),
]);

export const DUEL_FIELDS = [
  'life',
  'toughness',
  'wear',
  'staggered',
  'pendingPlus',
  'hand',
  'lands.Black',
  'lands.Blue',
  'lands.Green',
  'lands.Red',
  'lands.White',
] as const;
export const CorrectionSchema = z.object({
  duelist: z.string().check(z.maxLength(120)),
  field: z.enum(DUEL_FIELDS),
  value: z.union([Count, z.boolean()]),
  note: z._default(z.string().check(z.maxLength(300)), ''),
});
export type Correction = z.infer<typeof CorrectionSchema>;

const DuelTableState = z.object({
  corrections: z._default(z.array(CorrectionSchema).check(z.maxLength(500)), []),
  /** The turn: its number, whose it is (a duelist's name) and which of the nine steps. */
  turn: z._default(
    z.object({
      number: z.int().check(z.minimum(1), z.maximum(10_000)),
      active: z.nullable(z.string().check(z.maxLength(120))),
      step: z.int().check(z.minimum(0), z.maximum(8)),
    }),
    { number: 1, active: null, step: 0 },
  ),
  planeswalkers: z._default(z.array(PwEventSchema).check(z.maxLength(2000)), []),
  /** Which duelist is side A and B for planeswalker cards. */
  sides: z._default(z.object({ A: z.nullable(z.string().check(z.maxLength(120))), B: z.nullable(z.string().check(z.maxLength(120))) }), { A: null, B: null }),
});
export type DuelTableState = z.infer<typeof DuelTableState>;

export const DuelTableSchema = z.object({
  game: z.literal('spark-d10'),
  ...DuelTableState.shape,
  /** Earlier states, newest last, for undo (at most 30). */
  undo: z._default(z.array(DuelTableState).check(z.maxLength(30)), []),
  updatedAt: z.number(),
});
export type DuelTable = z.infer<typeof DuelTableSchema>;

export const GameTableSchema = z.union([SparksFlyTableSchema, ParlorTableSchema, DuelTableSchema]);
export type GameTable = z.infer<typeof GameTableSchema>;

export const TablesSchema = z.object({
  version: z.literal(1),
  /** The game chosen for an RPOL game id (`gi`). */
  games: z._default(z.record(z.string().check(z.regex(/^\d{1,9}$/)), z.enum(GAME_IDS)), {}),
  /** Key: "host/gi/ti". */
  tables: z._default(z.record(z.string().check(z.maxLength(200)), GameTableSchema), {}),
  /** Sheets read on character pages, per RPOL game and character name: in use in that game's threads. */
  pageSheets: z._default(
    z.record(
      z.string().check(z.regex(/^\d{1,9}$/)),
      z.record(z.string().check(z.maxLength(120)), z.object({ text: z.string().check(z.maxLength(60_000)), seenAt: z.number() })),
    ),
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
      for (const [k, v] of Object.entries(d))
        if (k.length <= 200 && Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 1)) out.duelStarts[k] = (v as number[]).slice(0, 200);
    }
  }
  return out;
}
