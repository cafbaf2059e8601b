/**
 * phpBB's writer: its standard BBCode (bold, italics, `[color]`, `[size]` in per cent, lists,
 * code) and no tables, so a table is written a row per line.
 */
import { BBCODE_COLOURS, type BbcodeDialect } from '../../post/bbcode';
import { bbcodeWriter, type ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: false, colour: BBCODE_COLOURS, smallSize: '85', upper: false };

export const PHPBB_WRITER: ForumWriter = bbcodeWriter(DIALECT);
