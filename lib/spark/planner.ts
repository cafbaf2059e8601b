/**
 * The player's XP planner: the next step of every attribute and keyword with its cost (discounts
 * for what the sheet already has), and a plan applied step by step to a copy of the sheet.
 */
import { ATTRIBUTES, nextStep, startValue, type Attribute } from './attributes';
import { KEYWORDS, keywordCost, keywordNextStep, maxLevel, parseKeyword, type KeywordDef } from './keywords';
import { DEFAULT_GAME_RULES, type GameRules } from './settings';
import type { CharacterSheet } from './sheet';

export type PlanStep =
  | { type: 'attribute'; attribute: Attribute; from: number; to: number; xp: number }
  | { type: 'keyword'; keyword: string; choice: string | null; xp: number }
  | { type: 'keyword-level'; keyword: string; text: string; level: number; xp: number };

export function stepLabel(s: PlanStep): string {
  switch (s.type) {
    case 'attribute':
      return `${s.attribute} ${s.from} → ${s.to}`;
    case 'keyword':
      return s.choice ? `${s.keyword} (${s.choice})` : s.keyword;
    case 'keyword-level':
      return `${s.keyword} → level ${s.level}`;
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
