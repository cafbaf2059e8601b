/**
 * What every tab of the panel needs, given once by the panel (a Preact context) instead of handed
 * down as props: the page and its thread, the settings, the forum's writer, the thread's post
 * language, insert and copy, the bound sheet and the reply's incoming text. A tab reads it with
 * `usePanel()`; its own state lives in small hooks beside it.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ForumWriter } from '../../lib/forums/writer';
import type { Locale } from '../../lib/i18n';
import type { Settings } from '../../lib/settings/schema';
import type { GameRules } from '../../lib/spark/settings';
import type { PageSummary } from '../../lib/view';
import type { PostIO } from './PostButtons';
import type { PanelSource } from './source';
import type { ScratchState } from './use-scratch';

export interface PanelContextValue {
  source: PanelSource;
  /** The page's summary: undefined while it is read, null off a forum page. */
  summary: PageSummary | null | undefined;
  settings: Settings | null;
  /** The house rules for this page's game (null until the settings are read). */
  rules: GameRules | null;
  /** The thread's key (host, game, thread), or null off a thread. */
  threadKey: string | null;
  /** What is posted to this thread is written in the thread's language, not the UI's. */
  postLocale: Locale;
  /** The thread's forum writes what is posted. */
  writer: ForumWriter;
  /** Insert into the page's reply box, copy, and whether the page has a reply box. */
  io: PostIO;
  jump(id: string): void;
  /** Read the page's summary again. */
  refresh(): void;
  /** Show one of the panel's tabs. */
  showTab(id: string): void;
  /** A failed save, said in the panel's alert ('' clears it). */
  setSaveProblem(problem: string): void;
  /** The sheet the user bound, and binding another (null unbinds). */
  bound: string | null;
  bind(text: string | null): void;
  /** What the user typed in the Sheets and Planner tabs, kept across sessions. */
  scratch: ScratchState;
  /** A text sent to the reply (from a badge or the planner), until the reply takes it. */
  incoming: string | null;
  toReply(text: string): void;
  incomingTaken(): void;
}

export const PanelContext = createContext<PanelContextValue | null>(null);

/** The panel's context; a tab rendered outside the panel is a bug. */
export function usePanel(): PanelContextValue {
  const value = useContext(PanelContext);
  if (!value) throw new Error('usePanel: no panel around this tab');
  return value;
}
