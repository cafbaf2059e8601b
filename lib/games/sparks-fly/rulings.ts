/**
 * When Sparks Fly: every rule the engine enforces and every ruling it makes where the seed is
 * unclear, in one place. The engine quotes these texts when it refuses an event, and the help
 * view lists them all.
 */

export const SPARKS_FLY_RULES = {
  turn: 'Bidding alternates between the players: the starting bidder first (the DMO’s pick in round 1, afterwards the winner of the last auction).',
  raise: 'Each raise is at least 1 Spark above the current bid. [ruling]',
  bidCap: 'A bid can’t exceed the bidder’s Sparks. [ruling]',
  openingFold: 'A fold (or no answer within 20 s) ends the auction: the other player wins at their last bid; an opening fold gives the other player the auction at 0. [ruling]',
  pay: 'The winner loses the Sparks they bid (half of it, rounded up, under Half Price Auction).',
  winnerActs: 'Only the winner of the auction takes its action, and may decline it.',
  removeFromHand: 'In a remove auction the winner removes one of their own cards from their hand.',
  removeLimit: 'You cannot discard cards if you have only 4 left (hand and discard together). [ruling: "only 4 left" read as 4 or fewer]',
  gainLimit: 'You cannot gain cards if you have 20 cards.',
  typeLimit: 'You may not have more than 5 of the same type of card.',
  offerOnly: 'In an add auction the winner puts one of the three cards shown into either player’s discard pile.',
  offerTiming: 'The three cards of an add auction are shown at its start, before the first bid.',
  offerSeeded: 'Add auctions show three new cards each time, whichever round they fall in after inversions; unless the DMO shows them, they are drawn from the published seed. [ruling]',
  parity: 'Odd rounds hold a remove auction and even rounds an add auction; each Invert Next Auction played flips the next one, and two flips cancel. [ruling]',
  twoCards: 'Each player plays exactly 2 cards from their hand. You cannot play only 1 card.',
  inHand: 'A card can be played only from its owner’s hand.',
  onePlay: 'Each player plays once per play phase.',
  miss: 'No play within 1 minute: no cards played and −5 Sparks.',
  pairs: 'A modifier card (Invert Target, Invert Number, Repeat, Ignore, Copy, Buff) acts on the other card of its pair, which then acts as modified. When both are modifiers, the first acts on the second, and the second does only what the first makes it do. [ruling]',
  betterOrder: 'A player may name which of their two cards resolves first; otherwise both orders are evaluated and the better one for that player is kept (own Sparks minus the opponent’s; on a tie, the order as played). [ruling]',
  recovery: 'Discard Recovery counts the Discard Recovery cards already in your discard before this round’s cards land. [ruling]',
  afterRound: 'A card that changes another’s written effect (Buff) takes effect after the round; Invert Other Card Number lasts this round only.',
  buffSigned: 'Buff adds its number to the other card’s signed number: −5 becomes −4, Steal 1 becomes Steal 2, Discard Recovery’s 1 becomes 2. Buff on a card without a number does nothing. [ruling]',
  copyLimits: 'A copy made by Copy Other Card obeys the 20-card and 5-of-a-type limits: a copy beyond them is not added. [ruling]',
  halfPriceTwice: 'Half Price Auction applies to the next auction only; repeated, the price is halved twice (each time rounded up); with its target inverted, it halves the opponent’s price. [ruling]',
  unknownCard: 'A pool card whose text the engine cannot read has no effect when played. [ruling]',
  recycle: 'After every step (each auction and each play phase), a player with 0 or 1 cards in hand takes their discard pile back into hand and loses 5 Sparks.',
  end: 'After any step, a player at 0 Sparks or fewer has lost; if both are, the one further into the negative loses; on a tie the DMO wins.',
  over: 'The match is over: no more events.',
} as const;

export type SparksFlyRule = keyof typeof SPARKS_FLY_RULES;

/** The rulings, for the help view: every text marked [ruling]. */
export const SPARKS_FLY_RULINGS = Object.values(SPARKS_FLY_RULES).filter((t) => t.includes('[ruling'));
