/** The dice log page's half in the extras: its lines as rolls' views in the summary, each with its badge. */
import { diceLogPage } from '../dice-log';

export const half = { diceLogPage };
