/**
 * A short memory of each game's dice log (a few minutes, at most a few games), kept by the origin
 * of the page that read it and the game: a plain-http page never feeds the log an https page uses.
 */
import { cacheLog, cachedLog } from '../../shared/messages/log-cache';
import type { Sender } from '../../shared/transport';
import type { HandlersOf } from './handler';

/** The origin a message came from, as the browser names its sender ('' for one of the extension's own pages). */
function senderOrigin(sender: Sender): string {
  try {
    return sender.url ? new URL(sender.url).origin : '';
  } catch {
    return '';
  }
}

export function logCacheHandlers(ttlMs = 120_000, maxGames = 8): HandlersOf<typeof cachedLog | typeof cacheLog> {
  const cache = new Map<string, { html: string; at: number }>();
  const key = (gi: string, sender: Sender) => `${senderOrigin(sender)} ${gi}`;
  return {
    [cachedLog.type](m, sender) {
      const hit = cache.get(key(m.gi, sender));
      return Promise.resolve({ html: hit && Date.now() - hit.at < ttlMs ? hit.html : null });
    },
    [cacheLog.type](m, sender) {
      cache.set(key(m.gi, sender), { html: m.html, at: Date.now() });
      while (cache.size > maxGames) cache.delete(cache.keys().next().value!);
      return Promise.resolve({ ok: true });
    },
  };
}
