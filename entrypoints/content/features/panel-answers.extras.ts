/** The panel answers' half in the extras: a post put into the page's reply box, and the duel's view. */
import { duelView } from '../../../lib/games/spark-d10/view';
import { insertIntoReply } from '../insert';

export const half = { insertIntoReply, duelView };
