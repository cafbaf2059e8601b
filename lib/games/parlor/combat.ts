/**
 * A Parlor Magic combat resolved: each attacker against its blocker or group of blockers, the
 * group of all unblocked attackers against the defending Domain Defense, Sally and Harry, the
 * rulers' choices (or their defaults), the damage and the deaths. Pure: it reads the table and
 * returns what happens; the engine applies it.
 */
import type { Key, SaidValues } from '../../i18n';
import { type Refusal, refuse } from '../game';
import { readParlorCard } from './cards';
import { bonusFromD, courtAbilities, type ParlorEntity, parlorAbility, parlorCompareGroups, parlorDomainDefense } from './ranks';
import { cardOf, type Combat, type DamageChoices, defenseOf, entityOf, fieldCard, type Id, other, type ParlorTable, trumpSuit } from './model';

/** A creature's Power and Toughness in this combat, with the reasons for each change. */
export interface Fighter {
  id: Id;
  power: number;
  toughness: number;
  notes: string[];
}

export interface CombatOutcome {
  fighters: Record<Id, Fighter>;
  /** Combat damage to each creature (Volley's, already marked, not included). */
  damage: Record<Id, number>;
  /** Damage to the defending ruler (after the Domain Defense's prevention). */
  toRuler: number;
  prevented: number;
  dead: Id[];
}

const no = (rule: Key, values: SaidValues = {}): Refusal => refuse(rule, undefined, values);

function fighter(id: Id): Fighter {
  const c = readParlorCard(cardOf(id))!;
  return { id, power: c.power ?? 0, toughness: c.toughness ?? 0, notes: [] };
}

/** A bonus won by a group: its Toughness +1 to one member, its Power shared, as the ruler chose (else all to the first). */
interface GroupBonus {
  members: Id[];
  power: number;
  toughness: boolean;
}

/** Split `total` among `members` as `chosen` says (entries of other ids ignored), or all to the first; null when a chosen split does not add up. */
function share(members: Id[], total: number, chosen: Record<Id, number> | undefined): Record<Id, number> | null {
  const mine = Object.entries(chosen ?? {}).filter(([id]) => members.includes(id));
  if (!mine.length) return total > 0 && members.length ? { [members[0]!]: total } : {};
  if (mine.some(([, n]) => !Number.isInteger(n) || n < 0) || mine.reduce((a, [, n]) => a + n, 0) !== total) return null;
  return Object.fromEntries(mine);
}

/** Every id a choice names must have won something to share (or be a blocker or an unblocked attacker). */
function strayChoice(c: DamageChoices, eligible: { power: Set<Id>; toughness: Set<Id>; defense: Set<Id> }): string | null {
  for (const id of Object.keys(c.power ?? {})) if (!eligible.power.has(id)) return id;
  for (const id of c.toughness ?? []) if (!eligible.toughness.has(id)) return id;
  for (const id of Object.keys(c.defense ?? {})) if (!eligible.defense.has(id)) return id;
  return null;
}

const entities = (t: ParlorTable, ids: Id[]): ParlorEntity[] => ids.map((id) => entityOf(t, id));

/**
 * Sally (attacking K♥, K♣, K♠ blocked by its colour) and Harry (J♥, K♦, J♦ blocking the other colour), where they work.
 * Returns the J♥s that tapped to Harry: they deal no combat damage, whatever bonus their group wins later.
 */
function courtBonuses(t: ParlorTable, combat: Combat, f: Record<Id, Fighter>): Id[] {
  const trump = trumpSuit(t);
  const works = (by: Id, target: Id, ability: 'Sally' | 'Harry') =>
    courtAbilities(cardOf(by)).includes(ability) && parlorAbility(entityOf(t, by), entityOf(t, target), ability, trump).works;
  for (const a of combat.attackers) {
    const code = cardOf(a);
    const declaredOrAuto = code !== 'KH' || combat.declared.includes(a);
    const blockers = combat.blocks.filter((b) => b.attacker === a).map((b) => b.blocker);
    if (declaredOrAuto && blockers.some((b) => works(a, b, 'Sally'))) {
      f[a]!.power += 1;
      f[a]!.notes.push('Sally +1 Power');
      if (code === 'KH') {
        f[a]!.toughness -= 1;
        f[a]!.notes.push('Sally: −1 Toughness');
      }
    }
  }
  const tapped: Id[] = [];
  for (const b of combat.blocks) {
    const code = cardOf(b.blocker);
    if (code === 'JH' && !combat.declared.includes(b.blocker)) continue;
    if (!works(b.blocker, b.attacker, 'Harry')) continue;
    f[b.blocker]!.toughness += 1;
    f[b.blocker]!.notes.push('Harry +1 Toughness');
    if (code === 'JH') tapped.push(b.blocker);
  }
  return tapped;
}

/** The outranking or trumping bonuses of each fight, as groups that won them. */
function rankingBonuses(t: ParlorTable, combat: Combat): { groups: GroupBonus[]; defenseDamage: number; prevented: number; unblocked: Id[] } {
  const trump = trumpSuit(t);
  const groups: GroupBonus[] = [];
  for (const a of combat.attackers) {
    const blockers = combat.blocks.filter((b) => b.attacker === a).map((b) => b.blocker);
    if (!blockers.length) continue;
    const mine = parlorCompareGroups(entities(t, [a]), entities(t, blockers), trump);
    const theirs = parlorCompareGroups(entities(t, blockers), entities(t, [a]), trump);
    if (mine.outranks || mine.trumps) groups.push({ members: [a], power: bonusFromD(mine.d), toughness: true });
    if (theirs.outranks || theirs.trumps) groups.push({ members: blockers, power: bonusFromD(theirs.d), toughness: true });
  }
  const unblocked = combat.attackers.filter((a) => !combat.blocks.some((b) => b.attacker === a));
  let defenseDamage = 0;
  let prevented = 0;
  if (unblocked.length) {
    const dd = parlorDomainDefense(defenseOf(t, other(combat.attacker)), entities(t, unblocked), trump);
    if (dd.attackersPowerBonus) groups.push({ members: unblocked, power: dd.attackersPowerBonus, toughness: false });
    defenseDamage = dd.damageToAttackers;
    prevented = dd.prevented;
  }
  return { groups, defenseDamage, prevented, unblocked };
}

/** An attacker's damage among its blockers: as chosen (adding up to its Power), or lethal to each in blocking order, the rest to the last. */
function assignAttack(t: ParlorTable, a: Fighter, blockers: Id[], f: Record<Id, Fighter>, chosen: Record<Id, number> | undefined): Record<Id, number> | null {
  if (chosen) {
    const entries = Object.entries(chosen);
    if (entries.some(([id, n]) => !blockers.includes(id) || !Number.isInteger(n) || n < 0)) return null;
    return entries.reduce((s, [, n]) => s + n, 0) === a.power ? chosen : null;
  }
  const out: Record<Id, number> = {};
  let left = a.power;
  blockers.forEach((b, i) => {
    const lethal = Math.max(0, f[b]!.toughness - (fieldCard(t, b)?.damage ?? 0));
    const n = i === blockers.length - 1 ? left : Math.min(left, lethal);
    if (n) out[b] = n;
    left -= n;
  });
  return out;
}

/** The combat's outcome with the rulers' choices, or the refusal when a choice does not add up or names what won nothing. */
export function resolveCombat(t: ParlorTable, combat: Combat, choices: DamageChoices): CombatOutcome | Refusal {
  const f: Record<Id, Fighter> = {};
  for (const id of [...combat.attackers, ...combat.blocks.map((b) => b.blocker)]) if (fieldCard(t, id)) f[id] = fighter(id);
  const harried = courtBonuses(t, combat, f);
  const { groups, defenseDamage, prevented, unblocked } = rankingBonuses(t, combat);
  const eligible = {
    power: new Set(groups.filter((g) => g.power > 0).flatMap((g) => g.members)),
    toughness: new Set(groups.filter((g) => g.toughness).flatMap((g) => g.members)),
    defense: new Set(defenseDamage ? unblocked : []),
  };
  const stray = strayChoice(choices, eligible);
  if (stray) return no('pm.damage.choice', { id: stray });
  for (const g of groups) {
    const power = share(g.members, g.power, choices.power);
    if (!power) return no('pm.damage.sum', { what: 'power' });
    for (const [id, n] of Object.entries(power)) f[id]!.power += n;
    if (!g.toughness) continue;
    const picked = (choices.toughness ?? []).filter((id) => g.members.includes(id));
    if (picked.length > 1) return no('pm.damage.sum', { what: 'toughness' });
    f[picked[0] ?? g.members[0]!]!.toughness += 1;
  }
  // J♥ tapped to Harry: no combat damage from him, even with a Power bonus his group won (given to him, it is lost).
  for (const id of harried) {
    f[id]!.power = 0;
    f[id]!.notes.push('Harry: tapped, deals no damage');
  }
  const damage: Record<Id, number> = {};
  const hit = (id: Id, n: number) => {
    if (n > 0) damage[id] = (damage[id] ?? 0) + n;
  };
  let toRuler = 0;
  for (const a of combat.attackers) {
    if (!f[a]) continue;
    const blockers = combat.blocks.filter((b) => b.attacker === a && f[b.blocker]).map((b) => b.blocker);
    if (!blockers.length) {
      toRuler += f[a]!.power;
      continue;
    }
    const split = assignAttack(t, f[a]!, blockers, f, choices.assign?.[a]);
    if (!split) return no('pm.damage.sum', { what: 'assign' });
    for (const [b, n] of Object.entries(split)) hit(b, n);
    for (const b of blockers) hit(a, f[b]!.power);
  }
  if (choices.assign && Object.keys(choices.assign).some((a) => !combat.blocks.some((b) => b.attacker === a))) return no('pm.damage.choice', { id: 'assign' });
  const defense = share(unblocked, defenseDamage, choices.defense);
  if (!defense) return no('pm.damage.sum', { what: 'defense' });
  for (const [id, n] of Object.entries(defense)) hit(id, n);
  const dead = Object.values(f)
    .filter((x) => (fieldCard(t, x.id)?.damage ?? 0) + (damage[x.id] ?? 0) >= x.toughness)
    .map((x) => x.id);
  return { fighters: f, damage, toRuler: Math.max(0, toRuler - prevented), prevented, dead };
}
