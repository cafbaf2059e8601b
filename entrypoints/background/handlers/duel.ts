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

/** The key of game `gi` on the page that sent a message: its forum and scheme named, whatever the message says. */
export const senderGameKey = (gi: string, sender: Sender): string | null => {
  const site = senderSite(sender);
  return site === undefined ? gi : site && gameKeyOf(draftKey(site, gi, null));
};

/** Whether thread key `key` is of the site of the page that sent it: an http page never writes what an https page reads. */
export const ofSenderSite = (key: string, sender: Sender): boolean => {
  const site = senderSite(sender);
  return site === undefined || key.split('/')[0] === site;
};

export function duelHandlers(
  read: (threadKey: string) => Promise<DuelContextAnswer>,
  keep: (gameKey: string, text: string) => Promise<void>,
  seen: (threadKey: string, tips: [string, number][]) => Promise<void>,
): HandlersOf<typeof duelContext | typeof seenRolls | typeof pageSheet> {
  return {
    [seenRolls.type]: (m, sender) =>
      ofSenderSite(m.threadKey, sender) ? seen(m.threadKey, m.tips).then(() => ({ ok: true })) : Promise.resolve({ ok: false }),
    [duelContext.type]: (m) => read(m.threadKey),
    [pageSheet.type]: (m, sender) => {
      const game = senderGameKey(m.gi, sender);
      if (!game) return Promise.resolve({ ok: false as const, error: '' });
      return keep(game, m.text).then(
        () => ({ ok: true as const }),
        (e: unknown) => ({ ok: false as const, error: errorText(e).slice(0, 300) }),
      );
    },
  };
}
