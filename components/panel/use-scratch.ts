/** What the user types in the Sheets and Planner tabs: saved (debounced) and read back next time; a failed save said until the next good one. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../lib/errors';
import type { Scratch } from '../../lib/settings/schema';
import { t } from '../locale';

export interface ScratchState {
  /** Null until it has been read. */
  value: Scratch | null;
  update(patch: Partial<Scratch>): void;
  /** Why the last save failed ('' once one succeeds): the same shape as a game table's. */
  saveError: string;
}

export function useScratch(load: () => Promise<Scratch>, save: (s: Scratch) => Promise<void>, delayMs = 250): ScratchState {
  const [value, setValue] = useState<Scratch | null>(null);
  const [saveError, setSaveError] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => void load().then(setValue), [load]);
  const write = (next: Scratch) =>
    save(next).then(
      () => setSaveError(''),
      (e: unknown) => setSaveError(t('common.notSaved', { reason: errorText(e) })),
    );
  const update = (patch: Partial<Scratch>) =>
    setValue((cur) => {
      if (!cur) return cur;
      const next = { ...cur, ...patch };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void write(next), delayMs);
      return next;
    });
  return { value, update, saveError };
}
