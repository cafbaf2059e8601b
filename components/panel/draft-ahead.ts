/**
 * The thread's draft, read ahead while the panel is idle (issue 43): a Reply tab opened later
 * shows its draft, and takes typing, in its first frame instead of after a storage read. What is
 * kept follows storage (changes made anywhere) and the box itself (what is typed, before its
 * debounced save), so a tab opened again never shows an older text than the one left.
 */
import type { Draft } from '../../lib/settings/schema';
import type { PageSummary } from '../../lib/view';

/** Where the drafts are kept (the browser's storage; a test's map). */
export interface DraftStore {
  loadDraft(key: string): Promise<Draft | null>;
  saveDraft(key: string, draft: Draft): Promise<void>;
  /** Changes to this thread's draft made in another tab or window. */
  onDraftChanged?(key: string, cb: (d: Draft) => void): () => void;
}

/** Where a Reply tab keeps its draft: the thread's, once the page has answered (a page with no thread has one too). */
export const draftKeyOf = (summary: PageSummary | null | undefined, threadKey: string | null): string | null =>
  summary === undefined ? null : (threadKey ?? 'no-thread');

/** Per store (one per panel): each thread's draft as last known, and the threads already asked for. */
type Kept = { drafts: Map<string, Draft | null>; asked: Map<string, Promise<void>> };
const keptByStore = new WeakMap<DraftStore, Kept>();
const keptOf = (store: DraftStore): Kept => {
  let kept = keptByStore.get(store);
  if (!kept) keptByStore.set(store, (kept = { drafts: new Map(), asked: new Map() }));
  return kept;
};

/** What is known of the thread's draft now: the draft, null (there is none), or undefined (not read yet). */
export const draftAhead = (store: DraftStore, key: string): Draft | null | undefined => keptOf(store).drafts.get(key);

/** The box's own text and fields, kept as they are typed. */
export const keepDraft = (store: DraftStore, key: string, draft: Draft): void => void keptOf(store).drafts.set(key, draft);

/**
 * Read the thread's draft once and follow its changes for the panel's life; settles when it is
 * known (the same promise for every call). A draft that cannot be used (kept aside) is not kept:
 * the Reply tab reads it itself and says why.
 */
export function readAhead(store: DraftStore, key: string): Promise<void> {
  const { drafts, asked } = keptOf(store);
  const known = asked.get(key);
  if (known) return known;
  store.onDraftChanged?.(key, (d) => drafts.set(key, d));
  const reading = store.loadDraft(key).then(
    (d) => {
      if (!drafts.has(key)) drafts.set(key, d);
    },
    () => {},
  );
  asked.set(key, reading);
  return reading;
}
