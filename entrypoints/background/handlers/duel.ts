/** A thread's duel context, and what the background keeps for the thread's pages: their seen rolls, the game's page sheets. */
import { errorText } from '../../../lib/errors';
import { type DuelContextAnswer, duelContext, pageSheet, seenRolls } from '../../shared/messages/duel';
import type { HandlersOf } from './handler';

export function duelHandlers(
  read: (threadKey: string) => Promise<DuelContextAnswer>,
  keep: (gi: string, text: string) => Promise<void>,
  seen: (threadKey: string, tips: [string, number][]) => Promise<void>,
): HandlersOf<typeof duelContext | typeof seenRolls | typeof pageSheet> {
  return {
    [seenRolls.type]: (m) => seen(m.threadKey, m.tips).then(() => ({ ok: true })),
    [duelContext.type]: (m) => read(m.threadKey),
    [pageSheet.type]: (m) =>
      keep(m.gi, m.text).then(
        () => ({ ok: true as const }),
        (e: unknown) => ({ ok: false as const, error: errorText(e).slice(0, 300) }),
      ),
  };
}
