/**
 * BBCode, as the boards beside RPOL write it (phpBB, XenForo, vBulletin, Gamers' Plane): a post
 * document written in a board's dialect, and a post's BBCode read back into a rich tree for the
 * preview. Boards differ in what they have (tables, colours, the size a small line takes), so
 * each forum's writer passes its dialect; the tags and the reading are the same everywhere.
 *
 * Text stays text (lib/post/neutral.ts): every `[` that could open a tag, on any board, known or
 * not, is broken by an invisible joiner, so no name or word in a post can become markup or make
 * the board roll dice; bare links and mentions are broken the same way.
 */
import type { ColourRole, Inline, PostDoc } from './doc';
import { breakLinks, breakTags } from './neutral';
import { RICH_COLOURS, type RichNode } from './rich';
import { RichTree } from './rich-tree';

export interface BbcodeDialect {
  /** The board has `[table]`, `[tr]`, `[th]`, `[td]`; without them a table is written a row per line. */
  tables: boolean;
  /** The colour a role is written in (`[color=…]`); null: colour is left out. */
  colour: Record<ColourRole, string> | null;
  /** The `[size=…]` value of small text (boards count size in points, steps or per cent); null: not made small. */
  smallSize: string | null;
  /** How the board names its tags: `[b]` or `[B]` (both are read). */
  upper: boolean;
}

/** Text as BBCode text: no bracket opens a tag (here or with what is written after it), no bare link or mention. */
export const bbcodeText = (s: string): string => breakLinks(breakTags(s));

/** The default colour of each role on a board with `[color]`. */
export const BBCODE_COLOURS: Record<ColourRole, string> = { success: 'green', failure: 'red', alert: 'red', hand: 'green', discard: 'red', empty: 'blue' };

function tag(d: BbcodeDialect, name: string, value?: string): [string, string] {
  const n = d.upper ? name.toUpperCase() : name;
  return [`[${n}${value ? `=${value}` : ''}]`, `[/${n}]`];
}

function wrap(d: BbcodeDialect, name: string, inner: string, value?: string): string {
  const [open, close] = tag(d, name, value);
  return `${open}${inner}${close}`;
}

function inline(d: BbcodeDialect, parts: readonly Inline[]): string {
  let out = '';
  let text = '';
  for (const p of parts) {
    // Neighbouring strings are made safe together ("[" and "b]" would make a tag).
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    if ('roll' in p) continue;
    out += bbcodeText(text);
    text = '';
    if ('b' in p) out += wrap(d, 'b', inline(d, p.b));
    else if ('i' in p) out += wrap(d, 'i', inline(d, p.i));
    else if ('small' in p) out += d.smallSize ? wrap(d, 'size', inline(d, p.small), d.smallSize) : inline(d, p.small);
    else if ('colour' in p) out += d.colour ? wrap(d, 'color', inline(d, p.text), d.colour[p.colour]) : inline(d, p.text);
    // A roll another forum's server made cannot be referred to here: it is left out.
  }
  return out + bbcodeText(text);
}

/** A table on a board without tables: the head as one small line, then a line per row, its first cell in bold. */
function tableAsLines(d: BbcodeDialect, head: Inline[][], rows: Inline[][][]): string {
  const lines: string[] = [];
  if (head.length > 1) {
    const cells = head.map((c) => inline(d, c)).join(' · ');
    lines.push(d.smallSize ? wrap(d, 'size', cells, d.smallSize) : cells);
  }
  for (const r of rows) {
    const rest = r.slice(1).map((c) => inline(d, c));
    lines.push(`${wrap(d, 'b', inline(d, r[0] ?? []))}${rest.length ? ` — ${rest.join(' · ')}` : ''}`);
  }
  return lines.join('\n');
}

function table(d: BbcodeDialect, head: Inline[][], rows: Inline[][][]): string {
  if (!d.tables) return tableAsLines(d, head, rows);
  const row = (cells: Inline[][], cell: string) => wrap(d, 'tr', cells.map((c) => wrap(d, cell, inline(d, c))).join(''));
  return wrap(d, 'table', `${head.length ? row(head, 'th') : ''}${rows.map((r) => row(r, 'td')).join('')}`);
}

/** Code is shown as written: only its own closer would end it early. */
const codeText = (s: string) => s.replace(/\[\/code/gi, '[/ code');

/** A post document in a board's BBCode. */
export function writeBbcode(d: BbcodeDialect, doc: PostDoc): string {
  return doc
    .map((block) => {
      if ('line' in block) return inline(d, block.line);
      // A sheet and a record a reader parses back: in a code box, where the board changes nothing (no smilies, no links).
      if ('pre' in block) return wrap(d, 'code', codeText(block.pre));
      if ('data' in block) return wrap(d, 'code', codeText(block.data));
      if ('list' in block) {
        const [open, close] = tag(d, 'list', block.ordered ? '1' : undefined);
        return `${open}\n${block.list.map((item) => `[*]${inline(d, item)}`).join('\n')}\n${close}`;
      }
      return table(d, block.table.head, block.table.rows);
    })
    .join('\n');
}

// ---- reading back, for the preview ----

/** A tag (its value holds no bracket: a `[` starts the next try, so no stretch is scanned twice) or a line break. */
const TOKEN = /\[(\/?)([a-z*]{1,10})(?:=([^\]\n[]{0,80}))?\]|\n/gi;
const INLINE: Record<string, string> = { b: 'b', i: 'i', u: 'u', s: 's', strike: 's', sub: 'sub', sup: 'sup', center: 'center' };
const BLOCK: Record<string, string> = { quote: 'quote', spoiler: 'spoiler', ooc: 'quote' };
const TABLE = new Set(['table', 'tr', 'td', 'th']);
const COLOURS = new Set<string>(RICH_COLOURS);

/** A `[color=…]` value as a rich colour (hex and unknown names are shown without colour). */
const colourOf = (v: string | undefined) => {
  const c = (v ?? '').replace(/["']/g, '').trim().toLowerCase();
  return COLOURS.has(c) ? c : 'span';
};

/** What a tag opens, as a rich element's name; null when the board shows it as text. */
function elementFor(name: string, value: string | undefined, d: BbcodeDialect): string | null {
  if (INLINE[name]) return INLINE[name]!;
  if (BLOCK[name]) return BLOCK[name]!;
  if (name === 'color' || name === 'colour') return colourOf(value);
  // Sizes are counted differently on each board: the dialect's own small size is small, any other is shown as is.
  if (name === 'size') return value?.replace(/["']/g, '').trim() === d.smallSize ? 'small' : 'span';
  if (d.tables && TABLE.has(name)) return name;
  return null;
}

/** One tag into the tree (not [code], read apart). */
function addTag(tree: RichTree, m: RegExpExecArray, d: BbcodeDialect): void {
  const whole = m[0];
  const name = m[2]!.toLowerCase();
  const closer = name === 'colour' ? 'color' : name;
  const element = name === '*' || name === 'list' || name === 'hr' ? name : elementFor(name, m[3], d);
  if (element === '*') tree.item(whole);
  else if (element === 'list' && m[1]) tree.close('list', whole);
  else if (element === 'list') tree.open({ type: 'list', ordered: !!m[3], items: [] }, 'list', whole);
  else if (element === 'hr' && !m[1]) tree.current().push({ type: 'hr' });
  else if (!element || element === 'hr') tree.text(whole);
  else if (m[1]) tree.close(closer, whole);
  else tree.open({ type: 'el', tag: element, children: [] }, closer, whole);
}

/** A post's BBCode as a board of this dialect shows it (tables only where it has them). Linear in the text. */
export function parseBbcode(d: BbcodeDialect, input: string): RichNode[] {
  const text = input.slice(0, 60_000);
  const tree = new RichTree();
  const lower = text.toLowerCase();
  let codeClosers = true;
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    tree.text(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[0] === '\n') {
      if (!tree.inList()) tree.current().push({ type: 'br' });
      continue;
    }
    if (m[2]!.toLowerCase() !== 'code' || m[1]) {
      addTag(tree, m, d);
      continue;
    }
    // [code]: everything up to its closer is text, tags included.
    const close = codeClosers ? lower.indexOf('[/code]', at) : -1;
    if (close < 0) {
      codeClosers = false;
      tree.text(m[0]);
      continue;
    }
    tree.current().push({ type: 'code', text: text.slice(at, close).replace(/^\n/, '') });
    at = close + '[/code]'.length;
    TOKEN.lastIndex = at;
  }
  tree.text(text.slice(at));
  return tree.root;
}
