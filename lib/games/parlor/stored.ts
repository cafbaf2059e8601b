/**
 * What the panel keeps per thread for Parlor Magic: this ruler's own secret (never posted until the
 * reveal), and the nonces this reader has seen in the thread's posts (one changed later is flagged).
 * Version 2; version 1 kept the word of the old seeded deal, which is kept as the secret.
 */
import * as z from 'zod/mini';

export const ParlorTableSchema = z.object({
  game: z.literal('parlor'),
  /** This ruler's own secret and its commitment. */
  secret: z._default(z.string().check(z.maxLength(200)), ''),
  /** Nonces seen, by post number. */
  nonces: z._default(z.record(z.string().check(z.regex(/^\d{1,7}$/)), z.string().check(z.regex(/^[0-9a-f]{16}$/))), {}),
  updatedAt: z.number(),
});
export type ParlorTable = z.infer<typeof ParlorTableSchema>;

export const PARLOR_STORED = {
  schema: ParlorTableSchema,
  version: 2,
  migrations: {
    1: (old: Record<string, unknown>) => ({ game: 'parlor', secret: old.word ?? '', nonces: {}, updatedAt: old.updatedAt }),
  },
};
