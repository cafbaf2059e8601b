/** A When Sparks Fly match as the panel keeps it per thread: its log (validated in and out). */
import * as z from 'zod/mini';

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
