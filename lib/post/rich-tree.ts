/**
 * A rich tree (lib/post/rich.ts) built token by token, for every forum's markup reader: open
 * elements nest at most MAX_RICH_DEPTH deep (deeper tags stay text), a closer closes the nearest
 * element it closes (or stays text), and unbalanced tags close at the end.
 */
import type { RichNode } from './rich';

/** Deeper nesting than this is shown as text: the tree (and what renders it) stays shallow whatever a post holds. */
export const MAX_RICH_DEPTH = 100;

/** An open element and the closer that closes it. */
export type Open = { node: Extract<RichNode, { children: RichNode[] }> | { type: 'list'; ordered: boolean; items: RichNode[][] }; closer: string };

/** The tree being built: the open elements (at most MAX_RICH_DEPTH deep), and where text goes. */
export class RichTree {
  readonly root: RichNode[] = [];
  private readonly stack: Open[] = [];

  get deep(): boolean {
    return this.stack.length >= MAX_RICH_DEPTH;
  }

  private top(): Open | undefined {
    return this.stack[this.stack.length - 1];
  }

  inList(): boolean {
    return this.top()?.node.type === 'list';
  }

  /** Where the next node goes: the open element's children, a list's last item, or the root. */
  current(): RichNode[] {
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
