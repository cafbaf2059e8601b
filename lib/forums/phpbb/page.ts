/** Which phpBB page this is, and the topic's own facts (read from the page, so every address of a topic keys it the same). */
import { type Locale, tl } from '../../i18n';
import { lineOf, paramOf, pathOf } from '../board';
import type { PageDetection, ThreadInfo } from '../forum';

export function detectPhpbbPage(doc: Document, url: string, l: Locale = 'en'): PageDetection {
  const path = pathOf(url);
  if (path && !path.endsWith('/viewtopic.php')) return { kind: 'unsupported', reason: tl(l, 'pg.boardUnsupported', { forum: 'phpBB' }) };
  if (doc.querySelector('div.post[id^="p"] div.content')) return { kind: 'thread', reason: null };
  return { kind: 'unsupported', reason: tl(l, 'pg.noPosts') };
}

/** The forum's id: the breadcrumbs' last forum, else the address's `f`. */
function forumId(doc: Document, url: string): string | null {
  const crumbs = doc.querySelectorAll('[data-forum-id]');
  const last = crumbs[crumbs.length - 1]?.getAttribute('data-forum-id') ?? '';
  if (/^\d{1,12}$/.test(last)) return last;
  const links = doc.querySelectorAll('.crumb a[href*="viewforum.php"], #nav-breadcrumbs a[href*="viewforum.php"]');
  return paramOf(links[links.length - 1]?.getAttribute('href'), 'f') ?? paramOf(url, 'f');
}

export function phpbbThreadInfo(doc: Document, url: string): ThreadInfo {
  const title = doc.querySelector('h2.topic-title a, h2.topic-title, h2 a[href*="viewtopic.php"]');
  const reply = doc.querySelector<HTMLInputElement>('form#qr_postform input[name="t"], input[name="topic_id"]');
  return {
    gameId: forumId(doc, url),
    threadId: paramOf(title?.getAttribute('href'), 't') ?? paramOf(url, 't') ?? (/^\d{1,12}$/.test(reply?.value ?? '') ? reply!.value : null),
    title: lineOf(title) || null,
    viewer: lineOf(doc.querySelector('#username_logged_in .username, #username_logged_in .username-coloured')) || null,
  };
}

/** The reply box: the quick reply's, or the posting page's (`textarea#message`). */
export function phpbbReplyBox(doc: Document) {
  return { textarea: doc.querySelector<HTMLTextAreaElement>('textarea#message, form#qr_postform textarea[name="message"], textarea[name="message"]') };
}
