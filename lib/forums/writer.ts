/**
 * What every forum's writer offers: a post document (lib/post/doc.ts) in the forum's markup, the
 * forum's own markup read back for a preview, the forum's limit on a post's length, and a copied
 * line of its roller read back.
 */
import { type BbcodeDialect, parseBbcode, writeBbcode } from '../post/bbcode';
import type { PostDoc } from '../post/doc';
import type { RichNode } from '../post/rich';

export interface ForumWriter {
  /** The markup's name, as the panel shows it ("RuBB", "BBCode", "Markdown"). */
  markup: string;
  /** A post document in this forum's markup. */
  write(doc: PostDoc): string;
  /** A post's text (this forum's markup) as the forum shows it. */
  preview(text: string): RichNode[];
  /** The most characters a post may have (null: no limit known). */
  maxLength: number | null;
}

/** A board's writer: its BBCode dialect, written and read back the same way (no length limit known: each board sets its own). */
export const bbcodeWriter = (dialect: BbcodeDialect): ForumWriter => ({
  markup: 'BBCode',
  write: (doc) => writeBbcode(dialect, doc),
  preview: (text) => parseBbcode(dialect, text),
  maxLength: null,
});
