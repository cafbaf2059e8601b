/**
 * RPOL's post markup (RuBB, forum-formats §3.1) read into a tree for a preview. Only RPOL's own
 * tags become elements; anything else stays text. The tree is rendered by components, never as
 * an HTML string.
 */

import { RICH_BLOCK, RICH_COLOURS, RICH_FONTS, RICH_INLINE, RICH_TABLE, type RichNode } from '../../post/rich';

/** RPOL's tags are the rich tree's own names (RuBB has every one of them). */
const PAIRED = new Set<string>([...RICH_INLINE, ...RICH_BLOCK, ...RICH_COLOURS, ...RICH_FONTS, ...RICH_TABLE]);

/** A RuBB tree is a rich tree (lib/post/rich.ts). */
export type RubbNode = RichNode;

const TOKEN =
  /<(\/?)([a-z]{1,12})>|<hr>|\[(\/?)(list|olist)\]|\[\*\]|\[(code)\]|\[roll=([\d.]{1,40})\]|\[((?:Private|Secret) to [^:\]\n]{1,60}|Language [^:\]\n]{1,30}):\s?|\]|\n/gi;

/** Deeper nesting than this is shown as text: the tree (and what renders it) stays shallow whatever a post holds. */
export const MAX_RUBB_DEPTH = 100;

/** Parse post text into a tree. Linear in the text; unbalanced tags are closed at the end. */
export function parseRubb(input: string): RubbNode[] {
  const text = input.slice(0, 60_000);
  const root: RubbNode[] = [];
  const stack: { node: Extract<RubbNode, { children: RubbNode[] }> | { type: 'list'; ordered: boolean; items: RubbNode[][] }; closer: string }[] = [];
  const current = (): RubbNode[] => {
    const top = stack[stack.length - 1];
    if (!top) return root;
    if (top.node.type === 'list') {
      const items = top.node.items;
      if (!items.length) items.push([]);
      return items[items.length - 1]!;
    }
    return top.node.children;
  };
  const pushText = (s: string) => {
    if (!s) return;
    const list = current();
    const last = list[list.length - 1];
    if (last && last.type === 'text') last.text += s;
    else list.push({ type: 'text', text: s });
  };
  /** The stack entry that a closer closes: searched from the top, never deeper than the depth cap. */
  const opener = (closer: string) => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.closer === closer) return i;
    return -1;
  };
  const lower = text.toLowerCase();
  /** Past this offset no "[/code]" is left (so an unclosed "[code]" is looked for once). */
  let codeClosers = true;
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    pushText(text.slice(at, m.index));
    at = m.index + m[0].length;
    const whole = m[0];
    if (m[5]) {
      const close = codeClosers ? lower.indexOf('[/code]', at) : -1;
      if (close < 0) {
        codeClosers = false;
        pushText(whole);
        continue;
      }
      current().push({ type: 'code', text: text.slice(at, close) });
      at = close + '[/code]'.length;
      TOKEN.lastIndex = at;
      continue;
    }
    const deep = stack.length >= MAX_RUBB_DEPTH;
    if (whole === '\n') {
      const top = stack[stack.length - 1];
      if (!(top && top.node.type === 'list')) current().push({ type: 'br' });
      continue;
    }
    if (whole.toLowerCase() === '<hr>') {
      current().push({ type: 'hr' });
      continue;
    }
    if (m[2]) {
      const tag = m[2].toLowerCase();
      if (!PAIRED.has(tag)) {
        pushText(whole);
        continue;
      }
      if (m[1]) {
        const idx = opener(tag);
        if (idx < 0) pushText(whole);
        else stack.length = idx;
        continue;
      }
      if (deep) {
        pushText(whole);
        continue;
      }
      const node = { type: 'el' as const, tag, children: [] as RubbNode[] };
      current().push(node);
      stack.push({ node, closer: tag });
      continue;
    }
    if (m[4]) {
      const tag = m[4].toLowerCase();
      if (m[3]) {
        const idx = opener(tag);
        if (idx < 0) pushText(whole);
        else stack.length = idx;
        continue;
      }
      if (deep) {
        pushText(whole);
        continue;
      }
      const node = { type: 'list' as const, ordered: tag === 'olist', items: [] as RubbNode[][] };
      current().push(node);
      stack.push({ node, closer: tag });
      continue;
    }
    if (whole === '[*]') {
      const top = stack[stack.length - 1];
      if (top && top.node.type === 'list') top.node.items.push([]);
      else pushText(whole);
      continue;
    }
    if (m[6]) {
      current().push({ type: 'roll', id: m[6] });
      continue;
    }
    if (m[7] && !deep) {
      const node = { type: 'private' as const, label: m[7], children: [] as RubbNode[] };
      current().push(node);
      stack.push({ node, closer: ']' });
      continue;
    }
    if (m[7]) {
      pushText(whole);
      continue;
    }
    if (whole === ']') {
      const idx = opener(']');
      if (idx < 0) pushText(whole);
      else stack.length = idx;
    }
  }
  pushText(text.slice(at));
  return root;
}
