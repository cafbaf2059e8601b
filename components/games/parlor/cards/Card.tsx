import { cardDescription, colourOfCode, faceOf, isHidden, type CardView } from './names';

/** The face alone, for a screen reader nothing (its name is said by whatever holds it). */
export function CardFace({ code }: { code: string }) {
  if (isHidden(code)) return <span class="pc pc-back" aria-hidden="true" />;
  const face = faceOf(code);
  return (
    <span class="pc" data-colour={colourOfCode(code) ?? 'none'} aria-hidden="true">
      <span class="pc-corner">
        <span class="pc-rank">{face?.rank ?? '?'}</span>
        <span class="pc-suit">{face?.suit ?? ''}</span>
      </span>
      <span class="pc-pip">{face?.suit ?? code}</span>
    </span>
  );
}

/** The Echs under a card, each peeking out below it with its rank and suit. */
function EchStack({ echs }: { echs: readonly string[] }) {
  if (!echs.length) return null;
  return (
    <span class="pc-echs" aria-hidden="true">
      {echs.map((e, i) => {
        const face = faceOf(e);
        return (
          <span key={`${e}-${i}`} class="pc-ech" data-colour={colourOfCode(e) ?? 'none'}>
            {face ? `${face.rank}${face.suit}` : '?'}
          </span>
        );
      })}
    </span>
  );
}

export interface CardProps extends CardView {
  /** In the Tab order on its own (true by default); a listbox that moves focus itself sets false. */
  focusable?: boolean;
}

/**
 * A card on the table: rank and suit glyphs in its colour, turned 90° when tapped, marked when
 * summoning sick, its Echs stacked under it; one image to a screen reader, named in words.
 */
export function Card({ focusable = true, ...v }: CardProps) {
  const echs = v.echs ?? [];
  return (
    <span
      class="pc-slot"
      role="img"
      aria-label={cardDescription(v)}
      tabIndex={focusable ? 0 : undefined}
      data-card={v.code}
      data-tapped={v.tapped ? 'true' : undefined}
      data-sick={v.sick ? 'true' : undefined}
      data-echs={echs.length || undefined}
    >
      <span class="pc-turn" aria-hidden="true">
        <CardFace code={v.code} />
        {v.sick && <span class="pc-mark pc-sick" aria-hidden="true" />}
        {v.damage ? (
          <span class="pc-mark pc-damage" aria-hidden="true">
            −{v.damage}
          </span>
        ) : null}
      </span>
      <EchStack echs={echs} />
    </span>
  );
}

/** The back of a card its viewer may not see (the opponent's hand, a face-down draw). */
export function CardBack({ focusable = true }: { focusable?: boolean }) {
  return <Card code="?" focusable={focusable} />;
}
