/** RPOL's post elements, for the reading every forum shares (lib/reading/feed.ts). */
import { feedPosts as feed, type PostFeed, type PostWatcher, type WatchOptions, watchPosts as watch } from '../../reading/feed';
import type { PostShape } from '../../reading/feed';

export { FIRST_POST_WITHIN, whenParsed } from '../../reading/feed';
export type { PostFeed, PostWatcher, WatchOptions };

/** A post of RPOL's div layout (forum-formats §1.3). */
export const RPOL_POSTS: PostShape = { tag: 'div', className: 'message', selector: 'div.message' };

/** RPOL's posts of a page, as they are parsed. */
export const feedPosts = (doc: Document): PostFeed => feed(doc, RPOL_POSTS);

/** Every RPOL post under `root` now, then each parsed or added later, once. */
export const watchPosts = (root: Document | Element, onPosts: (messages: Element[]) => void, options: WatchOptions = {}): PostWatcher =>
  watch(root, RPOL_POSTS, onPosts, options);
