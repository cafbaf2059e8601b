/** Rules in words for the XP planner (kept out of the content script). What keywords do, in the seed's words (summarised). */
export const KEYWORD_EFFECTS: Record<string, string> = {
  'Defender': 'You cannot attack. Gives 3 XP back.',
  'Combat Casting': 'While tapped, you may cast spells of mana value up to the level (1 at purchase; +1 per 2 XP).',
  'Haste': 'May attack or use activated abilities on turn 1.',
  'Regeneration': 'GGGG, BBBB or WWWW, tap: gain Life equal to Toughness, up to your starting Life. Each 3 XP more removes one symbol.',
  'Resistance to Color': 'Damage dealt to you by the chosen colour is reduced by X.',
  'Provoke': 'When you attack, you may untap a defending creature and make it block you.',
  'Shadow': 'Blocks and is blocked only by creatures with shadow.',
  'Shroud': "Can't be targeted by spells or abilities that target only creatures.",
  'Uber-Trample': 'You may assign combat damage as though you were not blocked.',
  'Immunity to Color': 'Damage dealt to you by the chosen colour is reduced to 0.',
  'Deathtouch': 'Any damage you deal to a creature (not a player) destroys it.',
  'Hexproof': "Can't be targeted by an opponent's spells or abilities that target only creatures.",
};

/** How each attribute's XP cost grows (digest §2). */
export const ATTRIBUTE_COSTS: Record<string, string> = {
  Power: 'Each +1 costs the new value.',
  Toughness: 'Each +1 costs the new value.',
  Life: 'Each +1 costs current Life / 5, rounded down (5–9: 1, 10–14: 2, …).',
  Focus: 'Each +1 costs the new value.',
  Memory: 'Each +1 costs the new value.',
  Black: 'Each +1 costs the new value.',
  Blue: 'Each +1 costs the new value.',
  Green: 'Each +1 costs the new value.',
  Red: 'Each +1 costs the new value.',
  White: 'Each +1 costs the new value.',
  'Max Deck Size': 'Each +10 cards costs current size / 5 (10→20: 2, 20→30: 4, …).',
  'Max Rare Cards': '2 XP per card.',
  'Max Rare Copies': '3 XP per copy, at most 4.',
  'Max Uncommon Cards': '1 XP per card.',
  'Max Uncommon Copies': '2 XP per copy, at most 4; Max Common Copies follows for free at 3 and 4.',
};
