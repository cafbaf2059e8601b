/** The zod schema of a character sheet (sheet.ts has the type, the parser and the canonical form). */
import * as z from 'zod/mini';
import { ATTRIBUTES, COLOURS, type Attribute } from './attributes';
import { RARITIES } from './draw';
import type { CharacterSheet } from './sheet';

const AttributeValueSchema = z.object({
  /** The value bought with XP. */
  value: z.int().check(z.minimum(0)),
  /** Flat bonuses (race, items): they add to the value in play and cost no XP. */
  bonus: z._default(z.int(), 0),
  /** Roll modifiers by roll kind, e.g. { speed: 1 }. */
  modifiers: z._default(z.record(z.string(), z.int()), {}),
  line: z.nullable(z.int()),
});

const Lined = { line: z.nullable(z.int()) };

export const CharacterSheetSchema = z.object({
  name: z.nullable(z.string().check(z.maxLength(200))),
  race: z.nullable(z.string().check(z.maxLength(200))),
  homePlane: z.nullable(z.string().check(z.maxLength(200))),
  affinity: z.object({ colours: z.array(z.enum(COLOURS)), text: z.string(), ...Lined }),
  earnedXp: z.nullable(z.object({ value: z.int(), ...Lined })),
  unspentXp: z.nullable(z.object({ value: z.int(), ...Lined })),
  manaReservoir: z.nullable(z.object({ value: z.int(), bonus: z._default(z.int(), 0), ...Lined })),
  maxCommonCopies: z.nullable(z.object({ value: z.int(), ...Lined })),
  attributes: z.partialRecord(z.enum(ATTRIBUTES as [Attribute, ...Attribute[]]), AttributeValueSchema),
  keywords: z.array(z.object({ text: z.string().check(z.maxLength(200)), ...Lined })),
  traits: z.array(z.object({ text: z.string().check(z.maxLength(500)), xp: z.nullable(z.int()), ...Lined })),
  deck: z.array(
    z.object({
      name: z.string().check(z.maxLength(200)),
      rarity: z.enum(RARITIES),
      count: z.int().check(z.minimum(1)),
      ...Lined,
    }),
  ),
});

type Output = z.infer<typeof CharacterSheetSchema>;
const sameShape: [Output extends CharacterSheet ? true : false, CharacterSheet extends Output ? true : false] = [true, true];
void sameShape;
