/**
 * What the panel keeps per thread for the games other than reading rolls: the game chosen for a
 * forum's game or board (gi), and each thread's table, as its game stores it (a When Sparks Fly
 * match log, a Parlor Magic secret, a duel table). Validated with zod on the way in and out;
 * versioned; part of the backup.
 */
import * as z from 'zod/mini';
import { readStored, type Stored } from '../games/game';
import { GAME_IDS, GAMES, type GameId } from '../games/registry';
import { withoutPrivateEntries } from './private';
import { gameKeyOf } from './keys';

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

/**
 * A game's key (./keys' gameKeyOf): an RPOL https game's number alone, or "site/gi" (the site
 * with `http:` before it when read over plain http), so no two forums' games share one.
 */
export const GAME_KEY = /^(?:\d{1,9}|(?:http:)?[a-z0-9.-]{1,253}(?::\d{1,5})?\/[^/\s]{1,60})$/;
/** The stored shape's version: 2 keys games by their forum (1 by the game's number alone, read as RPOL's). */
export const TABLES_VERSION = 2;

export const TablesSchema = z.object({
  /** 1 is read through gameKeysOfVersion1 (loadTables, TablesFileSchema) before this schema: its keys are RPOL's as they stand. */
  version: z.union([z.literal(1), z.literal(TABLES_VERSION)]),
  /** The game chosen for a forum's game, by its game key. */
  games: z._default(z.record(z.string().check(z.regex(GAME_KEY)), z.enum(GAME_IDS)), {}),
  /** Key: "host/gi/ti". */
  tables: z._default(z.record(z.string().check(z.maxLength(200)), GameTableSchema), {}),
  /** The version of each game's stored tables when they were written (absent: 1); older ones are migrated when read. */
  versions: z._default(z.record(z.string().check(z.maxLength(40)), z.int()), {}),
  /** Tables that could not be read (a newer version, a step missing, not valid), kept as stored: never dropped, in the backup. */
  aside: z._default(z.record(z.string().check(z.maxLength(200)), z.unknown()), {}),
  /** Sheets read on character pages, per game (its game key) and character name: in use in that game's threads. */
  pageSheets: z._default(
    z.record(
      z.string().check(z.regex(GAME_KEY)),
      z.record(z.string().check(z.maxLength(120)), z.object({ text: z.string().check(z.maxLength(60_000)), seenAt: z.number() })),
    ),
    {},
  ),
  /** Posts where the user marked that a new duel starts, per thread ("host/gi/ti"). */
  duelStarts: z._default(z.record(z.string().check(z.maxLength(200)), z.array(z.int().check(z.minimum(1))).check(z.maxLength(200))), {}),
});
export type Tables = z.infer<typeof TablesSchema>;

/** Every game's stored version now (what a write records). */
const currentVersions = (): Record<string, number> => Object.fromEntries(GAMES.map((g) => [g.id, g.stored.version]));

/** Each stored table brought to its game's version; the ones that cannot be, kept aside as stored. */
function readGameTables(raw: Record<string, unknown>): { tables: Tables['tables']; aside: Record<string, unknown> } {
  const versions = raw.versions && typeof raw.versions === 'object' ? (raw.versions as Record<string, unknown>) : {};
  const aside: Record<string, unknown> = raw.aside && typeof raw.aside === 'object' && !Array.isArray(raw.aside) ? { ...(raw.aside as object) } : {};
  const tables: Tables['tables'] = {};
  const stored = raw.tables && typeof raw.tables === 'object' ? (raw.tables as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(stored)) {
    if (k.length > 200) continue;
    const game = GAMES.find((g) => g.id === (v as { game?: unknown } | null)?.game);
    const from = game ? versions[game.id] : undefined;
    const read = game ? readStored<GameTable>(game.stored as Stored<GameTable>, v, typeof from === 'number' ? from : 1) : null;
    if (read) tables[k] = read;
    else aside[k] = v;
  }
  return { tables, aside };
}

const keysOf = (x: unknown): string[] => (x && typeof x === 'object' && !Array.isArray(x) ? Object.keys(x) : []);

/**
 * Version 1's game choices, kept by the game's number alone whatever the forum, keyed by their
 * forum (version 2). A number is RPOL's (its key unchanged: RPOL's https games keep their number)
 * unless the only threads kept of that number are another site's (a board's forum 7 with a table
 * or a duel mark and no RPOL game 7's): then it is that site's, each such site's. Page sheets were
 * read on RPOL's character pages alone: theirs stay. Keys of a host alone were made on https pages
 * as often as http ones and are read as https (docs/rulings.md).
 */
export function gameKeysOfVersion1(r: Record<string, unknown>): Record<string, unknown> {
  const threads = [...keysOf(r.tables), ...keysOf(r.duelStarts), ...keysOf(r.aside)];
  const games: Record<string, unknown> = {};
  const old = r.games && typeof r.games === 'object' && !Array.isArray(r.games) ? (r.games as Record<string, unknown>) : {};
  for (const [gi, game] of Object.entries(old)) {
    const sites = new Set(threads.filter((k) => k.split('/')[1] === gi).map((k) => k.split('/')[0]!));
    const keys = sites.size === 0 || sites.has('rpol.net') ? [gi] : [...sites].map((s) => gameKeyOf(`${s}/${gi}/-`)!);
    for (const key of keys) games[key] = game;
  }
  return { ...r, version: TABLES_VERSION, games };
}

/** A stored or backed-up tables object brought to this version (a version 1 one's game keys named by forum). */
const current = (r: Record<string, unknown>): Record<string, unknown> => (r.version === 1 ? gameKeysOfVersion1(r) : r);

/** Stored tables; entries that cannot be read are kept aside one by one, never the whole store dropped. */
export function loadTables(raw: unknown): Tables {
  const out: Tables = { version: TABLES_VERSION, games: {}, tables: {}, versions: currentVersions(), aside: {}, duelStarts: {}, pageSheets: {} };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const r = current(raw as Record<string, unknown>);
  Object.assign(out, readGameTables(r));
  const whole = TablesSchema.safeParse({ ...r, tables: out.tables, aside: out.aside, versions: out.versions });
  if (whole.success) return whole.data;
  if (r.games && typeof r.games === 'object') {
    for (const [k, v] of Object.entries(r.games)) if (GAME_KEY.test(k) && (GAME_IDS as readonly unknown[]).includes(v)) out.games[k] = v as TableGameId;
  }
  const d = r.duelStarts;
  if (d && typeof d === 'object') {
    for (const [k, v] of Object.entries(d))
      if (k.length <= 200 && Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 1)) out.duelStarts[k] = (v as number[]).slice(0, 200);
  }
  const pages = TablesSchema.shape.pageSheets.safeParse(r.pageSheets);
  if (pages.success) out.pageSheets = pages.data;
  return out;
}

/**
 * A backup's tables, validated as stored ones are read: each game's table brought to its version
 * now (the file's `versions` say from which), one that cannot be kept aside as it is; the rest
 * checked whole.
 */
export const TablesFileSchema = {
  safeParse(raw: unknown): ReturnType<typeof TablesSchema.safeParse> {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return TablesSchema.safeParse(raw);
    const r = current(raw as Record<string, unknown>);
    return TablesSchema.safeParse({ ...r, ...readGameTables(r), versions: currentVersions() });
  },
};

/** Sheets read on character pages kept in all (every game together); past either bound the oldest go first. */
export const PAGE_SHEETS_MAX = 300;
export const PAGE_SHEETS_MAX_CHARS = 1_500_000;

/** The page sheets within the total caps, newest kept first, and how many were dropped. */
export function capPageSheets(pages: Tables['pageSheets']): { pages: Tables['pageSheets']; dropped: number } {
  const all = Object.entries(pages).flatMap(([gi, game]) => Object.entries(game).map(([name, s]) => ({ gi, name, s })));
  all.sort((a, b) => b.s.seenAt - a.s.seenAt);
  const kept: Tables['pageSheets'] = {};
  let count = 0;
  let chars = 0;
  for (const { gi, name, s } of all) {
    if (count >= PAGE_SHEETS_MAX || chars + s.text.length > PAGE_SHEETS_MAX_CHARS) continue;
    count++;
    chars += s.text.length;
    (kept[gi] ??= {})[name] = s;
  }
  return { pages: kept, dropped: all.length - count };
}

/**
 * A backup's tables merged into the stored ones: the file's entry replaces the same thread's (or
 * game's) entry, the others stay, and no secret rides along with a table (the backup's secrets are
 * merged apart, by commitment). Page sheets merge by game and name (the newer kept), within the caps.
 */
export function mergeTables(live: Tables, file: Tables): { tables: Tables; dropped: number } {
  const tables = { ...live.tables };
  for (const [k, v] of Object.entries(file.tables)) tables[k] = withoutPrivateEntries(v);
  const pages: Tables['pageSheets'] = { ...live.pageSheets };
  for (const [gi, game] of Object.entries(file.pageSheets)) {
    const here = { ...(pages[gi] ?? {}) };
    for (const [name, s] of Object.entries(game)) if (!here[name] || here[name].seenAt < s.seenAt) here[name] = s;
    pages[gi] = here;
  }
  const capped = capPageSheets(pages);
  return {
    tables: {
      ...live,
      games: { ...live.games, ...file.games },
      tables,
      // Tables kept aside (unreadable) in the file come along only where nothing of that thread is held.
      aside: { ...Object.fromEntries(Object.entries(file.aside).filter(([k]) => !(k in tables))), ...live.aside },
      pageSheets: capped.pages,
      duelStarts: { ...live.duelStarts, ...file.duelStarts },
    },
    dropped: capped.dropped,
  };
}
