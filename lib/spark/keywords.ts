/**
 * Keyword purchases (digest §2, Table 3 of the seed).
 * Levels: X keywords (X = 1..3, +2 XP a step), Combat Casting (mana value limit, +2 XP a step),
 * Regeneration (activation symbols removed, +3 XP a step, at least one symbol stays).
 */
import { tl, type Locale } from '../i18n';
import { COLOURS, type Colour } from './attributes';

export type KeywordLevelKind = 'none' | 'x' | 'combat-casting' | 'regeneration';

export interface KeywordDef {
  name: string;
  cost: number;
  level: KeywordLevelKind;
  /** Bought once per chosen colour (Resistance/Immunity/Protection). */
  perColour?: boolean;
  /** Bought once per land type (Landwalk). */
  perLandType?: boolean;
  /** XP off when any of these is owned. */
  discount?: { amount: number; ifOwned: readonly string[] };
  /** Not an M:TG keyword (marked $ in the seed, or invented there). */
  sparkOnly?: boolean;
}

const K = (name: string, cost: number, extra: Partial<KeywordDef> = {}): KeywordDef => ({
  name,
  cost,
  level: 'none',
  ...extra,
});

export const KEYWORDS: readonly KeywordDef[] = [
  K('Defender', -3),
  K('Changeling', 2),
  K('Combat Casting', 2, { level: 'combat-casting', sparkOnly: true }),
  K('Haste', 2),
  K('Reach', 2),
  K('Flanking', 3),
  K('Frenzy', 3, { level: 'x' }),
  K('Regeneration', 3, { level: 'regeneration' }),
  K('Resistance to Color', 3, { level: 'x', perColour: true, sparkOnly: true }),
  K('Trample', 4),
  K('Vigilance', 4),
  K('Bushido', 5, { level: 'x' }),
  K('Flying', 5),
  K('Poisonous', 5, { level: 'x' }),
  K('Rampage', 5, { level: 'x' }),
  K('First Strike', 6),
  K('Provoke', 6),
  K('Shadow', 6),
  K('Shroud', 6),
  K('Wither', 6),
  K('Fear', 7),
  K('Intimidate', 7),
  K('Landwalk', 7, { perLandType: true }),
  K('Battlecry', 8),
  K('Exalted', 8),
  K('Uber-Trample', 8, { sparkOnly: true, discount: { amount: 4, ifOwned: ['Trample'] } }),
  K('Infect', 9, { discount: { amount: 5, ifOwned: ['Poisonous', 'Wither'] } }),
  K('Immunity to Color', 9, { perColour: true, sparkOnly: true }),
  K('Lifelink', 9),
  K('Deathtouch', 10),
  K('Doublestrike', 10, { discount: { amount: 6, ifOwned: ['First Strike'] } }),
  K('Protection From Color', 11, { perColour: true, discount: { amount: 2, ifOwned: ['Resistance to Color'] } }),
  K('Hexproof', 12, { discount: { amount: 6, ifOwned: ['Shroud'] } }),
];

const BY_KEY = new Map<string, KeywordDef>();
const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
for (const k of KEYWORDS) BY_KEY.set(squash(k.name), k);
for (const [alias, name] of [
  ['Double Strike', 'Doublestrike'],
  ['Uber Trample', 'Uber-Trample'],
  ['Resistance to Colour', 'Resistance to Color'],
  ['Immunity to Colour', 'Immunity to Color'],
  ['Protection from Colour', 'Protection From Color'],
  ['Protection', 'Protection From Color'],
  ['Resistance', 'Resistance to Color'],
  ['Immunity', 'Immunity to Color'],
  ['Battle Cry', 'Battlecry'],
  ['Flanking', 'Flanking'],
] as const) {
  BY_KEY.set(squash(alias), BY_KEY.get(squash(name))!);
}

export const LAND_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'] as const;

export const MAX_X = 3;
export const MAX_REGENERATION_LEVEL = 4; // GGGG → G: three symbols removed
export const MAX_COMBAT_CASTING_LEVEL = 20;

export function maxLevel(def: KeywordDef): number {
  switch (def.level) {
    case 'x':
      return MAX_X;
    case 'regeneration':
      return MAX_REGENERATION_LEVEL;
    case 'combat-casting':
      return MAX_COMBAT_CASTING_LEVEL;
    default:
      return 1;
  }
}

const LEVEL_STEP: Record<KeywordLevelKind, number> = { none: 0, x: 2, 'combat-casting': 2, regeneration: 3 };

export interface KeywordPurchase {
  def: KeywordDef;
  level: number;
  /** Chosen colour or land type, when the keyword takes one. */
  choice: string | null;
  /** The text it was read from. */
  text: string;
}

const COLOUR_WORDS: Record<string, Colour> = Object.fromEntries(COLOURS.map((c) => [c.toLowerCase(), c]));
const LAND_WORDS: Record<string, string> = Object.fromEntries(LAND_TYPES.map((l) => [l.toLowerCase(), l]));

/**
 * Read one keyword as a sheet writes it: `Flying`, `Frenzy 2`, `Frenzy X=2`, `Resistance to Red 2`,
 * `Protection from Color (Blue)`, `Islandwalk`, `Landwalk (Swamp)`, `Regeneration (GGG)`,
 * `Combat Casting 3`. Returns an error message when the text names no keyword.
 */
/**
 * `text.replace(/\(([^)]*)\)/g, f)` by hand: that pattern scans to the end from every `(` that has
 * no `)` after it (quadratic); here the scan stops at the first such `(`.
 */
function replaceParens(text: string, f: (inner: string) => string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('(', at);
    const close = open < 0 ? -1 : text.indexOf(')', open + 1);
    if (close < 0) return out + text.slice(at);
    out += text.slice(at, open) + f(text.slice(open + 1, close));
    at = close + 1;
  }
}

export function parseKeyword(text: string, l: Locale = 'en'): KeywordPurchase | { error: string } {
  const raw = text.trim().slice(0, 200);
  if (!raw) return { error: tl(l, 'kw.empty') };
  let rest = raw;
  let level: number | null = null;
  let choice: string | null = null;

  // A regeneration cost written as symbols: (GGG) → 3 symbols → level 2.
  const symbols = /\(\s*([GBW])\1{0,3}\s*\)|\b([GBW])\2{0,3}\b(?=\s*$)/i.exec(rest);
  if (symbols && /regenerat/i.test(rest)) {
    const run = (symbols[0].match(/[GBW]/gi) ?? []).length;
    level = MAX_REGENERATION_LEVEL + 1 - run;
    rest = rest.replace(symbols[0], ' ');
  }
  // A parenthesised choice or level: (Red), (Swamp), (2), (X=2).
  rest = replaceParens(rest, (inner) => {
    const word = inner.trim().toLowerCase();
    const num = /^(?:x\s*=\s*)?(\d+)$/i.exec(word);
    if (num) level = Number(num[1]);
    else if (COLOUR_WORDS[word] || LAND_WORDS[word]) choice = COLOUR_WORDS[word] ?? LAND_WORDS[word]!;
    return ' ';
  });
  const num = /(?:\bx\s*=\s*|\s)(\d+)\s*$/i.exec(rest);
  if (num) {
    level = Number(num[1]);
    rest = rest.slice(0, num.index);
  }
  // Landwalk per land type: Islandwalk, Swampwalk …
  const walk = /^\s*(plains|island|swamp|mountain|forest)\s*walk\s*$/i.exec(rest);
  if (walk) {
    choice = LAND_WORDS[walk[1]!.toLowerCase()]!;
    rest = 'Landwalk';
  }
  // Colour named inside the phrase: "Protection from Red", "Resistance to Blue".
  const colourIn = /^(protection\s+from|resistance\s+to|immunity\s+to)\s+(black|blue|green|red|white)\b/i.exec(rest.trim());
  if (colourIn) {
    choice = COLOUR_WORDS[colourIn[2]!.toLowerCase()]!;
    rest = `${colourIn[1]!} Color`;
  }
  const def = BY_KEY.get(squash(rest));
  if (!def) return { error: tl(l, 'kw.unknown', { raw }) };
  if (level === null) level = 1;
  return { def, level, choice, text: raw };
}

export interface KeywordCostOptions {
  /** Per-game adjustments ([setting], default none): XP added to a keyword's base cost. */
  adjustments?: Readonly<Record<string, number>>;
}

function resolveKeyword(keyword: string): KeywordPurchase {
  const parsed = parseKeyword(keyword);
  if ('error' in parsed) {
    throw new Error(`keyword must be one of ${KEYWORDS.map((k) => k.name).join(', ')}; got "${keyword}"`);
  }
  return parsed;
}

/** Is the prerequisite `name` among the owned keywords (names as sheets write them)? */
function owns(owned: readonly string[], name: string): boolean {
  const key = squash(name);
  return owned.some((o) => {
    const p = parseKeyword(o);
    return !('error' in p) && squash(p.def.name) === key;
  });
}

/** The discount that applies given the keywords owned, or 0. */
export function keywordDiscount(def: KeywordDef, owned: readonly string[]): number {
  if (!def.discount) return 0;
  return def.discount.ifOwned.some((n) => owns(owned, n)) ? def.discount.amount : 0;
}

/** XP for one keyword at `level` (total, including the steps above level 1). */
export function keywordCost(keyword: string, owned: readonly string[] = [], level?: number, options: KeywordCostOptions = {}): number {
  const parsed = resolveKeyword(keyword);
  const def = parsed.def;
  const lvl = level ?? parsed.level;
  const max = maxLevel(def);
  if (!Number.isInteger(lvl) || lvl < 1 || lvl > max) {
    throw new Error(
      max === 1 ? tl('en', 'kw.levelOne', { name: def.name, level: String(lvl) }) : tl('en', 'kw.levelRange', { max, name: def.name, level: String(lvl) }),
    );
  }
  const adjustment = options.adjustments?.[def.name] ?? 0;
  return def.cost + adjustment + LEVEL_STEP[def.level] * (lvl - 1) - keywordDiscount(def, owned);
}

/** XP for the next level of a keyword already owned at `level`, or null at its maximum. */
export function keywordNextStep(def: KeywordDef, level: number): number | null {
  return level >= maxLevel(def) ? null : LEVEL_STEP[def.level];
}
