/** A thread's duel context, and what the background keeps for the thread's pages: their seen rolls, the game's page sheets. */
import { errorText } from '../../../lib/errors';
import { draftKey } from '../../../lib/settings/defaults';
import { gameKeyOf, siteKey } from '../../../lib/settings/keys';
import { type DuelContextAnswer, duelContext, pageSheet, seenRolls } from '../../shared/messages/duel';
import type { Sender } from '../../shared/transport';
import type { HandlersOf } from './handler';

/**
 * The site (lib/settings/keys' siteKey: host and scheme) of the page that sent a message, as
 * the browser names it (every page's message carries its address; undefined only where none is
 * named, a test's fake sender); null off a web page (one of the extension's own).
 */
function senderSite(sender: Sender): string | null | undefined {
  if (sender.url === undefined) return undefined;
  try {
    return /^https?:/.test(sender.url) ? siteKey(new URL(sender.url)) : null;
  } catch {
    return null;
  }
}

/** The key of game `gi` on the page that sent a message: its forum and scheme named, whatever the message says (undefined: no address named). */
export const senderGameKey = (gi: string, sender: Sender): string | null | undefined => {
  const site = senderSite(sender);
  return site && gameKeyOf(draftKey(site, gi, null));
};

/** Whether thread key `key` is of the site of the page that sent it: an http page never writes what an https page reads. */
export const ofSenderSite = (key: string, sender: Sender): boolean => {
  const site = senderSite(sender);
  return site === undefined || key.split('/')[0] === site;
};

export function duelHandlers(
  read: (threadKey: string, game?: string | null) => Promise<DuelContextAnswer>,
  keep: (gameKey: string, text: string) => Promise<void>,
  seen: (threadKey: string, tips: [string, number][]) => Promise<void>,
): HandlersOf<typeof duelContext | typeof seenRolls | typeof pageSheet> {
  return {
    [seenRolls.type]: (m, sender) =>
      ofSenderSite(m.threadKey, sender) ? seen(m.threadKey, m.tips).then(() => ({ ok: true })) : Promise.resolve({ ok: false }),
    // The game's page sheets as the asking page's scheme keeps them (an http page's never reach an https one).
    [duelContext.type]: (m, sender) => read(m.threadKey, senderGameKey(m.threadKey.split('/')[1] ?? '-', sender)),
    [pageSheet.type]: (m, sender) => {
      const named = senderGameKey(m.gi, sender);
      const game = named === undefined ? m.gi : named;
      if (!game) return Promise.resolve({ ok: false as const, error: '' });
      return keep(game, m.text).then(
        () => ({ ok: true as const }),
        (e: unknown) => ({ ok: false as const, error: errorText(e).slice(0, 300) }),
      );
    },
  };
}
