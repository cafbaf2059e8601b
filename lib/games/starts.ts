/**
 * Every game's test of where its fold may start (`foldStarts` on its GameDef), for the content
 * script, which reads a long thread back to the last such post and carries no game's engine or
 * stored table: the same functions the registry's games declare (a unit test holds the two lists
 * equal).
 */
import type { StartPost } from './game';
import { parlorStarts } from './parlor/start';
import { sparkStarts } from './spark-d10/start';
import { sparksFlyStarts } from './sparks-fly/start';

export const FOLD_STARTS = [sparkStarts, sparksFlyStarts, parlorStarts] as const;

/** The posts (in page order) where any game's fold may start. */
export const foldStarts = (posts: readonly StartPost[]): number[] => FOLD_STARTS.flatMap((starts) => starts(posts));
