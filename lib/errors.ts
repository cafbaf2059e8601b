/** What an error says, for a line the user reads: a thrown non-Error (a string, a rejection value) as text. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
