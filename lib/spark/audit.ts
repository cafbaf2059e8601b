/**
 * The GM's sheet audit (digest §2 "Checks a GM wants on a sheet").
 * Every finding names its line, its rule and the value expected.
 */
import { attributeName, colourName, rarityName, tl, type Locale } from '../i18n';
import { ATTRIBUTES, COLOURS, findAttribute, invalidValueReason, maxCommonCopies, xpSpentOn, type Attribute } from './attributes';
import { keywordCost, parseKeyword } from './keywords';
import { DEFAULT_GAME_RULES, type GameRules } from './settings';
import { inPlay, manaReservoir as reservoirOf, parseSheetText, type CharacterSheet } from './sheet';

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  line: number | null;
  rule: string;
  message: string;
  severity: Severity;
  /** The value the rule expects, when there is one. */
  expected?: number | string;
}

export interface SpendItem {
  what: string;
  xp: number;
  line: number | null;
}

export interface SheetAudit {
  spentXp: number;
  earnedXp: number | null;
  unspentXp: number | null;
  findings: Finding[];
  /** What each XP went on, line by line. */
  spending: SpendItem[];
  /** False when some line could not be priced (its XP is missing from spentXp; a finding says which). */
  complete: boolean;
  sheet: CharacterSheet;
  /** Mana Reservoir as the rules compute it (sum of colours in play + bonus). */
  manaReservoir: number;
}

/** An audit in progress: the sheet, the rules, the reader's language, and what has been found so far. */
interface Audit {
  sheet: CharacterSheet;
  rules: GameRules;
  l: Locale;
  findings: Finding[];
  spending: SpendItem[];
  /** False once a line could not be priced. */
  complete: boolean;
  race: GameRules['races'][number] | undefined;
}

const add = (a: Audit, f: Finding) => void a.findings.push(f);

/** 1. Attributes: each value legal for its attribute, priced; the missing ones named. */
function auditAttributes(a: Audit): void {
  const { sheet, l } = a;
  const missing: string[] = [];
  for (const attr of ATTRIBUTES) {
    const v = sheet.attributes[attr];
    if (!v) {
      missing.push(attr);
      continue;
    }
    const why = invalidValueReason(attr, v.value, l);
    if (why) {
      a.complete = false;
      add(a, { line: v.line, rule: 'attribute.value', severity: 'error', message: tl(l, 'au.value', { attribute: attr, value: v.value, why }) });
      continue;
    }
    const xp = xpSpentOn(attr, v.value);
    if (xp) a.spending.push({ what: `${attr} ${v.value}`, xp, line: v.line });
  }
  if (Object.keys(sheet.attributes).length > 0 && missing.length) {
    add(a, { line: null, rule: 'attribute.missing', severity: 'info', message: tl(l, 'au.missing', { list: missing.join(', ') }) });
  }
}

/** 2. Keywords, with discounts for prerequisites on the sheet and the game's (and race's) adjustments. */
function auditKeywords(a: Audit): void {
  const { sheet, rules, l } = a;
  const ownedTexts = sheet.keywords.map((k) => k.text);
  const seen = new Map<string, number | null>();
  const adjustments = { ...rules.keywordAdjustments };
  for (const [name, delta] of Object.entries(a.race?.keywordAdjustments ?? {})) adjustments[name] = (adjustments[name] ?? 0) + delta;
  for (const k of sheet.keywords) {
    const parsed = parseKeyword(k.text, l);
    if ('error' in parsed) {
      a.complete = false;
      add(a, { line: k.line, rule: 'keyword.unknown', severity: 'error', message: tl(l, 'au.unknownKeyword', { error: parsed.error }) });
      continue;
    }
    const id = `${parsed.def.name}|${parsed.choice ?? ''}`;
    if (seen.has(id)) {
      add(a, { line: k.line, rule: 'keyword.duplicate', severity: 'warning', message: tl(l, 'au.duplicate', { keyword: k.text, line: String(seen.get(id)) }) });
      continue;
    }
    seen.set(id, k.line);
    if ((parsed.def.perColour || parsed.def.perLandType) && !parsed.choice) {
      add(a, {
        line: k.line,
        rule: 'keyword.choice',
        severity: 'warning',
        message: tl(l, parsed.def.perColour ? 'au.perColour' : 'au.perLand', { keyword: parsed.def.name }),
      });
    }
    try {
      const xp = keywordCost(
        k.text,
        ownedTexts.filter((t) => t !== k.text),
        undefined,
        { adjustments },
      );
      a.spending.push({ what: k.text, xp, line: k.line });
    } catch (e) {
      a.complete = false;
      add(a, { line: k.line, rule: 'keyword.level', severity: 'error', message: tl(l, 'au.level', { error: (e as Error).message }) });
    }
  }
}

/** 3. Traits: each has the XP cost the GM set, recorded on the sheet. */
function auditTraits(a: Audit): void {
  for (const trait of a.sheet.traits) {
    if (trait.xp !== null) a.spending.push({ what: `Trait: ${trait.text.slice(0, 60)}`, xp: trait.xp, line: trait.line });
    else {
      a.complete = false;
      add(a, { line: trait.line, rule: 'trait.cost', severity: 'warning', message: tl(a.l, 'au.trait', { trait: trait.text.slice(0, 60) }) });
    }
  }
}

/** 4. The XP balance: earned against spent, and the Unspent XP the sheet states. */
function auditXp(a: Audit, spentXp: number, earnedXp: number | null, unspentXp: number | null): void {
  const { sheet, l } = a;
  if (earnedXp === null) add(a, { line: null, rule: 'xp.earned-missing', severity: 'info', message: tl(l, 'au.noEarned') });
  else if (unspentXp! < 0) {
    const message = tl(l, 'au.overspent', { spent: spentXp, earned: earnedXp, over: -unspentXp! });
    add(a, { line: sheet.earnedXp!.line, rule: 'xp.overspent', severity: 'error', message, expected: tl(l, 'au.overspentExpected', { spent: spentXp }) });
  }
  if (sheet.unspentXp && unspentXp !== null && a.complete && sheet.unspentXp.value !== unspentXp) {
    const message = tl(l, 'au.unspent', { stated: sheet.unspentXp.value, earned: earnedXp ?? '?', spent: spentXp, unspent: unspentXp });
    add(a, { line: sheet.unspentXp.line, rule: 'xp.unspent-mismatch', severity: 'error', message, expected: unspentXp });
  }
}

/** 5. Colour affinity: the highest Spark attribute must be an affinity colour (strictly, by house rule), and the race's. */
function auditAffinity(a: Audit): void {
  const { sheet, rules, l } = a;
  const colourValues = COLOURS.map((c) => ({ c, v: inPlay(sheet, c) }));
  const highest = Math.max(...colourValues.map((x) => x.v));
  const affinity = sheet.affinity.colours;
  const names = (cs: readonly string[], sep: string) => cs.map((c) => colourName(c, l)).join(sep);
  if (!affinity.length) {
    if (Object.keys(sheet.attributes).length)
      add(a, { line: sheet.affinity.line, rule: 'affinity.missing', severity: 'warning', message: tl(l, 'au.noAffinity') });
    return;
  }
  if (highest <= 0) return;
  const topColours = colourValues.filter((x) => x.v === highest).map((x) => x.c);
  const outside = topColours.filter((c) => !affinity.includes(c));
  if (outside.length) {
    const message =
      outside.length === 1 && topColours.length > 1
        ? tl(l, 'au.tiedOne', { colours: colourName(outside[0]!, l), value: highest, affinity: names(affinity, '/') })
        : tl(l, 'au.highest', { count: outside.length, colours: names(outside, tl(l, 'au.and')), value: highest, affinity: names(affinity, '/') });
    add(a, {
      line: sheet.attributes[outside[0]!]?.line ?? sheet.affinity.line,
      rule: 'affinity.highest',
      severity: 'error',
      message,
      expected: tl(l, 'au.strictlyHighest', { affinity: affinity.join('/') }),
    });
  } else if (rules.strictAffinity) {
    const lowest = Math.min(...affinity.map((c) => inPlay(sheet, c)));
    const above = colourValues.filter((x) => !affinity.includes(x.c) && x.v > lowest);
    if (above.length) {
      const message = tl(l, 'au.strict', { count: above.length > 1 ? 2 : 1, above: above.map((x) => `${colourName(x.c, l)} ${x.v}`).join(', '), lowest });
      add(a, { line: sheet.affinity.line, rule: 'affinity.strict', severity: 'error', message });
    }
  }
  const race = a.race;
  if (!race?.allowedAffinities.length) return;
  const allowed = race.allowedAffinities.map((x) => x.toLowerCase());
  if (allowed.includes(affinity.join('/').toLowerCase()) || affinity.every((c) => allowed.includes(c.toLowerCase()))) return;
  add(a, {
    line: sheet.affinity.line,
    rule: 'affinity.race',
    severity: 'warning',
    message: tl(l, 'au.race', { race: race.name, allowed: race.allowedAffinities.join(', '), affinity: affinity.join('/') }),
  });
}

/** The race: the flat bonuses it gives, against the bonuses the sheet writes in parentheses. */
function auditRace(a: Audit): void {
  const { sheet, race, l } = a;
  if (!race) return;
  for (const name of new Set<string>([...Object.keys(sheet.attributes), ...Object.keys(race.bonuses)])) {
    const attr = findAttribute(name);
    if (!attr) continue;
    const given = race.bonuses[name] ?? race.bonuses[attr] ?? 0;
    const v = sheet.attributes[attr];
    const written = v?.bonus ?? 0;
    if (written === given) continue;
    const message =
      written > given
        ? tl(l, 'au.raceBonus', { attribute: attributeName(attr, l), written, race: race.name, given: given ? `+${given}` : tl(l, 'au.none') })
        : tl(l, 'au.raceGets', { race: race.name, given, attribute: attributeName(attr, l), written: written ? `+${written}` : tl(l, 'au.none') });
    add(a, { line: v?.line ?? null, rule: 'race.bonus', severity: written > given ? 'warning' : 'info', message, expected: given });
  }
}

/** 6. Mana Reservoir = the colours in play (+ its bonus); 7. Max Common Copies follows Max Uncommon Copies. Returns the latter. */
function auditDerived(a: Audit, reservoir: number): number {
  const { sheet, rules, l } = a;
  const bonus = sheet.manaReservoir?.bonus ?? 0;
  if (sheet.manaReservoir && sheet.manaReservoir.value !== reservoir) {
    const value = sheet.manaReservoir.value;
    const message = bonus ? tl(l, 'au.reservoirBonus', { value, bonus, sum: reservoir }) : tl(l, 'au.reservoir', { value, sum: reservoir });
    add(a, { line: sheet.manaReservoir.line, rule: 'mana-reservoir', severity: 'error', message, expected: reservoir });
  }
  const uncommon = sheet.attributes['Max Uncommon Copies']?.value ?? 0;
  const commonCopies = maxCommonCopies(uncommon, rules.commonsAlwaysFour);
  if (sheet.maxCommonCopies && sheet.maxCommonCopies.value !== commonCopies) {
    const message = tl(l, rules.commonsAlwaysFour ? 'au.commonsFour' : 'au.commons', { value: sheet.maxCommonCopies.value, uncommon, right: commonCopies });
    add(a, { line: sheet.maxCommonCopies.line, rule: 'common-copies', severity: 'error', message, expected: commonCopies });
  }
  return commonCopies;
}

/** The GM's audit of a sheet, its findings worded in `l`. */
export function auditSheet(sheet: CharacterSheet, rules: GameRules = DEFAULT_GAME_RULES, l: Locale = 'en'): SheetAudit {
  const race = rules.races.find((r) => sheet.race && r.name.toLowerCase() === sheet.race.trim().toLowerCase());
  const a: Audit = { sheet, rules, l, findings: [], spending: [], complete: true, race };
  auditAttributes(a);
  auditKeywords(a);
  auditTraits(a);
  const spentXp = a.spending.reduce((s, i) => s + i.xp, 0);
  const earnedXp = sheet.earnedXp?.value ?? null;
  const unspentXp = earnedXp === null ? null : earnedXp - spentXp;
  auditXp(a, spentXp, earnedXp, unspentXp);
  auditAffinity(a);
  auditRace(a);
  const manaReservoir = reservoirOf(sheet);
  const commonCopies = auditDerived(a, manaReservoir);
  // 8. The deck list against the Library limits.
  if (sheet.deck.length) auditDeck(a, commonCopies);
  return { spentXp, earnedXp, unspentXp, findings: a.findings, spending: a.spending, complete: a.complete, sheet, manaReservoir };
}

function auditDeck(a: Audit, commonCopies: number): void {
  const { sheet, rules, l } = a;
  const limit = (attr: Attribute) => inPlay(sheet, attr);
  const total = sheet.deck.reduce((s, d) => s + d.count, 0);
  const firstLine = sheet.deck[0]!.line;
  if (total > limit('Max Deck Size')) {
    add(a, {
      line: firstLine,
      rule: 'deck.size',
      severity: 'error',
      message: tl(l, 'au.deckSize', { total, limit: limit('Max Deck Size') }),
      expected: limit('Max Deck Size'),
    });
  }
  const byName = new Map<string, { rarity: string; count: number; line: number | null }>();
  for (const d of sheet.deck) {
    const key = `${d.name.toLowerCase()}|${d.rarity}`;
    const prev = byName.get(key);
    if (prev) prev.count += d.count;
    else byName.set(key, { rarity: d.rarity, count: d.count, line: d.line });
  }
  const counts = { Rare: 0, Uncommon: 0 };
  for (const d of sheet.deck) if (d.rarity === 'Rare' || d.rarity === 'Uncommon') counts[d.rarity] += d.count;
  if (counts.Rare > limit('Max Rare Cards')) {
    add(a, {
      line: firstLine,
      rule: 'deck.rares',
      severity: 'error',
      message: tl(l, 'au.rares', { count: counts.Rare, limit: limit('Max Rare Cards') }),
      expected: limit('Max Rare Cards'),
    });
  }
  if (counts.Uncommon > limit('Max Uncommon Cards')) {
    const message = tl(l, 'au.uncommons', { count: counts.Uncommon, limit: limit('Max Uncommon Cards') });
    add(a, { line: firstLine, rule: 'deck.uncommons', severity: 'error', message, expected: limit('Max Uncommon Cards') });
  }
  const acquired = new Set(
    Object.entries(rules.acquiredMythics)
      .filter(([who]) => who.toLowerCase() === (sheet.name ?? '').toLowerCase())
      .flatMap(([, cards]) => cards.map((c) => c.toLowerCase())),
  );
  for (const [key, e] of byName) {
    const name = sheet.deck.find((d) => `${d.name.toLowerCase()}|${d.rarity}` === key)!.name;
    const copyLimit =
      e.rarity === 'Rare' ? limit('Max Rare Copies') : e.rarity === 'Uncommon' ? limit('Max Uncommon Copies') : e.rarity === 'Common' ? commonCopies : null;
    if (copyLimit !== null && e.count > copyLimit) {
      const attribute = e.rarity === 'Common' ? 'Max Common Copies' : `Max ${e.rarity} Copies`;
      add(a, {
        line: e.line,
        rule: 'deck.copies',
        severity: 'error',
        message: tl(l, 'au.copies', { count: e.count, name, rarity: rarityName(e.rarity, l), attribute, limit: copyLimit }),
        expected: copyLimit,
      });
    }
    if (e.rarity === 'Mythic/Legendary' && !acquired.has(name.toLowerCase()))
      add(a, { line: e.line, rule: 'deck.mythic', severity: 'info', message: tl(l, 'au.mythic', { name }) });
  }
}

/** Parse a sheet written as text and audit it. Never throws on any text. */
export function auditSheetText(text: string, rules: GameRules = DEFAULT_GAME_RULES, l: Locale = 'en'): SheetAudit {
  const parsed = parseSheetText(text, l);
  const audit = auditSheet(parsed.sheet, rules, l);
  const parseFindings: Finding[] = parsed.problems.map((p) => ({ ...p, severity: p.rule === 'line.unknown-label' ? 'warning' : 'error' }));
  const findings = [...parseFindings, ...audit.findings].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return { ...audit, findings };
}
