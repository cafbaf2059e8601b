/** A thread page read, for the Turns view: kept by the background's turns keeper (../turns.ts), never answered with more than ok. */
import { turnsPage, type TurnsPage } from '../../shared/messages/turns';
import type { Sender } from '../../shared/transport';
import type { HandlersOf } from './handler';

export function turnsHandlers(keep: (page: TurnsPage, sender: Sender) => Promise<void>): HandlersOf<typeof turnsPage> {
  return {
    [turnsPage.type]: (m, sender) =>
      keep(m, sender).then(
        () => ({ ok: true }),
        () => ({ ok: false }),
      ),
  };
}
