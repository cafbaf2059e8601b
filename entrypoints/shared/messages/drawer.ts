/**
 * The in-page drawer's registration, claim and relay: the tab's own content script registers the
 * frame it opens, and the panel page in that frame claims it. The claim's answer names the very
 * document that registered, which the panel asks directly where its frame has the tabs API
 * (Chrome); where it has not (Firefox), the relay carries its requests to that document
 * (entrypoints/background/handlers/drawer.ts checks every sender).
 */
import { checkOk, isRecord, isText, type Message } from '../protocol';
import { isTabRequest, type TabRequest } from './tab';

/** The key of the message that hands the drawer's frame its nonce. */
export const DRAWER_NONCE = 'sparkScribeDrawer';

/** A nonce or a session: 128 random bits in hex. */
const isSecret = (x: unknown): x is string => isText(x, 100) && /^[\da-f]{32}$/.test(x);

/**
 * From a tab's top frame: it is opening its drawer, whose frame will be handed `nonce` (posted
 * into the frame, to the extension's origin only: the page cannot read it).
 */
export const drawerOpen = {
  type: 'drawer-open',
  ask: (m) => (isRecord(m) && isSecret(m.nonce) ? { nonce: m.nonce } : null),
  answer: checkOk,
} as const satisfies Message;

/** From a tab's top frame: its drawer is closed (or its page is going away). */
export const drawerClose = { type: 'drawer-close', ask: () => ({}), answer: checkOk } as const satisfies Message;

/** The page a claimed drawer asks: its tab, and the document that registered it. */
export interface DrawerPage {
  tab: number;
  documentId: string;
}

/** A document id: Chrome's 32 hex digits, or Firefox's UUID. */
const isDocumentId = (x: unknown): x is string =>
  isText(x, 100) && (/^[\dA-F]{32}$/i.test(x) || /^\{?[\dA-F]{8}-[\dA-F]{4}-[\dA-F]{4}-[\dA-F]{4}-[\dA-F]{12}\}?$/i.test(x));

/** A claim's answer: refused, or claimed (with the page to ask, where the browser names documents). */
export const checkClaim = (x: unknown): { ok: false } | { ok: true; page?: DrawerPage } => {
  if (!isRecord(x) || x.ok !== true) return { ok: false };
  if (x.page === undefined) return { ok: true };
  const p = x.page;
  return isRecord(p) && Number.isSafeInteger(p.tab) && (p.tab as number) >= 0 && isDocumentId(p.documentId)
    ? { ok: true, page: { tab: p.tab as number, documentId: p.documentId } }
    : { ok: false };
};

/**
 * From a panel page in a frame: it holds its tab's `nonce`; the first to show it claims the
 * registration for its frame, with a secret of its own document (`session`) that the relay
 * asks for from then on, and it is told the document to ask directly where it can. Any other
 * frame, or any later document, is refused.
 */
export const drawerCheck = {
  type: 'drawer-check',
  ask: (m) => (isRecord(m) && isSecret(m.nonce) && isSecret(m.session) ? { nonce: m.nonce, session: m.session } : null),
  answer: checkClaim,
} as const satisfies Message;

/** A SHA-256 in hex. */
const isDigest = (x: unknown): x is string => isText(x, 100) && /^[\da-f]{64}$/.test(x);

/**
 * From a panel page in a frame, before it listens: the SHA-256 of the nonce its tab's content
 * script will post into its frame (while that opening is unclaimed). The page can post into the
 * frame too, as often as it likes; with the digest the panel tells the content script's message
 * from any other by itself, without asking the background about each.
 */
export const drawerHint = {
  type: 'drawer-hint',
  ask: () => ({}),
  answer: (x) => (isRecord(x) && x.ok === true && isDigest(x.digest) ? { ok: true as const, digest: x.digest } : { ok: false as const }),
} as const satisfies Message;

export const checkRelay = (x: unknown): { ok: true; answer: unknown } | { ok: false } =>
  isRecord(x) && x.ok === true && 'answer' in x ? { ok: true, answer: x.answer } : { ok: false };

/** From the drawer's frame: a request for its own tab, and the tab's answer (checked by the request's own check). */
export const relay = {
  type: 'relay',
  ask: (m) => (isRecord(m) && isSecret(m.session) && isTabRequest(m.request) ? { session: m.session, request: m.request as TabRequest } : null),
  answer: checkRelay,
} as const satisfies Message;
