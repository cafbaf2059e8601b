/**
 * One i18n layer for everything a user reads: English and Italian catalogs, `{name}`
 * placeholders, plurals by the language's own rules (Intl.PluralRules).
 *
 * Every function here takes the language it words in: the UI's language is the UI's to keep
 * (components/locale.ts), and what is posted to the forum follows the thread's own language, not
 * the UI's. Pure: no DOM, no extension APIs, no language of its own.
 */
import type { EN } from './en';

export type Locale = 'en' | 'it';
export const LOCALES: readonly Locale[] = ['en', 'it'];
export type Plural = { readonly one: string; readonly other: string };
export type Entry = string | Plural;
export type Key = keyof typeof EN;
export type Params = Record<string, string | number>;

/**
 * The catalogues in use. The extension's pages and the background register both (`./all`); the
 * content script carries none: the background sends it the one its page needs with its settings
 * (so what it downloads and parses is one language, and no page text is in its bundle).
 */
export const CATALOGS: Partial<Record<Locale, Record<Key, Entry>>> = {};
export function registerCatalog(l: Locale, catalog: Record<Key, Entry>): void {
  CATALOGS[l] = catalog;
}
export const hasCatalog = (l: Locale): boolean => !!CATALOGS[l];

/**
 * A catalogue received in a message or read from storage: keys of our form, each a string or a
 * plural of strings; else null. Checked in place, not copied (a page load reads one of about
 * 2,000 entries: a copy took longer than the rest of the check); the object is a fresh parse or
 * structured clone, with no accessors, and only our own keys are ever looked up in it.
 */
export function checkedCatalog(raw: unknown): Record<Key, Entry> | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const all = raw as Record<string, unknown>;
  let n = 0;
  for (const k in all) {
    if (++n > 5000 || k.length > 80 || !/^[a-z][\w-]*(?:\.[\w-]+)+$/.test(k)) return null;
    const v = all[k];
    const entry =
      typeof v === 'string'
        ? v.length <= 2000
        : !!v && typeof v === 'object' && typeof (v as Plural).one === 'string' && typeof (v as Plural).other === 'string';
    if (!entry) return null;
  }
  return all as Record<Key, Entry>;
}

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', it: 'Italiano' };

/** `auto` follows the browser's languages (the first of ours it names), else English. */
export function pickLocale(pref: string | null | undefined, browserLanguages: readonly string[] = []): Locale {
  if (pref === 'en' || pref === 'it') return pref;
  for (const l of browserLanguages) {
    const base = String(l).toLowerCase().split(/[-_]/)[0];
    if (base === 'en' || base === 'it') return base;
  }
  return 'en';
}

const rules = new Map<Locale, Intl.PluralRules>();
/** Each language's form for the small whole numbers messages count (asked of Intl once each). */
const smallForms = new Map<Locale, ('one' | 'other')[]>();
function pluralOf(l: Locale, n: number): 'one' | 'other' {
  let forms = smallForms.get(l);
  if (!forms) smallForms.set(l, (forms = []));
  const small = Number.isInteger(n) && n >= 0 && n < 1000;
  if (small && forms[n]) return forms[n]!;
  let r = rules.get(l);
  if (!r) rules.set(l, (r = new Intl.PluralRules(l)));
  const form = r.select(n) === 'one' ? 'one' : 'other';
  if (small) forms[n] = form;
  return form;
}

/** A message in a given language. A plural message picks its form by `params.count`. */
export function tl(l: Locale, key: Key, params?: Params): string {
  const entry = (CATALOGS[l]?.[key] ?? CATALOGS.en?.[key]) as Entry | undefined;
  if (entry === undefined) return String(key);
  const text = typeof entry === 'string' ? entry : entry[pluralOf(l, Number(params?.count ?? 0))];
  if (!params) return text;
  // Each message is split once into text and placeholder parts (readers make thousands of them).
  let parts = compiled.get(text);
  if (!parts) compiled.set(text, (parts = text.split(/\{(\w+)\}/)));
  if (parts.length === 1) return text;
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    out += (name in params ? String(params[name]) : `{${name}}`) + parts[i + 1]!;
  }
  return out;
}
const compiled = new Map<string, string[]>();

/** Words not said yet: a catalogue key and its values (which may be words not said yet too), worded later in the reader's language. */
export interface Said {
  key: Key;
  values?: SaidValues;
}
/** A value of words not said yet: a list is said item by item, joined by spaces. */
export type SaidValue = string | number | Said | readonly SaidValue[];
export type SaidValues = Readonly<Record<string, SaidValue>>;

const sayValue = (l: Locale, v: SaidValue): string | number =>
  typeof v === 'string' || typeof v === 'number' ? v : Array.isArray(v) ? v.map((x) => sayValue(l, x)).join(' ') : say(l, v as Said);

/** Words not said yet, said in a language. */
export function say(l: Locale, s: Said): string {
  if (!s.values) return tl(l, s.key);
  const params: Params = {};
  for (const k in s.values) params[k] = sayValue(l, s.values[k]!);
  return tl(l, s.key, params);
}

/** The placeholders a message uses (for the catalogue test). */
export function placeholders(e: Entry): string[] {
  const texts = typeof e === 'string' ? [e] : [e.one, e.other];
  return [...new Set(texts.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

/** Numbers as the language writes them (1,000 / 1.000). */
export const formatNumber = (n: number, l: Locale): string => n.toLocaleString(l === 'it' ? 'it-IT' : 'en-GB');

/** A probability as a percentage, as the language writes it (12.3% / 12,3%). */
export const formatPercent = (p: number, digits: number, l: Locale): string =>
  `${(p * 100).toLocaleString(l === 'it' ? 'it-IT' : 'en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;

/** A colour's name (Magic's five) in the UI's language; any other text as it is. */
export function colourName(c: string, l: Locale): string {
  const key = `colour.${c}` as Key;
  return known(key) ? tl(l, key) : c;
}

const RARITY_KEYS: Record<string, Key> = {
  'Basic Land': 'rarity.basic',
  Common: 'rarity.common',
  Uncommon: 'rarity.uncommon',
  Rare: 'rarity.rare',
  'Mythic/Legendary': 'rarity.mythic',
};
/** A rarity's name in the UI's language (the value stored and posted in a roll's reason stays English). */
export const rarityName = (r: string, l: Locale): string => (RARITY_KEYS[r] ? tl(l, RARITY_KEYS[r]) : r);
/** A source attribute's name (Power, Toughness, Life, Focus, Memory) in the UI's language; others as they are. */
export function attributeName(a: string, l: Locale): string {
  const key = `attr.${a}` as Key;
  return known(key) ? tl(l, key) : colourName(a, l);
}

/** A roll kind's name (Draw, Speed, …) in a language. */
export const kindName = (k: string, l: Locale): string => {
  const key = `kind.${k}` as Key;
  return known(key) ? tl(l, key) : k;
};

/** A key some registered catalogue has. */
function known(key: string): boolean {
  for (const l in CATALOGS) if (CATALOGS[l as Locale] && key in CATALOGS[l as Locale]!) return true;
  return false;
}
