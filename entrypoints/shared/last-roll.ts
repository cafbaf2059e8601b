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
