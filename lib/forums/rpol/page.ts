/** Which RPOL page this is, and whether Spark Scribe supports it. */
import { type Locale, tl } from '../../i18n';
import type { PageDetection, PageKind } from '../forum';

export type RpolPageKind = PageKind;
export type { PageDetection };

const HOSTS = /^(?:www\.|new\.|m\.)?rpol\.net$/i;

export function isRpolHost(host: string): boolean {
  return HOSTS.test(host);
}

export function detectRpolPage(doc: Document, url: string, l: Locale = 'en'): PageDetection {
  let path = '';
  let search = '';
  try {
    const u = new URL(url);
    path = u.pathname;
    search = u.search;
  } catch {
    /* a bare document (tests): decide by markup */
  }
  const hasDivPosts = !!doc.querySelector('div.message div.messagebody');
  // Only asked when there are no div posts: on a thread page, a query that finds nothing walks it all.
  const hasOldLayout = () => !!doc.querySelector('td.message_alt, td.message, tr.highlight');
  if (/\/display\.cgi$/.test(path) || (!path && (hasDivPosts || hasOldLayout()))) {
    if (hasDivPosts) return { kind: 'thread', reason: null };
    if (hasOldLayout()) return { kind: 'old-layout', reason: tl(l, 'pg.oldLayout') };
    return { kind: 'unsupported', reason: tl(l, 'pg.noPosts') };
  }
  if (/\/usermodules\/diceroller\.cgi$/.test(path)) return { kind: 'dice-log', reason: null };
  if (
    (/\/usermodules\/profile\.cgi$/.test(path) && /[?&]ci=/.test(search) && !/action=/.test(search)) ||
    (/\/gameinfo\.(php|cgi)$/.test(path) && /action=viewdescription/.test(search))
  ) {
    return { kind: 'character', reason: null };
  }
  if (!path && /\[roll=\d/.test(doc.body?.textContent ?? '')) return { kind: 'dice-log', reason: null };
  return { kind: 'unsupported', reason: tl(l, 'pg.unsupported') };
}
