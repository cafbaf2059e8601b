/** The Options page's look and reading card: theme, language, what is annotated on the page, the dice log, the reroll window. */
import { LANGUAGES, type Settings, THEMES } from '../../lib/settings/schema';
import { type Key, LOCALE_NAMES, pickLocale } from '../../lib/i18n';
import { t } from '../locale';

export function LookCard({ settings, update }: { settings: Settings; update: (s: Settings) => void }) {
  const ann = settings.annotations;
  return (
    <section class="card" aria-labelledby="h-look">
      <h2 id="h-look">{t('opt.look')}</h2>
      <fieldset class="row" style="border:0;padding:0">
        <legend class="small">{t('opt.theme')}</legend>
        {THEMES.map((th) => (
          <label key={th} class="row small">
            <input type="radio" name="theme" value={th} checked={settings.theme === th} onChange={() => update({ ...settings, theme: th })} />{' '}
            {t(`opt.theme.${th}` as Key)}
          </label>
        ))}
      </fieldset>
      <label class="field small" style="max-width:320px">
        {t('opt.language')}
        <select
          data-testid="language"
          value={settings.language}
          onChange={(e) => update({ ...settings, language: (e.target as HTMLSelectElement).value as Settings['language'] })}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l === 'auto' ? undefined : l}>
              {l === 'auto' ? t('opt.language.auto', { name: LOCALE_NAMES[pickLocale('auto', navigator.languages)] }) : LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
        <span class="muted">{t('opt.language.hint')}</span>
      </label>
      {(
        [
          ['rolls', t('opt.ann.rolls')],
          ['sheets', t('opt.ann.sheets')],
          ['diceLog', t('opt.ann.diceLog')],
          ['drawer', t('opt.ann.drawer')],
        ] as const
      ).map(([k, label]) => (
        <label key={k} class="row small">
          <input
            type="checkbox"
            name={`annotation-${k}`}
            checked={ann[k]}
            onChange={(e) => update({ ...settings, annotations: { ...ann, [k]: (e.target as HTMLInputElement).checked } })}
          />{' '}
          {label}
        </label>
      ))}
      <label class="row small">
        <input
          type="checkbox"
          checked={settings.fetchDiceLog}
          onChange={(e) => update({ ...settings, fetchDiceLog: (e.target as HTMLInputElement).checked })}
        />{' '}
        {t('opt.fetchLog')}
      </label>
      <label class="field small" style="max-width:220px">
        {t('opt.rerollWindow')}
        <input
          type="number"
          min={1}
          max={1440}
          value={settings.rerollWindowMinutes}
          onInput={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= 1 && n <= 1440) update({ ...settings, rerollWindowMinutes: n });
          }}
        />
      </label>
    </section>
  );
}
