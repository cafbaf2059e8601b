/**
 * With the user's leave (settings: fetch the dice log), read the game's dice log (RPOL's Die
 * Roller) from the same origin once the thread is read, and mark thread rolls that the log shows
 * as re-rolls of the same thing.
 */
import { type cacheLog, type cachedLog, checkCachedLog } from '../../shared/messages/log-cache';
import { send, tell } from '../../shared/transport';
import { rerollsInLog } from '../dice-log';
import type { Feature } from './feature';

/** The game's dice log page, from the background's short memory or fetched (same origin, the reader's own session). */
async function logHtml(url: string, gameId: string): Promise<string | null> {
  // One fetch per game: the background keeps the log a couple of minutes for the game's other
  // threads of this page's origin (it keys it by the origin the browser names as the sender).
  const cached = (await send<typeof cachedLog>('cached-log', { gi: gameId }, checkCachedLog))?.html ?? null;
  if (cached !== null) return cached;
  try {
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) return null;
    const html = await res.text();
    void tell<typeof cacheLog>('cache-log', { gi: gameId, html });
    return html;
  } catch {
    return null;
  }
}

export const logCheck: Feature = {
  on: ['thread'],
  enabled: (s) => s.fetchDiceLog,
  init(ctx) {
    const gameId = ctx.info.gameId;
    const log = ctx.forum.diceLog;
    if (!gameId || !log) return;
    const url = log.url(location.origin, gameId);
    ctx.reading?.onDone(() => {
      void logHtml(url, gameId)
        .then((html) =>
          html === null
            ? []
            : rerollsInLog(
                log.read(new DOMParser().parseFromString(html, 'text/html')).map((l) => l.record),
                ctx.summary.rolls,
                ctx.settings.rerollWindowMinutes,
              ),
        )
        .then(
          (changed) => {
            for (const v of changed) {
              const at = ctx.summary.rolls.findIndex((r) => r.id === v.id);
              if (at >= 0) ctx.summary.rolls[at] = v;
              ctx.rollUpdated(v);
            }
          },
          () => {},
        );
    });
  },
};
