/**
 * The boards the user added (Options → Add forum): each one whose origin the browser allows gets
 * its software's content script, registered for that origin alone; one removed (in Options, or
 * its permission taken back in the browser's own settings) loses it. Chrome keeps registrations
 * across sessions (`scripting`); Firefox's (`contentScripts`) last while this background does,
 * so they are made again each time it starts.
 */
import { browser } from 'wxt/browser';
import { type AddedBoard, boardAt, originPattern } from '../../lib/forums/added';
import { forumById, forumOfHost } from '../../lib/forums/registry';
import type { Settings } from '../../lib/settings/schema';

interface ChromeScripting {
  registerContentScripts(s: { id: string; matches: string[]; js: string[]; runAt: string; persistAcrossSessions: boolean }[]): Promise<void>;
  getRegisteredContentScripts(): Promise<{ id: string; runAt?: string }[]>;
  unregisterContentScripts(f: { ids: string[] }): Promise<void>;
}
interface FirefoxContentScripts {
  register(s: { matches: string[]; js: { file: string }[]; runAt: string }): Promise<{ unregister(): Promise<void> }>;
}
interface Permissions {
  getAll(): Promise<{ origins?: string[] }>;
  onAdded: { addListener(f: () => void): void };
  onRemoved: { addListener(f: () => void): void };
}

const PREFIX = 'board ';
/**
 * When a board's script starts: as the page begins to parse, so that its posts are read as the
 * parser delivers them (lib/reading/feed.ts), as on the built-in sites. The board's software is
 * the stored board's, so nothing needs recognising before the page's body is parsed.
 */
const RUN_AT = 'document_start';
/** One registration's id: the board's software and origin (a change of either is a new registration). */
const idOf = (b: AddedBoard) => `${PREFIX}${b.forum} ${b.origin}`;
/** The content script a forum's pages get (WXT names each after its entry: the forum's id). */
const scriptOf = (b: AddedBoard) => `content-scripts/${b.forum}.js`;

export interface BoardKeeper {
  /** Is this a page Spark Scribe reads: one of a forum's own sites, or a board the user added and the browser allows? */
  readHere(url: URL): boolean;
  /** Make the registrations match the settings and the browser's permissions. */
  sync(settings: Settings): Promise<void>;
}

export function boardKeeper(): BoardKeeper {
  const scripting = (browser as unknown as { scripting?: ChromeScripting }).scripting;
  const firefox = (browser as unknown as { contentScripts?: FirefoxContentScripts }).contentScripts;
  const permissions = (browser as unknown as { permissions: Permissions }).permissions;
  /** The boards being read now (allowed by the browser), for `readHere`. */
  let reading: AddedBoard[] = [];
  /** Firefox's registrations, by id. */
  const firefoxHandles = new Map<string, { unregister(): Promise<void> }>();
  /** One sync at a time, the last one asked for winning. */
  let queue = Promise.resolve();

  async function allowed(boards: readonly AddedBoard[]): Promise<AddedBoard[]> {
    const origins = new Set((await permissions.getAll()).origins ?? []);
    return boards.filter((b) => forumById(b.forum)?.recognise && origins.has(originPattern(b.origin)));
  }

  async function syncChrome(s: ChromeScripting, wanted: AddedBoard[]): Promise<void> {
    const ours = (await s.getRegisteredContentScripts()).filter((r) => r.id.startsWith(PREFIX));
    // Chrome keeps an earlier version's registrations (made to start at document_end): made again.
    const have = ours.filter((r) => !r.runAt || r.runAt === RUN_AT).map((r) => r.id);
    const ids = new Set(wanted.map(idOf));
    const gone = ours.map((r) => r.id).filter((id) => !ids.has(id) || !have.includes(id));
    if (gone.length) await s.unregisterContentScripts({ ids: gone });
    const fresh = wanted.filter((b) => !have.includes(idOf(b)));
    if (fresh.length)
      await s.registerContentScripts(
        fresh.map((b) => ({ id: idOf(b), matches: [originPattern(b.origin)], js: [scriptOf(b)], runAt: RUN_AT, persistAcrossSessions: true })),
      );
  }

  async function syncFirefox(f: FirefoxContentScripts, wanted: AddedBoard[]): Promise<void> {
    const ids = new Set(wanted.map(idOf));
    for (const [id, handle] of firefoxHandles) {
      if (ids.has(id)) continue;
      firefoxHandles.delete(id);
      await handle.unregister().catch(() => {});
    }
    for (const b of wanted) {
      if (firefoxHandles.has(idOf(b))) continue;
      firefoxHandles.set(idOf(b), await f.register({ matches: [originPattern(b.origin)], js: [{ file: scriptOf(b) }], runAt: RUN_AT }));
    }
  }

  let latest: Settings | null = null;
  const keeper: BoardKeeper = {
    readHere: (url) => !!forumOfHost(url.hostname) || !!boardAt(reading, url),
    sync(settings) {
      latest = settings;
      queue = queue
        .then(async () => {
          if (latest !== settings) return;
          const wanted = await allowed(settings.boards);
          reading = wanted;
          if (scripting) await syncChrome(scripting, wanted);
          else if (firefox) await syncFirefox(firefox, wanted);
        })
        .catch(() => {
          /* a registration the browser refused: the next change tries again */
        });
      return queue;
    },
  };
  // A permission given back or taken in the browser's own settings changes what is read at once.
  const again = () => latest && void keeper.sync(latest);
  permissions.onAdded.addListener(again);
  permissions.onRemoved.addListener(again);
  return keeper;
}
