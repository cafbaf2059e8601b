/**
 * The games' views, one line per game, in the order of lib/games/registry.ts: the panel shows
 * the tabs the current game registers here and names no game itself.
 */
import { REPLY_TAB, THREAD_TAB } from '../panel/shared-tabs';
import type { GameView, TabView } from '../panel/tab-view';
import { TURNS_TAB } from '../panel/TurnsTab';
import { PARLOR_VIEW } from './parlor/view';
import { SPARK_D10_VIEW } from './spark-d10/view';
import { SPARKS_FLY_VIEW } from './sparks-fly/view';

export const GAME_VIEWS: readonly GameView[] = [SPARK_D10_VIEW, SPARKS_FLY_VIEW, PARLOR_VIEW];

/** The shared tabs' ids: a game's own tab of one of them (Spark d10's Reply) stands in its place. */
const SHARED = [THREAD_TAB.id, REPLY_TAB.id, TURNS_TAB.id];
/** Every tab in the strip's order, each id once: the thread first, each game's own tabs, the reply last. */
export const ALL_TABS: readonly TabView[] = [
  THREAD_TAB,
  ...GAME_VIEWS.flatMap((v) => v.tabs).filter((tab, i, all) => !SHARED.includes(tab.id) && all.indexOf(tab) === i),
  REPLY_TAB,
  TURNS_TAB,
];

export const viewOf = (game: string): GameView => GAME_VIEWS.find((v) => v.game === game) ?? GAME_VIEWS[0]!;

/** A tab of a game's view by its id: the game's own, else the shared one (the first tab for an id no tab has). */
export const tabOf = (view: GameView, id: string): TabView => view.tabs.find((x) => x.id === id) ?? ALL_TABS.find((x) => x.id === id) ?? ALL_TABS[0]!;

/** A game's strip: its tabs in the strip's order, and the open tab kept shown when it is another game's. */
export const stripOf = (view: GameView, open: string): TabView[] =>
  ALL_TABS.filter((x) => x.id === open || x === TURNS_TAB || view.tabs.some((v) => v.id === x.id)).map((x) => tabOf(view, x.id));
