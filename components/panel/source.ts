import type { BoundSheet, Draft, Scratch, Settings } from '../../lib/settings/schema';
import type { PageSummary } from '../../lib/view';
import type { PrivateStore } from '../../lib/games/game';
import type { GameTable, TableGameId } from '../../lib/settings/tables';

/** What the panel needs from its host (the side panel page, or the drawer frame). */
export interface PanelSource {
  summary(): Promise<PageSummary | null>;
  jump(id: string): Promise<void>;
  insert(text: string): Promise<{ ok: true } | { ok: false; error: string }>;
  loadDraft(key: string): Promise<Draft | null>;
  saveDraft(key: string, draft: Draft): Promise<void>;
  onDraftChanged(key: string, cb: (draft: Draft) => void): () => void;
  loadBound(): Promise<BoundSheet | null>;
  saveBound(sheet: BoundSheet | null): Promise<void>;
  settings(): Promise<Settings>;
  /** Save settings (the thread's post language); rejects with the reason when the save fails. */
  saveSettings(s: Settings): Promise<void>;
  loadScratch(): Promise<Scratch>;
  saveScratch(scratch: Scratch): Promise<void>;
  /** The Die Roller line picked on the page's origin for its game (none without a game). */
  lastLogRoll(page: { url: string; gameId: string | null }): Promise<string | null>;
  copy(text: string): Promise<boolean>;
  /** A thread's game table (a match log, a deal), by the thread's key. */
  loadTable(key: string): Promise<GameTable | null>;
  saveTable(key: string, table: GameTable | null): Promise<void>;
  /** A game's private data (its `privateStore`: Parlor Magic's secrets), and a change of it in turn: rejects when it cannot be saved. */
  loadPrivate<T>(store: PrivateStore<T>): Promise<T>;
  updatePrivate<T>(store: PrivateStore<T>, change: (current: T) => T): Promise<T>;
  /** The game chosen for an RPOL game (gi), remembered. */
  /** The game chosen for a forum's game, by its game key (lib/settings/keys' gameKeyOf). */
  loadGameChoice(gameKey: string): Promise<TableGameId | null>;
  saveGameChoice(gameKey: string, game: TableGameId): Promise<void>;
  /** Posts where the user marked a new duel, per thread; `refold` has the page read the duel again. */
  loadDuelStarts(key: string): Promise<number[]>;
  saveDuelStarts(key: string, posts: number[]): Promise<void>;
  refold(newDuelAt: number[]): Promise<void>;
  /** A block a badge sent to this thread's reply (taken once), and a signal when one arrives. */
  takeIncoming(key: string): Promise<string | null>;
  onIncoming(cb: () => void): () => void;
  /** Called when the tab the panel follows changes or reloads. */
  onPageChange(cb: () => void): () => void;
}
