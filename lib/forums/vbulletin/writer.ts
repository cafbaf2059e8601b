/**
 * vBulletin's writer: its standard BBCode (bold, italics, `[COLOR]`, `[SIZE]` in steps 1–7) and no
 * tables (vBulletin 3 has none), so a table is written a row per line.
 */
import { BBCODE_COLOURS, type BbcodeDialect, parseBbcode, writeBbcode } from '../../post/bbcode';
import type { ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: false, colour: BBCODE_COLOURS, smallSize: '1', upper: true };

export const VBULLETIN_WRITER: ForumWriter = {
  markup: 'BBCode',
  write: (doc) => writeBbcode(DIALECT, doc),
  preview: (text) => parseBbcode(DIALECT, text),
  maxLength: null,
};
