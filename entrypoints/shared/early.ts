/**
 * The requests both content scripts share: sent at document_start by the early script, picked up
 * by the reader once the page is parsed (they live in the content scripts' own world, which the
 * page cannot see). Only raw answers travel here: the reader checks them as it would its own.
 */
import { browser } from 'wxt/browser';
import { draftKey } from '../../lib/settings/defaults';

export const EARLY_ANSWERS = '__sparkScribeEarlyAnswers';

export interface EarlyAnswers {
  /** The address the requests were made for (the reader checks it is still this page's). */
  url: string;
  settings: Promise<unknown>;
  context: Promise<unknown>;
}

export const threadKeyOf = (href: string): string => {
  const here = new URL(href);
  return draftKey(here.host, here.searchParams.get('gi'), here.searchParams.get('ti'));
};

export function sendEarly(url: string): EarlyAnswers {
  const ask = (message: object) => Promise.resolve().then(() => browser.runtime.sendMessage(message)).catch(() => undefined);
  return { url, settings: ask({ type: 'settings' }), context: ask({ type: 'duel-context', threadKey: threadKeyOf(url) }) };
}

/**
 * The same requests, sent from a task of their own: the page's parser goes on at once, and the
 * extension API is first touched (which sets it up in this world) when the parser next yields.
 */
export function sendSoon(url: string): EarlyAnswers {
  const sent = new Promise<EarlyAnswers>((ok) => setTimeout(() => ok(sendEarly(url)), 0));
  return { url, settings: sent.then((a) => a.settings), context: sent.then((a) => a.context) };
}

/** The early script's requests for this page, taken once; or the same requests sent now. */
export function takeEarly(url: string): EarlyAnswers {
  const g = globalThis as Record<string, unknown>;
  const early = g[EARLY_ANSWERS] as EarlyAnswers | undefined;
  delete g[EARLY_ANSWERS];
  return early && early.url === url && early.settings instanceof Promise && early.context instanceof Promise ? early : sendEarly(url);
}
