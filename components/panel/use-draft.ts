/**
 * The reply's draft for a thread: loaded when the thread is known, saved (debounced) as it is
 * typed, a failed save said until the next good one, a change made in another tab or window
 * offered rather than overwritten, and a text sent from elsewhere added once the draft is back.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Draft } from '../../lib/settings/schema';
import { t } from '../locale';
import { errorText } from '../../lib/errors';

export interface DraftStore {
  loadDraft(key: string): Promise<Draft | null>;
  saveDraft(key: string, draft: Draft): Promise<void>;
  /** Changes to this thread's draft made in another tab or window. */
  onDraftChanged?(key: string, cb: (d: Draft) => void): () => void;
}

type Form = Record<string, string>;

const reason = (e: unknown) => errorText(e);

/** `kinds`: the builders a stored kind may name; `incoming`: a text to add once, then `taken()`. */
export function useDraft(draftKey: string | null, store: DraftStore, kinds: readonly string[], incoming: string | null, taken: () => void, delayMs = 250) {
  const [kind, setKind] = useState(kinds[0]!);
  /** Each builder keeps its own fields ("draw.memory", "toughness.modifier"): nothing leaks between kinds. */
  const [all, setAll] = useState<Form>({});
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [ready, setReady] = useState(false);
  const [elsewhere, setElsewhere] = useState<Draft | null>(null);
  const loaded = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The status says a save failed: the next good save clears it. */
  const saveFailed = useRef(false);
  const pending = useRef<string | null>(null);
  /** What this panel last saved (or loaded): a change in storage that differs came from elsewhere. */
  const lastSaved = useRef<{ text: string; at: number } | null>(null);
  /** The thread the box was last loaded for, and the builder's fields as they are now (typed before a load finished). */
  const lastKey = useRef<string | null>(null);
  const allNow = useRef(all);
  allNow.current = all;
  const append = (block: string) => setText((t) => (t.trim() ? `${t}\n\n${block}` : block));

  useEffect(() => {
    // The box belongs to its thread: switching threads clears it first, then loads that thread's draft.
    // Fields typed while the panel was still finding its thread are this thread's: they are kept.
    const firstThread = lastKey.current === null;
    lastKey.current = draftKey;
    loaded.current = false;
    setReady(false);
    setText('');
    if (!firstThread) setAll({});
    setElsewhere(null);
    setStatus('');
    lastSaved.current = null;
    if (!draftKey) return;
    let live = true;
    void store
      .loadDraft(draftKey)
      .then((d) => {
        if (!live || !d) return;
        setText(d.text);
        const { kind: k, ...rest } = d.form as Record<string, string>;
        const typed = firstThread ? allNow.current : {};
        if (k && !Object.keys(typed).length && kinds.includes(k)) setKind(k);
        setAll({ ...rest, ...typed });
        lastSaved.current = { text: d.text, at: d.updatedAt };
      })
      .catch((e: unknown) => live && setStatus(reason(e)))
      .finally(() => {
        if (!live) return;
        loaded.current = true;
        setReady(true);
        if (pending.current) append(pending.current);
        pending.current = null;
      });
    const stop = store.onDraftChanged?.(draftKey, (d) => {
      const mine = lastSaved.current;
      if (mine && (d.updatedAt <= mine.at || d.text === mine.text)) return;
      setElsewhere(d);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [draftKey]);

  // A block sent from the planner or a badge: added once, after the saved draft is back.
  useEffect(() => {
    if (!incoming) return;
    if (loaded.current) append(incoming);
    else pending.current = incoming;
    taken();
  }, [incoming]);

  const save = (at: number) => (draftKey ? store.saveDraft(draftKey, { text, form: { ...all, kind }, updatedAt: at }) : null);
  useEffect(() => {
    if (!draftKey || !loaded.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const at = Date.now();
      void save(at)
        ?.then(() => {
          lastSaved.current = { text, at };
          if (saveFailed.current) setStatus('');
          saveFailed.current = false;
        })
        .catch((e: unknown) => {
          saveFailed.current = true;
          setStatus(t('rt.notSaved', { reason: reason(e) }));
        });
    }, delayMs);
  }, [text, all, kind, draftKey]);

  /** The draft changed elsewhere: take that one, keep both, or keep this one (saved over it). */
  const resolve = (how: 'theirs' | 'both' | 'mine') => {
    if (!elsewhere) return;
    setElsewhere(null);
    if (how === 'theirs') {
      setText(elsewhere.text);
      lastSaved.current = { text: elsewhere.text, at: elsewhere.updatedAt };
    } else if (how === 'both') setText(`${text}\n\n${elsewhere.text}`);
    else {
      const at = Date.now();
      void save(at)
        ?.then(() => (lastSaved.current = { text, at }))
        .catch((e: unknown) => setStatus(t('rt.notSaved', { reason: reason(e) })));
    }
  };
  return { kind, setKind, all, setAll, text, setText, status, setStatus, ready, elsewhere, resolve };
}
