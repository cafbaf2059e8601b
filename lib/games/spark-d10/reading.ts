/**
 * The Spark d10's reading of a thread, declared on its game (game.ts, `reading`): its sheets and
 * its fold of each post (the duel, verdicts, findings). Kept apart from game.ts so the page's
 * first script reads with it without the stored table's schema (the content script carries no zod).
 */
import type { GameReading } from '../game';
import { SPARK_SHEETS } from './sheet-test';
import { type PostScan, SparkThread, type SparkThreadOptions } from './thread';

export const SPARK_READING = {
  sheets: SPARK_SHEETS,
  Fold: SparkThread,
} satisfies GameReading<SparkThreadOptions, PostScan>;
