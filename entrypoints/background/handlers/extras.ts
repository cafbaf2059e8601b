/**
 * Put the extras (entrypoints/shared/extras.ts) into the frame whose reader asks. Only our
 * content script on a forum's page we read can ask (`readHere`: the forums' own sites and the
 * boards the user added): runtime messages come from the extension's own scripts, and the frame
 * is the sender's own.
 */
import { errorText } from '../../../lib/errors';
import { loadExtras } from '../../shared/messages/extras';
import type { HandlersOf } from './handler';

export function extrasHandlers(inject: (tabId: number, frameId: number) => Promise<void>, readHere: (url: URL) => boolean): HandlersOf<typeof loadExtras> {
  const allowed = (url: string | undefined) => {
    try {
      const u = new URL(url ?? '');
      return (u.protocol === 'https:' || u.protocol === 'http:') && readHere(u);
    } catch {
      return false;
    }
  };
  return {
    [loadExtras.type](_, sender) {
      const tabId = sender.tab?.id;
      if (tabId === undefined || !allowed(sender.url)) return Promise.resolve({ ok: false, error: 'not a page Spark Scribe reads' });
      return inject(tabId, sender.frameId ?? 0).then(
        () => ({ ok: true }),
        (e: unknown) => ({ ok: false, error: errorText(e) }),
      );
    },
  };
}
