/** What the panel keeps per thread for Parlor Magic: this ruler's own secret (validated in and out). */
import * as z from 'zod/mini';

export const ParlorTableSchema = z.object({
  game: z.literal('parlor'),
  /** This ruler's own secret word (never posted until the reveal) and its commitment. */
  word: z._default(z.string().check(z.maxLength(200)), ''),
  updatedAt: z.number(),
});
export type ParlorTable = z.infer<typeof ParlorTableSchema>;
