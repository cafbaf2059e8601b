/** The Spark d10 as a registered game: a thread of rolls and sheets is a duel, read by its reading. */
import type { GameDef } from '../game';
import { SPARK_READING } from './reading';
import { sparkStarts } from './start';
import { type DuelTable, DuelTableSchema } from './stored';
import { duelTurns } from './turns';

export const SPARK_D10 = {
  id: 'spark-d10',
  name: 'The Spark d10',
  // A thread is The Spark d10's unless another game's records say otherwise.
  guess: () => false,
  stored: { schema: DuelTableSchema, version: 1, migrations: {} },
  reading: SPARK_READING,
  foldStarts: sparkStarts,
  turns: duelTurns,
} as const satisfies GameDef<DuelTable>;
