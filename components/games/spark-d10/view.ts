/** The Spark d10's tabs in the panel: the thread's rolls, the duel, the sheets, the XP planner, the reply with its builders. */
import { SPARK_D10 } from '../../../lib/games/spark-d10/game';
import { THREAD_TAB } from '../../panel/shared-tabs';
import type { GameView } from '../../panel/tab-view';
import { DuelTab } from './DuelTab';
import { PlannerTab } from './PlannerTab';
import { SparkReplyTab } from './ReplyTab';
import { SheetsTab } from './SheetsTab';

export const SPARK_D10_VIEW: GameView = {
  game: SPARK_D10.id,
  tabs: [
    THREAD_TAB,
    { id: 'duel', label: 'panel.tab.duel', Body: DuelTab },
    { id: 'sheets', label: 'panel.tab.sheets', Body: SheetsTab },
    { id: 'planner', label: 'panel.tab.planner', offPage: true, Body: PlannerTab },
    { id: 'reply', label: 'panel.tab.reply', offPage: true, Body: SparkReplyTab },
  ],
};
