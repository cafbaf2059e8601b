/**
 * What every message between the extension's parts is made of: a declaration (./messages/) names
 * its type and holds the check of its request (`ask`, read by the side that answers) and the check
 * of its answer (`answer`, read by the side that asked); the background's handler of it is typed
 * against it (entrypoints/background/handlers/). The transport is ./transport.ts.
 *
 * A request or an answer arrives as `unknown` and becomes its type only through its check (a
 * content script of an older version, or a background mid-update, may answer in an old shape).
 * The content script carries no zod: the checks are small and cast nothing.
 */

/** A check of an answer (or a message) that arrived: its typed value, or null when it is not of that shape. */
export type Check<T> = (x: unknown) => T | null;

/** The checks of a message's request's fields and of its answer. */
export interface Checks {
  /** The request's fields, as the answering side reads them (null: not of this shape, left unanswered). */
  readonly ask: Check<object>;
  /** The answer, as the asking side reads it (null: another shape, as from an older version). */
  readonly answer: Check<unknown>;
}

/** One message to the background: its type, and its checks. */
export interface Message extends Checks {
  readonly type: string;
}

/** What a request of message `M` carries (its type aside). */
export type AskOf<M extends Checks> = NonNullable<ReturnType<M['ask']>>;
/** What answers message `M`. */
export type AnswerOf<M extends Checks> = NonNullable<ReturnType<M['answer']>>;

export type Ok = { ok: boolean };
export type Done = { ok: true } | { ok: false; error: string };

/**
 * To an added board's page, from Options when the user removes the board: stop reading and take
 * out everything Spark Scribe put in. Only a board's script listens (RPOL's is never removed).
 */
export const STOP_BOARD = 'stop-board';
export const isStopBoard = (x: unknown): boolean => isRecord(x) && x.type === STOP_BOARD;

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
export const isText = (x: unknown, max = 1e6): x is string => typeof x === 'string' && x.length <= max;
export const isWhole = (x: unknown): x is number => Number.isInteger(x);
/** A server roll seen on a page: its `tipKey` and the post it first stood in. */
export const isTip = (t: unknown): t is [string, number] => Array.isArray(t) && isText(t[0], 20) && isWhole(t[1]) && t[1] > 0;
/** An RPOL game's id. */
export const isGame = (x: unknown): x is string => isText(x, 9) && /^\d{1,9}$/.test(x);
export const isThreadKey = (x: unknown): x is string => isText(x, 200);

/** Each element that passes `keep`, the rest dropped (null when it is not an array). */
export function listOf<T>(x: unknown, keep: (v: unknown) => v is T, max = 10_000): T[] | null {
  return Array.isArray(x) ? x.filter(keep).slice(0, max) : null;
}

export const checkOk: Check<Ok> = (x) => (isRecord(x) && typeof x.ok === 'boolean' ? { ok: x.ok } : null);

export const checkDone: Check<Done> = (x) =>
  !isRecord(x) ? null : x.ok === true ? { ok: true } : x.ok === false ? { ok: false, error: isText(x.error, 300) ? x.error : '?' } : null;

/** A value shaped like `like`: each of its fields of the same kind kept, the others `like`'s (the background validated the whole with zod). */
export function conform<T>(x: unknown, like: T): T {
  // A field whose default is null holds a value of its own kind or null: kept as sent.
  if (like === null) return (x === undefined ? like : x) as T;
  if (Array.isArray(like)) return (Array.isArray(x) ? x : like) as T;
  if (!isRecord(like)) return typeof x === typeof like ? (x as T) : like;
  if (!isRecord(x)) return like;
  // A record whose keys are the user's (per game, per thread): the background's zod checked its entries.
  if (!Object.keys(like).length) return x as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(like)) out[k] = conform(x[k], like[k]);
  return out as T;
}
