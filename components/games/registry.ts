/**
 * The games' views, one line per game, in the order of lib/games/registry.ts: the panel shows
 * the tabs the current game registers here and names no game itself.
 */
import { REPLY_TAB, THREAD_TAB } from '../panel/shared-tabs';
import type { GameView, TabView } from '../panel/tab-view';
import { PARLOR_VIEW } from './parlor/view';
import { SPARK_D10_VIEW } from './spark-d10/view';
import { SPARKS_FLY_VIEW } from './sparks-fly/view';

export const GAME_VIEWS: readonly GameView[] = [SPARK_D10_VIEW, SPARKS_FLY_VIEW, PARLOR_VIEW];

const SHARED = [THREAD_TAB, REPLY_TAB];
/** Every tab in the strip's order: the thread first, each game's own tabs, the reply last. */
export const ALL_TABS: readonly TabView[] = [
  THREAD_TAB,
  ...GAME_VIEWS.flatMap((v) => v.tabs).filter((tab, i, all) => !SHARED.includes(tab) && all.indexOf(tab) === i),
  REPLY_TAB,
];

export const viewOf = (game: string): GameView => GAME_VIEWS.find((v) => v.game === game) ?? GAME_VIEWS[0]!;
