/**
 * vBulletin's writer: its standard BBCode (bold, italics, `[COLOR]`, `[SIZE]` in steps 1–7) and no
 * tables (vBulletin 3 has none), so a table is written a row per line.
 */
import { BBCODE_COLOURS, type BbcodeDialect } from '../../post/bbcode';
import { bbcodeWriter, type ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: false, colour: BBCODE_COLOURS, smallSize: '1', upper: true };

export const VBULLETIN_WRITER: ForumWriter = bbcodeWriter(DIALECT);
