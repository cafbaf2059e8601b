/**
 * The reason grammar of a Spark d10 roll (digest §8): `Draw: Name (Rarity)`, `Starting Hand`,
 * `Speed`, `Channel: Colour`, `Toughness vs N`, `Damage`, `Ad-hoc: A + B`, each with an optional
 * modifier suffix such as `(+1)`. Forgiving on case, spacing and missing parentheses.
 */
import { trimEndOf } from '../chars';
import { COLOURS, findAttribute, type Attribute, type Colour } from './attributes';
import { findRarity, type Rarity } from './draw';

export const ROLL_KINDS = ['draw', 'starting-hand', 'speed', 'channel', 'toughness', 'damage', 'recovery', 'ad-hoc', 'other'] as const;
export type SparkRollKind = (typeof ROLL_KINDS)[number];

export interface SparkReason {
  kind: SparkRollKind;
  text: string;
  card?: string;
  rarity?: Rarity;
  colour?: Colour;
  /** Damage a Toughness roll is made against. */
  damage?: number;
  /** A Toughness roll against direct damage from a spell or ability ("Toughness vs 3 (direct)"). */
  direct?: boolean;
  /** The Toughness test to keep acting below 0 Life ("Toughness test"). */
  test?: boolean;
  attributes?: [Attribute | string, Attribute | string];
  /** The modifier suffix, summed (clamping happens when dice are counted). */
  modifier: number;
}

const LANDS: Record<string, Colour> = { plains: 'White', island: 'Blue', swamp: 'Black', mountain: 'Red', forest: 'Green' };
// The reason's white space is folded to single spaces before these patterns see it, so ` ?` is
// what `\s*` was (and no run of spaces is left for them to backtrack over).
const RARITY_TAIL = / ?[([]? ?(basic ?land|mythic ?\/ ?legendary|mythic|legendary|uncommon|common|rare) ?[)\]]? ?$/i;

function colourOf(word: string): Colour | undefined {
  const w = word.trim().toLowerCase().replace(/s$/, '');
  return COLOURS.find((c) => c.toLowerCase() === w) ?? LANDS[w];
}

/** Read a roll's reason text. Never throws; anything unrecognised is kind "other". */
export function parseReason(input: string): SparkReason {
  const text = String(input ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
  let rest = text.replace(/\.$/, '').trim();
  let modifier = 0;
  // Modifier suffixes: "(+1)", "(-2)", "+1", "(mod +1)", several summed.
  for (;;) {
    const m = /(?:\(\s*(?:mod(?:ifier)?\s*)?([-+−–]\s*\d{1,2})\s*\)|\s([-+−–]\d{1,2}))\s*$/i.exec(rest);
    if (!m) break;
    modifier += Number((m[1] ?? m[2])!.replace(/[−–]/, '-').replace(/\s+/g, ''));
    rest = rest.slice(0, m.index).trim();
  }
  const base = { text, modifier };

  let m = /^draw\b ?[:\-–]? ?(.*)$/i.exec(rest);
  if (m) {
    const body = m[1]!;
    const tail = RARITY_TAIL.exec(body);
    const rarity = tail ? (findRarity(tail[1]!) ?? undefined) : undefined;
    const card = trimEndOf(tail ? body.slice(0, tail.index) : body, ',:-').trim();
    return { ...base, kind: 'draw', card: card || undefined, rarity };
  }
  if (/^starting\s*hand\b/i.test(rest)) return { ...base, kind: 'starting-hand' };
  if (/^(speed|initiative)\b/i.test(rest)) return { ...base, kind: 'speed' };
  m = /^channel(?:l?ing)?\b\s*[:\-–]?\s*(?:for\s+)?([a-z]+)?/i.exec(rest);
  if (m) return { ...base, kind: 'channel', colour: m[1] ? colourOf(m[1]) : undefined };
  if (/^(?:toughness|resistance)\s+test\b/i.test(rest)) return { ...base, kind: 'toughness', test: true };
  m = /^(?:toughness|resistance|resist)\b(?:\s*roll)?\s*(?:(?:vs\.?|v\.?|versus|against)\s*(\d{1,4}))?/i.exec(rest);
  if (m) {
    const direct = /\b(direct|spell|ability)\b/i.test(rest.slice(m[0].length));
    return { ...base, kind: 'toughness', damage: m[1] ? Number(m[1]) : undefined, ...(direct ? { direct } : {}) };
  }
  if (/^recover(?:y|ing)?\b/i.test(rest)) return { ...base, kind: 'recovery' };
  if (/^damage\b/i.test(rest)) return { ...base, kind: 'damage' };
  m = /^ad[ -]?hoc\b ?[:\-–]? ?([a-z ]+?) ?\+ ?([a-z ]+)$/i.exec(rest);
  if (m) {
    const a = findAttribute(m[1]!) ?? m[1]!.trim();
    const b = findAttribute(m[2]!) ?? m[2]!.trim();
    return { ...base, kind: 'ad-hoc', attributes: [a, b] };
  }
  if (/^ad[\s-]?hoc\b/i.test(rest)) return { ...base, kind: 'ad-hoc' };
  return { ...base, kind: 'other' };
}

/** The canonical reason text for the reply builder: what `parseReason` reads back as the same roll. */
export function formatReason(r: Omit<SparkReason, 'text'>): string {
  const mod = r.modifier ? ` (${r.modifier > 0 ? '+' : ''}${r.modifier})` : '';
  switch (r.kind) {
    case 'draw':
      return `Draw: ${r.card ?? ''} (${r.rarity ?? 'Common'})${mod}`;
    case 'starting-hand':
      return `Starting Hand${mod}`;
    case 'speed':
      return `Speed${mod}`;
    case 'channel':
      return `Channel: ${r.colour ?? ''}${mod}`;
    case 'toughness':
      if (r.test) return `Toughness test${mod}`;
      return `Toughness${r.damage !== undefined ? ` vs ${r.damage}` : ''}${r.direct ? ' direct' : ''}${mod}`;
    case 'recovery':
      return `Recovery${mod}`;
    case 'damage':
      return `Damage${mod}`;
    case 'ad-hoc':
      return `Ad-hoc: ${r.attributes?.[0] ?? ''} + ${r.attributes?.[1] ?? ''}${mod}`;
    default:
      return mod.trim();
  }
}
