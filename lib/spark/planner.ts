/**
 * The player's XP planner: the next step of every attribute and keyword with its cost (discounts
 * for what the sheet already has), and a plan applied step by step to a copy of the sheet.
 */
import { attributeName, tl, type Locale } from '../i18n';
import { ATTRIBUTES, maxCommonCopies, nextStep, startValue, type Attribute } from './attributes';
import { KEYWORDS, keywordCost, keywordNextStep, maxLevel, parseKeyword, type KeywordDef } from './keywords';
import { DEFAULT_GAME_RULES, type GameRules } from './settings';
import { inPlay, manaReservoir, type CharacterSheet } from './sheet';
import { auditSheet } from './audit';

export type PlanStep =
  | { type: 'attribute'; attribute: Attribute; from: number; to: number; xp: number }
  | { type: 'keyword'; keyword: string; choice: string | null; xp: number }
  | { type: 'keyword-level'; keyword: string; text: string; level: number; xp: number };

/** A step in words, in `l` (the UI's, or the thread's for a post). */
export function stepLabel(s: PlanStep, l: Locale = 'en'): string {
  switch (s.type) {
    case 'attribute':
      return `${attributeName(s.attribute, l)} ${s.from} → ${s.to}`;
    case 'keyword':
      return s.choice ? `${s.keyword} (${s.choice})` : s.keyword;
    case 'keyword-level':
      return tl(l, 'pl.toLevel', { keyword: s.keyword, level: s.level });
  }
}

export interface PlanOptions {
  attributes: Extract<PlanStep, { type: 'attribute' }>[];
  levels: Extract<PlanStep, { type: 'keyword-level' }>[];
  /** Keywords not on the sheet, with their cost now; `needs` says a colour or land type must be chosen. */
  keywords: { def: KeywordDef; xp: number; needs: 'colour' | 'land' | null }[];
}

function adjustmentsFor(sheet: CharacterSheet, rules: GameRules): Record<string, number> {
  const adjustments = { ...rules.keywordAdjustments };
  const race = rules.races.find((r) => sheet.race && r.name.toLowerCase() === sheet.race.trim().toLowerCase());
  for (const [k, d] of Object.entries(race?.keywordAdjustments ?? {})) adjustments[k] = (adjustments[k] ?? 0) + d;
  return adjustments;
}

export function planOptions(sheet: CharacterSheet, rules: GameRules = DEFAULT_GAME_RULES): PlanOptions {
  const attributes: PlanOptions['attributes'] = [];
  for (const a of ATTRIBUTES) {
    const value = sheet.attributes[a]?.value ?? startValue(a);
    const next = nextStep(a, value);
    if (next) attributes.push({ type: 'attribute', attribute: a, from: value, to: next.to, xp: next.cost });
  }
  const owned = sheet.keywords.map((k) => k.text);
  const ownedDefs = new Set<string>();
  const levels: PlanOptions['levels'] = [];
  for (const k of sheet.keywords) {
    const p = parseKeyword(k.text);
    if ('error' in p) continue;
    ownedDefs.add(p.def.name);
    const step = keywordNextStep(p.def, p.level);
    if (step !== null) levels.push({ type: 'keyword-level', keyword: p.def.name, text: k.text, level: p.level + 1, xp: step });
  }
  const adjustments = adjustmentsFor(sheet, rules);
  const keywords = KEYWORDS.filter((d) => d.perColour || d.perLandType || !ownedDefs.has(d.name)).map((def) => ({
    def,
    xp: keywordCost(def.name, owned, 1, { adjustments }),
    needs: def.perColour ? ('colour' as const) : def.perLandType ? ('land' as const) : null,
  }));
  return { attributes, levels, keywords };
}

/** A copy of the sheet with one step bought (Unspent XP lowered when the sheet states it). */
export function applyStep(sheet: CharacterSheet, step: PlanStep): CharacterSheet {
  const next: CharacterSheet = structuredClone(sheet);
  if (step.type === 'attribute') {
    const cur = next.attributes[step.attribute];
    next.attributes[step.attribute] = cur ? { ...cur, value: step.to } : { value: step.to, bonus: 0, modifiers: {}, line: null };
  } else if (step.type === 'keyword') {
    next.keywords.push({ text: step.choice ? `${step.keyword} (${step.choice})` : step.keyword, line: null });
  } else {
    const i = next.keywords.findIndex((k) => k.text === step.text);
    if (i >= 0) {
      const p = parseKeyword(step.text);
      const choice = 'error' in p ? null : p.choice;
      next.keywords[i] = { text: `${step.keyword} ${step.level}${choice ? ` (${choice})` : ''}`, line: next.keywords[i]!.line };
    }
  }
  if (next.unspentXp) next.unspentXp = { ...next.unspentXp, value: next.unspentXp.value - step.xp };
  return next;
}

export function applyPlan(sheet: CharacterSheet, steps: readonly PlanStep[]): CharacterSheet {
  return steps.reduce(applyStep, sheet);
}

export { maxLevel };

/**
 * The values the rules derive, recomputed on a sheet after a plan: Mana Reservoir (the colours in
 * play plus its bonus) and Max Common Copies (from Max Uncommon Copies), where the sheet states them.
 */
export function withDerived(sheet: CharacterSheet, rules: GameRules = DEFAULT_GAME_RULES): CharacterSheet {
  const next: CharacterSheet = structuredClone(sheet);
  if (next.manaReservoir) next.manaReservoir = { ...next.manaReservoir, value: manaReservoir(next) };
  if (next.maxCommonCopies)
    next.maxCommonCopies = { ...next.maxCommonCopies, value: maxCommonCopies(inPlay(next, 'Max Uncommon Copies'), rules.commonsAlwaysFour) };
  return next;
}

/** Why a step would break the colour affinity (before it is added), or null: the audit's own rule, new after the step. */
export function affinityProblem(sheet: CharacterSheet, step: PlanStep, rules: GameRules = DEFAULT_GAME_RULES, l: Locale = 'en'): string | null {
  if (step.type !== 'attribute') return null;
  const affinity = (s: CharacterSheet) => auditSheet(s, rules, l).findings.filter((f) => f.rule.startsWith('affinity') && f.severity !== 'info');
  const before = new Set(affinity(sheet).map((f) => f.rule));
  const fresh = affinity(applyStep(sheet, step)).find((f) => !before.has(f.rule));
  return fresh ? fresh.message : null;
}

/**
 * A line's first number and what stands before it, when that is a label (no `:`/`=` but one at
 * its end, then spaces): `/^(\s*[^:=\d]*?[:=]?\s*)(-?\d+)/` read by hand (that pattern is cubic
 * on a run of spaces with no number after it).
 */
function numberAfterLabel(line: string): { head: string; end: number } | null {
  const digit = line.search(/\d/);
  if (digit < 0) return null;
  const start = digit > 0 && line[digit - 1] === '-' ? digit - 1 : digit;
  const head = line.slice(0, start);
  const label = head.trimEnd();
  const bare = label.endsWith(':') || label.endsWith('=') ? label.slice(0, -1) : label;
  if (/[:=]/.test(bare)) return null;
  let end = digit;
  while (end < line.length && line.charCodeAt(end) >= 48 && line.charCodeAt(end) <= 57) end++;
  return { head, end };
}

/**
 * The sheet's own text with a plan written into it: each changed value on its own line (the rest
 * of the line, and every line of prose, kept), new lines added after the last attribute line, the
 * keywords line rewritten, Unspent XP, Mana Reservoir and Max Common Copies updated.
 */
export function updateSheetText(text: string, before: CharacterSheet, after: CharacterSheet): string {
  const lines = text.split(/\r\n|\r|\n/);
  const setNumber = (line: number | null, value: number): boolean => {
    if (line === null || !lines[line - 1]) return false;
    const text = lines[line - 1]!;
    const m = numberAfterLabel(text);
    if (!m) return false;
    lines[line - 1] = `${m.head}${value}${text.slice(m.end)}`;
    return true;
  };
  const added: string[] = [];
  let lastAttributeLine = 0;
  for (const v of Object.values(before.attributes)) if (v?.line) lastAttributeLine = Math.max(lastAttributeLine, v.line);
  for (const a of Object.keys(after.attributes) as Attribute[]) {
    const was = before.attributes[a];
    const now = after.attributes[a]!;
    if (was && was.value === now.value) continue;
    if (!was || !setNumber(was.line, now.value)) added.push(`${a}: ${now.value}`);
  }
  if (after.unspentXp && before.unspentXp && after.unspentXp.value !== before.unspentXp.value) setNumber(before.unspentXp.line, after.unspentXp.value);
  if (after.manaReservoir && before.manaReservoir) setNumber(before.manaReservoir.line, after.manaReservoir.value);
  if (after.maxCommonCopies && before.maxCommonCopies) setNumber(before.maxCommonCopies.line, after.maxCommonCopies.value);
  const keywords = after.keywords.map((k) => k.text);
  if (keywords.join() !== before.keywords.map((k) => k.text).join()) {
    const first = before.keywords.find((k) => k.line !== null)?.line ?? null;
    const same = first !== null && before.keywords.every((k) => k.line === first);
    if (same && first !== null) lines[first - 1] = `Keywords: ${keywords.join(', ')}`;
    else if (!before.keywords.length) added.push(`Keywords: ${keywords.join(', ')}`);
    else {
      // Keywords on several lines: drop theirs, write one line where the first was.
      const own = new Set(before.keywords.map((k) => k.line).filter((l): l is number => l !== null));
      for (const l of own) if (l !== first) lines[l - 1] = '\u0000';
      lines[first! - 1] = `Keywords: ${keywords.join(', ')}`;
    }
  }
  if (added.length) lines.splice(lastAttributeLine || lines.length, 0, ...added);
  return lines.filter((l) => l !== '\u0000').join('\n');
}
