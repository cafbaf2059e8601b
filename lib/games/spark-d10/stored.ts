/** The duel table the GM runs a Spark d10 duel from, as the panel keeps it per thread (validated in and out). */
import * as z from 'zod/mini';

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
