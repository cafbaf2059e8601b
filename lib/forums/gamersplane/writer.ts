/**
 * Gamers' Plane's writer: its BBCode has bold, italics, `[color]` and `[size]` in per cent, and
 * no tables (a table is written a row per line).
 */
import { BBCODE_COLOURS, type BbcodeDialect } from '../../post/bbcode';
import { bbcodeWriter, type ForumWriter } from '../writer';

const DIALECT: BbcodeDialect = { tables: false, colour: BBCODE_COLOURS, smallSize: '80', upper: false };

export const GAMERS_PLANE_WRITER: ForumWriter = bbcodeWriter(DIALECT);
