/** A match's state post as Discord messages (lib/post/discord.ts), from its log. */
import { discordMessages } from '../../post/discord';
import { statePost } from './board';
import { replaySparksFly, type SparksFlyLog } from './engine';

/**
 * The board and log of the match's final state (as `runSparksFly` folds it: up to the first move
 * refused) as Discord messages, in order, each at most 2,000 characters.
 */
export function sparksFlyDiscord(log: SparksFlyLog): string[] {
  return discordMessages(statePost(replaySparksFly(log).match, log, 'en'));
}
