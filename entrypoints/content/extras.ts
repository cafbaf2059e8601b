/** The reader's side of the extras (entrypoints/shared/extras.ts): asked for once, when a page first needs them. */
import { browser } from 'wxt/browser';
import { CATALOGS } from '../../lib/i18n';
import { t, uiLocale } from '../../components/locale';
import { EXTRAS_KEY, type Extras } from '../shared/extras';

let loading: Promise<Extras> | null = null;

const present = (): Extras | undefined => (globalThis as unknown as Record<string, Extras | undefined>)[EXTRAS_KEY];

/**
 * The extras, in this tab's isolated world: put in by the background on the first call, then kept.
 * Rejects when they cannot be put in (the extension was updated or removed meanwhile); the next call tries again.
 */
export function loadExtras(): Promise<Extras> {
  loading ??= (async () => {
    if (!present()) {
      let answer: { ok?: boolean; error?: string } | undefined;
      try {
        answer = (await browser.runtime.sendMessage({ type: 'load-extras' })) as typeof answer;
      } catch {
        // The runtime is gone (the extension was updated, reloaded or switched off).
        throw new Error(t('cs.extrasGone'));
      }
      if (!answer?.ok) throw new Error(t('cs.extrasFailed', { reason: String(answer?.error ?? '?').slice(0, 200) }));
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
