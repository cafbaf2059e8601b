/**
 * A thread's duel context and what the background keeps for it: the server rolls a page showed
 * first, and the sheets read on a game's character pages.
 */
import { checkDone, checkOk, isGame, isRecord, isText, isThreadKey, isTip, isWhole, listOf, type Message } from '../protocol';

/** The duel's context for a thread: the user's bound sheet and the posts marked as new duels. */
export interface DuelContextAnswer {
  /** Server rolls seen on the thread's other pages: [tipKey, post]. */
  seenTips: [string, number][];
  bound: string | null;
  /** Sheets read on this game's character pages. */
  sheets: string[];
  newDuelAt: number[];
}

/** No bound sheet, no marks, nothing seen elsewhere: the context of a thread the background cannot tell about. */
export const NO_DUEL_CONTEXT: DuelContextAnswer = { seenTips: [], bound: null, sheets: [], newDuelAt: [] };

export const checkDuelContext = (x: unknown): DuelContextAnswer | null =>
  isRecord(x)
    ? {
        seenTips: listOf(x.seenTips, isTip) ?? [],
        bound: isText(x.bound) ? x.bound : null,
        sheets: listOf(x.sheets, (t): t is string => isText(t)) ?? [],
        newDuelAt: listOf(x.newDuelAt, isWhole) ?? [],
      }
    : null;

/** The duel's context of thread `threadKey`, when the kept copy cannot tell (the game has page sheets). */
export const duelContext = {
  type: 'duel-context',
  ask: (m) => (isRecord(m) && isThreadKey(m.threadKey) ? { threadKey: m.threadKey } : null),
  answer: checkDuelContext,
} as const satisfies Message;

/**
 * The server rolls a page showed first, kept by its rolls key (../page-start's rollsKeyOf) for the
 * thread's other pages; without it, reuse is checked within the page.
 */
export const seenRolls = {
  type: 'seen-rolls',
  ask: (m) => (isRecord(m) && isThreadKey(m.threadKey) && Array.isArray(m.tips) ? { threadKey: m.threadKey, tips: listOf(m.tips, isTip, 4000)! } : null),
  answer: checkOk,
} as const satisfies Message;

/** A sheet read on a character page of game `gi`, kept for the game's threads (the reason in words when it could not be). */
export const pageSheet = {
  type: 'page-sheet',
  ask: (m) => (isRecord(m) && isGame(m.gi) && isText(m.text, 60_000) ? { gi: m.gi, text: m.text } : null),
  answer: checkDone,
} as const satisfies Message;
