/**
 * Each thread's draft, stored on its own (`draft:host/gi/ti`) so one bad entry never touches the
 * others. An entry that cannot be used is kept as it is (never overwritten), reported and exported.
 */
import { formatNumber, t } from '../../../components/locale';
import { DRAFT_ENTRY_VERSION, DRAFT_LIMIT, type Draft, type Drafts, DraftSchema, upgradeDraftForm } from '../../../lib/settings/schema';
import { browserContext, inTurn } from './item';

export const DRAFT_PREFIX = 'draft:';
/** Where drafts were kept before each had its own entry (read, never written). */
const OLD_DRAFTS_KEY = 'drafts';
const MAX_DRAFTS = 200;
const local = browserContext.area;

/** A stored draft that cannot be used: kept as it is (never overwritten), reported and exported. */
export class DraftSetAside extends Error {}

function draftEntry(raw: unknown): { ok: true; draft: Draft } | { ok: false; why: string; future: boolean } {
  const v = raw as { version?: unknown; draft?: unknown } | null;
  if (!v || typeof v !== 'object' || typeof v.version !== 'number') return { ok: false, why: t('st.notDraft'), future: false };
  if (v.version > DRAFT_ENTRY_VERSION) return { ok: false, why: t('st.newerDraft', { version: v.version }), future: true };
  const d = DraftSchema.safeParse(v.draft);
  return d.success
    ? { ok: true, draft: v.version < 2 ? { ...d.data, form: upgradeDraftForm(d.data.form) } : d.data }
    : { ok: false, why: t('st.badDraft', { reason: d.error.issues[0]?.message ?? t('common.invalid') }), future: false };
}

/** The thread's draft, or null. Throws `DraftSetAside` (with the reason) when the stored one cannot be used. */
export async function readDraft(key: string): Promise<Draft | null> {
  const k = DRAFT_PREFIX + key;
  const all = await local.get([k, OLD_DRAFTS_KEY]);
  if (all[k] !== undefined) {
    const e = draftEntry(all[k]);
    if (e.ok) return e.draft;
    throw new DraftSetAside(t('st.keptAside', { why: e.why }));
  }
  // Drafts saved before each had its own entry: read one by one from the old map.
  const legacy = (all[OLD_DRAFTS_KEY] as { threads?: Record<string, unknown> } | undefined)?.threads?.[key];
  const d = DraftSchema.safeParse(legacy);
  return d.success ? { ...d.data, form: upgradeDraftForm(d.data.form) } : null;
}

/** Save a thread's draft. Refuses (with the reason) a draft over the limit, or over an entry kept aside. */
export async function writeDraft(key: string, draft: Draft): Promise<void> {
  if (draft.text.length > DRAFT_LIMIT) throw new Error(t('st.draftTooLong', { length: formatNumber(draft.text.length), max: formatNumber(DRAFT_LIMIT) }));
  const valid = DraftSchema.safeParse(draft);
  if (!valid.success) throw new Error(t('st.draftInvalid', { reason: valid.error.issues[0]?.message ?? t('common.invalid') }));
  const k = DRAFT_PREFIX + key;
  // The check for an entry kept aside and the write, in one turn: nothing written between them is lost.
  await inTurn(browserContext, [k], async () => {
    const existing = (await local.get(k))[k];
    if (existing !== undefined) {
      const e = draftEntry(existing);
      if (!e.ok) throw new DraftSetAside(t('st.asideNotSaved', { why: e.why }));
    }
    await local.set({ [k]: { version: DRAFT_ENTRY_VERSION, draft: valid.data } });
  });
  void pruneDrafts();
}

/** Keep the newest drafts when there are very many (entries kept aside are never removed). */
async function pruneDrafts(): Promise<void> {
  const all = await local.get(null);
  const keys = Object.keys(all).filter((k) => k.startsWith(DRAFT_PREFIX));
  if (keys.length <= MAX_DRAFTS) return;
  const dated = keys.map((k) => ({ k, e: draftEntry(all[k]) })).filter((x): x is { k: string; e: { ok: true; draft: Draft } } => x.e.ok);
  dated.sort((a, b) => a.e.draft.updatedAt - b.e.draft.updatedAt);
  await local.remove(dated.slice(0, keys.length - MAX_DRAFTS).map((x) => x.k));
}

/** Changes to one thread's draft made elsewhere (another tab or window). */
export function onDraftChanged(key: string, cb: (draft: Draft) => void): () => void {
  const k = DRAFT_PREFIX + key;
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(k in changes)) return;
    const e = draftEntry(changes[k]!.newValue);
    if (e.ok) cb(e.draft);
  };
  browserContext.changes.addListener(listener);
  return () => browserContext.changes.removeListener(listener);
}

/** Every draft (valid ones by thread) and every entry kept aside (as stored), for the backup. */
export function allDrafts(all: Record<string, unknown>): { drafts: Drafts; setAside: Record<string, unknown> } {
  const drafts: Drafts = { version: 1, threads: {} };
  const setAside: Record<string, unknown> = {};
  const legacy = (all[OLD_DRAFTS_KEY] as { threads?: Record<string, unknown> } | undefined)?.threads ?? {};
  for (const [k, v] of Object.entries(legacy)) {
    const d = DraftSchema.safeParse(v);
    if (d.success) drafts.threads[k] = { ...d.data, form: upgradeDraftForm(d.data.form) };
    else setAside[`legacy:${k}`] = v;
  }
  for (const [k, v] of Object.entries(all)) {
    if (!k.startsWith(DRAFT_PREFIX)) continue;
    const e = draftEntry(v);
    if (e.ok) drafts.threads[k.slice(DRAFT_PREFIX.length)] = e.draft;
    else setAside[k] = v;
  }
  return { drafts, setAside };
}
