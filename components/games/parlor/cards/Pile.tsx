import { t } from '../../../locale';
import { CardFace } from './Card';
import { cardName } from './names';

export interface PileProps {
  /** The draw pile (face down), the Recycle pile (face down) or the discard (its top card up). */
  kind: 'draw' | 'recycle' | 'discard';
  count: number;
  /** The discard's top card, when known. */
  top?: string | null;
}

/** The pile's name under its count, for a sighted reader. */
const SHORT = { draw: 'pm.card.pile.drawShort', recycle: 'pm.card.pile.recycleShort', discard: 'pm.card.pile.discardShort' } as const;

/** A pile drawn as a small stack with its count; one image to a screen reader: "Draw pile: 33 cards". */
export function Pile({ kind, count, top = null }: PileProps) {
  const n = Math.max(0, Math.floor(count));
  const name = t(kind === 'draw' ? 'pm.card.pile.draw' : kind === 'recycle' ? 'pm.card.pile.recycle' : 'pm.card.pile.discard', { count: n });
  const face = kind === 'discard' && top ? top : '?';
  const label = kind === 'discard' && top && n > 0 ? `${name}, ${t('pm.card.pile.top', { card: cardName(top) })}` : name;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: every card on the table is reachable by keyboard (issue 30), a pile as one stop
    <span class="pc-pile" role="img" aria-label={label} tabIndex={0} data-pile={kind} data-count={n} data-depth={Math.min(n, 3)}>
      {n > 0 ? <CardFace code={face} /> : <span class="pc pc-empty" aria-hidden="true" />}
      <span class="pc-count" aria-hidden="true">
        <span class="pc-pile-name">{t(SHORT[kind])}</span>
        {n}
      </span>
    </span>
  );
}
