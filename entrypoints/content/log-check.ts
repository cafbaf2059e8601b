/**
 * With the user's leave (settings: fetch the dice log), read the game's Die Roller log from the
 * same origin and mark thread rolls that the log shows as re-rolls of the same thing.
 */
import { t } from '../../components/locale';
import { readDiceLog } from '../../lib/forums/rpol/dicelog';
import { findRerolls } from '../../lib/trust/fishing';
import { sameSparkRoll } from '../../lib/games/spark-d10/fishing';
import type { RollView } from '../../lib/view';
import { askCachedLog, tellCachedLog } from '../shared/messages';

export async function checkThreadAgainstLog(origin: string, gameId: string, rolls: RollView[], windowMinutes: number): Promise<RollView[]> {
  // One fetch per game: the background keeps the log a couple of minutes for the game's other threads.
  let html = await askCachedLog(gameId);
  if (html === null) {
    try {
      const res = await fetch(`${origin}/usermodules/diceroller.cgi?gi=${encodeURIComponent(gameId)}`, { credentials: 'include' });
      if (!res.ok) return [];
      html = await res.text();
      void tellCachedLog(gameId, html);
    } catch {
      return [];
    }
  }
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const log = readDiceLog(doc).map((l) => l.record);
  const rerolls = findRerolls(log, windowMinutes, sameSparkRoll);
  const changed: RollView[] = [];
  for (const again of rerolls) {
    const line = log[again.index]!;
    const minute = line.time! - (line.time! % 60);
    const view = rolls.find(
      (v) => v.source === 'server' && v.roller === line.rollerName && v.results.join() === line.results.join() && v.reason === line.reason && v.time === minute,
    );
    if (!view) continue;
    const first = log[again.first]!;
    view.cautions = [...view.cautions, t('cs.logReroll', { attempt: again.attempt, first: first.reason, minutes: Math.round(again.gap / 60) })];
    view.reroll = { attempt: again.attempt, gapMinutes: Math.round(again.gap / 60) };
    changed.push(view);
  }
  return changed;
}
