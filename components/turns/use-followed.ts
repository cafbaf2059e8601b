/** The followed threads as stored, kept up to date, and the time the view counts from (again each minute). */
import { useEffect, useState } from 'preact/hooks';
import type { FollowStore } from '../../lib/turns/followed';
import type { TurnsSource } from './source';

export function useFollowed(source: TurnsSource | null): { store: FollowStore | null; now: number } {
  const [store, setStore] = useState<FollowStore | null>(null);
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!source) return;
    let live = true;
    void source.read().then((s) => live && setStore(s));
    const off = source.onChange((s) => {
      setStore(s);
      setNow(Date.now() / 1000);
    });
    const tick = setInterval(() => setNow(Date.now() / 1000), 60_000);
    return () => {
      live = false;
      off();
      clearInterval(tick);
    };
  }, [source]);
  return { store, now };
}
