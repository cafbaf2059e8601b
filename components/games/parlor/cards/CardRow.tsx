import { t } from '../../../locale';
import { Card } from './Card';
import type { CardView } from './names';

export interface CardRowProps {
  /** The row's name for a screen reader: "Ada's creatures". */
  label: string;
  cards: readonly CardView[];
}

/** A row of the battlefield: cards side by side, wrapping onto more rows on a narrow panel. */
export function CardRow({ label, cards }: CardRowProps) {
  if (!cards.length) {
    return (
      <p class="pc-row pc-row-empty muted small" data-count={0}>
        {label}: {t('pm.card.none')}
      </p>
    );
  }
  return (
    <ul class="pc-row" aria-label={label} data-count={cards.length}>
      {cards.map((c, i) => (
        <li key={`${c.code}-${i}`}>
          <Card {...c} />
        </li>
      ))}
    </ul>
  );
}
