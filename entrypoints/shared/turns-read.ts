/**
 * A fetched thread page parsed (DOMParser: no script runs, nothing loads) and read by its forum's
 * reader, for the background's checks of followed threads (issue 41, item 3). Run where there is a
 * DOM: Chrome's offscreen document, Firefox's background page.
 */
import { readerById } from '../../lib/forums/readers';
import { type FetchedRead, type ReadOptions, readFetched } from '../../lib/turns/fetched';
import { pageLandmarks } from '../../lib/turns/landmarks';

export function readHtml(html: string, forumId: string, url: string, options: ReadOptions): FetchedRead {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const forum = readerById(forumId);
  if (!forum) return { kind: 'unreadable', landmarks: pageLandmarks(doc, 'article') };
  return readFetched(doc, forum, url, options);
}
