/** The key a thread's drafts, duel marks and seen rolls are kept under: the forum's host (without www, new or m), the game and the thread. */
export function draftKey(host: string, gameId: string | null, threadId: string | null): string {
  return `${host.replace(/^(www|new|m)\./, '')}/${gameId ?? '-'}/${threadId ?? '-'}`;
}
