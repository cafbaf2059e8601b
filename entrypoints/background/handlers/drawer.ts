/**
 * The drawers' registrations, one per tab: made by the tab's own content script (top frame) for the
 * frame it made, ended when the drawer closes, when the top frame goes to another page, and when
 * the tab closes. Only the panel document that claimed its tab's registered frame is answered: it
 * is told the very document that registered, which it asks directly where its frame has the tabs
 * API (Chrome); elsewhere (Firefox) the relay asks that document for it. A frame a page made, or
 * any later document in the drawer's frame, gets nothing: no capability ever travels where the
 * page can read it.
 */
import { browser } from 'wxt/browser';
import { sha256Hex } from '../../../lib/crypto/sha256';
import { drawerCheck, drawerClose, drawerHint, drawerOpen, relay } from '../../shared/messages/drawer';
import type { Sender } from '../../shared/transport';
import type { HandlersOf } from './handler';

/** The page address a drawer belongs to (its fragment aside: a jump within the page is the same page). */
const pageOf = (url: string | undefined): string | null => {
  try {
    const u = new URL(url ?? '');
    u.hash = '';
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};

interface DrawerRegistration {
  /** What the content script handed its drawer's frame. */
  nonce: string;
  /** The frame that showed it first (the drawer's own: the nonce went to it alone). */
  frameId?: number;
  /** The page (top frame) that made it, and, on Chrome, that page's document. */
  page: string;
  documentId?: string;
  /** The secret of the panel document that claimed the frame (one claim per registration). */
  session?: string;
}

/** Who may do what: the tab's top page registers, the panel page in its frame claims and relays. */
function senders(extensionOrigin: string) {
  const ours = (sender: Sender) => sender.id === browser.runtime.id && sender.tab?.id !== undefined;
  const fromOurFrame = (sender: Sender) => typeof sender.url === 'string' && sender.url.startsWith(`${extensionOrigin}/sidepanel.html`);
  return {
    fromTopPage: (sender: Sender) => ours(sender) && !fromOurFrame(sender) && sender.frameId === 0 && pageOf(sender.url) !== null,
    fromPanelFrame: (sender: Sender) => ours(sender) && fromOurFrame(sender),
  };
}

export function drawerHandlers(
  extensionOrigin: string,
): HandlersOf<typeof drawerOpen | typeof drawerClose | typeof drawerHint | typeof drawerCheck | typeof relay> {
  const drawers = new Map<number, DrawerRegistration>();
  const { fromTopPage, fromPanelFrame } = senders(extensionOrigin);
  /** The registration this panel document holds, if any. */
  const held = (sender: Sender, session: string) => {
    const d = fromPanelFrame(sender) ? drawers.get(sender.tab!.id!) : undefined;
    return d && d.session !== undefined && d.frameId === sender.frameId && d.session === session ? d : undefined;
  };
  browser.tabs.onRemoved.addListener((tab: number) => drawers.delete(tab));
  // The top frame goes to another page: that page's drawer is gone. (A reload ends it from the
  // page, on pagehide; the reloaded page's frames have new ids, and on Chrome the relay is pinned
  // to the registering document.)
  browser.tabs.onUpdated.addListener((tab: number, change: { url?: string }) => {
    const d = drawers.get(tab);
    if (d && change.url !== undefined && pageOf(change.url) !== d.page) drawers.delete(tab);
  });
  return {
    [drawerOpen.type](m, sender) {
      if (!fromTopPage(sender)) return undefined;
      drawers.set(sender.tab!.id!, { nonce: m.nonce, page: pageOf(sender.url)!, documentId: sender.documentId });
      return Promise.resolve({ ok: true });
    },
    [drawerClose.type](_, sender) {
      if (!fromTopPage(sender)) return undefined;
      drawers.delete(sender.tab!.id!);
      return Promise.resolve({ ok: true });
    },
    [drawerHint.type](_, sender) {
      if (!fromPanelFrame(sender) || !sender.frameId) return undefined;
      const d = drawers.get(sender.tab!.id!);
      // Only while the opening is unclaimed: the digest tells a frame nothing it could claim with.
      return Promise.resolve(d && d.session === undefined ? { ok: true as const, digest: sha256Hex(d.nonce) } : { ok: false as const });
    },
    [drawerCheck.type](m, sender) {
      if (!fromPanelFrame(sender) || !sender.frameId) return undefined;
      const d = drawers.get(sender.tab!.id!);
      if (!d || d.nonce !== m.nonce) return Promise.resolve({ ok: false });
      // One claim per opening: the first document to show the nonce, in its frame.
      if (d.session === undefined) {
        d.session = m.session;
        d.frameId = sender.frameId;
      }
      if (d.session !== m.session || d.frameId !== sender.frameId) return Promise.resolve({ ok: false as const });
      // The document that registered, for the panel to ask directly where it can (one hop, where
      // the relay makes two and wakes this worker, stopped when idle for 30 s, for every Insert).
      return Promise.resolve(d.documentId ? { ok: true as const, page: { tab: sender.tab!.id!, documentId: d.documentId } } : { ok: true as const });
    },
    // Firefox's way: its extension frames in a page have no tabs API.
    [relay.type](m, sender) {
      if (!fromPanelFrame(sender)) return undefined;
      const d = held(sender, m.session);
      if (!d) return Promise.resolve({ ok: false });
      // To the page that registered it (Chrome: that very document), never to whatever the tab shows now.
      const to = d.documentId ? { documentId: d.documentId } : { frameId: 0 };
      return browser.tabs.sendMessage(sender.tab!.id!, m.request, to as { frameId: number }).then(
        (answer: unknown) => ({ ok: true as const, answer }),
        () => ({ ok: false as const }),
      );
    },
  };
}
