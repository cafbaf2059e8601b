/** Parlor Magic's cards as a table draws them; props are plain data from the fold (docs/wiring-cards.md). */
export { Card, CardBack, CardFace, type CardProps } from './Card';
export { CardRow, type CardRowProps } from './CardRow';
export { HandFan, type HandFanProps } from './HandFan';
export { cardDescription, cardName, type CardView } from './names';
export { Pile, type PileProps } from './Pile';
