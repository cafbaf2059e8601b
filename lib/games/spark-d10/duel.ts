/**
 * The Spark d10 duel as a fold: the state after every post, per duelist (sheet in use, Life,
 * current Toughness after wear, staggered, lands per colour against the cap, pending failed-draw
 * +1s, the Speed roll, hand size), and each roll judged against it: the pool the sheet fixes, the
 * modifiers that apply, Channeling's trades and cap, Toughness wear and damage. Pure.
 *
 * Rulings (also in docs/rulings.md):
 * - Only server rolls that are not a mismatch change the state; typed lines are judged against it
 *   but change nothing (the server made no record of them).
 * - Known modifiers (the sheet's for that kind of roll, else the race's; a carried +1 on
 *   Channeling) apply whether or not the reason repeats them. A reason's modifier up to the known
 *   total is taken as repeating it; above it, the excess is the player's declaration (applied,
 *   shown, and a caution); a negative one is a declared penalty (applied).
 * - A duelist's turn is counted from their Draw roll: staggered ends there (they untapped), and
 *   with the house rule "wear resets each turn" Toughness comes back there.
 */
import { foldedName } from '../../chars';
import { attributeName, kindName, rarityName, t, type Key } from '../../i18n';
import { clampModifier, countSuccesses } from '../../dice/pool';
import { COLOUR_LAND, COLOURS, findAttribute, SOURCE_ATTRIBUTES, startValue, type Attribute, type Colour } from '../../spark/attributes';
import { drawDifficulty } from '../../spark/draw';
import { lifeState, staggersFromDamage, type DuelState as LifeState } from '../../spark/duel';
import type { SparkReason, SparkRollKind } from '../../spark/reason';
import type { GameRules } from '../../spark/settings';
import type { CharacterSheet } from '../../spark/sheet';
import { refuse, type Game } from '../game';

export interface SheetInPlay {
  /** Where it came from: a post number of the thread, the character's page, or the user's bound sheet. */
  from: { post: number } | { bound: true } | { page: true };
  sheet: CharacterSheet;
}

export interface Duelist {
  name: string;
  sheet: SheetInPlay | null;
  life: number | null;
  lifeStart: number | null;
  /** Current Toughness, after wear. */
  toughness: number | null;
  wear: number;
  staggered: boolean;
  lands: Partial<Record<Colour, number>>;
  /** Failed draws whose +1 the next Channeling has not used yet. */
  pendingPlus: number;
  speed: { successes: number; faceSum: number; roll: string } | null;
  hand: { size: number; post: number } | null;
  /** Which roll last decided each value ("life", "toughness", "lands.Red", "pending", "speed"). */
  decidedBy: Record<string, string>;
  /** The duelist has rolled or posted a sheet in this duel (a bound or character-page sheet alone does not count). */
  seen: boolean;
}

export interface DuelState {
  /** The post the duel starts at (1 unless the user marked a new duel). */
  startsAt: number;
  /** Life each duelist starts with when the thread's stakes set it ("Life: 20 each"). */
  lifeEach: number | null;
  duelists: Record<string, Duelist>;
}

export const emptyDuel = (startsAt = 1): DuelState => ({ startsAt, lifeEach: null, duelists: {} });

/** The value of an attribute in play: bought plus flat bonuses; an attribute the sheet leaves out is at its start value. */
export function inPlay(sheet: CharacterSheet, a: Attribute): number {
  const v = sheet.attributes[a];
  return v ? v.value + v.bonus : startValue(a);
}

const SHEET_MOD_KEY: Partial<Record<SparkRollKind, string>> = {
  speed: 'speed',
  draw: 'draw',
  channel: 'channeling',
  recovery: 'recovery',
  toughness: 'resistance',
  damage: 'damage',
};

/** The sheet's roll modifiers for a kind of roll (`Focus: 2 (+1 Speed)`), else the race's. */
export function knownModifier(kind: SparkRollKind, sheet: CharacterSheet | null, rules: GameRules): { value: number; from: string[] } {
  const key = SHEET_MOD_KEY[kind];
  if (!key) return { value: 0, from: [] };
  let value = 0;
  const from: string[] = [];
  if (sheet) {
    for (const [attr, v] of Object.entries(sheet.attributes)) {
      const m = v?.modifiers?.[key];
      if (m) {
        value += m;
        from.push(t('dj.modSheet', { mod: `${m > 0 ? '+' : ''}${m}`, key, attr: attributeName(attr) }));
      }
    }
  }
  if (!from.length && sheet?.race) {
    const race = rules.races.find((r) => r.name.toLowerCase() === sheet.race!.trim().toLowerCase());
    const m = race?.modifiers[kind] ?? race?.modifiers[key];
    if (m) {
      value += m;
      from.push(t('dj.modRace', { mod: `${m > 0 ? '+' : ''}${m}`, kind: kindName(kind), race: race!.name }));
    }
  }
  return { value, from };
}

export interface RollInput {
  id: string;
  post: number;
  roller: string;
  reason: SparkReason;
  /** Raw faces, when known (RPOL records each die up to 20). */
  faces: number[] | null;
  dice: number;
  /** Sides of the dice (one spec); null when the roll mixes specs. */
  sides: number | null;
  d10: boolean;
  /** Server roll whose facts show no forgery: it changes the state. */
  changesState: boolean;
}

export interface Finding {
  rule: string;
  text: string;
}

export interface RollJudgement {
  /** The net modifier per die (clamped) the rules give this roll. */
  modifier: number;
  /** Part of the modifier only the player declared (a trait the product cannot check). */
  declared: number;
  modifierFrom: string[];
  successes: number | null;
  autoSuccesses: number;
  difficulty: number | null;
  outcome: string | null;
  /** A draw's result, whatever the language. */
  drawResult?: 'drawn' | 'failed';
  /** Channeling: basic lands put into play, successes lost to the cap, and the room the cap left (null: no sheet). */
  lands: number | null;
  wasted: number;
  room: number | null;
  /** Rules findings: an honest record that breaks a rule. */
  findings: Finding[];
  notes: string[];
}

const key = foldedName;
const cardKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

function duelistOf(s: DuelState, name: string): Duelist {
  return (
    s.duelists[key(name)] ?? {
      name: key(name),
      sheet: null,
      life: s.lifeEach,
      lifeStart: s.lifeEach,
      toughness: null,
      wear: 0,
      staggered: false,
      lands: {},
      pendingPlus: 0,
      speed: null,
      hand: null,
      decidedBy: {},
      seen: false,
    }
  );
}

function put(s: DuelState, d: Duelist): DuelState {
  return { ...s, duelists: { ...s.duelists, [d.name]: d } };
}

/** A sheet posted (or bound) for a character: it is the sheet in use from here on. */
export function withSheet(s: DuelState, name: string, sheet: SheetInPlay): DuelState {
  const d = duelistOf(s, name);
  const life = inPlay(sheet.sheet, 'Life');
  const t = inPlay(sheet.sheet, 'Toughness');
  const next: Duelist = { ...d, sheet, seen: d.seen || 'post' in sheet.from };
  if (d.lifeStart === null && s.lifeEach === null) {
    next.lifeStart = life;
    next.life = life;
  }
  if (d.toughness === null) next.toughness = Math.max(0, t - d.wear);
  return put(s, next);
}

/** The thread's stakes set the Life each duelist starts with. */
export function withLifeEach(s: DuelState, life: number): DuelState {
  const duelists = Object.fromEntries(
    Object.entries(s.duelists).map(([k, d]) => [k, d.lifeStart === null || d.life === d.lifeStart ? { ...d, life, lifeStart: life } : d]),
  );
  return { ...s, lifeEach: life, duelists };
}

export function withHand(s: DuelState, name: string, size: number, post: number): DuelState {
  return put(s, { ...duelistOf(s, name), hand: { size, post }, seen: true });
}

/** The expected pool for a kind of roll, from the sheet in use and the duel so far. */
function expectedPool(r: RollInput, d: Duelist): { dice: number; what: string } | { problem: string } | null {
  const sheet = d.sheet?.sheet;
  if (!sheet) return null;
  const from = d.sheet!.from;
  const where = 'post' in from ? t('dj.wherepost', { post: from.post }) : 'page' in from ? t('dj.wherePage') : t('dj.whereBound');
  const attr = (a: Attribute) => {
    const v = inPlay(sheet, a);
    return { dice: v, what: t('dj.attr', { label: attributeName(a), value: v, where }) };
  };
  switch (r.reason.kind) {
    case 'draw':
      return attr('Memory');
    case 'starting-hand':
      return attr('Memory');
    case 'speed':
      return attr('Focus');
    case 'damage':
      return attr('Power');
    case 'toughness':
    case 'recovery':
      return d.toughness === null
        ? attr('Toughness')
        : { dice: d.toughness, what: d.wear ? t('dj.currentTWorn', { n: d.toughness, where, wear: d.wear }) : t('dj.currentT', { n: d.toughness, where }) };
    case 'channel':
      return r.reason.colour ? attr(r.reason.colour) : null;
    case 'ad-hoc': {
      const names = r.reason.attributes;
      if (!names) return null;
      const a = findAttribute(String(names[0]));
      const b = findAttribute(String(names[1]));
      const isSource = (x: Attribute | null) => !!x && (SOURCE_ATTRIBUTES as readonly string[]).includes(x);
      const isSpark = (x: Attribute | null) => !!x && (COLOURS as readonly string[]).includes(x);
      if (!((isSource(a) && isSpark(b)) || (isSpark(a) && isSource(b)))) return { problem: t('dj.adhocBad', { a: String(names[0]), b: String(names[1]) }) };
      const va = inPlay(sheet, a!);
      const vb = inPlay(sheet, b!);
      return { dice: va + vb, what: t('dj.adhocWhat', { a: attributeName(a!), va, b: attributeName(b!), vb, where }) };
    }
    default:
      return null;
  }
}

/** Judge a roll against the duel so far, and fold it in when it is one that changes the state. */
export function judgeRoll(s: DuelState, r: RollInput, rules: GameRules): { judgement: RollJudgement; state: DuelState } {
  const d = duelistOf(s, r.roller);
  const findings: Finding[] = [];
  const notes: string[] = [];
  const kind = r.reason.kind;

  // Modifiers: the known ones apply; the reason repeats them, or declares more.
  const known = knownModifier(kind, d.sheet?.sheet ?? null, rules);
  let knownValue = known.value;
  const modifierFrom = [...known.from];
  if (kind === 'channel' && d.pendingPlus) {
    knownValue += d.pendingPlus;
    modifierFrom.push(t('dj.fromFailed', { n: d.pendingPlus, count: d.pendingPlus }));
  }
  const stated = r.reason.modifier;
  let declared = 0;
  let net = knownValue;
  if (stated < 0) {
    net = knownValue + stated;
    declared = stated;
    modifierFrom.push(t('dj.declaredNeg', { n: stated }));
  } else if (stated > knownValue) {
    declared = stated - knownValue;
    net = stated;
    modifierFrom.push(t('dj.declaredPos', { n: declared }));
  }
  const modifier = clampModifier(net);

  // The pool.
  let autoSuccesses = 0;
  const expected = r.d10 || kind === 'starting-hand' ? expectedPool(r, d) : null;
  if (expected && 'problem' in expected) findings.push({ rule: 'pool.ad-hoc', text: expected.problem });
  else if (expected) {
    if (kind === 'channel') {
      const short = expected.dice - r.dice;
      if (short > 0 && short % 3 === 0) {
        autoSuccesses = short / 3;
        notes.push(t('dj.traded', { dice: expected.dice, what: expected.what, rolled: r.dice, short, auto: t('dj.auto', { count: autoSuccesses }) }));
      } else if (short !== 0) {
        findings.push({
          rule: 'pool.channel',
          text: t('dj.channelPool', {
            what: expected.what,
            allowed: `${expected.dice}${expected.dice >= 3 ? `, ${expected.dice - 3}` : ''}${expected.dice >= 6 ? ', …' : ''}`,
            used: r.dice,
          }),
        });
      }
    } else if (r.dice !== expected.dice) {
      const known = ['draw', 'starting-hand', 'speed', 'damage', 'toughness', 'recovery', 'ad-hoc'].includes(kind);
      findings.push({
        rule: `pool.${kind}`,
        text: t('dj.poolLine', {
          label: t(`dj.pool.${known ? kind : 'other'}` as Key),
          what: expected.what,
          dice: t('dj.dice', { count: expected.dice }),
          used: r.dice,
        }),
      });
    }
  }
  if (kind === 'starting-hand' && r.sides !== null && d.sheet) {
    const deck = d.sheet.sheet.deck.reduce((n, c) => n + c.count, 0);
    if (deck && r.sides !== deck) findings.push({ rule: 'pool.starting-hand', text: t('dj.handDeck', { deck, used: r.sides }) });
  }
  if (kind === 'toughness' && !r.reason.test && d.toughness === 0) findings.push({ rule: 'toughness.zero', text: t('dj.t0') });
  if (kind === 'toughness' && r.reason.direct && !rules.toughnessVsDirectDamage) {
    findings.push({ rule: 'toughness.direct', text: t('dj.direct') });
  }

  const faces = r.d10 ? r.faces : null;
  const rolled = faces ? countSuccesses(faces, modifier) : null;
  const successes = rolled === null ? null : rolled + autoSuccesses;
  const judgement: RollJudgement = {
    modifier,
    declared,
    modifierFrom,
    successes,
    autoSuccesses,
    difficulty: null,
    outcome: null,
    lands: null,
    wasted: 0,
    room: null,
    findings,
    notes,
  };

  let next = s;
  let dn: Duelist = { ...d, decidedBy: { ...d.decidedBy }, seen: d.seen || r.changesState };
  const change = r.changesState;

  switch (kind) {
    case 'draw': {
      if (change) {
        // Their turn: they untapped; with the house rule, wear comes back.
        dn.staggered = false;
        if (rules.wearResetsEachTurn && dn.wear && d.sheet) {
          dn.toughness = inPlay(d.sheet.sheet, 'Toughness');
          dn.wear = 0;
          notes.push(t('dj.wearReset'));
        }
      }
      // The rarity typed in the reason is the player's word; the sheet's deck list, when it names the card, is the rule.
      let rarity = r.reason.rarity;
      const listed = r.reason.card && d.sheet ? d.sheet.sheet.deck.find((c) => cardKey(c.name) === cardKey(r.reason.card!)) : undefined;
      if (listed && rarity && listed.rarity !== rarity) {
        findings.push({
          rule: 'draw.rarity',
          text: t('dj.rarity', {
            card: r.reason.card!,
            rarity: rarityName(rarity),
            listed: rarityName(listed.rarity),
            right: drawDifficulty(listed.rarity),
            wrong: drawDifficulty(rarity),
          }),
        });
        rarity = listed.rarity;
      } else if (!listed && rarity && d.sheet?.sheet.deck.length && r.reason.card) {
        notes.push(t('dj.notListed', { card: r.reason.card, rarity: rarityName(rarity) }));
      }
      if (rarity && successes !== null) {
        const difficulty = drawDifficulty(rarity);
        judgement.difficulty = difficulty;
        const drawn = successes >= difficulty;
        judgement.outcome = drawn ? (rarity === 'Basic Land' ? t('read.drawnMana') : t('read.drawn')) : t('read.failed');
        judgement.drawResult = drawn ? 'drawn' : 'failed';
        if (!drawn && change) {
          dn.pendingPlus += 1;
          dn.decidedBy.pending = r.id;
        }
      }
      break;
    }
    case 'channel': {
      const colour = r.reason.colour;
      if (colour && successes !== null) {
        const cap = d.sheet ? inPlay(d.sheet.sheet, colour) : null;
        const already = d.lands[colour] ?? 0;
        const room = cap === null ? successes : Math.max(0, cap - already);
        const lands = Math.min(successes, room);
        judgement.lands = lands;
        judgement.wasted = successes - lands;
        judgement.room = cap === null ? null : room;
        judgement.outcome = `${t('read.lands', { count: lands, land: t(`land.${COLOUR_LAND[colour]}` as Key, { count: lands }) })}${judgement.wasted ? t('dj.capLost', { n: judgement.wasted, cap: cap ?? '?' }) : ''}`;
        if (change) {
          dn.lands = { ...dn.lands, [colour]: already + lands };
          dn.decidedBy[`lands.${colour}`] = r.id;
        }
      }
      if (change && d.pendingPlus) {
        dn.pendingPlus = 0;
        dn.decidedBy.pending = r.id;
      }
      break;
    }
    case 'toughness': {
      if (r.reason.test) {
        const difficulty = rules.belowZeroTestDifficulty;
        judgement.difficulty = difficulty;
        if (successes !== null) judgement.outcome = successes >= difficulty ? t('dj.keepsActing') : t('dj.unconscious');
        if (d.life !== null && d.life >= 0) notes.push(t('dj.testNote', { name: d.name, life: d.life }));
        break;
      }
      if (d.toughness === 0) {
        // No Toughness roll at 0: the damage goes to Life (ruling: the illegal roll changes nothing else).
        if (change && r.reason.damage !== undefined && dn.life !== null) {
          dn.life -= r.reason.damage;
          dn.decidedBy.life = r.id;
        }
        judgement.outcome = r.reason.damage !== undefined ? t('dj.noRollT0Damage', { count: r.reason.damage }) : t('dj.noRollT0');
        break;
      }
      if (!faces) break;
      const wear = faces.filter((f) => f === 1).length;
      const before = d.toughness ?? faces.length;
      const after = Math.max(0, before - wear);
      const taken = r.reason.damage !== undefined && successes !== null ? Math.max(0, r.reason.damage - successes) : null;
      const staggered = (taken !== null && staggersFromDamage(taken, after)) || (before >= 1 && after === 0 && wear > 0);
      judgement.outcome = `${taken !== null ? t('dj.tTaken', { count: taken }) : t('dj.tPrevented', { count: successes ?? '?' })}${wear ? t('dj.tWear', { wear, after }) : t('read.noWear')}${staggered ? t('dj.staggeredTail') : ''}`;
      if (change) {
        dn.toughness = after;
        dn.wear += before - after;
        if (wear) dn.decidedBy.toughness = r.id;
        if (taken !== null && dn.life !== null) {
          dn.life -= taken;
          dn.decidedBy.life = r.id;
        }
        if (staggered) {
          dn.staggered = true;
          dn.decidedBy.staggered = r.id;
        }
      }
      break;
    }
    case 'speed': {
      if (faces && successes !== null) {
        const faceSum = faces.reduce((a, b) => a + b, 0);
        if (change) {
          dn.speed = { successes, faceSum, roll: r.id };
          dn.decidedBy.speed = r.id;
        }
      }
      break;
    }
    default:
      break;
  }
  if (change) next = put(next, dn);
  return { judgement, state: next };
}

/** Initiative from the Speed rolls: successes, high first; ties by the sum of the faces; full ties roll again. */
export function initiative(s: DuelState): { name: string; successes: number; faceSum: number; tiedWith: string[] }[] {
  const seats = Object.values(s.duelists)
    .filter((d) => d.speed)
    .map((d) => ({ name: d.name, successes: d.speed!.successes, faceSum: d.speed!.faceSum, tiedWith: [] as string[] }));
  seats.sort((a, b) => b.successes - a.successes || b.faceSum - a.faceSum);
  for (const x of seats) x.tiedWith = seats.filter((o) => o !== x && o.successes === x.successes && o.faceSum === x.faceSum).map((o) => o.name);
  return seats;
}

/** Where a duelist's Life stands under the game's stakes. */
export function lifeStanding(d: Duelist, rules: GameRules): LifeState | null {
  return d.life === null ? null : lifeState(d.life, true, rules);
}

/** The duel's events, in page order: what the thread's posts say to the duel. */
export type DuelEvent =
  | { sheet: string; sheetInPlay: SheetInPlay }
  | { lifeEach: number }
  | { hand: string; size: number; post: number }
  | { roll: RollInput; rules: GameRules };

/**
 * The Spark d10 duel through the game layer's interface: `setup(startsAt)` and a pure `apply`.
 * A roll is never refused (an honest roll that breaks a rule is a finding on the roll, and the
 * duel goes on); an event that is not one of the duel's is.
 */
export const SparkDuel: Game<number, DuelState, DuelEvent> = {
  id: 'spark-d10',
  name: 'The Spark d10',
  setup: (startsAt) => emptyDuel(startsAt),
  apply(s, e) {
    if (!e || typeof e !== 'object') return refuse(t('dj.notEvent'));
    if ('sheet' in e) return withSheet(s, e.sheet, e.sheetInPlay);
    if ('lifeEach' in e) return Number.isInteger(e.lifeEach) ? withLifeEach(s, e.lifeEach) : refuse(t('dj.lifeWhole'));
    if ('hand' in e) return withHand(s, e.hand, e.size, e.post);
    if ('roll' in e) return judgeRoll(s, e.roll, e.rules).state;
    return refuse(t('dj.notEvent'));
  },
};
