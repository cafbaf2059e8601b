/**
 * Default settings as a plain value, and helpers that need no validation code — for the content
 * script, which receives settings already validated (schema.ts) from the background.
 */
import { DEFAULT_GAME_RULES, type GameRules } from '../spark/settings';
import { DEFAULT_REROLL_WINDOW_MINUTES } from '../trust/fishing';
import { gameKeyOf } from './keys';
import type { Settings } from './schema';

/** What a page's reader needs of the settings: the background resolves them for the page's game and thread. */
export interface PageSettings {
  theme: Settings['theme'];
  annotations: Settings['annotations'];
  fetchDiceLog: boolean;
  rerollWindowMinutes: number;
  /** The house rules of the page's game. */
  rules: GameRules;
  /** The language the thread's posts are written in. */
  postLanguage: 'en' | 'it';
}

/** A page's settings when the background cannot answer: the defaults (the same values as DEFAULT_SETTINGS'). */
export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  theme: 'auto',
  annotations: { rolls: true, sheets: true, diceLog: true, drawer: true },
  fetchDiceLog: true,
  rerollWindowMinutes: DEFAULT_REROLL_WINDOW_MINUTES,
  rules: DEFAULT_GAME_RULES,
  postLanguage: 'en',
};

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  theme: DEFAULT_PAGE_SETTINGS.theme,
  language: 'auto',
  threadLanguages: {},
  annotations: { ...DEFAULT_PAGE_SETTINGS.annotations },
  fetchDiceLog: DEFAULT_PAGE_SETTINGS.fetchDiceLog,
  rerollWindowMinutes: DEFAULT_PAGE_SETTINGS.rerollWindowMinutes,
  defaultRules: { ...DEFAULT_GAME_RULES, acquiredMythics: {}, races: [], keywordAdjustments: {} },
  boards: [],
  games: {},
};

/** The house rules for a game (by its game key, gameKeyOf): its own, or the defaults. */
export function rulesForGame(settings: Settings, gameKey: string | null) {
  return (gameKey && settings.games[gameKey]?.rules) || settings.defaultRules;
}

export function draftKey(host: string, gameId: string | null, threadId: string | null): string {
  return `${host.replace(/^(www|new|m)\./, '')}/${gameId ?? '-'}/${threadId ?? '-'}`;
}

/** The language posts to a thread are written in (English unless chosen for the thread). */
export function postLanguage(settings: Settings | null, threadKey: string | null): 'en' | 'it' {
  return (threadKey && settings?.threadLanguages[threadKey]) || 'en';
}

/** The settings a page of thread `threadKey` (its game's house rules by the key's game) reads by. */
export function pageSettings(settings: Settings, threadKey: string | null): PageSettings {
  const { theme, annotations, fetchDiceLog, rerollWindowMinutes } = settings;
  return {
    theme,
    annotations,
    fetchDiceLog,
    rerollWindowMinutes,
    rules: rulesForGame(settings, gameKeyOf(threadKey)),
    postLanguage: postLanguage(settings, threadKey),
  };
}
