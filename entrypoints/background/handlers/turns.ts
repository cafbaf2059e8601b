/** The Turns view's messages: a thread page read (kept by the background's turns keeper, ../turns.ts, never answered with more than ok), and Check now. */
import { turnsCheckNow, turnsPage, type TurnsPage } from '../../shared/messages/turns';
import type { Sender } from '../../shared/transport';
import type { HandlersOf } from './handler';

export function turnsHandlers(
  keep: (page: TurnsPage, sender: Sender) => Promise<void>,
  checkNow: () => Promise<boolean>,
  extensionOrigin: string,
): HandlersOf<typeof turnsPage | typeof turnsCheckNow> {
  return {
    [turnsPage.type]: (m, sender) =>
      keep(m, sender).then(
        () => ({ ok: true }),
        () => ({ ok: false }),
      ),
    // The user's own button, in the extension's pages only: a web page cannot make the background ask for anything.
    [turnsCheckNow.type]: (_m, sender) =>
      sender.url?.startsWith(`${extensionOrigin}/`)
        ? checkNow().then(
            (ok) => ({ ok }),
            () => ({ ok: false }),
          )
        : Promise.resolve({ ok: false }),
  };
}
