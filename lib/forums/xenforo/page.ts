/** Which XenForo page this is, and the thread's own facts. */
import { type Locale, tl } from '../../i18n';
import { lineOf, pathOf } from '../board';
import type { PageDetection, ThreadInfo } from '../forum';

/** The id at the end of a XenForo address part: `/threads/a-title.123/`, `/forums/games.45/`, or bare `/threads/123/`. */
const idIn = (path: string, part: string): string | null => new RegExp(`/${part}/(?:[^/]*\\.)?(\\d{1,12})(?:/|$)`).exec(path)?.[1] ?? null;

export function detectXenforoPage(doc: Document, url: string, l: Locale = 'en'): PageDetection {
  const path = pathOf(url);
  if (path && !idIn(path, 'threads') && !/\/posts\/\d/.test(path)) return { kind: 'unsupported', reason: tl(l, 'pg.boardUnsupported', { forum: 'XenForo' }) };
  if (doc.querySelector('article.message[data-content^="post-"] .bbWrapper')) return { kind: 'thread', reason: null };
  return { kind: 'unsupported', reason: tl(l, 'pg.noPosts') };
}

export function xenforoThreadInfo(doc: Document, url: string): ThreadInfo {
  const crumbs = Array.from(doc.querySelectorAll('.p-breadcrumbs a[href*="/forums/"]'));
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
  return {
    gameId: idIn(crumbs[crumbs.length - 1]?.getAttribute('href') ?? '', 'forums'),
    threadId: idIn(pathOf(canonical), 'threads') ?? idIn(pathOf(url), 'threads'),
    title: lineOf(doc.querySelector('h1.p-title-value')) || null,
    viewer: lineOf(doc.querySelector('.p-navgroup-link--user .p-navgroup-linkText')) || null,
  };
}

/** The quick reply: its rich editor where it is shown, else its textarea. */
export function xenforoReplyBox(doc: Document) {
  const form = doc.querySelector('form.js-quickReply') ?? doc;
  return {
    textarea: form.querySelector<HTMLTextAreaElement>('textarea[name="message"], textarea.input'),
    editor: form.querySelector<HTMLElement>('.fr-element[contenteditable="true"]'),
  };
}
