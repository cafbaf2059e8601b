/**
 * What the panel keeps per thread for the games other than reading rolls: the game chosen for a
 * forum's game or board (gi), and each thread's table, as its game stores it (a When Sparks Fly
 * match log, a Parlor Magic secret, a duel table). Validated with zod on the way in and out;
 * versioned; part of the backup.
 */
import * as z from 'zod/mini';
import { GAME_IDS, GAMES, type GameId } from '../games/registry';

export { GAME_IDS };
export type TableGameId = GameId;

/** Each game's table, by its own schema (lib/games/<game>/stored.ts). */
export const GameTableSchema = z.union(
  GAMES.map((g) => g.stored.schema) as unknown as [(typeof GAMES)[number]['stored']['schema'], ...(typeof GAMES)[number]['stored']['schema'][]],
);
export type GameTable = z.infer<(typeof GAMES)[number]['stored']['schema']>;
export type { DuelTable } from '../games/spark-d10/stored';
export type { SparksFlyTable } from '../games/sparks-fly/stored';
export type { ParlorTable } from '../games/parlor/stored';

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
