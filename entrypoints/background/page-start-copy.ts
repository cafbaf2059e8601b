/**
 * The copy of what a page load needs (../shared/page-start.ts), kept ready in storage by the
 * background, and what it answers a page that cannot use that copy: the settings, the bound sheet
 * and the tables store, each read (and validated) once and again only after it changes.
 */
import { browser } from 'wxt/browser';
import { CATALOGS, pickLocale } from '../../lib/i18n';
import { gameKeyOf } from '../../lib/settings/keys';
import type { Settings } from '../../lib/settings/schema';
import { loadBoundSheet } from '../../lib/settings/schema';
import { loadTables, type Tables } from '../../lib/settings/tables';
import { PAGE_START_KEY, PAGE_START_VERSION, type PageStart, pageCatalog, SETTINGS_SAVED_AT_KEY } from '../shared/page-start';
import type { DuelContextAnswer } from '../shared/messages/duel';
import { readSettings } from '../shared/storage';
import { SETTINGS_KEY } from '../shared/storage/settings';
import { BOUND_KEY } from '../shared/storage/sheets';
import { TABLES_KEY } from '../shared/storage/tables';

/** The bound sheet and the tables store, as every thread's duel context uses them. */
export type DuelBase = () => Promise<{ bound: string | null; tables: Tables }>;

/** A value read once and kept until a change `stale` names is written (a failed read is tried again next time). */
function keptUntilChanged<T>(read: () => Promise<T>, stale: (changes: Record<string, unknown>, area: string) => boolean): () => Promise<T> {
  let kept: Promise<T> | null = null;
  browser.storage.onChanged.addListener((changes: Record<string, unknown>, area: string) => {
    if (stale(changes, area)) kept = null;
  });
  return () =>
    (kept ??= read().catch((e: unknown) => {
      kept = null;
      throw e;
    }));
}

/**
 * What a thread page asks for before it reads its first post when the kept copy cannot tell: the
 * user's bound sheet, the sheets read on the game's character pages, and where the user marked
 * that new duels start (the seen rolls the page reads itself, by its address: none here). For the
 * background: the bound sheet and the tables store are read (and validated) once, and again only
 * after they change.
 */
export function duelContextReader(base: DuelBase = duelBaseReader()): (threadKey: string, game?: string | null) => Promise<DuelContextAnswer> {
  // `game`: the key the page's game's sheets are kept by (its scheme named: ./handlers/duel's senderGameKey).
  return async (threadKey, game = gameKeyOf(threadKey)) => {
    const { bound, tables } = await base();
    return {
      seenTips: [],
      bound,
      sheets: game ? Object.values(tables.pageSheets[game] ?? {}).map((s) => s.text) : [],
      newDuelAt: tables.duelStarts[threadKey] ?? [],
    };
  };
}

/** The bound sheet and the tables store, read (and validated) once, and again only after either changes. */
export function duelBaseReader(): DuelBase {
  return keptUntilChanged(
    async () => {
      const all = await browser.storage.local.get([BOUND_KEY, TABLES_KEY]);
      return { bound: loadBoundSheet(all[BOUND_KEY])?.text ?? null, tables: loadTables(all[TABLES_KEY]) };
    },
    (changes, area) => area === 'local' && (TABLES_KEY in changes || BOUND_KEY in changes),
  );
}

/** The copy of what a page load needs (../shared/page-start.ts), made from what is stored now. */
async function pageStartNow(settings: () => Promise<Settings>, base: DuelBase, languages: () => readonly string[]): Promise<PageStart> {
  const [s, { bound, tables }, stamp] = await Promise.all([settings(), base(), browser.storage.local.get(SETTINGS_SAVED_AT_KEY)]);
  const locale = pickLocale(s.language, languages());
  const savedAt = stamp[SETTINGS_SAVED_AT_KEY];
  const catalog = CATALOGS[locale];
  return {
    version: PAGE_START_VERSION,
    savedAt: typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : null,
    settings: s,
    locale,
    catalog: catalog ? pageCatalog(catalog) : null,
    bound,
    duelStarts: tables.duelStarts,
    sheetGames: Object.keys(tables.pageSheets).filter((gi) => Object.keys(tables.pageSheets[gi] ?? {}).length > 0),
  };
}

/** `job` run one at a time: a call while it runs queues one more run after it (the last change is always seen). */
function oneAtATime(job: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void job().finally(() => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}

/**
 * Keep the copy of what a page load needs (../shared/page-start.ts) as the settings, the bound
 * sheet and the tables are now: written at start and after each change to them, only when it
 * differs from the stored copy. A copy that cannot be written is removed: pages then ask the background.
 */
export function keepPageStart(settings: () => Promise<Settings>, base: DuelBase, languages: () => readonly string[]): void {
  const run = oneAtATime(async () => {
    try {
      // One string: a page reads and parses a string faster than the browser hands it thousands of fields.
      const text = JSON.stringify(await pageStartNow(settings, base, languages));
      if ((await browser.storage.local.get(PAGE_START_KEY))[PAGE_START_KEY] !== text) await browser.storage.local.set({ [PAGE_START_KEY]: text });
    } catch {
      await browser.storage.local.remove(PAGE_START_KEY).catch(() => {});
    }
  });
  run();
  browser.storage.onChanged.addListener((changes: Record<string, unknown>, area: string) => {
    if (area === 'sync' || [SETTINGS_KEY, SETTINGS_SAVED_AT_KEY, BOUND_KEY, TABLES_KEY].some((k) => k in changes)) run();
  });
}

/**
 * The settings as the background answers them to every page load: read (both stores, migrated,
 * merged with sync) once, and again only after either store's settings change.
 */
export function settingsReader(): () => Promise<Settings> {
  return keptUntilChanged(
    async () => (await readSettings()).settings,
    (changes, area) => area === 'sync' || SETTINGS_KEY in changes || SETTINGS_SAVED_AT_KEY in changes,
  );
}
