/**
 * RPOL's post markup (RuBB, forum-formats §3.1) read into a tree for a preview. Only RPOL's own
 * tags become elements; anything else stays text. The tree is rendered by components, never as
 * an HTML string.
 */

import { RICH_BLOCK, RICH_COLOURS, RICH_FONTS, RICH_INLINE, RICH_TABLE, type RichNode } from '../../post/rich';
import { RichTree } from '../../post/rich-tree';

export { MAX_RICH_DEPTH as MAX_RUBB_DEPTH } from '../../post/rich-tree';

/** RPOL's tags are the rich tree's own names (RuBB has every one of them). */
const PAIRED = new Set<string>([...RICH_INLINE, ...RICH_BLOCK, ...RICH_COLOURS, ...RICH_FONTS, ...RICH_TABLE]);

/** A RuBB tree is a rich tree (lib/post/rich.ts). */
export type RubbNode = RichNode;

const TOKEN =
  /<(\/?)([a-z]{1,12})>|<hr>|\[(\/?)(list|olist)\]|\[\*\]|\[(code)\]|\[roll=([\d.]{1,40})\]|\[((?:Private|Secret) to [^:\][\n]{1,60}|Language [^:\][\n]{1,30}):\s?|\]|\n/gi;

/** One markup token (not [code]) into the tree. */
function addToken(tree: RichTree, m: RegExpExecArray): void {
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

/** Parse post text into a tree. Linear in the text; unbalanced tags are closed at the end. */
export function parseRubb(input: string): RubbNode[] {
  const text = input.slice(0, 60_000);
  const tree = new RichTree();
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
