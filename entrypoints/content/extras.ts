/** The reader's side of the extras (entrypoints/shared/extras.ts): asked for once, when a page first needs them. */
import { CATALOGS } from '../../lib/i18n';
import { t, uiLocale } from '../../components/locale';
import { EXTRAS_KEY, type Extras } from '../shared/extras';
import { askExtras } from '../shared/messages';

let loading: Promise<Extras> | null = null;

const present = (): Extras | undefined => (globalThis as unknown as Record<string, Extras | undefined>)[EXTRAS_KEY];

/**
 * The extras, in this tab's isolated world: put in by the background on the first call, then kept.
 * Rejects when they cannot be put in (the extension was updated or removed meanwhile); the next call tries again.
 */
export function loadExtras(): Promise<Extras> {
  loading ??= (async () => {
    if (!present()) {
      const answer = await askExtras();
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
  return loading;
}

/** Start loading them (a reader about to open a detail): nothing is said if it fails here. */
export const prepareExtras = (): void => void loadExtras().catch(() => {});
