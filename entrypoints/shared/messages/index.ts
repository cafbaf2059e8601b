/**
 * Every message to the background, listed once: each is declared beside what it concerns (its
 * type, the check of its request and of its answer), and the background answers each by its
 * handler (entrypoints/background/handlers/: a message of this list without one does not compile).
 * Requests to a tab are ./tab.ts's. Options talks to storage only.
 */
import { judgeTables } from '../../content/features/table-badges.extras';
import { drawerCheck, drawerClose, drawerHint, drawerOpen, relay } from './drawer';
import { duelContext, pageSheet, seenRolls } from './duel';
import { loadExtras } from './extras';
import { cacheLog, cachedLog } from './log-cache';
import { privateArea } from './private';
import { settings } from './settings';
import { keepPages, threadPages } from './thread-pages';
import { turnsCheckNow, turnsPage } from './turns';

export const BACKGROUND_MESSAGES = [
  settings,
  judgeTables,
  loadExtras,
  duelContext,
  seenRolls,
  pageSheet,
  cachedLog,
  cacheLog,
  drawerOpen,
  drawerClose,
  drawerHint,
  drawerCheck,
  relay,
  threadPages,
  keepPages,
  turnsPage,
  turnsCheckNow,
  privateArea,
] as const;

export type BackgroundType = (typeof BACKGROUND_MESSAGES)[number]['type'];
/** The declaration of the background's message `T`. */
export type BackgroundMessage<T extends BackgroundType = BackgroundType> = Extract<(typeof BACKGROUND_MESSAGES)[number], { type: T }>;
