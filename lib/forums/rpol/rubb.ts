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
type Open = { node: Extract<RubbNode, { children: RubbNode[] }> | { type: 'list'; ordered: boolean; items: RubbNode[][] }; closer: string };

/** The tree being built: the open elements (at most MAX_RUBB_DEPTH deep), and where text goes. */
class RubbTree {
  readonly root: RubbNode[] = [];
  private readonly stack: Open[] = [];

  get deep(): boolean {
    return this.stack.length >= MAX_RUBB_DEPTH;
  }

  private top(): Open | undefined {
    return this.stack[this.stack.length - 1];
  }

  inList(): boolean {
    return this.top()?.node.type === 'list';
  }

  /** Where the next node goes: the open element's children, a list's last item, or the root. */
  current(): RubbNode[] {
    const top = this.top();
    if (!top) return this.root;
    if (top.node.type !== 'list') return top.node.children;
    const items = top.node.items;
    if (!items.length) items.push([]);
    return items[items.length - 1]!;
  }

  text(s: string): void {
    if (!s) return;
    const list = this.current();
    const last = list[list.length - 1];
    if (last && last.type === 'text') last.text += s;
    else list.push({ type: 'text', text: s });
  }

  /** Open an element (past the depth cap, its tag stays text). */
  open(node: Open['node'], closer: string, whole: string): void {
    if (this.deep) {
      this.text(whole);
      return;
    }
    this.current().push(node);
    this.stack.push({ node, closer });
  }

  /** Close the element a closer closes, searched from the top; a closer with none open stays text. */
  close(closer: string, whole: string): void {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      if (this.stack[i]!.closer === closer) {
        this.stack.length = i;
        return;
      }
    }
    this.text(whole);
  }

  /** A list item starts ("[*]"); outside a list it is text. */
  item(whole: string): void {
    const top = this.top();
    if (top && top.node.type === 'list') top.node.items.push([]);
    else this.text(whole);
  }
}

/** One markup token (not [code]) into the tree. */
function addToken(tree: RubbTree, m: RegExpExecArray): void {
  const whole = m[0];
  if (whole === '\n') {
    if (!tree.inList()) tree.current().push({ type: 'br' });
  } else if (whole.toLowerCase() === '<hr>') tree.current().push({ type: 'hr' });
  else if (m[2]) {
    const tag = m[2].toLowerCase();
    if (!PAIRED.has(tag)) tree.text(whole);
    else if (m[1]) tree.close(tag, whole);
    else tree.open({ type: 'el', tag, children: [] }, tag, whole);
  } else if (m[4]) {
    const tag = m[4].toLowerCase();
    if (m[3]) tree.close(tag, whole);
    else tree.open({ type: 'list', ordered: tag === 'olist', items: [] }, tag, whole);
  } else if (whole === '[*]') tree.item(whole);
  else if (m[6]) tree.current().push({ type: 'roll', id: m[6] });
  else if (m[7]) tree.open({ type: 'private', label: m[7], children: [] }, ']', whole);
  else if (whole === ']') tree.close(']', whole);
}

export function parseRubb(input: string): RubbNode[] {
  const text = input.slice(0, 60_000);
  const tree = new RubbTree();
  const lower = text.toLowerCase();
  /** Past this offset no "[/code]" is left (so an unclosed "[code]" is looked for once). */
  let codeClosers = true;
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    tree.text(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (!m[5]) {
      addToken(tree, m);
      continue;
    }
    // [code]: everything up to its closer is text, markup included.
    const close = codeClosers ? lower.indexOf('[/code]', at) : -1;
    if (close < 0) {
      codeClosers = false;
      tree.text(m[0]);
      continue;
    }
    tree.current().push({ type: 'code', text: text.slice(at, close) });
    at = close + '[/code]'.length;
    TOKEN.lastIndex = at;
  }
  tree.text(text.slice(at));
  return tree.root;
}
