/**
 * Rich text as a forum shows it, forum-neutral: what a preview renders. A forum's markup reader
 * (RPOL's RuBB, a board's BBCode) reads a post's text into it, and a post document becomes it
 * the way a forum that has every feature would show it. Components render it as elements, never
 * as an HTML string.
 */
import type { ColourRole, Inline, PostDoc } from './doc';

/** The element names a rich tree may hold: inline styles, blocks, table parts, and colours. */
export const RICH_INLINE = ['b', 'i', 'u', 's', 'sup', 'sub', 'small', 'large', 'smallcaps', 'tt'] as const;
export const RICH_BLOCK = ['pre', 'center', 'quote', 'spoiler'] as const;
export const RICH_TABLE = ['table', 'tr', 'th', 'td'] as const;
export const RICH_COLOURS = [
  'red',
  'orange',
  'aqua',
  'blue',
  'darkblue',
  'green',
  'darkgreen',
  'brown',
  'purple',
  'yellow',
  'pink',
  'royalred',
  'coral',
  'goldenrod',
  'seagreen',
  'periwinkle',
  'lavender',
  'rose',
  'gray',
] as const;
export const RICH_FONTS = ['serif', 'mono', 'cursive'] as const;

export type RichNode =
  | { type: 'text'; text: string }
  | { type: 'br' }
  | { type: 'hr' }
  | { type: 'el'; tag: string; children: RichNode[] }
  | { type: 'list'; ordered: boolean; items: RichNode[][] }
  | { type: 'code'; text: string }
  | { type: 'roll'; id: string }
  | { type: 'private'; label: string; children: RichNode[] };

/** The colour a preview gives each role (a forum's writer may pick its own). */
export const ROLE_COLOUR: Record<ColourRole, (typeof RICH_COLOURS)[number]> = {
  success: 'green',
  failure: 'red',
  alert: 'red',
  hand: 'green',
  discard: 'red',
  empty: 'blue',
};

const el = (tag: string, children: RichNode[]): RichNode => ({ type: 'el', tag, children });

function inline(parts: readonly Inline[]): RichNode[] {
  const out: RichNode[] = [];
  for (const p of parts) {
    if (typeof p === 'string') {
      const last = out[out.length - 1];
      if (last?.type === 'text') last.text += p;
      else if (p) out.push({ type: 'text', text: p });
    } else if ('b' in p) out.push(el('b', inline(p.b)));
    else if ('i' in p) out.push(el('i', inline(p.i)));
    else if ('small' in p) out.push(el('small', inline(p.small)));
    else if ('colour' in p) out.push(el(ROLE_COLOUR[p.colour], inline(p.text)));
    else out.push({ type: 'roll', id: p.roll });
  }
  return out;
}

/** A post document as a forum with every feature shows it: lines end in a break, tables are tables. */
export function docToRich(doc: PostDoc): RichNode[] {
  const out: RichNode[] = [];
  doc.forEach((block, n) => {
    const last = n === doc.length - 1;
    if ('line' in block) {
      out.push(...inline(block.line));
      if (!last) out.push({ type: 'br' });
    } else if ('pre' in block) out.push(el('tt', [{ type: 'text', text: block.pre }]));
    else if ('data' in block) {
      out.push(el('small', [{ type: 'text', text: block.data }]));
      if (!last) out.push({ type: 'br' });
    } else if ('list' in block) out.push({ type: 'list', ordered: !!block.ordered, items: block.list.map(inline) });
    else {
      const row = (cells: Inline[][], tag: 'th' | 'td') =>
        el(
          'tr',
          cells.map((c) => el(tag, inline(c))),
        );
      const rows = block.table.head.length ? [row(block.table.head, 'th')] : [];
      for (const r of block.table.rows) rows.push(row(r, 'td'));
      out.push(el('table', rows));
      if (!last) out.push({ type: 'br' });
    }
  });
  return out;
}
