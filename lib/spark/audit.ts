/**
 * The GM's sheet audit (digest §2 "Checks a GM wants on a sheet").
 * Every finding names its line, its rule and the value expected.
 */
import { attributeName, colourName, rarityName, t, t as tr } from '../i18n';
import { ATTRIBUTES, COLOURS, findAttribute, invalidValueReason, maxCommonCopies, startValue, xpSpentOn, type Attribute } from './attributes';
import { keywordCost, parseKeyword } from './keywords';
import { DEFAULT_GAME_RULES, type GameRules } from './settings';
import { parseSheetText, type CharacterSheet } from './sheet';

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

/** In-play value of an attribute: bought value plus flat bonus (start value when absent). */
export function inPlay(sheet: CharacterSheet, a: Attribute): number {
  const v = sheet.attributes[a];
  return v ? v.value + v.bonus : startValue(a);
}

export function auditSheet(sheet: CharacterSheet, rules: GameRules = DEFAULT_GAME_RULES): SheetAudit {
  const findings: Finding[] = [];
  const spending: SpendItem[] = [];
  let complete = true;
  const add = (f: Finding) => findings.push(f);

  // 1. Attributes.
  const missing: string[] = [];
  for (const a of ATTRIBUTES) {
    const v = sheet.attributes[a];
    if (!v) {
      missing.push(a);
      continue;
    }
    const why = invalidValueReason(a, v.value);
    if (why) {
      complete = false;
      add({ line: v.line, rule: `attribute.value`, severity: 'error', message: t('au.value', { attribute: a, value: v.value, why }) });
      continue;
    }
    const xp = xpSpentOn(a, v.value);
    if (xp) spending.push({ what: `${a} ${v.value}`, xp, line: v.line });
  }
  const present = Object.keys(sheet.attributes).length;
  if (present > 0 && missing.length) {
    add({
      line: null,
      rule: 'attribute.missing',
      severity: 'info',
      message: t('au.missing', { list: missing.join(', ') }),
    });
  }

  // 2. Keywords, with discounts for prerequisites on the sheet and the game's adjustments.
  const race = rules.races.find((r) => sheet.race && r.name.toLowerCase() === sheet.race.trim().toLowerCase());
  const ownedTexts = sheet.keywords.map((k) => k.text);
  const seenKeywords = new Map<string, number | null>();
  for (const k of sheet.keywords) {
    const parsed = parseKeyword(k.text);
    if ('error' in parsed) {
      complete = false;
      add({ line: k.line, rule: 'keyword.unknown', severity: 'error', message: t('au.unknownKeyword', { error: parsed.error }) });
      continue;
    }
    const id = `${parsed.def.name}|${parsed.choice ?? ''}`;
    if (seenKeywords.has(id)) {
      add({
        line: k.line,
        rule: 'keyword.duplicate',
        severity: 'warning',
        message: t('au.duplicate', { keyword: k.text, line: String(seenKeywords.get(id)) }),
      });
      continue;
    }
    seenKeywords.set(id, k.line);
    if ((parsed.def.perColour || parsed.def.perLandType) && !parsed.choice) {
      add({
        line: k.line,
        rule: 'keyword.choice',
        severity: 'warning',
        message: t(parsed.def.perColour ? 'au.perColour' : 'au.perLand', { keyword: parsed.def.name }),
      });
    }
    const adjustments = { ...rules.keywordAdjustments };
    for (const [name, delta] of Object.entries(race?.keywordAdjustments ?? {})) adjustments[name] = (adjustments[name] ?? 0) + delta;
    try {
      const others = ownedTexts.filter((t) => t !== k.text);
      const xp = keywordCost(k.text, others, undefined, { adjustments });
      spending.push({ what: k.text, xp, line: k.line });
    } catch (e) {
      complete = false;
      add({ line: k.line, rule: 'keyword.level', severity: 'error', message: t('au.level', { error: (e as Error).message }) });
    }
  }

  // 3. Traits: each has the XP cost the GM set, recorded on the sheet.
  for (const t of sheet.traits) {
    if (t.xp === null) {
      complete = false;
      add({ line: t.line, rule: 'trait.cost', severity: 'warning', message: tr('au.trait', { trait: t.text.slice(0, 60) }) });
    } else spending.push({ what: `Trait: ${t.text.slice(0, 60)}`, xp: t.xp, line: t.line });
  }

  const spentXp = spending.reduce((s, i) => s + i.xp, 0);
  const earnedXp = sheet.earnedXp?.value ?? null;
  const unspentXp = earnedXp === null ? null : earnedXp - spentXp;

  // 4. XP balance.
  if (earnedXp === null) {
    add({ line: null, rule: 'xp.earned-missing', severity: 'info', message: t('au.noEarned') });
  } else if (unspentXp! < 0) {
    add({
      line: sheet.earnedXp!.line,
      rule: 'xp.overspent',
      severity: 'error',
      message: t('au.overspent', { spent: spentXp, earned: earnedXp ?? '?', over: -unspentXp! }),
      expected: t('au.overspentExpected', { spent: spentXp }),
    });
  }
  if (sheet.unspentXp && unspentXp !== null && complete && sheet.unspentXp.value !== unspentXp) {
    add({
      line: sheet.unspentXp.line,
      rule: 'xp.unspent-mismatch',
      severity: 'error',
      message: `Unspent XP says ${sheet.unspentXp.value}; earned ${earnedXp} − spent ${spentXp} = ${unspentXp}.`,
      expected: unspentXp,
    });
  }

  // 5. Colour affinity: the highest Spark attribute must be an affinity colour.
  const colourValues = COLOURS.map((c) => ({ c, v: inPlay(sheet, c) }));
  const highest = Math.max(...colourValues.map((x) => x.v));
  const affinity = sheet.affinity.colours;
  if (!affinity.length) {
    if (present) add({ line: sheet.affinity.line, rule: 'affinity.missing', severity: 'warning', message: t('au.noAffinity') });
  } else if (highest > 0) {
    const topColours = colourValues.filter((x) => x.v === highest).map((x) => x.c);
    const outside = topColours.filter((c) => !affinity.includes(c));
    if (outside.length) {
      add({
        line: sheet.attributes[outside[0]!]?.line ?? sheet.affinity.line,
        rule: 'affinity.highest',
        severity: 'error',
        message:
          outside.length === 1 && topColours.length > 1
            ? t('au.tiedOne', { colours: colourName(outside[0]!), value: highest, affinity: affinity.map((c) => colourName(c)).join('/') })
            : t('au.highest', {
                count: outside.length,
                colours: outside.map((c) => colourName(c)).join(t('au.and')),
                value: highest,
                affinity: affinity.map((c) => colourName(c)).join('/'),
              }),
        expected: t('au.strictlyHighest', { affinity: affinity.join('/') }),
      });
    } else if (rules.strictAffinity) {
      const lowestAffinity = Math.min(...affinity.map((c) => inPlay(sheet, c)));
      const above = colourValues.filter((x) => !affinity.includes(x.c) && x.v > lowestAffinity);
      if (above.length) {
        add({
          line: sheet.affinity.line,
          rule: 'affinity.strict',
          severity: 'error',
          message: t('au.strict', { count: above.length > 1 ? 2 : 1, above: above.map((x) => `${colourName(x.c)} ${x.v}`).join(', '), lowest: lowestAffinity }),
        });
      }
    }
    if (race && race.allowedAffinities.length) {
      const allowed = race.allowedAffinities.map((a) => a.toLowerCase());
      const text = affinity.join('/').toLowerCase();
      if (!allowed.includes(text) && !affinity.every((c) => allowed.includes(c.toLowerCase()))) {
        add({
          line: sheet.affinity.line,
          rule: 'affinity.race',
          severity: 'warning',
          message: t('au.race', { race: race.name, allowed: race.allowedAffinities.join(', '), affinity: affinity.join('/') }),
        });
      }
    }
  }

  // Race: the flat bonuses a race gives, against the bonuses the sheet writes in parentheses.
  if (race) {
    const names = new Set<string>([...Object.keys(sheet.attributes), ...Object.keys(race.bonuses)]);
    for (const name of names) {
      const a = findAttribute(name);
      if (!a) continue;
      const given = race.bonuses[name] ?? race.bonuses[a] ?? 0;
      const v = sheet.attributes[a];
      const written = v?.bonus ?? 0;
      if (written === given) continue;
      if (written > given) {
        add({
          line: v?.line ?? null,
          rule: 'race.bonus',
          severity: 'warning',
          message: t('au.raceBonus', { attribute: attributeName(a), written, race: race.name, given: given ? `+${given}` : t('au.none') }),
          expected: given,
        });
      } else {
        add({
          line: v?.line ?? null,
          rule: 'race.bonus',
          severity: 'info',
          message: t('au.raceGets', { race: race.name, given, attribute: attributeName(a), written: written ? `+${written}` : t('au.none') }),
          expected: given,
        });
      }
    }
  }

  // 6. Mana Reservoir = sum of colours (+ bonus).
  const reservoirBonus = sheet.manaReservoir?.bonus ?? 0;
  const manaReservoir = colourValues.reduce((s, x) => s + x.v, 0) + reservoirBonus;
  if (sheet.manaReservoir && sheet.manaReservoir.value !== manaReservoir) {
    add({
      line: sheet.manaReservoir.line,
      rule: 'mana-reservoir',
      severity: 'error',
      message: reservoirBonus
        ? t('au.reservoirBonus', { value: sheet.manaReservoir.value, bonus: reservoirBonus, sum: manaReservoir })
        : t('au.reservoir', { value: sheet.manaReservoir.value, sum: manaReservoir }),
      expected: manaReservoir,
    });
  }

  // 7. Max Common Copies follows Max Uncommon Copies.
  const uncommonCopies = sheet.attributes['Max Uncommon Copies']?.value ?? 0;
  const commonCopies = maxCommonCopies(uncommonCopies, rules.commonsAlwaysFour);
  if (sheet.maxCommonCopies && sheet.maxCommonCopies.value !== commonCopies) {
    add({
      line: sheet.maxCommonCopies.line,
      rule: 'common-copies',
      severity: 'error',
      message: t(rules.commonsAlwaysFour ? 'au.commonsFour' : 'au.commons', {
        value: sheet.maxCommonCopies.value,
        uncommon: uncommonCopies,
        right: commonCopies,
      }),
      expected: commonCopies,
    });
  }

  // 8. The deck list against the Library limits.
  if (sheet.deck.length) auditDeck(sheet, rules, commonCopies, add);

  return { spentXp, earnedXp, unspentXp, findings, spending, complete, sheet, manaReservoir };
}

function auditDeck(sheet: CharacterSheet, rules: GameRules, commonCopies: number, add: (f: Finding) => void) {
  const limit = (a: Attribute) => inPlay(sheet, a);
  const total = sheet.deck.reduce((s, d) => s + d.count, 0);
  const firstLine = sheet.deck[0]!.line;
  if (total > limit('Max Deck Size')) {
    add({
      line: firstLine,
      rule: 'deck.size',
      severity: 'error',
      message: t('au.deckSize', { total, limit: limit('Max Deck Size') }),
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
  if (counts.Rare > limit('Max Rare Cards'))
    add({
      line: firstLine,
      rule: 'deck.rares',
      severity: 'error',
      message: t('au.rares', { count: counts.Rare, limit: limit('Max Rare Cards') }),
      expected: limit('Max Rare Cards'),
    });
  if (counts.Uncommon > limit('Max Uncommon Cards'))
    add({
      line: firstLine,
      rule: 'deck.uncommons',
      severity: 'error',
      message: t('au.uncommons', { count: counts.Uncommon, limit: limit('Max Uncommon Cards') }),
      expected: limit('Max Uncommon Cards'),
    });
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
      const attr = e.rarity === 'Common' ? 'Max Common Copies' : `Max ${e.rarity} Copies`;
      add({
        line: e.line,
        rule: 'deck.copies',
        severity: 'error',
        message: t('au.copies', { count: e.count, name, rarity: rarityName(e.rarity), attribute: attr, limit: copyLimit }),
        expected: copyLimit,
      });
    }
    if (e.rarity === 'Mythic/Legendary' && !acquired.has(name.toLowerCase())) {
      add({ line: e.line, rule: 'deck.mythic', severity: 'info', message: t('au.mythic', { name }) });
    }
  }
}

/** Parse a sheet written as text and audit it. Never throws on any text. */
export function auditSheetText(text: string, rules: GameRules = DEFAULT_GAME_RULES): SheetAudit {
  const parsed = parseSheetText(text);
  const audit = auditSheet(parsed.sheet, rules);
  const parseFindings: Finding[] = parsed.problems.map((p) => ({ ...p, severity: p.rule === 'line.unknown-label' ? 'warning' : 'error' }));
  const findings = [...parseFindings, ...audit.findings].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return { ...audit, findings };
}
