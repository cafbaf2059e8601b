/** Parlor Magic's cards as the Table tab and the Calculator draw them; every prop is plain data from the fold. */
export { Card, CardBack, CardFace, type CardProps } from './Card';
export { CardRow, type CardRowProps } from './CardRow';
export { HandFan, type HandFanProps } from './HandFan';
export { cardDescription, cardName, type CardView } from './names';
export { Pile, type PileProps } from './Pile';
