/**
 * Parlor Magic's secrets under the names they had before the games declared their private data
 * (callers and tests of before): each is the game-neutral function (./private.ts) given Parlor's
 * store. A new game with private data needs nothing here.
 */
import { PARLOR_PRIVATE, type ParlorSecrets, saveNewSecret } from '../../../lib/games/parlor/stored';
import { countPrivate, readPrivate, updatePrivate } from './private';

export const PARLOR_SECRETS_KEY = PARLOR_PRIVATE.key;

/** Every Parlor secret, by commitment (one still in an old thread table moved to the secrets' key first). */
export const readParlorSecrets = (): Promise<ParlorSecrets> => readPrivate(PARLOR_PRIVATE);

/**
 * Save a new game's secret (made for `thread`). Rejects when it cannot be saved, so that no
 * commitment is posted for a secret its ruler could not reveal; never replaces a stored entry.
 */
export const saveParlorSecret = (secret: string, thread: string): Promise<string> =>
  saveNewSecret((change) => updatePrivate(PARLOR_PRIVATE, change), secret, thread, Date.now());

/** How many Parlor secrets are stored (for Options, before an import replaces or adds to them). */
export const countParlorSecrets = (): Promise<number> => countPrivate(PARLOR_PRIVATE);
