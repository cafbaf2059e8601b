/**
 * Every message between the extension's parts, in one place: what each carries and what answers
 * it. Tab requests go to a tab's content script (from the side panel, the drawer's frame through
 * the background's relay, the background's keyboard command); background messages go to the
 * background (from the content scripts and the drawer's frame). Options talks to storage only.
 *
 * An answer arrives as `unknown` and becomes its type only through its message's check below (a
 * content script of an older version, or a background mid-update, may answer in an old shape).
 * The content script carries no zod: the checks are small and cast nothing.
 */
import type { Entry, Key, Locale } from '../../lib/i18n';
import type { PageSettings } from '../../lib/settings/defaults';
import type { PageSummary, TableCheck, TablePost } from '../../lib/view';

export type Ok = { ok: boolean };
export type Done = { ok: true } | { ok: false; error: string };

/** The duel's context for a thread: the user's bound sheet and the posts marked as new duels. */
export interface DuelContextAnswer {
  /** Server rolls seen on the thread's other pages: [tipKey, post]. */
  seenTips: [string, number][];
  bound: string | null;
  /** Sheets read on this game's character pages. */
  sheets: string[];
  newDuelAt: number[];
}

/** No bound sheet, no marks, nothing seen elsewhere: the context of a thread the background cannot tell about. */
export const NO_DUEL_CONTEXT: DuelContextAnswer = { seenTips: [], bound: null, sheets: [], newDuelAt: [] };

export interface SettingsAnswer {
  /** The settings the page reads by (its game's house rules, its thread's post language). */
  settings: PageSettings;
  /** The page's language, and its catalogue (the content script carries none). */
  locale: Locale;
  catalog: Record<Key, Entry> | null;
}

/** Requests to a tab's content script, and their answers. */
export interface TabProtocol {
  summary: { ask: object; answer: PageSummary };
  jump: { ask: { id: string }; answer: Ok };
  insert: { ask: { text: string }; answer: Done };
  refold: { ask: { newDuelAt: number[] }; answer: Ok };
  /** Open or close the drawer (the keyboard command), or close it from inside its frame (Escape). */
  drawer: { ask: { open?: boolean }; answer: Ok };
}

/**
 * To an added board's page, from Options when the user removes the board: stop reading and take
 * out everything Spark Scribe put in. Only a board's script listens (RPOL's is never removed).
 */
export const STOP_BOARD = 'stop-board';
export const isStopBoard = (x: unknown): boolean => isRecord(x) && x.type === STOP_BOARD;

/** Messages to the background, and their answers. */
export interface BackgroundProtocol {
  settings: { ask: { gameId: string | null; threadKey: string }; answer: SettingsAnswer };
  'judge-tables': { ask: { posts: TablePost[]; thread: string }; answer: { checks: TableCheck[] } };
  'load-extras': { ask: object; answer: Done };
  'duel-context': { ask: { threadKey: string }; answer: DuelContextAnswer };
  'seen-rolls': { ask: { threadKey: string; tips: [string, number][] }; answer: Ok };
  'page-sheet': { ask: { gi: string; text: string }; answer: Done };
  'cached-log': { ask: { gi: string }; answer: { html: string | null } };
  'cache-log': { ask: { gi: string; html: string }; answer: Ok };
  /**
   * From a tab's top frame: it is opening its drawer, whose frame will be handed `nonce` (posted
   * into the frame, to the extension's origin only: the page cannot read it).
   */
  'drawer-open': { ask: { nonce: string }; answer: Ok };
  /** From a tab's top frame: its drawer is closed (or its page is going away). */
  'drawer-close': { ask: object; answer: Ok };
  /**
   * From a panel page in a frame: it holds its tab's `nonce`; the first to show it claims the
   * registration for its frame, with a secret of its own document (`session`) that the relay
   * asks for from then on. Any other frame, or any later document, is refused.
   */
  'drawer-check': { ask: { nonce: string; session: string }; answer: Ok };
  /** From the drawer's frame: a request for its own tab, and the tab's answer (checked by the request's own check). */
  relay: { ask: { session: string; request: TabRequest }; answer: { ok: true; answer: unknown } | { ok: false } };
}

type Messages<P extends { [T in keyof P]: { ask: object } }> = { [T in keyof P]: { type: T } & P[T]['ask'] };
export type TabType = keyof TabProtocol;
export type BackgroundType = keyof BackgroundProtocol;
export type TabMessage<T extends TabType = TabType> = Messages<TabProtocol>[T];
export type BackgroundMessage<T extends BackgroundType = BackgroundType> = Messages<BackgroundProtocol>[T];
/** Any request to a tab. */
export type TabRequest = TabMessage;
export type TabAnswer<T extends TabType> = TabProtocol[T]['answer'];
export type BackgroundAnswer<T extends BackgroundType> = BackgroundProtocol[T]['answer'];

/** A check of an answer (or a message) that arrived: its typed value, or null when it is not of that shape. */
export type Check<T> = (x: unknown) => T | null;

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
export const isText = (x: unknown, max = 1e6): x is string => typeof x === 'string' && x.length <= max;
const isWhole = (x: unknown): x is number => Number.isInteger(x);

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

const isTip = (t: unknown): t is [string, number] => Array.isArray(t) && isText(t[0], 20) && isWhole(t[1]) && t[1] > 0;

export const checkDuelContext: Check<DuelContextAnswer> = (x) =>
  isRecord(x)
    ? {
        seenTips: listOf(x.seenTips, isTip) ?? [],
        bound: isText(x.bound) ? x.bound : null,
        sheets: listOf(x.sheets, (t): t is string => isText(t)) ?? [],
        newDuelAt: listOf(x.newDuelAt, isWhole) ?? [],
      }
    : null;

const VERDICTS: readonly string[] = ['follows', 'mismatch', 'rules', 'unreadable'] satisfies TableCheck['verdict'][];
const isTableCheck = (c: unknown): c is TableCheck =>
  isRecord(c) &&
  isWhole(c.post) &&
  isText(c.game, 40) &&
  isText(c.verdict) &&
  VERDICTS.includes(c.verdict) &&
  isText(c.label) &&
  Array.isArray(c.reasons) &&
  c.reasons.every((r) => isText(r));

export const checkTableChecks: Check<{ checks: TableCheck[] }> = (x) => (isRecord(x) ? { checks: listOf(x.checks, isTableCheck) ?? [] } : null);

export const checkCachedLog: Check<{ html: string | null }> = (x) => (isRecord(x) ? { html: isText(x.html, 3e6) ? x.html : null } : null);

export const checkRelay: Check<BackgroundAnswer<'relay'>> = (x) =>
  isRecord(x) && x.ok === true && 'answer' in x ? { ok: true, answer: x.answer } : { ok: false };

/** A request to a tab, each field of its kind (it comes from the extension's own pages, through the runtime). */
export const isTabRequest = (x: unknown): x is TabRequest =>
  isRecord(x) &&
  (x.type === 'summary' ||
    (x.type === 'drawer' && (x.open === undefined || typeof x.open === 'boolean')) ||
    (x.type === 'jump' && isText(x.id, 200)) ||
    (x.type === 'insert' && isText(x.text)) ||
    (x.type === 'refold' && Array.isArray(x.newDuelAt) && x.newDuelAt.every(isWhole)));
