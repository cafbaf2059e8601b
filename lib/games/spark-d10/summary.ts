/**
 * A roll's summary for a reply, from what a badge shows (with its [roll=ID] where known). Kept
 * apart from the reply builders: the content script needs only this.
 */
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const plain = (s: string) => s.replace(/[<>[\]]/g, '').replace(/\s+/g, ' ').trim().slice(0, 120);

export function colourOutcome(outcome: string): string {
  if (/^failed/.test(outcome)) return `<red>${outcome}</red>`;
  if (/^drawn/.test(outcome)) return `<green>${outcome}</green>`;
  return outcome;
}

export function badgeSummary(v: { reason: string; rollId: string | null; faces: number[] | null; modifier: number; successes: number | null; difficulty: number | null; outcome: string; roller: string; post: number }): string {
  const tag = v.rollId ? ` – [roll=${v.rollId}]` : '';
  const head = `<b>${plain(v.reason) || 'Roll'}</b>${tag} <small>(${plain(v.roller)}, post #${v.post})</small>`;
  const faces = v.faces ? `Faces ${v.faces.join(' ')}${v.modifier ? ` (${signed(v.modifier)} per die)` : ''} → ` : '';
  const result = v.difficulty !== null && v.successes !== null ? `${v.successes} vs ${v.difficulty}: ${colourOutcome(v.outcome)}` : colourOutcome(v.outcome);
  return `${head}\n${faces}${result}`;
}
