/**
 * What a page load needs before it reads its first post, kept ready in storage: the settings, the
 * page's language with its catalogue, and the duel's context of every thread (the bound sheet,
 * where new duels start). The background writes it (validated with zod on the way in) whenever
 * what it is made of changes; a content script reads it straight from storage, beside the server
 * rolls seen on its own thread's other pages, in one read at `document_start`. That is one trip
 * to the browser instead of two messages through the background, and the key a board's page names
 * only in its header (a phpBB topic's forum) is looked up in what was read, with no second trip.
 *
 * When the kept copy is missing, of another version, or older than the settings saved since
 * (their save stamp differs), the page asks the background, as it did before there was a copy.
 * The content script carries no zod: the checks below are small and cast nothing.
 */
import { type Entry, type Key, type Locale, checkedCatalog, registerCatalog } from '../../lib/i18n';
import type { Forum, ThreadInfo } from '../../lib/forums/forum';
import { DEFAULT_SETTINGS, draftKey, type PageSettings, pageSettings } from '../../lib/settings/defaults';
import { gameKeyOf } from '../../lib/settings/keys';
import type { Settings } from '../../lib/settings/schema';
import { setLocale } from '../../components/locale';
import type { DuelContextAnswer } from './messages/duel';
import { conform, isRecord, isText, isTip, listOf } from './protocol';

export const PAGE_START_KEY = 'pageStart';
export const PAGE_START_VERSION = 1;
/** The settings' save stamp (written with them): a kept copy made before the last save is not used. */
export const SETTINGS_SAVED_AT_KEY = 'settingsSavedAt';
/**
 * The server rolls seen on a thread's pages, one key per thread, its list as one JSON string: a
 * page reads its own thread's alone, and the browser hands over a string far faster than an
 * object of thousands of arrays (60 threads of 500 rolls in one object took 219 ms to read).
 */
export const seenKey = (threadKey: string): string => `seen:${threadKey}`;
/**
 * The thread a page's seen rolls are kept for, as its address tells it: a board's topic without its
 * forum (which only the page's header names), RPOL's thread within its game, on its site with its
 * scheme (`site`: lib/settings/keys' siteKey). So a page reads them in its first storage read,
 * before its header is parsed.
 */
export const rollsKeyOf = (forum: Pick<Forum, 'threadIdWithinGame'>, site: string, info: Pick<ThreadInfo, 'gameId' | 'threadId'>): string =>
  draftKey(site, forum.threadIdWithinGame ? info.gameId : null, info.threadId);
/** The same from a thread's key (the old store's): RPOL's is kept whole; every other forum is a board. */
export const rollsKeyOfThread = (threadKey: string): string =>
  threadKey.startsWith('rpol.net/') ? threadKey : threadKey.replace(/^([^/]*)\/[^/]*\//, '$1/-/');
/** The threads with seen rolls kept, each with when it was last written: past SEEN_THREADS, the oldest go. */
export const SEEN_INDEX_KEY = 'seenThreads';
/** Where every thread's seen rolls were kept in one object before: moved to their own keys by the background. */
export const OLD_SEEN_KEY = 'seenRolls';
export const SEEN_PER_THREAD = 4000;
export const SEEN_THREADS = 60;

/**
 * The parts of the catalogue the content scripts (every forum's, and the extras) word anything
 * with, by the first part of the key: the copy carries these alone, a third of the whole (the
 * rest is the panel's, Options' and the background's). A unit test fails when a content script's
 * code names a key of a part missing here.
 */
export const PAGE_CATALOG_PARTS: readonly string[] = [
  'at',
  'attr',
  'au',
  'badge',
  'bb',
  'bd',
  'colour',
  'cs',
  'detail',
  'dj',
  'dr',
  'drawer',
  'gp',
  'id',
  'kind',
  'kw',
  'land',
  'pg',
  'rarity',
  'rc',
  'read',
  'reply',
  'sev',
  'sh',
  'sheet',
  'sum',
  'th',
  'trust',
  'vw',
];

/** The entries of `catalog` a page words with (PAGE_CATALOG_PARTS). */
export function pageCatalog(catalog: Record<Key, Entry>): Record<Key, Entry> {
  const parts = new Set(PAGE_CATALOG_PARTS);
  return Object.fromEntries(Object.entries(catalog).filter(([k]) => parts.has(k.slice(0, k.indexOf('.'))))) as Record<Key, Entry>;
}

export interface PageStart {
  version: typeof PAGE_START_VERSION;
  /** The settings' save stamp when this copy was made (null: never saved, the defaults). */
  savedAt: number | null;
  settings: Settings;
  locale: Locale;
  catalog: Record<Key, Entry> | null;
  bound: string | null;
  /** Posts where the user marked that a new duel starts, per thread key. */
  duelStarts: Record<string, number[]>;
  /** The games (by game key, gameKeyOf) with sheets read on their character pages: a thread of one asks the background for them. */
  sheetGames: string[];
}

const stamp = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** What a page reads of the kept copy once its version and stamp are checked (they are not carried on). */
export type PageCopy = Omit<PageStart, 'version' | 'savedAt'>;

/** The kept copy, if it is of this version and as new as the settings' stamp `savedAt`; else null. */
export function checkPageStart(text: unknown, savedAt: unknown): PageCopy | null {
  if (typeof text !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || raw.version !== PAGE_START_VERSION || stamp(raw.savedAt) !== stamp(savedAt)) return null;
  const catalog = checkedCatalog(raw.catalog);
  if (!catalog) return null;
  return {
    settings: conform(raw.settings, DEFAULT_SETTINGS),
    locale: raw.locale === 'it' ? 'it' : 'en',
    catalog,
    bound: typeof raw.bound === 'string' ? raw.bound : null,
    duelStarts: isRecord(raw.duelStarts) ? (raw.duelStarts as Record<string, number[]>) : {},
    sheetGames: listOf(raw.sheetGames, (g): g is string => isText(g)) ?? [],
  };
}

/** A thread's seen server rolls (by `tipKey`, with the post they first stood in), from its stored string (or a list). */
export function seenOf(stored: unknown): [string, number][] {
  let tips = stored;
  if (typeof stored === 'string') {
    try {
      tips = JSON.parse(stored);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(tips)) return [];
  return tips.filter(isTip).slice(0, SEEN_PER_THREAD);
}

/** The page's language put in use with its catalogue (the kept copy's, or the background's answer), when there is one. */
export function speak(words: { locale: Locale; catalog: Record<Key, Entry> | null } | null | undefined): void {
  if (!words?.catalog) return;
  registerCatalog(words.locale, words.catalog);
  setLocale(words.locale);
}

/** A page's settings from the kept copy (the catalogue of its language put in use). */
export function settingsFrom(start: PageCopy, threadKey: string): PageSettings {
  speak(start);
  return pageSettings(start.settings, threadKey);
}

/** A thread's duel context from the kept copy and its stored seen rolls; null when the background must tell (the game's page sheets). */
export function duelFrom(start: PageCopy, seen: unknown, threadKey: string, sheetsKey = threadKey): DuelContextAnswer | null {
  // Page sheets are kept by the game of the page that read them, its scheme named (`sheetsKey`: the page's rolls key).
  if (start.sheetGames.includes(gameKeyOf(sheetsKey)!)) return null;
  const marks = start.duelStarts[threadKey];
  return {
    seenTips: seenOf(seen),
    bound: start.bound,
    sheets: [],
    newDuelAt: Array.isArray(marks) ? marks.filter((n) => Number.isInteger(n) && n >= 1) : [],
  };
}
