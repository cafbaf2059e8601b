/** Which vBulletin page this is, and the thread's own facts. */
import { type Locale, tl } from '../../i18n';
import { lineOf, paramOf, pathOf } from '../board';
import type { PageDetection, ThreadInfo } from '../forum';

export function detectVbulletinPage(doc: Document, url: string, l: Locale = 'en'): PageDetection {
  const path = pathOf(url);
  if (path && !/showthread\.php|showpost\.php|\/threads\/\d/.test(path))
    return { kind: 'unsupported', reason: tl(l, 'pg.boardUnsupported', { forum: 'vBulletin' }) };
  if (doc.querySelector('div[id^="post_message_"]')) return { kind: 'thread', reason: null };
  return { kind: 'unsupported', reason: tl(l, 'pg.noPosts') };
}

/** The thread's id: `t=` of the address or of the page's own thread links; vBulletin 4's `/threads/123-title`. */
function threadId(doc: Document, url: string): string | null {
  const fromUrl = paramOf(url, 't') ?? /\/(?:threads|showthread\.php)\/(\d{1,12})(?:-|\/|$)/.exec(pathOf(url))?.[1] ?? null;
  if (fromUrl) return fromUrl;
  const input = doc.querySelector<HTMLInputElement>('input[name="t"]')?.value ?? '';
  return /^\d{1,12}$/.test(input) ? input : null;
}

export function vbulletinThreadInfo(doc: Document, url: string): ThreadInfo {
  const forums = doc.querySelectorAll('a[href*="forumdisplay.php"]');
  return {
    gameId: paramOf(forums[forums.length - 1]?.getAttribute('href'), 'f'),
    threadId: threadId(doc, url),
    title: lineOf(doc.querySelector('#threadtitle, span.threadtitle, td.navbar strong, h1')) || null,
    viewer: null,
  };
}

/** The quick reply's textarea. */
export function vbulletinReplyBox(doc: Document) {
  return { textarea: doc.querySelector<HTMLTextAreaElement>('textarea#vB_Editor_QR_textarea, form#quick_reply textarea, textarea[name="message"]') };
}
