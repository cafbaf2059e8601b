/**
 * The transport of the messages (./messages/): asking, each answer through its message's check,
 * and answering, each request read by its check before its handler sees it. Kept in one module so
 * an upgrade of the browser's messaging touches one place.
 */
import { browser } from 'wxt/browser';
import { checkClaim, checkRelay, type DrawerPage, type drawerCheck, drawerHint, type relay } from './messages/drawer';
import { isTabRequest, TAB_ANSWERS, type TabProtocol, type TabRequest, type TabType } from './messages/tab';
import { type AnswerOf, type AskOf, isRecord, type Message } from './protocol';

/**
 * Ask the background message `M` (its declaration's type): its `type`, its request's `fields` and
 * its `answer` check are M's. A side names the check it runs rather than passing the declaration:
 * the bundler keeps an object it uses whole, and the content scripts carry no background's checks.
 * Null when the background cannot answer or answers in another shape.
 */
export async function send<M extends Message>(type: M['type'], fields: AskOf<M>, answer: M['answer']): Promise<AnswerOf<M> | null> {
  try {
    return answer(await browser.runtime.sendMessage({ ...fields, type })) as AnswerOf<M> | null;
  } catch {
    return null; // no background (the extension was updated or switched off)
  }
}

/** Tell the background something whose answer the sender does not use (nothing is lost when it cannot hear). */
export async function tell<M extends Message>(type: M['type'], fields: AskOf<M>): Promise<void> {
  try {
    await browser.runtime.sendMessage({ ...fields, type });
  } catch {
    /* no background: what it keeps is then not kept */
  }
}

type TabAnswer<T extends TabType> = TabProtocol[T]['answer'];
const checkTabAnswer = <T extends TabType>(type: T, answer: unknown) => TAB_ANSWERS[type](answer) as TabAnswer<T> | null;

/**
 * Ask a tab's content script: in all its frames, in one (`frameId`), or in one document (Chrome's
 * `documentId`). Null: none there, or it answered in another shape.
 */
export async function askTab<T extends TabType>(
  tabId: number,
  type: T,
  fields: TabProtocol[T]['ask'],
  to?: { frameId: number } | { documentId: string },
): Promise<TabAnswer<T> | null> {
  try {
    const request = { ...fields, type };
    // (The typings know `frameId` only; Chrome 106+ takes `documentId` alike.)
    const answer: unknown = await (to === undefined
      ? browser.tabs.sendMessage(tabId, request)
      : browser.tabs.sendMessage(tabId, request, to as { frameId: number }));
    return checkTabAnswer(type, answer);
  } catch {
    return null; // no content script there (not a page we read)
  }
}

/**
 * From the claimed drawer's frame: a request for the document that registered it. Directly where
 * the frame has the tabs API (Chrome); elsewhere (Firefox) relayed by the background, which checks
 * the sender.
 */
export async function askOwnTab<T extends TabType>(claim: DrawerClaim, type: T, fields: TabProtocol[T]['ask']): Promise<TabAnswer<T> | null> {
  // (The typings say every context has `tabs`; Firefox's extension frames in a page have none.)
  const tabs = browser.tabs as typeof browser.tabs | undefined;
  if (claim.page && tabs) return askTab(claim.page.tab, type, fields, { documentId: claim.page.documentId });
  const request = { ...fields, type } as TabRequest;
  const relayed = await send<typeof relay>('relay', { session: claim.session, request }, checkRelay);
  return relayed?.ok ? checkTabAnswer(type, relayed.answer) : null;
}

/** A drawer's claim: its document's secret (the relay's), and the page it asks (where the browser names documents). */
export interface DrawerClaim {
  session: string;
  page?: DrawerPage;
}

/**
 * The digest of the nonce this panel frame's tab will post into it (null: no unclaimed opening).
 * The content script registers its opening as it sends the frame to the panel page, not before
 * (../content/drawer-frame.ts): a panel that asks first asks again, `tries` times in all, `waitMs`
 * apart, before it takes the answer for a refusal.
 */
export async function drawerNonceDigest(tries = 4, waitMs = 100): Promise<string | null> {
  for (let n = 1; ; n++) {
    const r = await send<typeof drawerHint>('drawer-hint', {}, drawerHint.answer);
    if (r?.ok || n >= tries) return r?.ok ? r.digest : null;
    await new Promise((wait) => setTimeout(wait, waitMs));
  }
}

/** From a panel page in a frame: claim this frame as its tab's registered drawer (null: not ours, or claimed already). */
export async function claimDrawer(nonce: string, session: string): Promise<DrawerClaim | null> {
  const r = await send<typeof drawerCheck>('drawer-check', { nonce, session }, checkClaim);
  return r?.ok ? { session, ...(r.page ? { page: r.page } : {}) } : null;
}

/**
 * The content script answers the panel's requests. The answer goes back through `sendResponse`
 * (the content script has the browser's own API, without the polyfill, and Chrome's own listeners
 * answer that way).
 */
export function answerRequests(handler: (r: TabRequest) => Promise<unknown> | unknown): () => void {
  const listener = (message: unknown, _sender: unknown, sendResponse: (answer: unknown) => void) => {
    if (!isTabRequest(message)) return undefined;
    Promise.resolve()
      .then(() => handler(message))
      .then(sendResponse, () => sendResponse(null));
    return true;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

export interface Sender {
  tab?: { id?: number };
  frameId?: number;
  url?: string;
  id?: string;
  /** Chrome: the sending document (a page, or the panel in a frame). */
  documentId?: string;
}

/** How the background answers a message: its request read by its check, then answered (undefined: not ours to answer). */
export type Handle<M extends Message> = (ask: AskOf<M>, sender: Sender) => Promise<AnswerOf<M>> | undefined;

/**
 * The background answers `messages` with `handlers`, in one listener: a message of another type,
 * or of a wrong shape, is left alone.
 */
export function answerMessages(messages: readonly Message[], handlers: Readonly<Record<string, Handle<Message> | undefined>>): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Sender) => {
    if (!isRecord(message) || typeof message.type !== 'string' || !Object.hasOwn(handlers, message.type)) return undefined;
    const ask = messages.find((m) => m.type === message.type)?.ask(message);
    return ask ? handlers[message.type]?.(ask, sender) : undefined;
  });
}
