/**
 * Each forum's reader of its own roller's lines as a user copies them (RPOL's Die Roller log), read
 * as the roller's record: a game's reply quotes such a line without knowing the forum. Kept apart
 * from the writers, which every content script carries, so that only the panel pays for it.
 */
import type { RollRecord } from '../rolls/record';
import { parseRollLine, recordFromLine } from './rpol/roll-line';

export type RollLineReader = (line: string) => RollRecord | null;

/** A line copied from RPOL's Die Roller log, as the log's own record. */
const readDieRollerLine: RollLineReader = (text) => {
  const line = parseRollLine(text);
  return line ? recordFromLine(line, 'log', text) : null;
};

const READERS: Readonly<Record<string, RollLineReader>> = { rpol: readDieRollerLine };

/** The reader of forum `forum`'s roller lines; none where the forum has no roller of its own. */
export const rollLineReader = (forum: string | null | undefined): RollLineReader | undefined => (forum ? READERS[forum] : undefined);
