/**
 * RPOL's writer: a post document in RuBB (forum-formats §3.1). Lines end in a line break; tables
 * are RuBB tables; colours are RPOL's colour tags. Text stays text: `<` and `>` are dropped (RuBB
 * has no escape) and every `[` that could open a bracket tag (a roll, code, a list, a private
 * line) is broken by an invisible joiner (lib/post/neutral.ts), so no name or word of a post can
 * become markup or embed a roll; bare links and mentions are broken the same way.
 */
import type { ColourRole, Inline, PostDoc } from '../../post/doc';
import { breakLinks, breakTags } from '../../post/neutral';
import type { ForumWriter } from '../writer';
import { MAX_POST_LENGTH } from './reply';
import { parseRubb } from './rubb';

/** RPOL's colour tag for each role (RuBB's tags are not case-sensitive; the board's squares are written as the seed names them). */
const TAG: Record<ColourRole, string> = { success: 'green', failure: 'red', alert: 'Red', hand: 'Green', discard: 'Red', empty: 'Blue' };

/** Text as RuBB text: no angle brackets, no bracket tag (here or with what follows it), no bare link or mention. */
export const rubbText = (s: string): string => breakLinks(breakTags(s.replace(/[<>]/g, ''), false));

function inline(parts: readonly Inline[]): string {
  let out = '';
  let text = '';
  for (const p of parts) {
    // Neighbouring strings are made safe together ("[" and "roll=…]" would make a tag).
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    out += rubbText(text);
    text = '';
    if ('b' in p) out += `<b>${inline(p.b)}</b>`;
    else if ('i' in p) out += `<i>${inline(p.i)}</i>`;
    else if ('small' in p) out += `<small>${inline(p.small)}</small>`;
    else if ('colour' in p) out += `<${TAG[p.colour]}>${inline(p.text)}</${TAG[p.colour]}>`;
    else if (/^[\d.]{1,40}$/.test(p.roll)) out += `[roll=${p.roll}]`;
  }
  return out + rubbText(text);
}

/** A post document in RPOL's markup. */
export function writeRubb(doc: PostDoc): string {
  return doc
    .map((block) => {
      if ('line' in block) return inline(block.line);
      if ('pre' in block) return `<tt>${rubbText(block.pre)}</tt>`;
      if ('data' in block) return `<small>${rubbText(block.data)}</small>`;
      if ('list' in block)
        return `[${block.ordered ? 'olist' : 'list'}]\n${block.list.map((item) => `[*] ${inline(item)}`).join('\n')}\n[/${block.ordered ? 'olist' : 'list'}]`;
      const row = (cells: Inline[][], tag: string) => `<tr>${cells.map((c) => `<${tag}>${inline(c)}</${tag}>`).join('')}</tr>`;
      return `<table>${block.table.head.length ? row(block.table.head, 'th') : ''}${block.table.rows.map((r) => row(r, 'td')).join('')}</table>`;
    })
    .join('\n');
}

/** RPOL's writer: RuBB out, RuBB read back for the preview, RPOL's post limit. */
export const RPOL_WRITER: ForumWriter = { markup: 'RuBB', write: writeRubb, preview: parseRubb, maxLength: MAX_POST_LENGTH };
