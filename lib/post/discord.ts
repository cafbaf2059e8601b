/**
 * A post document as Discord messages: Discord's Markdown, each message at most 2,000 characters
 * (a longer post is split into numbered messages at block boundaries, a long record across code
 * blocks at its own separators). Text stays text: Markdown's marks (brackets and parentheses of a
 * masked link included) are escaped, and mentions, invites and bare links broken.
 * The board's squares (■ in the hand, discard or no-card colour) become Discord's coloured
 * squares; a record a reader parses back is a code block.
 */
import type { ColourRole, Inline, PostDoc } from './doc';
import { breakLinks } from './neutral';

export const DISCORD_LIMIT = 2000;

const SQUARE: Partial<Record<ColourRole, string>> = { hand: '🟩', discard: '🟥', empty: '🟦' };

/** A heading, subtext, quote or list mark starting a line inside the text (the block's first line is lineStart's). */
const LINE_MARK = /\n([ \t]*)(#|>|-(?=[\s#])|\d+\.(?=\s))/g;

/**
 * Discord's invite links ("discord.gg/…", "discord.com/invite/…", "discordapp.com/invite/…"): the
 * dot before the domain's end is broken, whatever stands before it (the name may be in the text
 * before, or after markup).
 */
const INVITE = /\.(?=(?:gg|io|me|li|new)\b|com\/invite\b)/gi;

/**
 * Text as Discord text: its Markdown marks escaped (a masked link's `[`, `]`, `(`, `)` too);
 * every `<` broken (a user, role or channel mention, a command, an emoji, a link in angle
 * brackets), and `@` before a name (`@everyone`, `@here`, a name the client resolves), bare links
 * and invites, by a zero-width space.
 */
export function discordText(s: string): string {
  return breakLinks(
    s.replace(/[\\*_~`|[\]()]/g, (c) => `\\${c}`),
    '\u200b',
  )
    .replace(/</g, '<\u200b')
    .replace(INVITE, '\u200b.')
    .replace(LINE_MARK, '\n$1\\$2');
}

/**
 * Small text and colour have no mark in Discord: their text joins the text around it (a colour's
 * ■ becoming its square), so that it is made safe with its neighbours.
 */
function flat(parts: readonly Inline[], square?: string): Inline[] {
  return parts.flatMap((p): Inline[] => {
    if (typeof p === 'string') return [square ? p.replace(/■/g, square) : p];
    if ('b' in p) return [{ b: flat(p.b, square) }];
    if ('i' in p) return [{ i: flat(p.i, square) }];
    if ('small' in p) return flat(p.small, square);
    if ('colour' in p) return flat(p.text, SQUARE[p.colour] ?? square);
    return [p];
  });
}

function inline(parts: readonly Inline[]): string {
  let out = '';
  let text = '';
  for (const p of flat(parts)) {
    // Neighbouring strings are made safe together ("@" and "everyone" would make a mention).
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    out += discordText(text);
    text = '';
    if ('b' in p) out += `**${inline(p.b)}**`;
    else if ('i' in p) out += `*${inline(p.i)}*`;
    else if ('roll' in p) out += `(roll ${discordText(p.roll)})`;
  }
  return out + discordText(text);
}

/** Each line's leading characters that Markdown would read as a heading, subtext, a quote or a list: escaped. */
const lineStart = (s: string) => s.replace(/^([ \t]*)(#|>|-(?=[\s#])|\d+\.(?=\s))/gm, '$1\\$2');

/** A line made only of small text is Discord's subtext (`-# `). */
const isSmall = (parts: readonly Inline[]) => parts.length > 0 && parts.every((p) => typeof p === 'object' && 'small' in p);

/**
 * A code block's content with no two backticks side by side: Discord closes a code block at the
 * next three backticks whatever the opening fence's length, so every run is broken (a zero-width
 * space after each backtick that another follows), not only the first three of it.
 */
const unfenced = (s: string) => s.replace(/`(?=`)/g, '`\u200b');

/** Each block as Discord Markdown (a record as one code block, split later when too long). */
function blocks(doc: PostDoc): { text: string; data?: string }[] {
  return doc.map((block) => {
    if ('line' in block) return { text: `${isSmall(block.line) ? '-# ' : ''}${lineStart(inline(block.line))}` };
    if ('pre' in block) return { text: `\`\`\`\n${unfenced(block.pre)}\n\`\`\`` };
    if ('data' in block) return { text: '', data: unfenced(block.data) };
    if ('list' in block) return { text: block.list.map((item, n) => `${block.ordered ? `${n + 1}.` : '-'} ${inline(item)}`).join('\n') };
    // No tables in Discord: each row a line, its first cell in bold, the others after it.
    const head = block.table.head.length > 1 ? `-# ${block.table.head.map((c) => inline(c)).join(' · ')}` : '';
    const rows = block.table.rows.map(
      (r) =>
        `**${inline(r[0] ?? [])}**${
          r.length > 1
            ? ` — ${r
                .slice(1)
                .map((c) => inline(c))
                .join(' · ')}`
            : ''
        }`,
    );
    return { text: [head, ...rows].filter(Boolean).join('\n') };
  });
}

/** A record cut into pieces at its own separators (` | `), each at most `max` characters. */
function pieces(data: string, max: number): string[] {
  const out: string[] = [];
  let rest = data;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' | ', max);
    if (cut <= 0) cut = max;
    else cut += 2;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  out.push(rest);
  return out;
}

const NUMBER_ROOM = 12;
const fence = (s: string) => `\`\`\`\n${s}\n\`\`\``;

/** The document as Discord messages, in order, each at most `limit` characters (numbered when there are several). */
export function discordMessages(doc: PostDoc, limit = DISCORD_LIMIT): string[] {
  const room = limit - NUMBER_ROOM;
  const parts: string[] = [];
  for (const b of blocks(doc)) {
    if (b.data === undefined) {
      // A block longer than a message (rare: a huge table) is cut at line ends.
      const lines = b.text.split('\n');
      let cur = '';
      for (const l of lines) {
        const piece = l.slice(0, room);
        if (cur && cur.length + piece.length + 1 > room) {
          parts.push(cur);
          cur = piece;
        } else cur = cur ? `${cur}\n${piece}` : piece;
      }
      if (cur) parts.push(cur);
    } else for (const p of pieces(b.data, room - 8)) parts.push(fence(p));
  }
  const messages: string[] = [];
  let cur = '';
  for (const p of parts) {
    if (cur && cur.length + p.length + 1 > room) {
      messages.push(cur);
      cur = p;
    } else cur = cur ? `${cur}\n${p}` : p;
  }
  if (cur) messages.push(cur);
  return messages.length > 1 ? messages.map((m, n) => `-# ${n + 1}/${messages.length}\n${m}`) : messages;
}

/**
 * Discord messages joined as one text (what a reader pastes back): code fences and numbering lines
 * taken out, and outside code blocks the Markdown escapes read as the characters they escape
 * (as Discord shows them).
 */
export function discordToText(text: string): string {
  return text
    .replace(/^-# \d+\/\d+$/gm, '')
    .split('```')
    .map((part, n) => (n % 2 ? part : part.replace(/\\([^\sA-Za-z0-9])/g, '$1')))
    .join('');
}
