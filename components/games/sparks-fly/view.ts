/** When Sparks Fly's tabs in the panel: the match tracker first. */
import { SPARKS_FLY } from '../../../lib/games/sparks-fly/game';
import { REPLY_TAB, THREAD_TAB } from '../../panel/shared-tabs';
import type { GameView } from '../../panel/tab-view';
import { SparksFlyTab } from './SparksFlyTab';

export const SPARKS_FLY_VIEW: GameView = {
  game: SPARKS_FLY.id,
  tabs: [{ id: 'match', label: 'panel.tab.match', perThread: true, Body: SparksFlyTab }, THREAD_TAB, REPLY_TAB],
};
