import type { BoundSheet, Draft, Scratch, Settings } from '../../lib/settings/schema';
import type { PageSummary } from '../../lib/view';

/** What the panel needs from its host (the side panel page, or the drawer frame). */
export interface PanelSource {
  summary(): Promise<PageSummary | null>;
  jump(id: string): Promise<void>;
  insert(text: string): Promise<{ ok: true } | { ok: false; error: string }>;
  loadDraft(key: string): Promise<Draft | null>;
  saveDraft(key: string, draft: Draft): Promise<void>;
  loadBound(): Promise<BoundSheet | null>;
  saveBound(sheet: BoundSheet | null): Promise<void>;
  settings(): Promise<Settings>;
  loadScratch(): Promise<Scratch>;
  saveScratch(scratch: Scratch): Promise<void>;
  lastLogRoll(): Promise<string | null>;
  copy(text: string): Promise<boolean>;
  /** Called when the tab the panel follows changes or reloads. */
  onPageChange(cb: () => void): () => void;
}
