/** The reader's side of the extras (entrypoints/shared/extras.ts): asked for once, when a page first needs them. */
import { CATALOGS } from '../../lib/i18n';
import { t, uiLocale } from '../../components/locale';
import { EXTRAS_KEY, type ExtrasSetup } from '../shared/extras';
import type { loadExtras as loadExtrasMessage } from '../shared/messages/extras';
import { checkDone } from '../shared/protocol';
import { send } from '../shared/transport';

let loading: Promise<ExtrasSetup> | null = null;

const present = (): ExtrasSetup | undefined => (globalThis as unknown as Record<string, ExtrasSetup | undefined>)[EXTRAS_KEY];

/**
 * The extras, in this tab's isolated world: put in by the background on the first call, then kept.
 * A feature sees them through its own half (`Half`: extras.content.ts puts in every feature's, as
 * the features' Extras says). Rejects when they cannot be put in (the extension was updated or
 * removed meanwhile); the next call tries again.
 */
export function loadExtras<Half = unknown>(): Promise<Half & ExtrasSetup> {
  loading ??= (async () => {
    if (!present()) {
      const answer = await send<typeof loadExtrasMessage>('load-extras', {}, checkDone);
      // No answer: the runtime is gone (the extension was updated, reloaded or switched off).
      if (!answer) throw new Error(t('cs.extrasGone'));
      if (!answer.ok) throw new Error(t('cs.extrasFailed', { reason: answer.error.slice(0, 200) }));
    }
    const extras = present();
    if (!extras) throw new Error(t('cs.extrasFailed', { reason: 'extras.js' }));
    extras.setup(uiLocale(), CATALOGS[uiLocale()]);
    return extras;
  })().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading as Promise<Half & ExtrasSetup>;
}

/** Start loading them (a reader about to open a detail): nothing is said if it fails here. */
export const prepareExtras = (): void => void loadExtras().catch(() => {});
