/**
 * The Options page's Turns card: notifications (off by default; the browser's permission is asked
 * when they are turned on), the quiet hours, what the toolbar button opens, and forgetting every
 * followed thread; how often the background checks followed threads (off, 15, 30, 60 minutes).
 */
import { useEffect, useState } from 'preact/hooks';
import { CHECK_INTERVALS } from '../../lib/turns/checks';
import type { TurnsPrefs } from '../../lib/turns/prefs';
import { t } from '../locale';
import { turnsPrefsSource } from './source';
import { TURNS_STYLES } from './TurnsList';

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (v: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(v);
  return m ? Math.min(23, Number(m[1])) * 60 + Math.min(59, Number(m[2])) : null;
};

export function TurnsCard() {
  const source = turnsPrefsSource();
  const [prefs, setPrefs] = useState<TurnsPrefs | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => void source?.read().then(setPrefs), [source]);
  if (!source || !prefs) return null;
  const save = (next: TurnsPrefs) => {
    setPrefs(next);
    void source.write(next).then(
      () => setNote(t('common.saved')),
      (e: unknown) => setNote(t('common.notSaved', { reason: String((e as Error)?.message ?? e) })),
    );
  };
  const notify = (on: boolean) => {
    if (!on) return save({ ...prefs, notify: false });
    // Asked in the click itself: the browser takes the request from the user's action only.
    void source.allowNotifications().then((ok) => (ok ? save({ ...prefs, notify: true }) : setNote(t('tu.opt.denied'))));
  };
  const quiet = prefs.quiet ?? { from: 22 * 60, to: 8 * 60 };
  return (
    <section class="card turns" aria-labelledby="h-turns" data-testid="turns-options">
      <style>{TURNS_STYLES}</style>
      <h2 id="h-turns">{t('tu.opt.title')}</h2>
      <label class="check">
        <input type="checkbox" checked={prefs.notify} onChange={(e) => notify((e.target as HTMLInputElement).checked)} />
        {t('tu.opt.notify')}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={prefs.quiet !== null}
          onChange={(e) => save({ ...prefs, quiet: (e.target as HTMLInputElement).checked ? quiet : null })}
        />
        {t('tu.opt.quiet')}
      </label>
      {prefs.quiet && (
        <div class="row">
          {(['from', 'to'] as const).map((k) => (
            <label key={k} class="field">
              {t(k === 'from' ? 'tu.opt.quietFrom' : 'tu.opt.quietTo')}
              <input
                type="time"
                value={hhmm(quiet[k])}
                onChange={(e) => {
                  const m = minutes((e.target as HTMLInputElement).value);
                  if (m !== null) save({ ...prefs, quiet: { ...quiet, [k]: m } });
                }}
              />
            </label>
          ))}
        </div>
      )}
      <label class="field">
        {t('tu.opt.toolbar')}
        <select value={prefs.toolbar} onChange={(e) => save({ ...prefs, toolbar: (e.target as HTMLSelectElement).value === 'turns' ? 'turns' : 'panel' })}>
          <option value="panel">{t('tu.opt.toolbar.panel')}</option>
          <option value="turns">{t('tu.opt.toolbar.turns')}</option>
        </select>
      </label>
      <label class="field">
        {t('tu.opt.check')}
        <select
          value={String(prefs.check)}
          onChange={(e) => {
            const m = Number((e.target as HTMLSelectElement).value);
            save({ ...prefs, check: CHECK_INTERVALS.find((x) => x === m) ?? 30 });
          }}
        >
          {CHECK_INTERVALS.map((m) => (
            <option key={m} value={String(m)}>
              {m ? t('tu.opt.check.every', { minutes: m }) : t('tu.opt.check.off')}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="btn" onClick={() => void source.forget().then(() => setNote(t('tu.opt.forgotten')))}>
        {t('tu.opt.forget')}
      </button>
      <p class="small" role="status">
        {note}
      </p>
    </section>
  );
}
