import { tl, type Locale } from '../i18n';
/**
 * The Spark d10 attributes and their XP costs (digest §2).
 * "Improves at a rate of +1 for every (1 x Next Highest Value) XP": raising v to v+1 costs v+1.
 */

export const SOURCE_ATTRIBUTES = ['Power', 'Toughness', 'Life', 'Focus', 'Memory'] as const;
export const COLOURS = ['Black', 'Blue', 'Green', 'Red', 'White'] as const;
export const LIBRARY_ATTRIBUTES = ['Max Deck Size', 'Max Rare Cards', 'Max Rare Copies', 'Max Uncommon Cards', 'Max Uncommon Copies'] as const;

export type SourceAttribute = (typeof SOURCE_ATTRIBUTES)[number];
export type Colour = (typeof COLOURS)[number];
export type LibraryAttribute = (typeof LIBRARY_ATTRIBUTES)[number];
/** Every attribute bought with XP. (Max Common Copies is free; Mana Reservoir is derived.) */
export type Attribute = SourceAttribute | Colour | LibraryAttribute;
export const ATTRIBUTES: readonly Attribute[] = [...SOURCE_ATTRIBUTES, ...COLOURS, ...LIBRARY_ATTRIBUTES];

export const COLOUR_LAND: Record<Colour, string> = {
  White: 'Plains',
  Blue: 'Island',
  Black: 'Swamp',
  Red: 'Mountain',
  Green: 'Forest',
};

interface AttributeRule {
  start: number;
  /** Smallest step a value moves by (Max Deck Size moves by 10). */
  step: number;
  max?: number;
  /** XP to go from `value` to `value + step`. */
  stepCost: (value: number) => number;
}

/**
 * Where an attribute starts when nothing is bought (0 unless listed). Kept apart from the costs:
 * reading a sheet needs the starts (an attribute not written is at its start), not the prices.
 */
const START: Partial<Record<Attribute, number>> = { Life: 5, Memory: 5, 'Max Deck Size': 10 };

const nextValue = (v: number) => v + 1;

const COSTS: Record<Attribute, Omit<AttributeRule, 'start'>> = {
  Power: { step: 1, stepCost: nextValue },
  Toughness: { step: 1, stepCost: nextValue },
  Life: { step: 1, stepCost: (v) => Math.floor(v / 5) },
  Focus: { step: 1, stepCost: nextValue },
  Memory: { step: 1, stepCost: nextValue },
  Black: { step: 1, stepCost: nextValue },
  Blue: { step: 1, stepCost: nextValue },
  Green: { step: 1, stepCost: nextValue },
  Red: { step: 1, stepCost: nextValue },
  White: { step: 1, stepCost: nextValue },
  'Max Deck Size': { step: 10, stepCost: (v) => v / 5 },
  'Max Rare Cards': { step: 1, stepCost: () => 2 },
  'Max Rare Copies': { step: 1, max: 4, stepCost: () => 3 },
  'Max Uncommon Cards': { step: 1, stepCost: () => 1 },
  'Max Uncommon Copies': { step: 1, max: 4, stepCost: () => 2 },
};

/** Largest value the engine prices (far beyond any real sheet; keeps hostile input cheap). */
export const MAX_ATTRIBUTE_VALUE = 100_000;

const ALIASES: Record<string, Attribute> = {};
for (const a of ATTRIBUTES) ALIASES[a.toLowerCase()] = a;
Object.assign(ALIASES, {
  'deck size': 'Max Deck Size',
  'max deck': 'Max Deck Size',
  'rare cards': 'Max Rare Cards',
  'max rares': 'Max Rare Cards',
  'rare copies': 'Max Rare Copies',
  'uncommon cards': 'Max Uncommon Cards',
  'max uncommons': 'Max Uncommon Cards',
  'uncommon copies': 'Max Uncommon Copies',
});

/** The attribute named (case and spacing forgiven), or null. */
export function findAttribute(name: string): Attribute | null {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return ALIASES[key] ?? null;
}

export function attributeRule(attribute: Attribute): Readonly<AttributeRule> {
  return { start: startValue(attribute), ...COSTS[attribute] };
}

export function startValue(attribute: Attribute): number {
  return START[attribute] ?? 0;
}

/** Why `value` cannot be held in `attribute`, or null when it can. */
export function invalidValueReason(attribute: Attribute, value: number, l: Locale = 'en'): string | null {
  const r = attributeRule(attribute);
  if (!Number.isInteger(value)) return tl(l, 'at.whole', { attribute });
  if (value < r.start) return tl(l, 'at.start', { attribute, start: r.start });
  if (r.max !== undefined && value > r.max) return tl(l, 'at.range', { attribute, start: r.start, max: r.max });
  if (value > MAX_ATTRIBUTE_VALUE) return tl(l, 'at.unpriced', { attribute, max: MAX_ATTRIBUTE_VALUE });
  if ((value - r.start) % r.step !== 0) return tl(l, 'at.steps', { attribute, step: r.step });
  return null;
}

function resolve(attribute: string): Attribute {
  const found = findAttribute(attribute);
  if (!found) {
    throw new Error(`attribute must be one of ${ATTRIBUTES.join(', ')}; got "${attribute}"`);
  }
  return found;
}

/** XP to raise `attribute` from `from` to `to` (from <= to, both legal values). */
export function xpCost(attribute: string, from: number, to: number): number {
  const a = resolve(attribute);
  for (const [name, v] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const why = typeof v === 'number' ? invalidValueReason(a, v) : `${a} must be a number`;
    if (why) throw new Error(`${name} is not a legal ${a} value (${String(v)}): ${why}`);
  }
  if (to < from) throw new Error(`to (${to}) must be at least from (${from}): lowering ${a} is not a purchase`);
  const r = COSTS[a];
  let cost = 0;
  for (let v = from; v < to; v += r.step) cost += r.stepCost(v);
  return cost;
}

/** XP spent on an attribute held at `value` (from its start value). */
export function xpSpentOn(attribute: string, value: number): number {
  const a = resolve(attribute);
  return xpCost(a, startValue(a), value);
}

/** The next value and its cost, or null at the maximum. */
export function nextStep(attribute: Attribute, value: number): { to: number; cost: number } | null {
  const r = COSTS[attribute];
  const to = value + r.step;
  if (r.max !== undefined && to > r.max) return null;
  return { to, cost: r.stepCost(value) };
}

/** Max Common Copies follows Max Uncommon Copies for free: 2, or 3 at 3, or 4 at 4 (digest §2). */
export function maxCommonCopies(maxUncommonCopies: number, commonsAlwaysFour = false): number {
  if (commonsAlwaysFour) return 4;
  if (maxUncommonCopies >= 4) return 4;
  if (maxUncommonCopies >= 3) return 3;
  return 2;
}
