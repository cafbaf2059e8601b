/**
 * Incremental reading: every post is handed over once. A MutationObserver (from the document's
 * own window) looks only at added nodes and ignores the nodes we inserted ourselves.
 */
import { OWN_UI_ATTRIBUTE } from './body';

export interface PostWatcher {
  /** Posts already handed over. */
  readonly seen: WeakSet<Element>;
  stop(): void;
}

function collect(node: Node, seen: WeakSet<Element>, out: Element[]) {
  if (node.nodeType !== 1) return;
  const el = node as Element;
  if (el.hasAttribute(OWN_UI_ATTRIBUTE) || el.closest(`[${OWN_UI_ATTRIBUTE}]`)) return;
  const candidates = el.matches('div.message') ? [el] : Array.from(el.querySelectorAll('div.message'));
  // A node added inside a post (an image loading, a late edit) re-reads nothing.
  for (const m of candidates) {
    if (!seen.has(m)) {
      seen.add(m);
      out.push(m);
    }
  }
}

/**
 * Hand every `div.message` under `root` to `onPosts` now, then each one added later, once.
 * Returns a handle whose `stop()` disconnects the observer.
 */
export function watchPosts(root: Document | Element, onPosts: (messages: Element[]) => void): PostWatcher {
  const seen = new WeakSet<Element>();
  const first: Element[] = [];
  for (const m of Array.from(root.querySelectorAll('div.message'))) {
    seen.add(m);
    first.push(m);
  }
  if (first.length) onPosts(first);
  const doc = 'defaultView' in root ? root : root.ownerDocument;
  const Observer = doc?.defaultView?.MutationObserver;
  if (!Observer) return { seen, stop() {} };
  const observer = new Observer((mutations) => {
    const added: Element[] = [];
    for (const m of mutations) for (const n of Array.from(m.addedNodes)) collect(n, seen, added);
    if (added.length) onPosts(added);
  });
  observer.observe('body' in root && root.body ? root.body : (root as Element), { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}
