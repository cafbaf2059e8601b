/**
 * What the panel keeps for Parlor Magic.
 *
 * Per thread (in the tables store): the records this reader has seen in the thread's posts, by
 * post (`seen`: commitments, nonces, seals; one changed later is not accepted), and the nonces an
 * earlier version kept the same way (`nonces`, still read). Version 3; version 2 also kept the
 * ruler's one secret for the whole thread, which version 3 carries as `legacySecret` only until it
 * is moved to the secrets' key; version 1 kept the word of the old seeded deal, which became that
 * secret. `seen` is optional within version 3 (a table without it is as valid as before, so no
 * step is needed; a build that predates it drops it on its next write, and the records are seen
 * again from the posts as they are then).
 *
 * The secrets (in their own storage key, never evicted, never in the tables store): one per game,
 * by the commitment it made (`parlorCommit(secret)`), with the thread it was made for, and when its
 * commitment was inserted or copied (`posted`: it is never offered for a commitment again, whether
 * or not that post reached the thread). A secret from an imported backup is marked so: it can play
 * and reveal the game it committed, but the panel never commits a new game with it (a file someone
 * hands you cannot plant a secret they know).
 */
import * as z from 'zod/mini';
import type { PrivateStore } from '../game';
import { parlorCommit } from './hidden';

export const ParlorTableSchema = z.object({
  game: z.literal('parlor'),
  /** Nonces seen, by post number. */
  nonces: z._default(z.record(z.string().check(z.regex(/^\d{1,7}$/)), z.string().check(z.regex(/^[0-9a-f]{16}$/))), {}),
  /** Records seen, by post number (`recordTokens`, at most `SEEN_PER_POST` a post). */
  seen: z.optional(
    z.record(z.string().check(z.regex(/^\d{1,7}$/)), z.array(z.string().check(z.regex(/^(commit|nonce|seal):[0-9a-f]{16,64}$/))).check(z.maxLength(16))),
  ),
  /** A version 2 table's secret, until it is moved to the secrets' key (never dropped before). */
  legacySecret: z.optional(z.string().check(z.maxLength(200))),
  updatedAt: z.number(),
});
/** A post's records kept at most (a post has one to three; a hostile one may carry hundreds, of which the first are enough to see an edit). */
export const SEEN_PER_POST = 16;
export type ParlorTable = z.infer<typeof ParlorTableSchema>;

export const PARLOR_STORED = {
  schema: ParlorTableSchema,
  version: 3,
  migrations: {
    1: (old: Record<string, unknown>) => ({ game: 'parlor', secret: old.word ?? '', nonces: {}, updatedAt: old.updatedAt }),
    2: (old: Record<string, unknown>) => {
      const { secret, ...rest } = old;
      return typeof secret === 'string' && secret ? { ...rest, legacySecret: secret } : rest;
    },
  },
};

export const ParlorSecretSchema = z.object({
  secret: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The thread it was made for ("host/gi/ti"). */
  thread: z.string().check(z.maxLength(200)),
  createdAt: z.number(),
  /** From an imported backup: it plays and reveals its own game, and never commits a new one. */
  imported: z.optional(z.boolean()),
  /** When its commitment was inserted into a reply or copied: never offered for a commitment again. */
  posted: z.optional(z.number()),
});
export type ParlorSecret = z.infer<typeof ParlorSecretSchema>;

const COMMITMENT = /^[0-9a-f]{64}$/;
export const PARLOR_SECRETS_VERSION = 1;

export const ParlorSecretsSchema = z.object({
  version: z.literal(PARLOR_SECRETS_VERSION),
  /** By commitment: the secret's own `parlorCommit`. */
  secrets: z._default(z.record(z.string().check(z.regex(COMMITMENT)), ParlorSecretSchema), {}),
  /** Entries that could not be read (not valid, or not matching their commitment), kept as stored. */
  aside: z._default(z.record(z.string().check(z.maxLength(200)), z.unknown()), {}),
});
export type ParlorSecrets = z.infer<typeof ParlorSecretsSchema>;

export const emptyParlorSecrets = (): ParlorSecrets => ({ version: PARLOR_SECRETS_VERSION, secrets: {}, aside: {} });

/** The stored secrets, entry by entry: one that is not valid or does not match its commitment is kept aside, never dropped. */
export function loadParlorSecrets(raw: unknown): ParlorSecrets {
  const out = emptyParlorSecrets();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const r = raw as { version?: unknown; secrets?: unknown; aside?: unknown };
  if (r.aside && typeof r.aside === 'object' && !Array.isArray(r.aside)) Object.assign(out.aside, r.aside);
  const entries = r.secrets && typeof r.secrets === 'object' && !Array.isArray(r.secrets) ? Object.entries(r.secrets) : [];
  for (const [k, v] of entries) {
    const e = ParlorSecretSchema.safeParse(v);
    if (r.version === PARLOR_SECRETS_VERSION && COMMITMENT.test(k) && e.success && parlorCommit(e.data.secret) === k) out.secrets[k] = e.data;
    else if (k.length <= 200) out.aside[k] = v;
  }
  return out;
}

/** The records a thread's table says this reader saw, by post: `seen`, with the nonces an earlier version kept. */
export function seenRecords(table: Pick<ParlorTable, 'nonces' | 'seen'>): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const [post, tokens] of Object.entries(table.seen ?? {})) out[Number(post)] = [...tokens];
  for (const [post, nonce] of Object.entries(table.nonces)) {
    const list = (out[Number(post)] ??= []);
    if (!list.includes(`nonce:${nonce}`)) list.push(`nonce:${nonce}`);
  }
  return out;
}

/** A secret's entry, keyed by its commitment. */
export const secretEntry = (secret: string, thread: string, createdAt: number): [string, ParlorSecret] => [parlorCommit(secret), { secret, thread, createdAt }];

/**
 * Secrets still in old thread tables (by thread key: `legacySecret`, or a version 2 table's
 * `secret` as an old backup holds it), as entries of the secrets' key: each stays with the
 * commitment it made.
 */
export function legacySecrets(tables: unknown): Record<string, ParlorSecret> {
  const out: Record<string, ParlorSecret> = {};
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) return out;
  for (const [thread, t] of Object.entries(tables)) {
    const table = t as { game?: unknown; legacySecret?: unknown; secret?: unknown; updatedAt?: unknown } | null;
    const secret = table?.legacySecret ?? table?.secret;
    if (table?.game !== 'parlor' || typeof secret !== 'string' || !secret || secret.length > 200 || thread.length > 200) continue;
    const [k, e] = secretEntry(secret, thread, typeof table.updatedAt === 'number' ? table.updatedAt : 0);
    out[k] = e;
  }
  return out;
}

/**
 * Secrets from elsewhere (an old table, an imported backup) added to the live ones: a live entry is
 * never replaced. Imported ones are marked, so they never commit a new game.
 */
export function mergeParlorSecrets(live: ParlorSecrets, more: Record<string, ParlorSecret>, imported: boolean): ParlorSecrets {
  const out: ParlorSecrets = { ...live, secrets: { ...live.secrets }, aside: { ...live.aside } };
  for (const [k, e] of Object.entries(more)) {
    const held = out.secrets[k];
    if (!held) out.secrets[k] = imported ? { ...e, imported: true } : e;
    // A secret posted elsewhere (another device, a backup) stays posted here: that mark only ever narrows what is offered.
    else if (e.posted !== undefined && held.posted === undefined) out.secrets[k] = { ...held, posted: e.posted };
  }
  return out;
}

/** The secret of `commitment` marked posted (its commitment inserted or copied) at `at`; unchanged when it is not held or is marked already. */
export function markSecretPosted(secrets: ParlorSecrets, commitment: string, at: number): ParlorSecrets {
  const held = secrets.secrets[commitment];
  if (!held || held.posted !== undefined) return secrets;
  return { ...secrets, secrets: { ...secrets.secrets, [commitment]: { ...held, posted: at } } };
}

/**
 * The secret to commit a new game with, in `thread`: one made here for it whose commitment is not in
 * the thread yet (anywhere in it: the caller passes every post it holds, not a page) and was never
 * inserted or copied (never an imported one), or null (the panel then makes and saves a fresh one).
 */
export function pendingSecret(secrets: ParlorSecrets, thread: string, inThread: ReadonlySet<string>): string | null {
  const mine = Object.entries(secrets.secrets).filter(([k, e]) => e.thread === thread && !e.imported && e.posted === undefined && !inThread.has(k));
  mine.sort((a, b) => b[1].createdAt - a[1].createdAt);
  return mine[0]?.[1].secret ?? null;
}

/** A table without the secret a version 2 table kept (once that secret is in the secrets' key). */
function withoutLegacySecret<Table extends object>(table: Table): Table {
  if (!('legacySecret' in table) || table.legacySecret === undefined) return table;
  const { legacySecret: _secret, ...rest } = table;
  return rest as Table;
}

/** The secrets as a value of the secrets' key (those from old tables, say). */
const asSecrets = (secrets: Record<string, ParlorSecret>): ParlorSecrets => ({ ...emptyParlorSecrets(), secrets });

/**
 * The secrets as Parlor Magic's private data (lib/games/game.ts): their own key, the backup's
 * `parlorSecrets`, a held secret never replaced by a file's, and the old tables' moved out.
 */
export const PARLOR_PRIVATE = {
  key: 'parlorSecrets',
  field: 'parlorSecrets',
  schema: ParlorSecretsSchema,
  empty: emptyParlorSecrets,
  load: loadParlorSecrets,
  merge: (live: ParlorSecrets, more: ParlorSecrets, imported: boolean) => mergeParlorSecrets(live, more.secrets, imported),
  ids: (value: ParlorSecrets) => Object.keys(value.secrets),
  // A secret filed under a commitment it does not make: the whole part is refused.
  problem: (file: ParlorSecrets) =>
    Object.keys(loadParlorSecrets(file).aside).length > Object.keys(file.aside).length ? ('pm.hh.backupMismatch' as const) : null,
  inTables: (tables: unknown) => asSecrets(legacySecrets(tables)),
  withoutTableEntries: withoutLegacySecret,
  words: {
    invalid: 'pm.hh.backupSecrets',
    notKept: 'pm.hh.secretNotKept',
    count: 'bk.secrets',
    same: 'bk.secretsSame',
    fresh: 'bk.secretsFresh',
    warn: 'bk.secretsWarn',
  },
} as const satisfies PrivateStore<ParlorSecrets>;

/**
 * Save a new game's secret (made for `thread`) through `update`, its store's change in turn (which
 * rejects when it cannot be saved): resolves to the commitment it makes. A held entry is never replaced.
 */
export async function saveNewSecret(
  update: (change: (live: ParlorSecrets) => ParlorSecrets) => Promise<unknown>,
  secret: string,
  thread: string,
  now: number,
): Promise<string> {
  const [commitment, entry] = secretEntry(secret, thread, now);
  await update((live) => mergeParlorSecrets(live, { [commitment]: entry }, false));
  return commitment;
}
