/**
 * The UI's language, kept by the UI: every extension page and the content script set it once from
 * the settings (or the browser's languages), and what they render is worded in it. lib/ never reads
 * it: a pure function is given the language it words in.
 */
import * as i18n from '../lib/i18n';
import type { Key, Locale, Params } from '../lib/i18n';

let current: Locale = 'en';
export const setLocale = (l: Locale): void => void (current = l);
export const uiLocale = (): Locale => current;

/** A message in the UI's language. */
export const t = (key: Key, params?: Params): string => i18n.tl(current, key, params);
export const colourName = (c: string): string => i18n.colourName(c, current);
export const rarityName = (r: string): string => i18n.rarityName(r, current);
export const attributeName = (a: string): string => i18n.attributeName(a, current);
export const kindName = (k: string): string => i18n.kindName(k, current);
export const formatNumber = (n: number): string => i18n.formatNumber(n, current);
export const formatPercent = (p: number, digits: number): string => i18n.formatPercent(p, digits, current);
