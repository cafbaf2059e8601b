import { browser } from 'wxt/browser';

export const LAST_LOG_ROLL_KEY = 'lastLogRoll';

/**
 * The Die Roller log line a player picked for the reply builder (plain text, capped), kept with the
 * page's origin and game it was picked on: only a thread of that same origin and game reads it
 * (a plain-http page never feeds an https one, nor one game another).
 */
export async function writeLastLogRoll(line: string, origin: string, gameId: string): Promise<void> {
  await browser.storage.local.set({
    [LAST_LOG_ROLL_KEY]: { line: String(line).slice(0, 4000), origin: String(origin).slice(0, 300), gameId: String(gameId).slice(0, 9) },
  });
}

/** The picked line for a thread of this origin and game, or null (one picked elsewhere, or stored before lines had an origin). */
export async function readLastLogRoll(origin: string, gameId: string): Promise<string | null> {
  const v = (await browser.storage.local.get(LAST_LOG_ROLL_KEY))[LAST_LOG_ROLL_KEY] as { line?: unknown; origin?: unknown; gameId?: unknown } | undefined;
  if (!v || typeof v !== 'object' || typeof v.line !== 'string') return null;
  return v.origin === origin && v.gameId === gameId ? v.line : null;
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
