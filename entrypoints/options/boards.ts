/**
 * Options' board actions: the browser's permission for one origin, a page of the board read to
 * recognise its software, and, on removal, the board's open tabs told to stop before the
 * permission goes back.
 */
import { browser } from 'wxt/browser';
import type { BoardActions } from '../../components/ForumsCard';
import { t } from '../../components/locale';
import { type AddedBoard, boardAddress, originPattern } from '../../lib/forums/added';
import { forumOfHost, recogniseBoard } from '../../lib/forums/registry';
import { STOP_BOARD } from '../shared/protocol';
import { errorText } from '../../lib/errors';

/** The board's own name: its Open Graph site name, else the page's title before a separator, else its host. */
function boardName(doc: Document, host: string): string {
  const og = doc.querySelector('meta[property="og:site_name"]')?.getAttribute('content')?.trim();
  const title = doc.title
    .split(/(?<!\s)\s+[-|•–—]\s+/)
    .pop()
    ?.trim();
  return (og || title || host).slice(0, 120);
}

async function readPage(address: string): Promise<Document> {
  const res = await fetch(address, { credentials: 'include', redirect: 'follow' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return new DOMParser().parseFromString(await res.text(), 'text/html');
}

const fail = (error: string) => ({ ok: false as const, error: t('opt.forums.failed', { reason: error }) });

export function boardActions(): BoardActions {
  return {
    add(address) {
      const url = boardAddress(address);
      if (!url) return Promise.resolve(fail(t('opt.forums.notAddress')));
      const origin = url.origin.toLowerCase();
      const host = url.hostname;
      if (forumOfHost(host)) return Promise.resolve(fail(t('opt.forums.builtInAlready', { name: host })));
      const pattern = originPattern(origin);
      // The request comes first, in the click's own call: a browser asks only for a user's gesture.
      return browser.permissions.request({ origins: [pattern] }).then(async (granted) => {
        if (!granted) return fail(t('opt.forums.denied', { origin }));
        let doc: Document;
        try {
          doc = await readPage(url.href);
        } catch (e) {
          await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
          return fail(t('opt.forums.unreadable', { reason: errorText(e) }));
        }
        const forum = recogniseBoard(doc);
        if (!forum?.recognise) {
          await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
          return fail(t('opt.forums.unknownSoftware'));
        }
        const board: AddedBoard = { origin, forum: forum.id, name: boardName(doc, url.host) };
        return { ok: true as const, board };
      });
    },
    async remove(board) {
      // Tell the board's open pages to stop (their badges go) while the extension may still reach them.
      const tabs = await browser.tabs.query({ url: originPattern(board.origin) }).catch(() => []);
      await Promise.all(tabs.map((tab) => (tab.id == null ? null : browser.tabs.sendMessage(tab.id, { type: STOP_BOARD }).catch(() => null))));
      // Given back where the browser lets it go (not a permission it requires, as a test build's):
      // the board is removed and no longer read either way.
      await browser.permissions.remove({ origins: [originPattern(board.origin)] }).catch(() => false);
    },
    allowed: (board) => browser.permissions.contains({ origins: [originPattern(board.origin)] }),
    allow: (board) => browser.permissions.request({ origins: [originPattern(board.origin)] }),
    // One request for every origin, in the click's own call (as Add forum's): the browser asks only for a user's gesture.
    allowAll: (origins) => (origins.length ? browser.permissions.request({ origins: origins.map(originPattern) }) : Promise.resolve(true)),
  };
}
