/**
 * The reply's draft for a thread: loaded when the thread is known, saved (debounced) as it is
 * typed, a failed save said until the next good one (`saveError`, the same shape as a game
 * table's), a change made in another tab or window offered rather than overwritten, and a text
 * sent from elsewhere added once the draft is back.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Draft } from '../../lib/settings/schema';
import { t } from '../locale';
import { errorText } from '../../lib/errors';
import { type DraftStore, draftAhead, keepDraft } from './draft-ahead';

export type { DraftStore } from './draft-ahead';

type Form = Record<string, string>;
/** What this panel last saved (or loaded): a change in storage that differs came from elsewhere. */
type Mine = { text: string; at: number } | null;

const notSaved = (e: unknown) => t('rt.notSaved', { reason: errorText(e) });

/** The box's text, a block added to it, and a block sent before the draft was back (added once it is). */
function useDraftText(ahead: Draft | null | undefined) {
  const [text, setText] = useState(ahead?.text ?? '');
  const loaded = useRef(ahead !== undefined);
  const pending = useRef<string | null>(null);
  const append = (block: string) => setText((now) => (now.trim() ? `${now}\n\n${block}` : block));
  /** The saved draft is back (or there is none): a block sent meanwhile is added now. */
  const arrived = () => {
    loaded.current = true;
    if (pending.current) append(pending.current);
    pending.current = null;
  };
  const receive = (block: string) => {
    if (loaded.current) append(block);
    else pending.current = block;
  };
  return { text, setText, loaded, arrived, receive };
}

/** Saves the draft a pause after each change (once it was loaded); `saveError` says a failed save until the next good one. */
function useDraftSave(draftKey: string | null, store: DraftStore, draft: Omit<Draft, 'updatedAt'>, loaded: boolean, delayMs: number, ahead: Mine) {
  const [saveError, setSaveError] = useState('');
  const lastSaved = useRef<Mine>(ahead);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The box as it was first drawn is not a change (with a draft read ahead, it is already the stored one). */
  const drawn = useRef(false);
  const save = () => {
    if (!draftKey) return;
    const at = Date.now();
    const { text } = draft;
    // Marked as this panel's before it is written: the storage's change event for this very write
    // may come before the write's own answer, and must not read as a change from elsewhere.
    const before = lastSaved.current;
    lastSaved.current = { text, at };
    store.saveDraft(draftKey, { ...draft, updatedAt: at }).then(
      () => setSaveError(''),
      (e: unknown) => {
        if (lastSaved.current?.at === at) lastSaved.current = before;
        setSaveError(notSaved(e));
      },
    );
  };
  useEffect(() => {
    if (!drawn.current) return void (drawn.current = true);
    if (!draftKey || !loaded) return;
    // Kept for this panel at once: the tab opened again before the save shows what was typed.
    keepDraft(store, draftKey, { ...draft, updatedAt: Date.now() });
    clearTimeout(timer.current);
    timer.current = setTimeout(save, delayMs);
  }, [draft.text, draft.form, draftKey]);
  return { saveError, setSaveError, lastSaved, save };
}

/** The builder a draft read ahead was left on, if it is one of this game's. */
const aheadKind = (ahead: Draft | null | undefined, kinds: readonly string[]): string => {
  const k = (ahead?.form as Record<string, string> | undefined)?.kind;
  return k && kinds.includes(k) ? k : kinds[0]!;
};
/** The builders' fields of a draft read ahead. */
const aheadFields = (ahead: Draft | null | undefined): Form => {
  const { kind: _, ...rest } = (ahead?.form ?? {}) as Record<string, string>;
  return rest;
};

/** `kinds`: the builders a stored kind may name; `incoming`: a text to add once, then `taken()`. */
export function useDraft(draftKey: string | null, store: DraftStore, kinds: readonly string[], incoming: string | null, taken: () => void, delayMs = 250) {
  // The draft read ahead (./draft-ahead.ts), if it is back: the box starts from it, usable at once.
  const [ahead] = useState(() => (draftKey ? draftAhead(store, draftKey) : undefined));
  const [kind, setKind] = useState(() => aheadKind(ahead, kinds));
  /** Each builder keeps its own fields ("draw.memory", "toughness.modifier"): nothing leaks between kinds. */
  const [all, setAll] = useState<Form>(() => aheadFields(ahead));
  const { text, setText, loaded, arrived, receive } = useDraftText(ahead);
  const [note, setStatus] = useState('');
  const [ready, setReady] = useState(ahead !== undefined);
  const [elsewhere, setElsewhere] = useState<Draft | null>(null);
  /** The thread the box was last loaded for, and the builder's fields as they are now (typed before a load finished). */
  const lastKey = useRef<string | null>(null);
  const allNow = useRef(all);
  allNow.current = all;
  const form = useMemo(() => ({ ...all, kind }), [all, kind]);
  const saving = useDraftSave(draftKey, store, { text, form }, ready, delayMs, ahead ? { text: ahead.text, at: ahead.updatedAt } : null);
  const { lastSaved } = saving;
  /** A change to the thread's draft that this panel did not make: offered, not taken. */
  const watchElsewhere = (key: string) =>
    store.onDraftChanged?.(key, (d) => {
      const mine = lastSaved.current;
      if (mine && (d.updatedAt <= mine.at || d.text === mine.text)) return;
      setElsewhere(d);
    }) ?? (() => {});

  useEffect(() => {
    // The box belongs to its thread: switching threads clears it first, then loads that thread's draft.
    // Fields typed while the panel was still finding its thread are this thread's: they are kept.
    const firstThread = lastKey.current === null;
    lastKey.current = draftKey;
    if (firstThread && ahead !== undefined && draftKey) {
      // A change that came between the first render and now is offered like any other.
      const since = draftAhead(store, draftKey);
      if (since && since !== ahead && since.text !== ahead?.text) setElsewhere(since);
      return watchElsewhere(draftKey);
    }
    loaded.current = false;
    setReady(false);
    setText('');
    if (!firstThread) setAll({});
    setElsewhere(null);
    setStatus('');
    saving.setSaveError('');
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
      .catch((e: unknown) => live && setStatus(errorText(e)))
      .finally(() => {
        if (!live) return;
        setReady(true);
        arrived();
      });
    const stop = watchElsewhere(draftKey);
    return () => {
      live = false;
      stop();
    };
  }, [draftKey]);

  // A block sent from the planner or a badge: added once, after the saved draft is back.
  useEffect(() => {
    if (!incoming) return;
    receive(incoming);
    taken();
  }, [incoming]);

  /** The draft changed elsewhere: take that one, keep both, or keep this one (saved over it). */
  const resolve = (how: 'theirs' | 'both' | 'mine') => {
    if (!elsewhere) return;
    setElsewhere(null);
    if (how === 'theirs') {
      setText(elsewhere.text);
      lastSaved.current = { text: elsewhere.text, at: elsewhere.updatedAt };
    } else if (how === 'both') setText(`${text}\n\n${elsewhere.text}`);
    else saving.save();
  };
  // Until the Reply tab shows `saveError` on its own, its status line says it (a failed save first).
  const status = saving.saveError || note;
  return { kind, setKind, all, setAll, text, setText, status, setStatus, saveError: saving.saveError, ready, elsewhere, resolve };
}
