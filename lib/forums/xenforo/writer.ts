/** XenForo's writer: its BBCode, with tables (2.1 and later) and sizes in steps (1–7). */
import { BBCODE_COLOURS, type BbcodeDialect, parseBbcode, writeBbcode } from '../../post/bbcode';
import type { ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: true, colour: BBCODE_COLOURS, smallSize: '2', upper: true };

export const XENFORO_WRITER: ForumWriter = {
  markup: 'BBCode',
  write: (doc) => writeBbcode(DIALECT, doc),
  preview: (text) => parseBbcode(DIALECT, text),
  maxLength: null,
};
