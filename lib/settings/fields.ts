import { hasLineBreak } from '../chars';
import { tl, type Locale } from '../i18n';
/** Text fields of the options page, read into settings values with a message for what is wrong. */

export type FieldResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** A signed number of 1-3 digits, alone (spaces around and after its sign allowed). */
function signedNumber(s: string): number | null {
  let t = s.trimStart();
  const sign = t[0] === '-' || t[0] === '+' ? t[0] : '';
  if (sign) t = t.slice(1).trimStart();
  return /^\d{1,3}$/.test(t) ? Number(`${sign}${t}`) : null;
}

/**
 * "Name +3": the shortest name (1-60 characters, one line) that a signed number follows, as
 * `/^(.{1,60}?)\s*([-+]?\s*\d{1,3})$/` reads it, by hand: that pattern is quadratic on a run of
 * spaces. At most 60 names are tried, each in one pass.
 */
function splitSigned(part: string): { name: string; n: number } | null {
  for (let len = 1; len <= Math.min(60, part.length - 1); len++) {
    if (hasLineBreak(part[len - 1]!)) return null;
    const n = signedNumber(part.slice(len));
    if (n !== null) return { name: part.slice(0, len), n };
  }
  return null;
}

/** "Power +1, Life +2" → { Power: 1, Life: 2 }. */
export function parseSignedList(text: string, l: Locale = 'en'): FieldResult<Record<string, number>> {
  const value: Record<string, number> = {};
  for (const part of text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = splitSigned(part.replace(/−/g, '-'));
    if (!m) return { ok: false, error: tl(l, 'fd.signed', { part: part.slice(0, 40) }) };
    value[m.name.trim()] = m.n;
  }
  return { ok: true, value };
}

export function formatSignedList(value: Record<string, number>): string {
  return Object.entries(value)
    .map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`)
    .join(', ');
}

/** "Ajani: Nicol Bolas, Serra Angel" per line → { Ajani: [...] }. */
export function parseOwnedCards(text: string, l: Locale = 'en'): FieldResult<Record<string, string[]>> {
  const value: Record<string, string[]> = {};
  for (const line of text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const i = line.indexOf(':');
    if (i <= 0) return { ok: false, error: tl(l, 'fd.owned', { line: line.slice(0, 40) }) };
    value[line.slice(0, i).trim()] = line
      .slice(i + 1)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return { ok: true, value };
}

export function formatOwnedCards(value: Record<string, string[]>): string {
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${v.join(', ')}`)
    .join('\n');
}

export function parseNameList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
