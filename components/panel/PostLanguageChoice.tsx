/** The thread's post language: what is posted to this thread is written in it, whatever the UI's language. */
import { LOCALE_NAMES, LOCALES, type Locale } from '../../lib/i18n';
import type { Settings } from '../../lib/settings/schema';
import { t } from '../locale';
import { usePanel } from './context';
import { errorText } from '../../lib/errors';

export function PostLanguageChoice({ settings, setSettings }: { settings: Settings; setSettings: (s: Settings) => void }) {
  const { source, threadKey, postLocale, setSaveProblem } = usePanel();
  const choose = async (l: Locale) => {
    if (!threadKey) return;
    const next = { ...settings, threadLanguages: { ...settings.threadLanguages } };
    if (l === 'en') delete next.threadLanguages[threadKey];
    else next.threadLanguages[threadKey] = l;
    setSettings(next);
    try {
      await source.saveSettings(next);
    } catch (e) {
      setSaveProblem(t('common.notSaved', { reason: errorText(e) }));
    }
  };
  return (
    <label class="row small">
      {t('panel.postLanguage')}
      <select
        aria-label={t('panel.postLanguage.label')}
        data-testid="post-language"
        value={postLocale}
        onChange={(e) => void choose((e.target as HTMLSelectElement).value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
