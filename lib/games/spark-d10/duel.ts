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
import { attributeName, kindName, type Key, type Locale, type Params, rarityName, tl } from '../../i18n';
import { checkDifficulty } from '../../dice/contest';
import { clampModifier, countSuccesses } from '../../dice/pool';
import { COLOURS, findAttribute, SOURCE_ATTRIBUTES, type Attribute, type Colour } from '../../spark/attributes';
import { drawDifficulty, drawOutcome, type HandCard, type Rarity, startingHand } from '../../spark/draw';
import {
  channelingPools,
  channelingResult,
  channelingTrades,
  initiativeOrder,
  lifeState,
  staggersFromRoll,
  toughnessRoll,
  type DuelState as LifeState,
} from '../../spark/duel';
import { channelingOutcomeText, drawOutcomeText, toughnessOutcomeText } from '../../spark/outcomes';
import type { SparkReason, SparkRollKind } from '../../spark/reason';
import type { GameRules } from '../../spark/settings';
import { inPlay, type CharacterSheet } from '../../spark/sheet';
import { done, type Engine, refuse, refused } from '../game';

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
  /** The Speed roll: its faces and modifier (initiative is counted from them), its successes and the sum of its faces. */
  speed: { faces: number[]; modifier: number; successes: number; faceSum: number; roll: string } | null;
  hand: { size: number; post: number } | null;
  /** The deck list in use for starting hands: the latest sheet that has one, with that sheet's Memory. */
  deck: { cards: HandCard[]; memory: number | null; from: SheetInPlay['from'] } | null;
  /** Which roll last decided each value ("life", "toughness", "lands.Red", "pending", "speed"). */
  decidedBy: Record<string, string>;
  /** The duelist has rolled or posted a sheet in this duel (a bound or character-page sheet alone does not count). */
  seen: boolean;
  /**
   * What the duel did not take as this duelist's, in words: a post under their name by another
   * forum identity, a sheet or hand size edited after the other side's later post.
   */
  cautions?: Finding[];
}

export interface DuelState {
  /** The post the duel starts at (1 unless the user marked a new duel). */
  startsAt: number;
  /** Life each duelist starts with when the thread's stakes set it ("Life: 20 each"). */
  lifeEach: number | null;
  duelists: Record<string, Duelist>;
}

export const emptyDuel = (startsAt = 1): DuelState => ({ startsAt, lifeEach: null, duelists: {} });

const SHEET_MOD_KEY: Partial<Record<SparkRollKind, string>> = {
  speed: 'speed',
  draw: 'draw',
  channel: 'channeling',
  recovery: 'recovery',
  toughness: 'resistance',
  damage: 'damage',
};

/** The sheet's roll modifiers for a kind of roll (`Focus: 2 (+1 Speed)`), else the race's. */
export function knownModifier(kind: SparkRollKind, sheet: CharacterSheet | null, rules: GameRules, l: Locale = 'en'): { value: number; from: string[] } {
  const key = SHEET_MOD_KEY[kind];
  if (!key) return { value: 0, from: [] };
  let value = 0;
  const from: string[] = [];
  if (sheet) {
    for (const [attr, v] of Object.entries(sheet.attributes)) {
      const m = v?.modifiers?.[key];
      if (m) {
        value += m;
        from.push(tl(l, 'dj.modSheet', { mod: `${m > 0 ? '+' : ''}${m}`, key, attr: attributeName(attr, l) }));
      }
    }
  }
  if (!from.length && sheet?.race) {
    const race = rules.races.find((r) => r.name.toLowerCase() === sheet.race!.trim().toLowerCase());
    const m = race?.modifiers[kind] ?? race?.modifiers[key];
    if (m) {
      value += m;
      from.push(tl(l, 'dj.modRace', { mod: `${m > 0 ? '+' : ''}${m}`, kind: kindName(kind, l), race: race!.name }));
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

/** A rules finding: the rule's id, its values, and the words for them in the reading's language. */
export interface Finding {
  rule: string;
  values: Params;
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
      deck: null,
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
  const cards = sheet.sheet.deck.flatMap((c) => Array.from({ length: c.count }, () => ({ name: c.name, rarity: c.rarity })));
  if (cards.length) next.deck = { cards, memory: sheet.sheet.attributes.Memory?.value ?? null, from: sheet.from };
  if (d.lifeStart === null && s.lifeEach === null) {
    next.lifeStart = life;
    next.life = life;
  }
  if (d.toughness === null) next.toughness = Math.max(0, t - d.wear);
  return put(s, next);
}

/**
 * A sheet or hand size that is no longer taken as it reads (its post was edited after the other
 * side's later post): where it is still in use, the one in use before it (`back`) comes back.
 * Life and Toughness it set stay (the GM corrects them by hand if they must change).
 */
export function withoutRecord(s: DuelState, name: string, post: number, back: SheetInPlay | null): DuelState {
  const d = s.duelists[key(name)];
  if (!d) return s;
  const next: Duelist = { ...d };
  const fromPost = (from: SheetInPlay['from'] | undefined) => !!from && 'post' in from && from.post === post;
  if (fromPost(d.sheet?.from)) next.sheet = back;
  if (fromPost(d.deck?.from)) {
    const cards = back ? back.sheet.deck.flatMap((c) => Array.from({ length: c.count }, () => ({ name: c.name, rarity: c.rarity }))) : [];
    next.deck = back && cards.length ? { cards, memory: back.sheet.attributes.Memory?.value ?? null, from: back.from } : null;
  }
  if (d.hand?.post === post) next.hand = null;
  return put(s, next);
}

/** A caution on a duelist (at most 20 kept: a hostile thread may post hundreds). */
export function withCaution(s: DuelState, name: string, f: Finding): DuelState {
  const d = s.duelists[key(name)];
  if (!d || (d.cautions?.length ?? 0) >= 20) return s;
  return put(s, { ...d, cautions: [...(d.cautions ?? []), f] });
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
function expectedPool(r: RollInput, d: Duelist, l: Locale): { dice: number; what: string } | { problem: Finding } | null {
  const sheet = d.sheet?.sheet;
  if (!sheet) return null;
  const from = d.sheet!.from;
  const where = 'post' in from ? tl(l, 'dj.wherepost', { post: from.post }) : 'page' in from ? tl(l, 'dj.wherePage') : tl(l, 'dj.whereBound');
  const attr = (a: Attribute) => {
    const v = inPlay(sheet, a);
    return { dice: v, what: tl(l, 'dj.attr', { label: attributeName(a, l), value: v, where }) };
  };
  switch (r.reason.kind) {
    case 'draw':
    case 'starting-hand':
      return attr('Memory');
    case 'speed':
      return attr('Focus');
    case 'damage':
      return attr('Power');
    case 'toughness':
    case 'recovery':
      if (d.toughness === null) return attr('Toughness');
      return {
        dice: d.toughness,
        what: d.wear ? tl(l, 'dj.currentTWorn', { n: d.toughness, where, wear: d.wear }) : tl(l, 'dj.currentT', { n: d.toughness, where }),
      };
    case 'channel':
      return r.reason.colour ? attr(r.reason.colour) : null;
    case 'ad-hoc':
      return adHocPool(r.reason.attributes, sheet, where, l);
    default:
      return null;
  }
}

/** An ad-hoc roll's pool: one Source attribute and one Spark colour, or the finding that the pair is not that. */
function adHocPool(
  names: SparkReason['attributes'],
  sheet: CharacterSheet,
  where: string,
  l: Locale,
): { dice: number; what: string } | { problem: Finding } | null {
  if (!names) return null;
  const a = findAttribute(String(names[0]));
  const b = findAttribute(String(names[1]));
  const isSource = (x: Attribute | null) => !!x && (SOURCE_ATTRIBUTES as readonly string[]).includes(x);
  const isSpark = (x: Attribute | null) => !!x && (COLOURS as readonly string[]).includes(x);
  if (!((isSource(a) && isSpark(b)) || (isSpark(a) && isSource(b))))
    return { problem: finding(l, 'pool.ad-hoc', 'dj.adhocBad', { a: String(names[0]), b: String(names[1]) }) };
  const va = inPlay(sheet, a!);
  const vb = inPlay(sheet, b!);
  return { dice: va + vb, what: tl(l, 'dj.adhocWhat', { a: attributeName(a!, l), va, b: attributeName(b!, l), vb, where }) };
}

const finding = (l: Locale, rule: string, key: Key, values: Params = {}): Finding => ({ rule, values, text: tl(l, key, values) });

/** The modifier a roll gets: the known ones apply, and the reason repeats them or declares more. */
function modifierOf(r: RollInput, d: Duelist, rules: GameRules, l: Locale): { modifier: number; declared: number; from: string[] } {
  const known = knownModifier(r.reason.kind, d.sheet?.sheet ?? null, rules, l);
  let knownValue = known.value;
  const from = [...known.from];
  if (r.reason.kind === 'channel' && d.pendingPlus) {
    knownValue += d.pendingPlus;
    from.push(tl(l, 'dj.fromFailed', { n: d.pendingPlus, count: d.pendingPlus }));
  }
  const stated = r.reason.modifier;
  if (stated < 0) {
    from.push(tl(l, 'dj.declaredNeg', { n: stated }));
    return { modifier: clampModifier(knownValue + stated), declared: stated, from };
  }
  if (stated > knownValue) {
    from.push(tl(l, 'dj.declaredPos', { n: stated - knownValue }));
    return { modifier: clampModifier(stated), declared: stated - knownValue, from };
  }
  return { modifier: clampModifier(knownValue), declared: 0, from };
}

const POOL_KINDS: readonly string[] = ['draw', 'starting-hand', 'speed', 'damage', 'toughness', 'recovery', 'ad-hoc'];

/** The pool against the sheet: a finding when it is not the one the rules give; a Channeling's trades. */
function checkPool(r: RollInput, d: Duelist, rules: GameRules, l: Locale, findings: Finding[], notes: string[]): number {
  const kind = r.reason.kind;
  const expected = r.d10 || kind === 'starting-hand' ? expectedPool(r, d, l) : null;
  let autoSuccesses = 0;
  if (expected && 'problem' in expected) findings.push(expected.problem);
  else if (expected && kind === 'channel') {
    const trades = channelingTrades(expected.dice, r.dice);
    if (trades === null) {
      const pools = channelingPools(expected.dice);
      const allowed = `${pools.slice(0, 2).join(', ')}${pools.length > 2 ? ', …' : ''}`;
      findings.push(finding(l, 'pool.channel', 'dj.channelPool', { what: expected.what, allowed, used: r.dice }));
    } else if (trades > 0) {
      autoSuccesses = trades;
      notes.push(
        tl(l, 'dj.traded', {
          dice: expected.dice,
          what: expected.what,
          rolled: r.dice,
          short: expected.dice - r.dice,
          auto: tl(l, 'dj.auto', { count: trades }),
        }),
      );
    }
  } else if (expected && r.dice !== expected.dice) {
    const label = tl(l, `dj.pool.${POOL_KINDS.includes(kind) ? kind : 'other'}` as Key);
    findings.push(finding(l, `pool.${kind}`, 'dj.poolLine', { label, what: expected.what, dice: tl(l, 'dj.dice', { count: expected.dice }), used: r.dice }));
  }
  if (kind === 'toughness' && !r.reason.test && d.toughness === 0) findings.push(finding(l, 'toughness.zero', 'dj.t0'));
  if (kind === 'toughness' && r.reason.direct && !rules.toughnessVsDirectDamage) findings.push(finding(l, 'toughness.direct', 'dj.direct'));
  return autoSuccesses;
}

/** What one kind of roll does to the duel: `j` and `dn` (the duelist after it) are filled in. */
interface KindContext {
  r: RollInput;
  d: Duelist;
  dn: Duelist;
  j: RollJudgement;
  faces: number[] | null;
  rules: GameRules;
  l: Locale;
  change: boolean;
}

function judgeDraw({ r, d, dn, j, rules, l, change }: KindContext): void {
  if (change) {
    // Their turn: they untapped; with the house rule, wear comes back.
    dn.staggered = false;
    if (rules.wearResetsEachTurn && dn.wear && d.sheet) {
      dn.toughness = inPlay(d.sheet.sheet, 'Toughness');
      dn.wear = 0;
      j.notes.push(tl(l, 'dj.wearReset'));
    }
  }
  // The rarity typed in the reason is the player's word; the sheet's deck list, when it names the card, is the rule.
  let rarity: Rarity | undefined = r.reason.rarity;
  const card = r.reason.card;
  const listed = card && d.sheet ? d.sheet.sheet.deck.find((c) => cardKey(c.name) === cardKey(card)) : undefined;
  if (listed && rarity && listed.rarity !== rarity) {
    const values = {
      card: card!,
      rarity: rarityName(rarity, l),
      listed: rarityName(listed.rarity, l),
      right: drawDifficulty(listed.rarity),
      wrong: drawDifficulty(rarity),
    };
    j.findings.push(finding(l, 'draw.rarity', 'dj.rarity', values));
    rarity = listed.rarity;
  } else if (!listed && rarity && d.sheet?.sheet.deck.length && card) {
    j.notes.push(tl(l, 'dj.notListed', { card, rarity: rarityName(rarity, l) }));
  }
  if (!rarity || j.successes === null) return;
  const drawn = drawOutcome(rarity, j.successes);
  j.difficulty = drawn.difficulty;
  j.outcome = drawOutcomeText(l, rarity, drawn.drawn);
  j.drawResult = drawn.drawn ? 'drawn' : 'failed';
  if (!drawn.drawn && change) {
    dn.pendingPlus += drawn.channelingBonus;
    dn.decidedBy.pending = r.id;
  }
}

function judgeChannel({ r, d, dn, j, faces, l, change }: KindContext): void {
  const colour = r.reason.colour;
  if (colour && faces && j.successes !== null) {
    const cap = d.sheet ? inPlay(d.sheet.sheet, colour) : null;
    const already = d.lands[colour] ?? 0;
    const result = channelingResult(colour, faces, j.modifier, j.autoSuccesses, cap, already);
    j.lands = result.lands;
    j.wasted = result.wasted;
    j.room = result.room;
    j.outcome = channelingOutcomeText(l, colour, result.lands, result.wasted, cap);
    if (change) {
      dn.lands = { ...dn.lands, [colour]: already + result.lands };
      dn.decidedBy[`lands.${colour}`] = r.id;
    }
  }
  if (change && d.pendingPlus) {
    dn.pendingPlus = 0;
    dn.decidedBy.pending = r.id;
  }
}

function judgeToughness({ r, d, dn, j, faces, rules, l, change }: KindContext): void {
  const damage = r.reason.damage;
  if (r.reason.test) {
    const difficulty = rules.belowZeroTestDifficulty;
    j.difficulty = difficulty;
    if (j.successes !== null) j.outcome = checkDifficulty(j.successes, difficulty).succeeded ? tl(l, 'dj.keepsActing') : tl(l, 'dj.unconscious');
    if (d.life !== null && d.life >= 0) j.notes.push(tl(l, 'dj.testNote', { name: d.name, life: d.life }));
    return;
  }
  if (d.toughness === 0) {
    // No Toughness roll at 0: the damage goes to Life (ruling: the illegal roll changes nothing else).
    if (change && damage !== undefined && dn.life !== null) {
      dn.life -= damage;
      dn.decidedBy.life = r.id;
    }
    j.outcome = damage !== undefined ? tl(l, 'dj.noRollT0Damage', { count: damage }) : tl(l, 'dj.noRollT0');
    return;
  }
  if (!faces) return;
  const before = d.toughness ?? faces.length;
  const roll = toughnessRoll(damage ?? 0, faces, j.modifier, before);
  const taken = damage !== undefined ? roll.damageTaken : null;
  const staggered = staggersFromRoll(taken, before, roll.toughnessAfter);
  j.outcome = toughnessOutcomeText(l, { taken, successes: j.successes, wear: roll.toughnessLost, after: roll.toughnessAfter, staggered });
  if (!change) return;
  dn.toughness = roll.toughnessAfter;
  dn.wear += roll.toughnessLost;
  if (roll.toughnessLost) dn.decidedBy.toughness = r.id;
  if (taken !== null && dn.life !== null) {
    dn.life -= taken;
    dn.decidedBy.life = r.id;
  }
  if (staggered) {
    dn.staggered = true;
    dn.decidedBy.staggered = r.id;
  }
}

function judgeSpeed({ r, dn, j, faces, change }: KindContext): void {
  if (!faces || j.successes === null || !change) return;
  dn.speed = { faces, modifier: j.modifier, successes: j.successes, faceSum: faces.reduce((a, b) => a + b, 0), roll: r.id };
  dn.decidedBy.speed = r.id;
}

/** A starting hand: each face a position in the deck list in use, the hand within Memory's rarity limits. */
function judgeStartingHand({ r, d, j, l }: KindContext): void {
  const deck = d.deck;
  // Its die is the deck's size, not a d10: its faces are positions.
  const faces = r.faces;
  const wrongDie = !!deck && r.sides !== null && r.sides !== deck.cards.length;
  if (wrongDie) j.findings.push(finding(l, 'pool.starting-hand', 'dj.handDeck', { deck: deck.cards.length, used: r.sides! }));
  if (!faces) return;
  if (!deck) {
    j.notes.push(tl(l, 'th.noDeck'));
    return;
  }
  const hand = startingHand(faces, deck.cards, deck.memory ?? faces.length, l);
  const post = 'post' in deck.from ? deck.from.post : null;
  const at = (key: Key, other: Key, values: Params) =>
    post !== null ? tl(l, key, { ...values, post }) : tl(l, other, { ...values, where: tl(l, 'page' in deck.from ? 'dj.wherePage' : 'dj.whereBound') });
  if (wrongDie) hand.problems.unshift(at('th.handSides', 'th.handSidesOf', { sides: r.sides!, count: deck.cards.length }));
  j.notes.push(at('th.handFrom', 'th.handFromOf', { cards: hand.cards.map((c) => `${c.name} (${rarityName(c.rarity, l)})`).join(', ') }));
  if (hand.problems.length) {
    j.outcome = tl(l, 'th.handBreaks', { problem: hand.problems[0]! });
    j.notes.push(...hand.problems.map((p) => `⚠ ${p.charAt(0).toUpperCase()}${p.slice(1)}.`));
    return;
  }
  j.outcome = tl(l, 'th.handOk', { count: hand.cards.length, uncommons: hand.uncommons, maxU: hand.maxUncommons, rares: hand.rares, maxR: hand.maxRares });
}

const BY_KIND: Partial<Record<SparkRollKind, (c: KindContext) => void>> = {
  'starting-hand': judgeStartingHand,
  draw: judgeDraw,
  channel: judgeChannel,
  toughness: judgeToughness,
  speed: judgeSpeed,
};

/**
 * Judge a roll against the duel so far, and fold it in when it is one that changes the state.
 * Its words are in `l`, the reader's language.
 */
export function judgeRoll(s: DuelState, r: RollInput, rules: GameRules, l: Locale = 'en'): { judgement: RollJudgement; state: DuelState } {
  const d = duelistOf(s, r.roller);
  const findings: Finding[] = [];
  const notes: string[] = [];
  const { modifier, declared, from } = modifierOf(r, d, rules, l);
  const autoSuccesses = checkPool(r, d, rules, l, findings, notes);
  const faces = r.d10 ? r.faces : null;
  const successes = faces ? countSuccesses(faces, modifier) + autoSuccesses : null;
  const j: RollJudgement = {
    modifier,
    declared,
    modifierFrom: from,
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
  const dn: Duelist = { ...d, decidedBy: { ...d.decidedBy }, seen: d.seen || r.changesState };
  BY_KIND[r.reason.kind]?.({ r, d, dn, j, faces, rules, l, change: r.changesState });
  return { judgement: j, state: r.changesState ? put(s, dn) : s };
}

/** Initiative from the Speed rolls: successes, high first; ties by the sum of the faces; full ties roll again. */
export function initiative(s: DuelState): { name: string; successes: number; faceSum: number; tiedWith: string[] }[] {
  const rolls = Object.values(s.duelists).flatMap((d) => (d.speed ? [{ name: d.name, faces: d.speed.faces, modifier: d.speed.modifier }] : []));
  return initiativeOrder(rolls).map((x) => ({ name: x.name, successes: x.successes, faceSum: x.faceSum, tiedWith: x.rerollWith }));
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
  | { roll: RollInput; rules: GameRules; locale?: Locale }
  | { notTaken: string; post: number; back: SheetInPlay | null }
  | { caution: string; finding: Finding };

/**
 * The Spark d10 duel through the game layer's interface: `setup(startsAt)` and a pure `apply`.
 * A roll is never refused (an honest roll that breaks a rule is a finding on the roll, and the
 * duel goes on): its outcome is the judgement. An event that is not one of the duel's is refused.
 */
export const SparkDuel: Engine<number, DuelState, DuelEvent, RollJudgement | null> = {
  setup: (startsAt) => emptyDuel(startsAt),
  apply(s, e) {
    if (!e || typeof e !== 'object') return refused(s, refuse('dj.notEvent'));
    if ('sheet' in e) return done(withSheet(s, e.sheet, e.sheetInPlay));
    if ('lifeEach' in e) return Number.isInteger(e.lifeEach) ? done(withLifeEach(s, e.lifeEach)) : refused(s, refuse('dj.lifeWhole'));
    if ('hand' in e) return done(withHand(s, e.hand, e.size, e.post));
    if ('notTaken' in e) return done(withoutRecord(s, e.notTaken, e.post, e.back));
    if ('caution' in e) return done(withCaution(s, e.caution, e.finding));
    if ('roll' in e) {
      const { judgement, state } = judgeRoll(s, e.roll, e.rules, e.locale);
      return { state, outcome: judgement };
    }
    return refused(s, refuse('dj.notEvent'));
  },
};
