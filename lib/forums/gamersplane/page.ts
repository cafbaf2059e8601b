/** Which Gamers' Plane page this is, and the thread's own facts. */
import { type Locale, tl } from '../../i18n';
import { lineOf, pathOf } from '../board';
import type { PageDetection, ThreadInfo } from '../forum';

const THREAD = /^\/forums\/thread\/(\d{1,12})(?:\/|$)/;

export function detectGamersPlanePage(doc: Document, url: string, l: Locale = 'en'): PageDetection {
  const path = pathOf(url);
  if (path && !THREAD.test(path)) return { kind: 'unsupported', reason: tl(l, 'pg.boardUnsupported', { forum: 'Gamers’ Plane' }) };
  if (doc.querySelector('div.postBlock[data-postid]')) return { kind: 'thread', reason: null };
  return { kind: 'unsupported', reason: tl(l, 'pg.noPosts') };
}

export function gamersPlaneThreadInfo(doc: Document, url: string): ThreadInfo {
  return {
    gameId: null,
    threadId: THREAD.exec(pathOf(url))?.[1] ?? null,
    title: lineOf(doc.querySelector('h1.headerbar')) || null,
    viewer: null,
  };
}

/** The quick reply's box (`textarea#messageTextArea`). */
export function gamersPlaneReplyBox(doc: Document) {
  return { textarea: doc.querySelector<HTMLTextAreaElement>('form#quickReply textarea, textarea#messageTextArea') };
}
