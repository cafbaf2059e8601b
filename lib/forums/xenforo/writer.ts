/** XenForo's writer: its BBCode, with tables (2.1 and later) and sizes in steps (1–7). */
import { BBCODE_COLOURS, type BbcodeDialect } from '../../post/bbcode';
import { bbcodeWriter, type ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: true, colour: BBCODE_COLOURS, smallSize: '2', upper: true };

export const XENFORO_WRITER: ForumWriter = bbcodeWriter(DIALECT);
