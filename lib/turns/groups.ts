/**
 * Where a followed thread goes in the Turns view: waiting on you, overdue (someone you wait on is
 * past their deadline), you wait on (someone else, in time), or nothing waited for. "You" is the
 * forum's own mark of your posts (RPOL's characters of the viewer) or the name you gave per forum,
 * and your forum identities where the forum shows them.
 */
import { nameKey, type ThreadTurns, type Waiting } from './turns';

export type TurnsGroup = 'you' | 'overdue' | 'others' | 'none';

export interface You {
  names: readonly string[];
  ids?: readonly string[];
}

export const isYou = (w: Pick<Waiting, 'name' | 'authorId'>, you: You): boolean =>
  (!!w.authorId && !!you.ids?.includes(w.authorId)) || you.names.some((n) => nameKey(n) !== '' && nameKey(n) === nameKey(w.name));

export function groupOf(turns: ThreadTurns, you: You): TurnsGroup {
  if (turns.waitingOn.some((w) => isYou(w, you))) return 'you';
  if (turns.waitingOn.some((w) => w.overdue)) return 'overdue';
  return turns.waitingOn.length ? 'others' : 'none';
}
