/**
 * Default settings as a plain value, and helpers that need no validation code — for the content
 * script, which receives settings already validated (schema.ts) from the background.
 */
import { DEFAULT_GAME_RULES } from '../spark/settings';
import { DEFAULT_REROLL_WINDOW_MINUTES } from '../trust/fishing';
import type { Settings } from './schema';

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  theme: 'auto',
  language: 'auto',
  threadLanguages: {},
  annotations: { rolls: true, sheets: true, diceLog: true, drawer: true },
  fetchDiceLog: true,
  rerollWindowMinutes: DEFAULT_REROLL_WINDOW_MINUTES,
  defaultRules: { ...DEFAULT_GAME_RULES, acquiredMythics: {}, races: [], keywordAdjustments: {} },
  games: {},
};

/** The house rules for a game: its own, or the defaults. */
export function rulesForGame(settings: Settings, gameId: string | null) {
  return (gameId && settings.games[gameId]?.rules) || settings.defaultRules;
}

export function draftKey(host: string, gameId: string | null, threadId: string | null): string {
  return `${host.replace(/^(www|new|m)\./, '')}/${gameId ?? '-'}/${threadId ?? '-'}`;
}

/** The language posts to a thread are written in (English unless chosen for the thread). */
export function postLanguage(settings: Settings | null, threadKey: string | null): 'en' | 'it' {
  return (threadKey && settings?.threadLanguages[threadKey]) || 'en';
}
