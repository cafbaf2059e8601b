/**
 * Planeswalker cards on a Spark d10 duel table (seed 002, in Italian): loyalty, activation,
 * uniqueness, damage, trample and redirection, as a pure fold of events. Every refusal names its
 * rule, in English and in Italian.
 */
import { t as tr, uiLocale, type Key } from '../../i18n';
import { foldEvents, refuse, type Game, type Refusal } from '../game';

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
  refused: { event: number; rule: string }[];
}

/** The rules, in the seed's language and in English. */
export const PLANESWALKER_RULES = {
  uniqueness: {
    en: 'If two planeswalkers with the same subtype (the word after “Planeswalker —”) are on the battlefield, all of them go to the graveyard, whoever controls them.',
    it: 'Se ci sono 2 planeswalker con lo stesso sottotipo in gioco, vengono tutti spostati nel cimitero, chiunque li controlli.',
  },
  uniqueness2013: {
    en: '2013 rule: a player who controls two planeswalkers of the same subtype keeps the one that came under their control last.',
    it: 'Regola del 2013: chi controlla due planeswalker dello stesso sottotipo tiene quello entrato per ultimo sotto il suo controllo.',
  },
  legend: {
    en: 'Legend rule: a player who controls two planeswalkers with the same name keeps the one that came under their control last.',
    it: 'Regola leggendaria: chi controlla due planeswalker con lo stesso nome tiene quello entrato per ultimo sotto il suo controllo.',
  },
  loyalty: {
    en: 'A planeswalker enters with as many loyalty counters as the number printed in its lower right corner; it can’t have fewer than 0, and at 0 it goes to the graveyard.',
    it: 'Un planeswalker entra con tanti segnalini lealtà quanti il numero in basso a destra; non può averne meno di 0, e con 0 va al cimitero.',
  },
  controller: {
    en: 'Only its controller may activate a planeswalker’s abilities.',
    it: 'Ogni giocatore può giocare solo le abilità dei planeswalker che controlla.',
  },
  sorcery: {
    en: 'A planeswalker’s ability is activated only at sorcery speed: in its controller’s own main phase, with the stack empty.',
    it: 'Si gioca solo quando si potrebbe giocare una stregoneria: nella propria fase principale, a pila vuota.',
  },
  oncePerTurn: {
    en: 'A player can’t activate an ability of a planeswalker if they already activated one of that planeswalker’s abilities this turn.',
    it: 'Non si può giocare un’abilità di un planeswalker se nello stesso turno se ne è già giocata una di quel planeswalker.',
  },
  cost: {
    en: 'The cost [−X] removes X loyalty counters, and a planeswalker can’t pay more counters than it has.',
    it: 'Il costo [−X] toglie X segnalini lealtà, e non se ne possono togliere più di quanti ce ne sono.',
  },
  onBattlefield: {
    en: 'Only a planeswalker on the battlefield can be activated, damaged or change control.',
    it: 'Solo un planeswalker in gioco può essere attivato, ricevere danno o cambiare controllore.',
  },
  alreadyThere: {
    en: 'Each planeswalker on the battlefield has its own id: this one is already there.',
    it: 'Ogni planeswalker in gioco ha il suo identificativo: questo è già in gioco.',
  },
  amount: {
    en: 'Damage, power and loyalty are whole numbers from 0.',
    it: 'Danno, forza e lealtà sono numeri interi da 0 in su.',
  },
  trample: {
    en: 'A blocked trampler attacking a planeswalker assigns lethal damage to its blockers, then enough to empty the planeswalker’s loyalty; the rest is lost and does not carry to the player.',
    it: 'Una creatura con travolgere bloccata che attacca un planeswalker assegna danni mortali ai bloccanti, poi quanto basta ad azzerarne la lealtà; il resto va perso e non passa al giocatore.',
  },
  redirect: {
    en: 'Non-combat damage a source would deal to an opponent may be dealt to a planeswalker that opponent controls instead (a redirection).',
    it: 'Il danno non da combattimento che una fonte farebbe a un avversario può essere ridiretto su un planeswalker che quell’avversario controlla.',
  },
  unknown: { en: 'Not a planeswalker event.', it: 'Non è un evento dei planeswalker.' },
} as const;

export type PlaneswalkerRule = keyof typeof PLANESWALKER_RULES;

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

/** A refusal quoting the rule in the UI's language (the Italian UI reads seed 002's own words). */
const no = (rule: PlaneswalkerRule, detail = ''): Refusal => refuse(`${PLANESWALKER_RULES[rule][uiLocale()]}${detail ? ` ${detail}` : ''}`);
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
    if (t.uniqueness === 'seed') g.forEach((p) => dying.add(p.id));
    else {
      const keep = g.reduce((a, b) => (b.controlledAt > a.controlledAt ? b : a));
      g.forEach((p) => p !== keep && dying.add(p.id));
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
    if (p.controller !== ev.by) return no('controller', tr('pwe.controlledBy', { name: p.name, controller: p.controller }));
    if (t.turn !== ev.by || t.phase !== 'main' || t.stack !== 'empty') {
      const where =
        t.turn !== ev.by
          ? t.turn
            ? tr('pwe.turnOf', { player: t.turn })
            : tr('pwe.noTurn')
          : t.phase !== 'main'
            ? tr('pwe.phase', { phase: tr(`pwe.phase.${t.phase}` as Key) })
            : tr('pwe.stack');
      return no('sorcery', where);
    }
    const key = `${ev.by}|${p.id}`;
    if (t.activated.includes(key)) return no('oncePerTurn', tr('pwe.activated', { name: p.name }));
    if (typeof ev.cost !== 'number' || !Number.isInteger(ev.cost)) return no('cost', tr('pwe.whole'));
    if (ev.cost < 0 && -ev.cost > p.loyalty) return no('cost', tr('pwe.has', { name: p.name, n: p.loyalty }));
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

export const Planeswalkers: Game<{ uniqueness?: Uniqueness }, PwTable, PwEvent> = {
  id: 'planeswalkers',
  name: 'Planeswalker cards',
  setup: setupTable,
  apply: applyPlaneswalker,
};

/** Fold a planeswalker log; each refused event is listed and leaves the state as it was. Pure. */
export function runPlaneswalkers(log: PlaneswalkerLog): PlaneswalkerState {
  if (typeof log !== 'object' || log === null || !Array.isArray(log.events)) throw new Error('runPlaneswalkers: log must be { uniqueness?, events: [] }');
  const { state, refused } = foldEvents(Planeswalkers, setupTable(log), log.events);
  return {
    battlefield: state.battlefield.map(({ id, name, subtype, controller, loyalty }) => ({ id, name, subtype, controller, loyalty })),
    graveyard: [...state.graveyard],
    refused,
  };
}
