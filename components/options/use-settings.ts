/**
 * The Options page's settings: read once, each change validated and saved, and what is shown is
 * what is stored (a failed save puts the stored settings back and says why).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Settings, SettingsSchema } from '../../lib/settings/schema';
import { t } from '../locale';
import { errorText } from '../../lib/errors';

export type Status = { ok: boolean; text: string } | null;

export function useSettings(
  load: () => Promise<{ settings: Settings; problem: string | null }>,
  save: (s: Settings) => Promise<string | null>,
  onLanguage?: (pref: Settings['language']) => void,
) {
  const [settings, setSettings] = useState<Settings | null>(null);
  /** The settings as last shown (a board's add or remove finishes after other changes may have been made). */
  const latest = useRef<Settings | null>(null);
  latest.current = settings;
  const [status, setStatus] = useState<Status>(null);
  useEffect(() => {
    void load().then((r) => {
      onLanguage?.(r.settings.language);
      setSettings(r.settings);
      if (r.problem) setStatus({ ok: false, text: r.problem });
    });
  }, []);

  const update = (next: Settings) => {
    const valid = SettingsSchema.safeParse(next);
    if (!valid.success) {
      setStatus({ ok: false, text: t('common.notSaved', { reason: valid.error.issues[0]?.message ?? t('common.invalid') }) });
      return;
    }
    const before = settings;
    if (valid.data.language !== settings?.language) onLanguage?.(valid.data.language);
    setSettings(valid.data);
    void save(valid.data)
      .then((note) => setStatus({ ok: true, text: note ?? t('common.saved') }))
      .catch((e: unknown) => {
        // What is shown is what is stored: back to it, with the reason.
        setSettings(before);
        setStatus({ ok: false, text: t('common.notSaved', { reason: errorText(e) }) });
      });
  };
  /** Keep a new list of boards; rejects with the reason when it cannot be saved (what is shown is then what is stored). */
  const saveBoards = async (list: Settings['boards']) => {
    const before = latest.current ?? settings;
    const valid = SettingsSchema.safeParse({ ...before, boards: list });
    if (!valid.success) throw new Error(valid.error.issues[0]?.message ?? t('common.invalid'));
    setSettings(valid.data);
    try {
      await save(valid.data);
    } catch (e) {
      setSettings(before);
      throw e;
    }
  };
  return { settings, setSettings, status, setStatus, update, saveBoards };
}
