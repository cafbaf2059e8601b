import { useRef, useState } from 'preact/hooks';
import { t } from '../../../locale';
import { Card, CardFace } from './Card';
import { cardName, isHidden } from './names';

export interface HandFanProps {
  /** The hand's codes; `?` for each card its viewer may not see. */
  cards: readonly string[];
  /** The fan's name for a screen reader: "Your hand", "Bram's hand". */
  label: string;
  /** Given: the ruler picks from the fan (a listbox); absent: the fan is only shown. */
  onPick?: (code: string, index: number) => void;
  /** The indexes picked (shown selected). */
  picked?: readonly number[];
  /** More than one may be picked (the recycle at the end of a turn). */
  multiple?: boolean;
  /** Indexes that may not be picked now (said as unavailable, still reachable). */
  disabled?: readonly number[];
}

/** Keys that move along the fan, to the index they lead to. */
function moveTo(key: string, at: number, last: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(last, at + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, at - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/** A hand nobody here may see: card backs, one image ("7 hidden cards"), one stop for the keyboard. */
function HiddenFan({ count, label }: { count: number; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: every card on the table is reachable by keyboard (issue 30), a hidden hand as one stop
    <div class="pc-fan" role="img" tabIndex={0} aria-label={`${label}: ${t('pm.card.hiddenCount', { count })}`} data-hidden={count}>
      {Array.from({ length: count }, (_, i) => (
        <CardFace key={i} code="?" />
      ))}
    </div>
  );
}

/**
 * The hand as a fan. With `onPick` it is a listbox the ruler picks from: one Tab stop, the arrow
 * keys, Home and End move along it, Enter or Space picks; without, each card is shown and reachable.
 */
export function HandFan({ cards, label, onPick, picked = [], multiple = false, disabled = [] }: HandFanProps) {
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  if (cards.length && cards.every(isHidden)) return <HiddenFan count={cards.length} label={label} />;
  if (!onPick) {
    return (
      <ul class="pc-fan" aria-label={label} data-count={cards.length}>
        {cards.map((c, i) => (
          <li key={`${c}-${i}`}>
            <Card code={c} />
          </li>
        ))}
      </ul>
    );
  }
  const at = Math.min(active, Math.max(0, cards.length - 1));
  const pick = (i: number) => {
    if (!disabled.includes(i)) onPick(cards[i]!, i);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const to = moveTo(e.key, at, cards.length - 1);
    if (to !== null) {
      e.preventDefault();
      setActive(to);
      box.current?.querySelectorAll<HTMLElement>('[role=option]')[to]?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(at);
    }
  };
  return (
    <div
      ref={box}
      class="pc-fan"
      role="listbox"
      aria-label={label}
      aria-orientation="horizontal"
      aria-multiselectable={multiple ? 'true' : undefined}
      data-count={cards.length}
    >
      {cards.map((c, i) => (
        <div
          key={`${c}-${i}`}
          role="option"
          class="pc-option"
          tabIndex={i === at ? 0 : -1}
          aria-selected={picked.includes(i) ? 'true' : 'false'}
          aria-disabled={disabled.includes(i) ? 'true' : undefined}
          aria-label={cardName(c)}
          data-card={c}
          onKeyDown={onKeyDown}
          onClick={() => {
            setActive(i);
            pick(i);
          }}
        >
          <CardFace code={c} />
        </div>
      ))}
    </div>
  );
}
