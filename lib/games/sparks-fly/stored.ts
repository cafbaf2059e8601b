/** A When Sparks Fly match as the panel keeps it per thread: its log (validated in and out). */
import * as z from 'zod/mini';

const Player = z.enum(['A', 'B']);
const Card = z.string().check(z.minLength(1), z.maxLength(120));
const Amount = z.int().check(z.minimum(0), z.maximum(10_000_000));

export const SparksFlyEventSchema = z.union([
  z.object({ bid: Player, amount: Amount }),
  z.object({ fold: Player, clock: z.optional(z.literal(true)) }),
  z.object({ offer: z.tuple([Card, Card, Card]) }),
  z.object({ remove: Player, card: Card }),
  z.object({ add: Player, card: Card, to: Player }),
  z.object({ decline: Player }),
  z.object({ play: Player, cards: z.tuple([Card, Card]), first: z.optional(Card) }),
  z.object({ miss: Player, clock: z.optional(z.literal(true)) }),
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
  /** The seed's clocks for this match (settings), and the run of the position it waits at. */
  clock: z.optional(
    z.object({
      settings: z.object({
        on: z.boolean(),
        decision: z.int().check(z.minimum(1), z.maximum(30 * 86_400)),
        play: z.int().check(z.minimum(1), z.maximum(30 * 86_400)),
        sound: z.boolean(),
      }),
      run: z.nullable(z.object({ at: z.int().check(z.minimum(0)), startedAt: z.number(), pausedAt: z.nullable(z.number()), paused: z.number() })),
    }),
  ),
  updatedAt: z.number(),
});
export type SparksFlyTable = z.infer<typeof SparksFlyTableSchema>;
