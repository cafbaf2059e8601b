/** The background's short memory of each game's dice log (one fetch serves the game's other threads). */
import { checkOk, isGame, isRecord, isText, type Message } from '../protocol';

export const checkCachedLog = (x: unknown): { html: string | null } | null => (isRecord(x) ? { html: isText(x.html, 3e6) ? x.html : null } : null);

/** The game's Die Roller log, when the background read it for another thread a moment ago. */
export const cachedLog = {
  type: 'cached-log',
  ask: (m) => (isRecord(m) && isGame(m.gi) ? { gi: m.gi } : null),
  answer: checkCachedLog,
} as const satisfies Message;

/** A game's log, just fetched: kept a few minutes. */
export const cacheLog = {
  type: 'cache-log',
  ask: (m) => (isRecord(m) && isGame(m.gi) && isText(m.html, 2_999_999) ? { gi: m.gi, html: m.html } : null),
  answer: checkOk,
} as const satisfies Message;
