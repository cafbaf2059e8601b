/** What the user types in the Sheets and Planner tabs: saved (debounced) and read back next time. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Scratch } from '../../lib/settings/schema';

export interface ScratchState {
  /** Null until it has been read. */
  value: Scratch | null;
  update(patch: Partial<Scratch>): void;
}

export function useScratch(load: () => Promise<Scratch>, save: (s: Scratch) => Promise<void>, delayMs = 250): ScratchState {
  const [value, setValue] = useState<Scratch | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => void load().then(setValue), [load]);
  const update = (patch: Partial<Scratch>) =>
    setValue((cur) => {
      if (!cur) return cur;
      const next = { ...cur, ...patch };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(next), delayMs);
      return next;
    });
  return { value, update };
}
