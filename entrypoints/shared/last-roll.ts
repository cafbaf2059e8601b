import { browser } from 'wxt/browser';

export const LAST_LOG_ROLL_KEY = 'lastLogRoll';

/** The Die Roller log line a player picked for the reply builder (plain text, capped). */
export async function writeLastLogRoll(line: string): Promise<void> {
  await browser.storage.local.set({ [LAST_LOG_ROLL_KEY]: String(line).slice(0, 4000) });
}

export async function readLastLogRoll(): Promise<string | null> {
  const v = (await browser.storage.local.get(LAST_LOG_ROLL_KEY))[LAST_LOG_ROLL_KEY];
  return typeof v === 'string' ? v : null;
}

export const INCOMING_KEY = 'incomingReply';

/** A block a badge sends to the reply builder of its thread (taken once by the panel). */
export async function writeIncoming(threadKey: string, text: string): Promise<void> {
  await browser.storage.local.set({ [INCOMING_KEY]: { key: String(threadKey).slice(0, 200), text: String(text).slice(0, 8000), at: Date.now() } });
}

/** The block waiting for this thread's reply, taken (removed) when found; older than a day is dropped. */
export async function takeIncoming(threadKey: string): Promise<string | null> {
  const v = (await browser.storage.local.get(INCOMING_KEY))[INCOMING_KEY] as { key?: unknown; text?: unknown; at?: unknown } | undefined;
  if (!v || typeof v.text !== 'string' || typeof v.at !== 'number') return null;
  if (Date.now() - v.at > 86_400_000) {
    await browser.storage.local.remove(INCOMING_KEY);
    return null;
  }
  if (v.key !== threadKey) return null;
  await browser.storage.local.remove(INCOMING_KEY);
  return v.text;
}

export function onIncoming(cb: () => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'local' && INCOMING_KEY in changes && changes[INCOMING_KEY]!.newValue) cb();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
