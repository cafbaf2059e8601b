/** The background's handlers, by subject, in one table: a message to the background with no handler here does not compile. */
import type { Settings } from '../../../lib/settings/schema';
import type { TableCheck, TablePost } from '../../../lib/view';
import type { DuelContextAnswer } from '../../shared/messages/duel';
import { drawerHandlers } from './drawer';
import { duelHandlers } from './duel';
import { extrasHandlers } from './extras';
import type { Handlers } from './handler';
import { logCacheHandlers } from './log-cache';
import { privateHandlers } from './private';
import { settingsHandlers } from './settings';
import { tableHandlers } from './tables';
import { threadPagesHandlers } from './thread-pages';
import type { KeptThread } from '../../../lib/threads/kept';
import type { PagesToKeep } from '../../shared/storage/thread-pages';
import { turnsHandlers } from './turns';
import type { TurnsPage } from '../../shared/messages/turns';
import type { Sender } from '../../shared/transport';
import type { StorageArea } from '../../shared/storage/item';

/** What the handlers answer from: the background's readers, keepers and judges. */
export interface HandlerSources {
  settings: () => Promise<Settings>;
  languages: () => readonly string[];
  judge: (posts: TablePost[], thread: string) => TableCheck[];
  duelContext: (threadKey: string, game?: string | null) => Promise<DuelContextAnswer>;
  /** A character page's sheet, kept for the game of key `gameKey` (./duel.ts' senderGameKey). */
  keepPageSheet: (gameKey: string, text: string) => Promise<void>;
  addSeenRolls: (threadKey: string, tips: [string, number][]) => Promise<void>;
  injectExtras: (tabId: number, frameId: number) => Promise<void>;
  readHere: (url: URL) => boolean;
  /** The extension's own origin (the drawer's panel page is of it). */
  extensionOrigin: string;
  /** A thread's pages kept for its other pages, and keeping more (lib/threads). */
  readThreadPages: (key: string) => Promise<KeptThread | null>;
  keepThreadPages: (key: string, more: PagesToKeep) => Promise<void>;
  /** A thread page read, kept for the Turns view. */
  keepTurnsPage: (page: TurnsPage, sender: Sender) => Promise<void>;
  /** Check now: every followed thread asked for once (the Turns view's button). */
  checkTurnsNow: () => Promise<boolean>;
  /** The private area's own database, answered to the drawer's panel. */
  privateArea: StorageArea;
}

export function backgroundHandlers(s: HandlerSources): Handlers {
  return {
    ...settingsHandlers(s.settings, s.languages),
    ...tableHandlers(s.judge),
    ...duelHandlers(s.duelContext, s.keepPageSheet, s.addSeenRolls),
    ...logCacheHandlers(),
    ...extrasHandlers(s.injectExtras, s.readHere),
    ...drawerHandlers(s.extensionOrigin),
    ...threadPagesHandlers(s.readThreadPages, s.keepThreadPages),
    ...turnsHandlers(s.keepTurnsPage, s.checkTurnsNow, s.extensionOrigin),
    ...privateHandlers(s.privateArea, s.extensionOrigin),
  };
}
