/**
 * Planeswalker cards on a Spark d10 duel table (seed 002, in Italian): loyalty, activation,
 * uniqueness, damage, trample and redirection, as a pure fold of events. Every refusal names its
 * rule, in English and in Italian.
 */
import { type Key, type Locale, type Said, type SaidValue, tl } from '../../i18n';
import { done, type Engine, foldEvents, isRefusal, refusalText, refuse, type Refusal, refused } from '../game';

export type Side = 'A' | 'B';
export type Uniqueness = 'seed' | '2013' | 'legend';

export type PwEvent =
  | { turn: Side }
  | { phase: 'main' | 'combat' | 'end'; stack?: 'empty' | 'busy' }
  | { enter: string; name: string; subtype: string; controller: Side; loyalty: number }
  | { activate: string; by: Side; cost: number }
  | { damage: string; amount: number }
  | { trample: string; power: number; blockersLethal: number }
  | { redirect: string; amount: number }
  | { control: string; to: Side };

export interface PlaneswalkerLog {
  uniqueness?: Uniqueness;
  events: PwEvent[];
}

export interface Planeswalker {
  id: string;
  name: string;
  subtype: string;
  controller: Side;
  loyalty: number;
}

export interface PlaneswalkerState {
  battlefield: Planeswalker[];
  graveyard: string[];
  /** Each refused event: the rule in words and the rule's id. */
  refused: { event: number; rule: string; ruleId: string }[];
}

const RULE_NAMES = [
  'uniqueness',
  'uniqueness2013',
  'legend',
  'loyalty',
  'controller',
  'sorcery',
  'oncePerTurn',
  'cost',
  'onBattlefield',
  'alreadyThere',
  'amount',
  'trample',
  'redirect',
  'unknown',
] as const;
export type PlaneswalkerRule = (typeof RULE_NAMES)[number];
const ruleKey = (rule: PlaneswalkerRule): Key => `pwr.${rule}` as Key;

/** The rules, in the seed's language and in English (read from the catalogues when used). */
export const PLANESWALKER_RULES: Readonly<Record<PlaneswalkerRule, { readonly en: string; readonly it: string }>> = Object.defineProperties(
  {} as Record<PlaneswalkerRule, { en: string; it: string }>,
  Object.fromEntries(RULE_NAMES.map((k) => [k, { enumerable: true, get: () => ({ en: tl('en', ruleKey(k)), it: tl('it', ruleKey(k)) }) }])),
);

interface Tracked extends Planeswalker {
  /** When it entered (the order planeswalkers go to the graveyard together). */
  entered: number;
  /** When it last came under its controller's control (by entering or a change of control). */
  controlledAt: number;
}

export interface PwTable {
  uniqueness: Uniqueness;
  battlefield: Tracked[];
  graveyard: string[];
  turn: Side | null;
  phase: 'main' | 'combat' | 'end';
  stack: 'empty' | 'busy';
  /** `${player}|${id}` activated this turn. */
  activated: string[];
  clock: number;
}

/** A refusal naming its rule (the Italian UI reads seed 002's own words), with what happened. */
const no = (rule: PlaneswalkerRule, detail: SaidValue = ''): Refusal =>
  detail === '' ? refuse(ruleKey(rule)) : refuse(ruleKey(rule), 'pwe.withDetail', { detail });
const isSide = (x: unknown): x is Side => x === 'A' || x === 'B';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 1_000_000;
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

export function setupTable(o: { uniqueness?: Uniqueness } = {}): PwTable {
  const u = o.uniqueness ?? 'seed';
  if (u !== 'seed' && u !== '2013' && u !== 'legend') throw new Error("runPlaneswalkers: uniqueness must be 'seed', '2013' or 'legend'");
  return { uniqueness: u, battlefield: [], graveyard: [], turn: null, phase: 'main', stack: 'empty', activated: [], clock: 0 };
}

/** State-based actions: loyalty 0, then uniqueness. Those that go together go in the order they entered. */
function stateBased(t: PwTable): PwTable {
  const dying = new Set(t.battlefield.filter((p) => p.loyalty <= 0).map((p) => p.id));
  const groups = new Map<string, Tracked[]>();
  for (const p of t.battlefield) {
    if (dying.has(p.id)) continue;
    const key = t.uniqueness === 'seed' ? norm(p.subtype) : t.uniqueness === '2013' ? `${p.controller}|${norm(p.subtype)}` : `${p.controller}|${norm(p.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    if (t.uniqueness === 'seed') for (const p of g) dying.add(p.id);
    else {
      const keep = g.reduce((a, b) => (b.controlledAt > a.controlledAt ? b : a));
      for (const p of g) if (p !== keep) dying.add(p.id);
    }
  }
  if (!dying.size) return t;
  const going = t.battlefield.filter((p) => dying.has(p.id)).sort((a, b) => a.entered - b.entered);
  return { ...t, battlefield: t.battlefield.filter((p) => !dying.has(p.id)), graveyard: [...t.graveyard, ...going.map((p) => p.id)] };
}

function withLoyalty(t: PwTable, id: string, loyalty: number): PwTable {
  return stateBased({ ...t, battlefield: t.battlefield.map((p) => (p.id === id ? { ...p, loyalty } : p)) });
}

export function applyPlaneswalker(t: PwTable, e: PwEvent): PwTable | Refusal {
  if (typeof e !== 'object' || e === null) return no('unknown');
  const ev = e as Record<string, unknown>;
  const find = (id: unknown) => (typeof id === 'string' ? t.battlefield.find((p) => p.id === id) : undefined);

  if ('turn' in ev) {
    if (!isSide(ev.turn)) return no('unknown', '(turn: A or B)');
    return { ...t, turn: ev.turn, phase: 'main', stack: 'empty', activated: [] };
  }
  if ('phase' in ev) {
    if (ev.phase !== 'main' && ev.phase !== 'combat' && ev.phase !== 'end') return no('unknown', '(phase: main, combat or end)');
    const stack = ev.stack ?? 'empty';
    if (stack !== 'empty' && stack !== 'busy') return no('unknown', '(stack: empty or busy)');
    return { ...t, phase: ev.phase, stack };
  }
  if ('enter' in ev) {
    if (typeof ev.enter !== 'string' || !ev.enter || typeof ev.name !== 'string' || typeof ev.subtype !== 'string' || !isSide(ev.controller))
      return no('unknown', '(enter: id, name, subtype, controller)');
    if (!isCount(ev.loyalty)) return no('amount');
    if (find(ev.enter)) return no('alreadyThere', `(${ev.enter})`);
    const clock = t.clock + 1;
    const p: Tracked = {
      id: ev.enter,
      name: ev.name,
      subtype: ev.subtype,
      controller: ev.controller,
      loyalty: ev.loyalty,
      entered: clock,
      controlledAt: clock,
    };
    return stateBased({ ...t, clock, battlefield: [...t.battlefield, p] });
  }
  if ('activate' in ev) {
    const p = find(ev.activate);
    if (!p) return no('onBattlefield', `(${String(ev.activate)})`);
    if (!isSide(ev.by)) return no('unknown', '(by: A or B)');
    if (p.controller !== ev.by) return no('controller', { key: 'pwe.controlledBy', values: { name: p.name, controller: p.controller } });
    if (t.turn !== ev.by || t.phase !== 'main' || t.stack !== 'empty') {
      const where: Said =
        t.turn !== ev.by
          ? t.turn
            ? { key: 'pwe.turnOf', values: { player: t.turn } }
            : { key: 'pwe.noTurn' }
          : t.phase !== 'main'
            ? { key: 'pwe.phase', values: { phase: { key: `pwe.phase.${t.phase}` as Key } } }
            : { key: 'pwe.stack' };
      return no('sorcery', where);
    }
    const key = `${ev.by}|${p.id}`;
    if (t.activated.includes(key)) return no('oncePerTurn', { key: 'pwe.activated', values: { name: p.name } });
    if (typeof ev.cost !== 'number' || !Number.isInteger(ev.cost)) return no('cost', { key: 'pwe.whole' });
    if (ev.cost < 0 && -ev.cost > p.loyalty) return no('cost', { key: 'pwe.has', values: { name: p.name, n: p.loyalty } });
    return withLoyalty({ ...t, activated: [...t.activated, key] }, p.id, p.loyalty + ev.cost);
  }
  if ('damage' in ev || 'redirect' in ev) {
    const id = 'damage' in ev ? ev.damage : ev.redirect;
    const p = find(id);
    if (!p) return no('onBattlefield', `(${String(id)})`);
    if (!isCount(ev.amount)) return no('amount');
    return withLoyalty(t, p.id, Math.max(0, p.loyalty - ev.amount));
  }
  if ('trample' in ev) {
    const p = find(ev.trample);
    if (!p) return no('onBattlefield', `(${String(ev.trample)})`);
    if (!isCount(ev.power) || !isCount(ev.blockersLethal)) return no('amount');
    const toWalker = Math.min(p.loyalty, Math.max(0, ev.power - ev.blockersLethal));
    return withLoyalty(t, p.id, p.loyalty - toWalker);
  }
  if ('control' in ev) {
    const p = find(ev.control);
    if (!p) return no('onBattlefield', `(${String(ev.control)})`);
    if (!isSide(ev.to)) return no('unknown', '(to: A or B)');
    const clock = t.clock + 1;
    return stateBased({ ...t, clock, battlefield: t.battlefield.map((x) => (x.id === p.id ? { ...x, controller: ev.to as Side, controlledAt: clock } : x)) });
  }
  return no('unknown');
}

export const Planeswalkers: Engine<{ uniqueness?: Uniqueness }, PwTable, PwEvent> = {
  setup: setupTable,
  apply(t, e) {
    const next = applyPlaneswalker(t, e);
    return isRefusal(next) ? refused(t, next) : done(next);
  },
};

/**
 * Fold a planeswalker log; each refused event is listed (its rule in words, in `l`, and the rule's
 * id) and leaves the state as it was. Pure.
 */
export function runPlaneswalkers(log: PlaneswalkerLog, l: Locale = 'en'): PlaneswalkerState {
  if (typeof log !== 'object' || log === null || !Array.isArray(log.events)) throw new Error('runPlaneswalkers: log must be { uniqueness?, events: [] }');
  const { state, refused: all } = foldEvents(Planeswalkers, setupTable(log), log.events);
  return {
    battlefield: state.battlefield.map(({ id, name, subtype, controller, loyalty }) => ({ id, name, subtype, controller, loyalty })),
    graveyard: [...state.graveyard],
    refused: all.map((r) => ({ event: r.event, rule: refusalText(l, r.refusal), ruleId: r.rule })),
  };
}
