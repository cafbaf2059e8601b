/**
 * The Spark d10 character sheet: a zod schema, a tolerant parser of a sheet written as text, and
 * the canonical text form (which the parser reads back unchanged).
 *
 * The parser reads `Attribute: value (modifiers)` lines in any order, skips stray prose, and keeps
 * the line number of everything it reads so that an audit can point at it.
 */
import { hasLineBreak } from '../chars';
import { type Key, type Locale, type Params, tl } from '../i18n';
import { ATTRIBUTES, COLOURS, findAttribute, startValue, type Attribute, type Colour } from './attributes';
import { findRarity, type Rarity } from './draw';

/** Rolls a parenthesised modifier may name (digest §2 ruling): those are roll modifiers, not bonuses. */
export const ROLL_KINDS = ['speed', 'draw', 'channeling', 'recovery', 'resistance', 'damage'] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

export interface AttributeValue {
  /** The value bought with XP. */
  value: number;
  /** Flat bonuses (race, items): they add to the value in play and cost no XP. */
  bonus: number;
  /** Roll modifiers by roll kind, e.g. { speed: 1 }. */
  modifiers: Record<string, number>;
  line: number | null;
}

type Lined<T> = T & { line: number | null };

/** A sheet as read (sheet-schema.ts has its zod schema). */
export interface CharacterSheet {
  name: string | null;
  race: string | null;
  homePlane: string | null;
  affinity: Lined<{ colours: Colour[]; text: string }>;
  earnedXp: Lined<{ value: number }> | null;
  unspentXp: Lined<{ value: number }> | null;
  manaReservoir: Lined<{ value: number; bonus: number }> | null;
  maxCommonCopies: Lined<{ value: number }> | null;
  attributes: Partial<Record<Attribute, AttributeValue>>;
  keywords: Lined<{ text: string }>[];
  traits: Lined<{ text: string; xp: number | null }>[];
  deck: Lined<{ name: string; rarity: Rarity; count: number }>[];
}

export interface ParseProblem {
  line: number;
  rule: string;
  message: string;
}

export interface ParsedSheet {
  sheet: CharacterSheet;
  problems: ParseProblem[];
  /** Lines recognised as sheet data (a measure of how sheet-like the text is). */
  recognised: number;
}

/** An attribute in play: its bought value plus its flat bonus; an attribute the sheet leaves out is at its start value. */
export function inPlay(sheet: CharacterSheet, a: Attribute): number {
  const v = sheet.attributes[a];
  return v ? v.value + v.bonus : startValue(a);
}

/** Mana Reservoir as the rules compute it: the colours in play, plus its own bonus. */
export function manaReservoir(sheet: CharacterSheet): number {
  let n = sheet.manaReservoir?.bonus ?? 0;
  for (const c of COLOURS) n += inPlay(sheet, c);
  return n;
}

export function emptySheet(): CharacterSheet {
  return {
    name: null,
    race: null,
    homePlane: null,
    affinity: { colours: [], text: '', line: null },
    earnedXp: null,
    unspentXp: null,
    manaReservoir: null,
    maxCommonCopies: null,
    attributes: {},
    keywords: [],
    traits: [],
    deck: [],
  };
}

/** Longest line the parser looks at; the rest of a longer line is ignored (hostile input stays cheap). */
const MAX_LINE = 500;

type Field = 'name' | 'race' | 'homePlane' | 'affinity' | 'earnedXp' | 'unspentXp' | 'manaReservoir' | 'maxCommonCopies' | 'keywords' | 'traits' | 'deck';

const FIELD_LABELS: Record<string, Field> = {
  name: 'name',
  'character name': 'name',
  race: 'race',
  'race (subrace)': 'race',
  'home plane': 'homePlane',
  plane: 'homePlane',
  'color affinity': 'affinity',
  'colour affinity': 'affinity',
  affinity: 'affinity',
  'total earned xp': 'earnedXp',
  'earned xp': 'earnedXp',
  'xp earned': 'earnedXp',
  'total xp': 'earnedXp',
  'unspent xp': 'unspentXp',
  'xp unspent': 'unspentXp',
  'mana reservoir': 'manaReservoir',
  'mana resevoir': 'manaReservoir',
  'mana pool': 'manaReservoir',
  'max common copies': 'maxCommonCopies',
  keywords: 'keywords',
  keyword: 'keywords',
  traits: 'traits',
  trait: 'traits',
  deck: 'deck',
  'deck list': 'deck',
  decklist: 'deck',
  'ready deck': 'deck',
};

const LIST_FIELDS = new Set<Field>(['keywords', 'traits', 'deck']);

const GUILDS: Record<string, Colour[]> = {
  azorius: ['White', 'Blue'],
  dimir: ['Blue', 'Black'],
  rakdos: ['Black', 'Red'],
  gruul: ['Red', 'Green'],
  selesnya: ['Green', 'White'],
  orzhov: ['White', 'Black'],
  izzet: ['Blue', 'Red'],
  golgari: ['Black', 'Green'],
  boros: ['Red', 'White'],
  simic: ['Green', 'Blue'],
};
const COLOUR_LETTERS: Record<string, Colour> = { w: 'White', u: 'Blue', b: 'Black', r: 'Red', g: 'Green' };

/** Colours named in an affinity text: "Blue", "Blue/White", "W/U", "Azorius", "mono-red". */
export function parseAffinity(text: string): Colour[] {
  const found = new Set<Colour>();
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  for (const w of words) {
    const colour = COLOURS.find((c) => c.toLowerCase() === w);
    if (colour) found.add(colour);
    else if (GUILDS[w]) for (const c of GUILDS[w]) found.add(c);
  }
  if (found.size === 0) {
    // Letters only: "WU", "W/U", "U-B".
    const letters = text.replace(/[\s/,+&-]/g, '');
    if (/^[wubrg]{1,5}$/i.test(letters)) for (const ch of letters.toLowerCase()) found.add(COLOUR_LETTERS[ch]!);
  }
  return COLOURS.filter((c) => found.has(c));
}

const ROLL_WORD = /\b(speed|draws?|channel(?:l?ing)?|recovery|resist(?:ance)?|damage)\b/i;
function rollKind(words: string): RollKind | null {
  const m = ROLL_WORD.exec(words);
  if (!m) return null;
  const w = m[1]!.toLowerCase();
  if (w.startsWith('draw')) return 'draw';
  if (w.startsWith('channel')) return 'channeling';
  if (w.startsWith('resist')) return 'resistance';
  return w as RollKind;
}

interface ValueParse {
  value: number;
  bonus: number;
  modifiers: Record<string, number>;
  /** Text after the value that was not understood. */
  rest: string;
}

/**
 * `3`, `3 (+1)`, `3 (+1 race)`, `2 (+1 Speed)`, `4 (+1 race, -1 Draw)`.
 * A parenthesised signed number naming a roll is a modifier; any other is a flat bonus.
 */
function parseValue(text: string): ValueParse | null {
  const m = /^(\d{1,7})\b/.exec(text);
  let rest = text.slice(m?.[0].length ?? 0).trimStart();
  // A line break ends the value's text (the value is one line); the number is read, not backtracked over.
  if (!m || hasLineBreak(rest)) return null;
  let bonus = 0;
  const modifiers: Record<string, number> = {};
  rest = rest.replace(/\(([^()]*)\)/g, (whole, inner: string) => {
    let understood = false;
    for (const part of inner.split(/[,;]/)) {
      const signed = /([-+−–]\s*\d{1,3})/.exec(part);
      if (!signed) continue;
      understood = true;
      const n = Number(signed[1]!.replace(/[−–]/, '-').replace(/\s+/g, ''));
      const kind = rollKind(part);
      if (kind) modifiers[kind] = (modifiers[kind] ?? 0) + n;
      else bonus += n;
    }
    return understood ? ' ' : whole;
  });
  return { value: Number(m[1]), bonus, modifiers, rest: rest.trim() };
}

const RARITY_WORD = /^(?:basic land|common|uncommon|rare|mythic(?:\/legendary)?|legendary|[cURM])$/i;
/** A count after the rarity ("(rare) x2"), at the line's end. */
const COUNT_AFTER = /x\s*(\d{1,3})$/i;
/** A count before the name ("2x Bolt", "2 Bolt"). */
const COUNT_BEFORE = /^(\d{1,3})(?:\s*x\s+|\s+)/i;

/**
 * A deck entry: `[count[x]] name (rarity) [x count]`, the rarity in round or square brackets.
 * Read by hand from the end (the rarity's brackets, then the name): one pattern for the whole
 * line backtracked cubically over runs of spaces.
 */
function parseDeckEntry(text: string): { name: string; rarity: Rarity; count: number } | null {
  if (hasLineBreak(text)) return null;
  const endsInDigit = /\d$/.test(text);
  const after = endsInDigit ? COUNT_AFTER.exec(text) : null;
  if (endsInDigit && !after) return null;
  const core = (after ? text.slice(0, after.index) : text).trimEnd();
  if (!core.endsWith(')') && !core.endsWith(']')) return null;
  const inner = core.slice(0, -1);
  const open = Math.max(inner.lastIndexOf('('), inner.lastIndexOf('['));
  if (open < 1) return null;
  const word = inner.slice(open + 1).trim();
  const rarity = RARITY_WORD.test(word) ? findRarity(word) : null;
  if (!rarity) return null;
  const head = inner.slice(0, open);
  const before = COUNT_BEFORE.exec(head);
  const named = before && before[0].length < head.length ? head.slice(before[0].length) : head;
  const count = Number((before && named !== head ? before[1] : undefined) ?? after?.[1] ?? 1);
  const name = named.replace(/^x\s+/i, '').trim();
  if (!name || count < 1) return null;
  return { name, rarity, count };
}

const TRAIT_XP = /\(\s*(\d{1,4})\s*xp\s*\)|[-–:]\s*(\d{1,4})\s*xp\s*$/i;
/** An item's XP cost at its end ("(2 xp)"); the text is trimmed after. */
const ITEM_XP = /\(\s*-?\d{1,4}\s*xp\s*\)\s*$/i;
const NONE = /^(none|n\/a|-+|—)?\.?$/i;

function levenshtein(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

const KNOWN_LABELS = [...ATTRIBUTES.map((a) => a.toLowerCase()), ...Object.keys(FIELD_LABELS)];

/** RPOL's formatting tags (forum-formats §3.1); any other tag-like text stays as written. */
const RUBB_TAG =
  /<\/?(?:b|i|u|s|sup|sub|small|large|smallcaps|tt|pre|center|quote|spoiler|hr|serif|mono|cursive|red|orange|aqua|blue|darkblue|green|darkgreen|brown|purple|yellow|pink|royalred|coral|goldenrod|seagreen|periwinkle|lavender|rose|gray)>/gi;

/** Strip RuBB tags and list bullets; the parser works on plain text. */
function cleanLine(line: string): string {
  return line
    .slice(0, MAX_LINE)
    .replace(RUBB_TAG, '')
    .replace(/\[\/?(?:b|i|u|list|\*)\]/gi, '')
    .replace(/^\s*(?:[•*·▪◦‣-]|\d{1,2}[.)])\s+/, '')
    .replace(/\u00a0/g, ' ')
    .trim();
}

/** Split a line into label and value: `Label: value`, `Label = value`, `Label - value`, or `Label    value` (fixed width). */
const LABELLED = /^([A-Za-z][A-Za-z ()/'-]{0,40}?)\s*(?::|=|\s-\s|\t|\s{2,})\s*(.*)/;
// Without a separator only a number and parenthesised notes may follow ("Power 3 (+1)"), so prose is not read.
const BARE = /^([A-Za-z](?:[A-Za-z ]{0,29}[A-Za-z])?)\s+(\d{1,7}(?:\s*\([^()]{0,80}\))*)$/;

function splitLabel(line: string): { label: string; value: string } | null {
  // A value is one line (LABELLED reads to the line's end without backtracking over it).
  if (hasLineBreak(line)) return null;
  const m = LABELLED.exec(line) ?? BARE.exec(line);
  if (!m) return null;
  return { label: m[1]!.trim().toLowerCase().replace(/\s+/g, ' '), value: m[2]!.trim() };
}

function splitItems(value: string): string[] {
  // Split on commas and semicolons outside parentheses.
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items.map((s) => s.trim()).filter((s) => s && !NONE.test(s));
}

/** Read a sheet written as text. Never throws; what it cannot read becomes a problem with its line. */
/** A sheet being read, line by line. */
interface SheetReading {
  sheet: CharacterSheet;
  problems: ParseProblem[];
  recognised: number;
  /** The list section a line may continue (keywords, traits, deck), if any. */
  section: Field | null;
  /** Continuation lines join a list only after a bare header ("Keywords:") or when bulleted. */
  sectionOpen: boolean;
  /** The line each single-valued label was first given on. */
  seen: Map<string, number>;
  l: Locale;
}

const problem = (r: SheetReading, line: number, rule: string, key: Key, values: Params) => r.problems.push({ line, rule, message: tl(r.l, key, values) });

function addListItem(r: SheetReading, field: Field, item: string, line: number): void {
  const sheet = r.sheet;
  if (field === 'keywords') {
    sheet.keywords.push({ text: item.replace(ITEM_XP, '').trim().slice(0, 200), line });
  } else if (field === 'traits') {
    const xp = TRAIT_XP.exec(item);
    sheet.traits.push({ text: item.replace(TRAIT_XP, '').trim().slice(0, 500), xp: xp ? Number(xp[1] ?? xp[2]) : null, line });
  } else if (field === 'deck') {
    const entry = parseDeckEntry(item);
    if (entry) sheet.deck.push({ ...entry, name: entry.name.slice(0, 200), line });
    else problem(r, line, 'deck.unreadable', 'sh.deckEntry', { item: item.slice(0, 80) });
  }
}

function readAttribute(r: SheetReading, attribute: Attribute, value: string, line: number): void {
  const v = parseValue(value);
  if (!v) return void problem(r, line, 'line.malformed', 'sh.whole', { attribute, value: value.slice(0, 60) });
  r.seen.set(attribute, line);
  r.sheet.attributes[attribute] = { value: v.value, bonus: v.bonus, modifiers: v.modifiers, line };
  r.recognised++;
}

/** A number field (XP, Max Common Copies, the Mana Reservoir). */
function readNumberField(
  r: SheetReading,
  field: 'earnedXp' | 'unspentXp' | 'maxCommonCopies' | 'manaReservoir',
  label: string,
  value: string,
  line: number,
): void {
  const v = /^(-?\d{1,7})\b/.exec(value);
  if (!v) return void problem(r, line, 'line.malformed', 'sh.labelWhole', { label, value: value.slice(0, 60) });
  const n = Number(v[1]);
  if (field === 'manaReservoir') r.sheet.manaReservoir = { value: n, bonus: parseValue(value.replace(/^-/, ''))?.bonus ?? 0, line };
  else r.sheet[field] = { value: n, line };
}

function readField(r: SheetReading, field: Field, label: string, value: string, line: number): void {
  r.recognised++;
  r.seen.set(field, line);
  switch (field) {
    case 'name':
    case 'race':
    case 'homePlane':
      r.sheet[field] = value.slice(0, 200) || null;
      return;
    case 'affinity': {
      const colours = parseAffinity(value);
      r.sheet.affinity = { colours, text: value.slice(0, 100), line };
      if (value && colours.length === 0) problem(r, line, 'line.malformed', 'sh.noColour', { value: value.slice(0, 60) });
      return;
    }
    case 'keywords':
    case 'traits':
    case 'deck':
      if (value) for (const item of field === 'deck' ? [value] : splitItems(value)) addListItem(r, field, item, line);
      r.section = field;
      r.sectionOpen = !value;
      return;
    default:
      readNumberField(r, field, label, value, line);
  }
}

/** An unknown label: flagged only when it looks like a misspelt attribute with a number. */
function unknownLabel(r: SheetReading, label: string, value: string, line: number): void {
  if (!/^\d/.test(value) || label.split(' ').length > 4) return;
  const near = KNOWN_LABELS.find((k) => levenshtein(k, label) <= 2);
  if (near) problem(r, line, 'line.unknown-label', 'sh.notAttribute', { label, near: findAttribute(near) ?? near });
}

function readLine(r: SheetReading, rawLine: string, line: number): void {
  const text = cleanLine(rawLine);
  if (!text) {
    r.section = null;
    return;
  }
  // Tags of any length before the bullet (a bounded tag made the pattern's automaton too big for recheck to decide in time).
  const bulleted = /^\s*(?:<[^<>]*>\s*)*(?:[•*·▪◦‣-]|\[\*\])/.test(rawLine);
  const parts = splitLabel(text);
  const attribute = parts ? findAttribute(parts.label) : null;
  const field = parts ? FIELD_LABELS[parts.label] : undefined;
  if (!attribute && !field && r.section && (r.sectionOpen || bulleted)) {
    // A line inside a list section (a bulleted keyword, trait or deck entry).
    for (const item of r.section === 'deck' ? [text] : splitItems(text)) addListItem(r, r.section, item, line);
    r.recognised++;
    return;
  }
  r.section = null;
  if (!parts) return;
  const key = attribute ?? field;
  const first = key && !LIST_FIELDS.has(key as Field) ? r.seen.get(key) : undefined;
  if (first !== undefined) return void problem(r, line, 'line.duplicate', 'sh.twice', { label: attribute ?? parts.label, first: String(first), line });
  if (attribute) readAttribute(r, attribute, parts.value, line);
  else if (field) readField(r, field, parts.label, parts.value, line);
  else unknownLabel(r, parts.label, parts.value, line);
}

export function parseSheetText(text: string, l: Locale = 'en'): ParsedSheet {
  const r: SheetReading = { sheet: emptySheet(), problems: [], recognised: 0, section: null, sectionOpen: false, seen: new Map(), l };
  const lines = String(text ?? '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) readLine(r, lines[i]!.slice(0, MAX_LINE), i + 1);
  return { sheet: r.sheet, problems: r.problems, recognised: r.recognised };
}

/** How many distinct attributes a text states: 4 or more (with a Source and a Spark one) reads as a sheet. */
export function looksLikeSheet(text: string): boolean {
  const { sheet } = parseSheetText(text);
  const names = Object.keys(sheet.attributes) as Attribute[];
  const source = names.filter((n) => ['Power', 'Toughness', 'Life', 'Focus', 'Memory'].includes(n)).length;
  const spark = names.filter((n) => (COLOURS as readonly string[]).includes(n)).length;
  return names.length >= 4 && source >= 2 && spark >= 1;
}

const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
const ROLL_LABEL: Record<string, string> = {
  speed: 'Speed',
  draw: 'Draw',
  channeling: 'Channeling',
  recovery: 'Recovery',
  resistance: 'Resistance',
  damage: 'Damage',
};

function formatAttribute(a: Attribute, v: AttributeValue): string {
  const notes: string[] = [];
  if (v.bonus) notes.push(sign(v.bonus));
  for (const [kind, m] of Object.entries(v.modifiers)) if (m) notes.push(`${sign(m)} ${ROLL_LABEL[kind] ?? kind}`);
  return `${a}: ${v.value}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

/** The canonical text of a sheet, in the seed's section order. `parseSheetText` reads it back unchanged. */
export function formatSheet(sheet: CharacterSheet): string {
  const out: string[] = [];
  const line = (s: string) => out.push(s);
  line('Background');
  if (sheet.name) line(`Name: ${sheet.name}`);
  if (sheet.race) line(`Race: ${sheet.race}`);
  if (sheet.homePlane) line(`Home Plane: ${sheet.homePlane}`);
  if (sheet.affinity.colours.length) line(`Colour Affinity: ${sheet.affinity.colours.join('/')}`);
  if (sheet.earnedXp) line(`Total Earned XP: ${sheet.earnedXp.value}`);
  if (sheet.unspentXp) line(`Unspent XP: ${sheet.unspentXp.value}`);
  line('');
  line('The Source');
  for (const a of ['Power', 'Toughness', 'Life', 'Focus', 'Memory'] as const) {
    const v = sheet.attributes[a];
    if (v) line(formatAttribute(a, v));
  }
  line(`Keywords: ${sheet.keywords.map((k) => k.text).join(', ') || 'none'}`);
  line('');
  line('The Spark');
  for (const c of COLOURS) {
    const v = sheet.attributes[c];
    if (v) line(formatAttribute(c, v));
  }
  if (sheet.manaReservoir) line(`Mana Reservoir: ${sheet.manaReservoir.value}${sheet.manaReservoir.bonus ? ` (${sign(sheet.manaReservoir.bonus)})` : ''}`);
  line(`Traits: ${sheet.traits.map((t) => (t.xp === null ? t.text : `${t.text} (${t.xp} XP)`)).join('; ') || 'none'}`);
  line('');
  line('Library');
  for (const a of ['Max Deck Size', 'Max Rare Cards', 'Max Rare Copies', 'Max Uncommon Cards', 'Max Uncommon Copies'] as const) {
    const v = sheet.attributes[a];
    if (v) line(formatAttribute(a, v));
  }
  if (sheet.maxCommonCopies) line(`Max Common Copies: ${sheet.maxCommonCopies.value}`);
  if (sheet.deck.length) {
    line('');
    line('Deck:');
    for (const d of sheet.deck) line(`${d.count}x ${d.name} (${d.rarity})`);
  }
  return out.join('\n');
}
