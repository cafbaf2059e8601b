/** Parlor Magic's tabs in the panel: the table, then the calculator. */
import { PARLOR } from '../../../lib/games/parlor/game';
import { REPLY_TAB, THREAD_TAB } from '../../panel/shared-tabs';
import type { GameView } from '../../panel/tab-view';
import { ParlorCalcTab } from './ParlorTab';
import { ParlorTableTab } from './ParlorTable';

export const PARLOR_VIEW: GameView = {
  game: PARLOR.id,
  tabs: [
    { id: 'table', label: 'panel.tab.table', perThread: true, Body: ParlorTableTab },
    { id: 'calc', label: 'panel.tab.calc', Body: ParlorCalcTab },
    THREAD_TAB,
    REPLY_TAB,
  ],
};
