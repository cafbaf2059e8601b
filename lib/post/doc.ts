/**
 * A post as a game writes it, knowing no forum: a small document of lines, emphasis, colour
 * roles, tables, lists, fixed-width blocks and roll references. Each forum's writer renders it in
 * that forum's markup (lib/forums/<forum>/writer.ts); the preview renders the same document.
 * Text in a document is always text: a writer never lets it become markup.
 */
import { type Key, type Locale, type Params, tl } from '../i18n';

/** What a colour means in a post; each forum's writer picks the colour (or none). */
export type ColourRole = 'success' | 'failure' | 'alert' | 'hand' | 'discard' | 'empty';

export type Inline =
  | string
  | { b: Inline[] }
  | { i: Inline[] }
  | { small: Inline[] }
  | { colour: ColourRole; text: Inline[] }
  /** A reference to a roll the forum's server made (RPOL's `[roll=ID]`). */
  | { roll: string };

export type Block =
  /** One line of text. */
  | { line: Inline[] }
  /** A table: a header row and rows of cells. */
  | { table: { head: Inline[][]; rows: Inline[][][] } }
  | { list: Inline[][]; ordered?: boolean }
  /** A fixed-width block (a character sheet), shown as it is. */
  | { pre: string }
  /** A record a reader parses back (a match's log): forums write it as small text, Discord as a code block. */
  | { data: string };

export type PostDoc = Block[];

export const b = (...text: Inline[]): Inline => ({ b: text });
export const i = (...text: Inline[]): Inline => ({ i: text });
export const small = (...text: Inline[]): Inline => ({ small: text });
export const coloured = (colour: ColourRole, ...text: Inline[]): Inline => ({ colour, text });
export const rollRef = (id: string): Inline => ({ roll: id });
export const line = (...text: Inline[]): Block => ({ line: text });

/** Values for a message whose placeholders may hold inline parts (a bold head, a coloured word, a roll reference). */
export type InlineParams = Record<string, string | number | Inline | readonly Inline[]>;

/**
 * A catalogue message as inline parts: its placeholders filled with text or with inline parts,
 * so that the words stay in the catalogue and the emphasis in the document.
 */
export function fill(l: Locale, key: Key, params: InlineParams = {}): Inline[] {
  const plain: Params = {};
  const marks: Record<string, readonly Inline[]> = {};
  let n = 0;
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'object') {
      const mark = `\ue000${n++}\ue001`;
      marks[mark] = Array.isArray(v) ? v : [v as Inline];
      plain[k] = mark;
    } else plain[k] = v;
  }
  const text = tl(l, key, plain);
  if (!n) return [text];
  const out: Inline[] = [];
  for (const part of text.split(/(\ue000\d+\ue001)/)) if (part) out.push(...(marks[part] ?? [part]));
  return out;
}

/** A user's words (a name, a card) made safe to stand in a line: one line, bounded. */
export const clip = (s: string, max = 120): string => s.replace(/\s+/g, ' ').trim().slice(0, max);

/** The document's text with no markup at all (for a screen reader's summary, a search, a plain forum). */
export function plainText(doc: PostDoc): string {
  return doc.map(blockText).join('\n');
}

function blockText(block: Block): string {
  if ('line' in block) return inlineText(block.line);
  if ('pre' in block) return block.pre;
  if ('data' in block) return block.data;
  if ('list' in block) return block.list.map((item, n) => `${block.ordered ? `${n + 1}.` : '•'} ${inlineText(item)}`).join('\n');
  const rows = [block.table.head, ...block.table.rows].filter((r) => r.length);
  return rows.map((r) => r.map(inlineText).join(' | ')).join('\n');
}

export function inlineText(parts: readonly Inline[]): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') out += p;
    else if ('b' in p) out += inlineText(p.b);
    else if ('i' in p) out += inlineText(p.i);
    else if ('small' in p) out += inlineText(p.small);
    else if ('colour' in p) out += inlineText(p.text);
    else out += `[roll ${p.roll}]`;
  }
  return out;
}
