/**
 * When Sparks Fly, the match engine: a pure fold of the match's events (bids, folds, auction
 * actions, plays) into the whole state. Every refusal quotes its rule from rulings.ts.
 */
import { done, type Engine, foldEvents, isRefusal, refusalText, refuse, type Refusal, refused } from '../game';
import { cardKey, DEFAULT_POOL, instanceName, parseCardRef, readCardType, STARTING_CARDS, type CardType, type Modifier } from './cards';
import { offerAfter, type Offer } from './offer';
import { ruleKey } from './rulings';
import { type Said, tl } from '../../i18n';

export type Player = 'A' | 'B';
export const PLAYERS: readonly Player[] = ['A', 'B'];
export const other = (p: Player): Player => (p === 'A' ? 'B' : 'A');

export type SparksFlyEvent =
  | { bid: Player; amount: number }
  /** `clock`: applied by the clock when the decision's time ran out. */
  | { fold: Player; clock?: true }
  | { offer: [string, string, string] }
  | { remove: Player; card: string }
  | { add: Player; card: string; to: Player }
  | { decline: Player }
  | { play: Player; cards: [string, string]; first?: string }
  /** No cards played and −5 Sparks (`clock`: applied by the clock when the play's time ran out). */
  | { miss: Player; clock?: true };

export interface SparksFlyLog {
  sparks?: number;
  firstBidder: Player;
  seed?: string;
  /** The card pool of add auctions (a setting); the 13 starting types by default. */
  pool?: string[];
  events: SparksFlyEvent[];
}

export interface CardInstance {
  id: number;
  type: CardType;
  /** The instance's own number (a Buff changes it), or null for a card without one. */
  n: number | null;
  zone: 'hand' | 'discard' | 'removed';
}

export interface PlayedPair {
  cards: [CardInstance, CardInstance];
  /** Index (0 or 1) of the card resolved first. */
  first: 0 | 1;
  /** Sparks this pair moved: to its player and to the opponent. */
  self: number;
  opponent: number;
  /** What happened, in words. */
  notes: Said[];
  /** The pair's full outcome, applied when both players' plays are in. */
  outcome: PairOutcome;
}

export interface MatchState {
  round: number;
  step: 'auction' | 'play' | 'over';
  auction: 'remove' | 'add';
  sparks: Record<Player, number>;
  cards: Record<Player, CardInstance[]>;
  nextId: number;
  /** Who bids first in this round's auction. */
  firstBidder: Player;
  /** Whose move in the bidding; null once the auction is decided. */
  turn: Player | null;
  high: { player: Player; amount: number } | null;
  /** The auction's winner and what they paid, until they act (remove, add or decline). */
  won: { player: Player; paid: number } | null;
  /** The offer of this add auction; null before it is shown (or in a remove auction). */
  offer: Offer | null;
  /** The offer was drawn from the seed (the DMO may still show other cards before the first bid). */
  offerFromSeed: boolean;
  /** The offer of the previous add auction (excluded from the next seeded one). */
  lastOffer: string[] | null;
  /** Add auctions so far, this one included. */
  addAuctions: number;
  /** Halvings of the price for whoever of the two wins this round's auction (Half Price Auction). */
  halfPrice: Record<Player, number>;
  /** Flips of the next auction's type played this round (Invert Next Auction). */
  flips: number;
  plays: Partial<Record<Player, PlayedPair | 'miss'>>;
  /** The previous play phase, for the board. */
  lastPlays: Partial<Record<Player, PlayedPair | 'miss'>>;
  winner: Player | 'DMO' | null;
  seed: string | null;
  pool: readonly string[];
  /** What happened, step by step, in words. */
  history: Said[];
}

export interface SparksFlyState {
  round: number;
  step: 'auction' | 'play' | 'over';
  auction: 'remove' | 'add';
  sparks: Record<Player, number>;
  hand: Record<Player, Record<string, number>>;
  discard: Record<Player, Record<string, number>>;
  winner: Player | 'DMO' | null;
  /** The first event not allowed: its index, the rule in English words, and the rule's id (later events are not applied). */
  refused: { event: number; rule: string; ruleId: string } | null;
}

const MAX_CARDS = 20;
const MAX_OF_TYPE = 5;
const MIN_TO_REMOVE = 4;

export function startMatch(log: Omit<SparksFlyLog, 'events'>): MatchState {
  const sparks = log.sparks ?? 120;
  if (!Number.isFinite(sparks) || !Number.isInteger(sparks) || sparks < 1 || sparks > 1_000_000) throw new Error(`runSparksFly: ${tl('en', 'se.badSparks')}`);
  if (log.firstBidder !== 'A' && log.firstBidder !== 'B') throw new Error(`runSparksFly: ${tl('en', 'se.badFirst')}`);
  if (log.seed !== undefined && typeof log.seed !== 'string') throw new Error(`runSparksFly: ${tl('en', 'se.badSeed')}`);
  const pool = log.pool ?? DEFAULT_POOL;
  if (!Array.isArray(pool) || pool.some((c) => typeof c !== 'string')) throw new Error(`runSparksFly: ${tl('en', 'se.badPool')}`);
  let nextId = 1;
  const deal = (): CardInstance[] =>
    STARTING_CARDS.flatMap(([name, copies]) => {
      const type = readCardType(name);
      return Array.from({ length: copies }, () => ({ id: nextId++, type, n: type.printed, zone: 'hand' as const }));
    });
  const cards = { A: deal(), B: deal() };
  return {
    round: 1,
    step: 'auction',
    auction: 'remove',
    sparks: { A: sparks, B: sparks },
    cards,
    nextId,
    firstBidder: log.firstBidder,
    turn: log.firstBidder,
    high: null,
    won: null,
    offer: null,
    offerFromSeed: false,
    lastOffer: null,
    addAuctions: 0,
    halfPrice: { A: 0, B: 0 },
    flips: 0,
    plays: {},
    lastPlays: {},
    winner: null,
    seed: log.seed ?? null,
    pool,
    history: [],
  };
}

// ---- small helpers (all copy before they change) ----

const owned = (s: MatchState, p: Player) => s.cards[p].filter((c) => c.zone !== 'removed');
const inZone = (s: MatchState, p: Player, zone: CardInstance['zone']) => s.cards[p].filter((c) => c.zone === zone);
const ofType = (s: MatchState, p: Player, type: CardType) => owned(s, p).filter((c) => cardKey(c.type.name) === cardKey(type.name)).length;
const nameOf = (c: CardInstance) => instanceName(c.type, c.n);

function clone(s: MatchState): MatchState {
  return {
    ...s,
    sparks: { ...s.sparks },
    cards: { A: s.cards.A.map((c) => ({ ...c })), B: s.cards.B.map((c) => ({ ...c })) },
    halfPrice: { ...s.halfPrice },
    plays: { ...s.plays },
    history: [...s.history],
  };
}

/** The instance a card reference names among `pool`: its number in brackets, or the printed number. */
function pick(pool: CardInstance[], ref: string, exclude?: CardInstance): CardInstance | null {
  const r = parseCardRef(ref);
  if (!r) return null;
  return pool.find((c) => c !== exclude && cardKey(c.type.name) === r.key && (r.n === null ? c.n === c.type.printed : c.n === r.n)) ?? null;
}

const isPlayer = (p: unknown): p is Player => p === 'A' || p === 'B';

// ---- the steps ----

/** The add auction's three cards: shown by the DMO, or the k-th seeded offer. */
function ensureOffer(s: MatchState): void {
  if (s.auction !== 'add' || s.offer || s.seed === null) return;
  s.offer = offerAfter(s.seed, s.addAuctions, s.pool, s.lastOffer);
  s.offerFromSeed = true;
  s.history.push({ key: 'se.offeredSeed', values: { round: s.round, cards: s.offer.join(', ') } });
}

/** After each step: the recycle rule, then the end. */
function afterStep(s: MatchState): void {
  for (const p of PLAYERS) {
    const hand = inZone(s, p, 'hand');
    const discard = inZone(s, p, 'discard');
    if (hand.length <= 1 && discard.length > 0) {
      for (const c of s.cards[p]) if (c.zone === 'discard') c.zone = 'hand';
      s.sparks[p] -= 5;
      s.history.push({ key: 'se.recycle', values: { player: p, count: hand.length, sparks: s.sparks[p] } });
    }
  }
  const out = PLAYERS.filter((p) => s.sparks[p] <= 0);
  if (out.length === 1) s.winner = other(out[0]!);
  else if (out.length === 2) s.winner = s.sparks.A === s.sparks.B ? 'DMO' : s.sparks.A < s.sparks.B ? 'B' : 'A';
  if (s.winner) {
    s.step = 'over';
    s.turn = null;
    s.history.push(s.winner === 'DMO' ? { key: 'se.dmoWins' } : { key: 'se.wins', values: { player: String(s.winner) } });
  }
}

function endAuction(s: MatchState): void {
  s.won = null;
  s.turn = null;
  s.high = null;
  afterStep(s);
  if (s.step !== 'over') s.step = 'play';
}

function bid(s0: MatchState, p: Player, amount: unknown): MatchState | Refusal {
  if (s0.won) return refuse(ruleKey('winnerActs'));
  if (s0.turn !== p) return refuse(ruleKey('turn'), 'se.itsTurn', { player: String(s0.turn) });
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return refuse(ruleKey('raise'), 'se.whole');
  const current = s0.high?.amount ?? 0;
  if (amount < current + 1) return refuse(ruleKey('raise'), 'se.stands', { amount: current });
  if (amount > s0.sparks[p]) return refuse(ruleKey('bidCap'), 'se.has', { player: p, n: s0.sparks[p] });
  const s = clone(s0);
  ensureOffer(s);
  s.high = { player: p, amount };
  s.turn = other(p);
  s.history.push({ key: 'se.bids', values: { player: p, amount } });
  return s;
}

function fold(s0: MatchState, p: Player): MatchState | Refusal {
  if (s0.won) return refuse(ruleKey('winnerActs'));
  if (s0.turn !== p) return refuse(ruleKey('turn'), 'se.itsTurn', { player: String(s0.turn) });
  const s = clone(s0);
  ensureOffer(s);
  const winner = other(p);
  const bidAmount = s.high?.player === winner ? s.high.amount : 0;
  let price = bidAmount;
  for (let i = 0; i < s.halfPrice[winner]; i++) price = Math.ceil(price / 2);
  s.sparks[winner] -= price;
  s.won = { player: winner, paid: price };
  s.firstBidder = winner;
  s.turn = null;
  s.halfPrice = { A: 0, B: 0 };
  s.history.push({
    key: s.auction === 'remove' ? 'se.foldsRemove' : 'se.foldsAdd',
    values: { player: p, winner, amount: bidAmount, paid: price !== bidAmount ? { key: 'se.paysHalf', values: { price } } : '', sparks: s.sparks[winner] },
  });
  return s;
}

function remove(s0: MatchState, p: Player, card: unknown): MatchState | Refusal {
  if (!s0.won) return refuse(s0.turn ? ruleKey('turn') : ruleKey('winnerActs'), s0.turn ? 'se.stillOpen' : undefined);
  if (s0.won.player !== p) return refuse(ruleKey('winnerActs'), 'se.wonIt', { player: s0.won.player });
  if (s0.auction !== 'remove') return refuse(ruleKey('offerOnly'), 'se.adds');
  if (owned(s0, p).length <= MIN_TO_REMOVE) return refuse(ruleKey('removeLimit'), 'se.has', { player: p, n: owned(s0, p).length });
  const s = clone(s0);
  const c = typeof card === 'string' ? pick(inZone(s, p, 'hand'), card) : null;
  if (!c) return refuse(ruleKey('removeFromHand'), 'se.noCard', { player: p, card: String(card) });
  c.zone = 'removed';
  s.history.push({ key: 'se.removed', values: { player: p, card: nameOf(c) } });
  endAuction(s);
  return s;
}

function add(s0: MatchState, p: Player, card: unknown, to: unknown): MatchState | Refusal {
  if (!s0.won) return refuse(s0.turn ? ruleKey('turn') : ruleKey('winnerActs'), s0.turn ? 'se.stillOpen' : undefined);
  if (s0.won.player !== p) return refuse(ruleKey('winnerActs'), 'se.wonIt', { player: s0.won.player });
  if (s0.auction !== 'add') return refuse(ruleKey('removeFromHand'), 'se.removes');
  if (!isPlayer(to)) return refuse(ruleKey('offerOnly'), 'se.toAB');
  if (!s0.offer) return refuse(ruleKey('offerOnly'), 'se.noOffer');
  const ref = typeof card === 'string' ? parseCardRef(card) : null;
  const offered = ref ? s0.offer.find((c) => cardKey(c) === ref.key) : undefined;
  if (!offered) return refuse(ruleKey('offerOnly'), 'se.shown', { cards: s0.offer.join(', ') });
  const type = readCardType(offered);
  if (owned(s0, to).length >= MAX_CARDS) return refuse(ruleKey('gainLimit'), 'se.has', { player: to, n: owned(s0, to).length });
  if (ofType(s0, to, type) >= MAX_OF_TYPE) return refuse(ruleKey('typeLimit'), 'se.hasOfType', { player: to, n: ofType(s0, to, type), card: type.name });
  const s = clone(s0);
  s.cards[to].push({ id: s.nextId++, type, n: type.printed, zone: 'discard' });
  s.history.push({ key: 'se.puts', values: { player: p, card: type.name, to } });
  s.lastOffer = [...s.offer!];
  endAuction(s);
  return s;
}

function decline(s0: MatchState, p: Player): MatchState | Refusal {
  if (!s0.won) return refuse(s0.turn ? ruleKey('turn') : ruleKey('winnerActs'), s0.turn ? 'se.stillOpen' : undefined);
  if (s0.won.player !== p) return refuse(ruleKey('winnerActs'), 'se.wonIt', { player: s0.won.player });
  const s = clone(s0);
  if (s.auction === 'add' && s.offer) s.lastOffer = [...s.offer];
  s.history.push({ key: 'se.declines', values: { player: p } });
  endAuction(s);
  return s;
}

// ---- the play phase ----

export interface PairOutcome {
  self: number;
  opponent: number;
  flips: number;
  halfPrice: { self: number; opponent: number };
  copies: CardInstance[];
  buffs: { card: CardInstance; by: number }[];
  notes: Said[];
}

/** How the other card is modified when it acts. */
interface Mods {
  invertTarget: boolean;
  invertNumber: boolean;
  times: number;
}

function act(card: CardInstance, mods: Mods, out: PairOutcome, recoveryCount: number): void {
  const e = card.type.effect;
  const n = card.n === null ? null : mods.invertNumber ? -card.n : card.n;
  const name = nameOf(card);
  const twice: Said | '' = mods.times > 1 ? { key: 'se.twice' } : '';
  for (let t = 0; t < mods.times; t++) {
    switch (e.kind) {
      case 'sparks': {
        const toSelf = (e.target === 'self') !== mods.invertTarget;
        if (toSelf) out.self += n!;
        else out.opponent += n!;
        break;
      }
      case 'steal':
        if (mods.invertTarget) {
          out.opponent += n!;
          out.self -= n!;
        } else {
          out.self += n!;
          out.opponent -= n!;
        }
        break;
      case 'recovery':
        if (mods.invertTarget) out.opponent += n! * recoveryCount;
        else out.self += n! * recoveryCount;
        break;
      case 'invert-auction':
        out.flips++;
        break;
      case 'half-price':
        if (mods.invertTarget) out.halfPrice.opponent++;
        else out.halfPrice.self++;
        break;
      default:
        break;
    }
  }
  if (e.kind === 'none') out.notes.push({ key: 'se.unknownCard', values: { name, rule: { key: ruleKey('unknownCard') } } });
  else
    out.notes.push({
      key: 'se.acts',
      values: { name, mods: [mods.invertTarget ? { key: 'se.targetInverted' } : '', mods.invertNumber ? { key: 'se.numberInverted' } : ''], twice },
    });
}

/** Modifier `m` acting on card `x` when `x` is a plain card: x acts as modified. */
function modifyPlain(m: Modifier, mn: number | null, x: CardInstance, out: PairOutcome, recoveryCount: number): void {
  const mods: Mods = { invertTarget: false, invertNumber: false, times: 1 };
  if (m === 'ignore') {
    out.notes.push({ key: 'se.ignored', values: { card: nameOf(x) } });
    return;
  }
  if (m === 'invert-target') mods.invertTarget = true;
  if (m === 'invert-number') mods.invertNumber = x.n !== null;
  if (m === 'repeat') mods.times = 2;
  act(x, mods, out, recoveryCount);
  if (m === 'copy') out.copies.push({ ...x, id: -1, zone: 'discard' });
  if (m === 'buff') {
    if (x.n !== null && mn !== null) out.buffs.push({ card: x, by: mn });
    else out.notes.push({ key: 'se.buffNothing', values: { card: nameOf(x) } });
  }
}

/** `first` (a modifier) acts on `second` (a modifier), which does only what `first` makes it do. */
function modifyModifier(first: CardInstance, second: CardInstance, out: PairOutcome): void {
  const m1 = (first.type.effect as { modifier: Modifier }).modifier;
  const m2 = (second.type.effect as { modifier: Modifier }).modifier;
  if (m1 === 'repeat') {
    // The second modifier's action, on the first card, twice.
    for (let t = 0; t < 2; t++) {
      if (m2 === 'copy') out.copies.push({ ...first, id: -1, zone: 'discard' });
      if (m2 === 'buff' && first.n !== null && second.n !== null) out.buffs.push({ card: first, by: second.n });
    }
    out.notes.push({ key: m2 === 'copy' ? 'se.repeatsCopy' : 'se.repeatsNothing', values: { first: nameOf(first), second: nameOf(second) } });
    return;
  }
  if (m1 === 'copy') {
    out.copies.push({ ...second, id: -1, zone: 'discard' });
    out.notes.push({ key: 'se.copies', values: { first: nameOf(first), second: nameOf(second) } });
    return;
  }
  if (m1 === 'buff' && second.n !== null && first.n !== null) {
    out.buffs.push({ card: second, by: first.n });
    out.notes.push({ key: 'se.buffs', values: { first: nameOf(first), second: nameOf(second) } });
    return;
  }
  out.notes.push({ key: 'se.nothing', values: { first: nameOf(first), second: nameOf(second) } });
}

function resolvePair(pair: [CardInstance, CardInstance], firstIdx: 0 | 1, recoveryCount: number): PairOutcome {
  const out: PairOutcome = { self: 0, opponent: 0, flips: 0, halfPrice: { self: 0, opponent: 0 }, copies: [], buffs: [], notes: [] };
  const first = pair[firstIdx];
  const second = pair[firstIdx === 0 ? 1 : 0];
  const plain = (c: CardInstance) => c.type.effect.kind !== 'modifier';
  const none: Mods = { invertTarget: false, invertNumber: false, times: 1 };
  if (plain(first) && plain(second)) {
    act(first, none, out, recoveryCount);
    act(second, none, out, recoveryCount);
  } else if (!plain(first) && !plain(second)) {
    modifyModifier(first, second, out);
  } else {
    const m = plain(first) ? second : first;
    const x = plain(first) ? first : second;
    modifyPlain((m.type.effect as { modifier: Modifier }).modifier, m.n, x, out, recoveryCount);
  }
  return out;
}

function play(s0: MatchState, p: Player, cards: unknown, first: unknown): MatchState | Refusal {
  if (s0.step !== 'play') return refuse(s0.step === 'auction' ? 'se.notPlayAuction' : 'se.notPlayEnd');
  if (s0.plays[p]) return refuse(ruleKey('onePlay'), 'se.played', { player: p });
  if (!Array.isArray(cards) || cards.length !== 2 || cards.some((c) => typeof c !== 'string')) return refuse(ruleKey('twoCards'));
  const hand = inZone(s0, p, 'hand');
  const a = pick(hand, cards[0] as string);
  const b = a ? pick(hand, cards[1] as string, a) : null;
  if (!a || !b)
    return refuse(ruleKey('inHand'), a && !b && cardKey(String(cards[0])) === cardKey(String(cards[1])) ? 'se.noCardTwice' : 'se.noCardToPlay', {
      player: p,
      card: !a ? String(cards[0]) : String(cards[1]),
    });
  const recoveryCount = inZone(s0, p, 'discard').filter((c) => c.type.effect.kind === 'recovery').length;
  let order: 0 | 1 = 0;
  let chosen: PairOutcome;
  if (first !== undefined && first !== null) {
    if (typeof first !== 'string') return refuse(ruleKey('betterOrder'));
    const r = parseCardRef(first);
    const named = r && [a, b].findIndex((c) => cardKey(c.type.name) === r.key && (r.n === null || c.n === r.n));
    if (named === null || named === -1 || named === undefined) return refuse(ruleKey('betterOrder'), 'se.notOfTwo', { card: String(first) });
    order = named as 0 | 1;
    chosen = resolvePair([a, b], order, recoveryCount);
  } else {
    const o0 = resolvePair([a, b], 0, recoveryCount);
    const o1 = resolvePair([a, b], 1, recoveryCount);
    const score = (o: PairOutcome) => o.self - o.opponent;
    if (score(o1) > score(o0)) {
      order = 1;
      chosen = o1;
    } else chosen = o0;
  }
  const s = clone(s0);
  s.plays[p] = { cards: [a, b], first: order, self: chosen.self, opponent: chosen.opponent, notes: chosen.notes, outcome: chosen };
  if (s.plays.A && s.plays.B) return resolveRound(s);
  return s;
}

function miss(s0: MatchState, p: Player): MatchState | Refusal {
  if (s0.step !== 'play') return refuse(s0.step === 'auction' ? 'se.notPlayAuction' : 'se.notPlayEnd');
  if (s0.plays[p]) return refuse(ruleKey('onePlay'), 'se.played', { player: p });
  const s = clone(s0);
  s.plays[p] = 'miss';
  if (s.plays.A && s.plays.B) return resolveRound(s);
  return s;
}

function resolveRound(s: MatchState): MatchState {
  let flips = 0;
  const halfPrice = { A: 0, B: 0 };
  const delta = { A: 0, B: 0 };
  const landing: { p: Player; out: PairOutcome; pair: PlayedPair }[] = [];
  for (const p of PLAYERS) {
    const played = s.plays[p]!;
    if (played === 'miss') {
      delta[p] -= 5;
      s.history.push({ key: 'se.missed', values: { round: s.round, player: p } });
      continue;
    }
    const out = played.outcome;
    delta[p] += out.self;
    delta[other(p)] += out.opponent;
    flips += out.flips;
    halfPrice[p] += out.halfPrice.self;
    halfPrice[other(p)] += out.halfPrice.opponent;
    landing.push({ p, out, pair: played });
    s.history.push({ key: 'se.plays', values: { round: s.round, player: p, cards: played.cards.map(nameOf).join(' + '), notes: out.notes } });
  }
  for (const p of PLAYERS) s.sparks[p] += delta[p];
  // The played cards land in their owners' discard piles; then Buffs; then Copies.
  for (const { p, pair } of landing) for (const c of pair.cards) s.cards[p].find((x) => x.id === c.id)!.zone = 'discard';
  for (const { p, out } of landing) {
    for (const b of out.buffs) {
      const target = s.cards[p].find((x) => x.id === b.card.id)!;
      target.n = (target.n ?? 0) + b.by;
      s.history.push({ key: 'se.buffed', values: { player: p, card: target.type.name, n: target.n } });
    }
  }
  for (const { p, out } of landing) {
    for (const c of out.copies) {
      if (owned(s, p).length >= MAX_CARDS) s.history.push({ key: 'se.noCopy', values: { card: nameOf(c), rule: { key: ruleKey('gainLimit') } } });
      else if (ofType(s, p, c.type) >= MAX_OF_TYPE) s.history.push({ key: 'se.noCopy', values: { card: nameOf(c), rule: { key: ruleKey('typeLimit') } } });
      else {
        s.cards[p].push({ id: s.nextId++, type: c.type, n: c.n, zone: 'discard' });
        s.history.push({ key: 'se.copy', values: { card: nameOf(c), player: p } });
      }
    }
  }
  s.lastPlays = s.plays;
  s.plays = {};
  s.halfPrice = halfPrice;
  afterStep(s);
  if (s.step === 'over') return s;
  s.round += 1;
  const base = s.round % 2 === 1 ? 'remove' : 'add';
  s.auction = flips % 2 === 1 ? (base === 'remove' ? 'add' : 'remove') : base;
  s.flips = 0;
  s.step = 'auction';
  s.turn = s.firstBidder;
  s.high = null;
  s.offer = null;
  s.offerFromSeed = false;
  if (s.auction === 'add') {
    s.addAuctions += 1;
    ensureOffer(s);
  }
  return s;
}

function showOffer(s0: MatchState, offer: unknown): MatchState | Refusal {
  if (s0.step !== 'auction' || s0.auction !== 'add') return refuse(ruleKey('offerOnly'), 'se.notAdd');
  if ((s0.offer && !s0.offerFromSeed) || s0.high || s0.won) return refuse(ruleKey('offerTiming'));
  if (!Array.isArray(offer) || offer.length !== 3 || offer.some((c) => typeof c !== 'string' || !c.trim() || c.length > 200))
    return refuse(ruleKey('offerOnly'), 'se.threeNames');
  const s = clone(s0);
  s.offer = offer.map((c: string) => readCardType(c).name) as Offer;
  s.offerFromSeed = false;
  s.history.push({ key: 'se.offered', values: { round: s.round, cards: s.offer.join(', ') } });
  return s;
}

/** A fold or a miss the clock applied: said so in the match's history. */
function byClock(r: MatchState | Refusal, p: Player, clock: unknown): MatchState | Refusal {
  if (clock === true && !isRefusal(r)) r.history.push({ key: 'se.byClock', values: { player: p } });
  return r;
}

export function applySparksFly(s: MatchState, e: SparksFlyEvent): MatchState | Refusal {
  if (typeof e !== 'object' || e === null) return refuse('se.notEvent');
  if (s.step === 'over') return refuse(ruleKey('over'));
  const ev = e as Record<string, unknown>;
  if ('offer' in ev) return showOffer(s, ev.offer);
  const who = (k: string) => (isPlayer(ev[k]) ? (ev[k] as Player) : null);
  const inAuction = (f: () => MatchState | Refusal) => (s.step === 'auction' ? f() : refuse('se.playPhase'));
  let p: Player | null;
  if ((p = who('bid'))) return inAuction(() => bid(s, p!, ev.amount));
  if ((p = who('fold')))
    return byClock(
      inAuction(() => fold(s, p!)),
      p,
      ev.clock,
    );
  if ((p = who('remove'))) return inAuction(() => remove(s, p!, ev.card));
  if ((p = who('add'))) return inAuction(() => add(s, p!, ev.card, ev.to));
  if ((p = who('decline'))) return inAuction(() => decline(s, p!));
  if ((p = who('play'))) return play(s, p, ev.cards, ev.first);
  if ((p = who('miss'))) return byClock(miss(s, p), p, ev.clock);
  return refuse('se.notEventPlayer');
}

export const SparksFly: Engine<Omit<SparksFlyLog, 'events'>, MatchState, SparksFlyEvent> = {
  setup: startMatch,
  apply(s, e) {
    const next = applySparksFly(s, e);
    return isRefusal(next) ? refused(s, next) : done(next);
  },
};

function tally(s: MatchState, p: Player, zone: 'hand' | 'discard'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of inZone(s, p, zone)) {
    const k = nameOf(c);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** The public view of a match state. */
export function publicState(s: MatchState, refused: SparksFlyState['refused']): SparksFlyState {
  return {
    round: s.round,
    step: s.step,
    auction: s.auction,
    sparks: { ...s.sparks },
    hand: { A: tally(s, 'A', 'hand'), B: tally(s, 'B', 'hand') },
    discard: { A: tally(s, 'A', 'discard'), B: tally(s, 'B', 'discard') },
    winner: s.winner,
    refused,
  };
}

/** Fold a whole log: the match state, and the first refused event (the events after it are not applied). */
export function replaySparksFly(log: SparksFlyLog): { match: MatchState; refused: { event: number; refusal: Refusal } | null } {
  if (typeof log !== 'object' || log === null) throw new Error(`runSparksFly: ${tl('en', 'se.badLog')}`);
  if (!Array.isArray(log.events)) throw new Error(`runSparksFly: ${tl('en', 'se.badEvents')}`);
  const { state, refused: all } = foldEvents(SparksFly, startMatch(log), log.events, true);
  const first = all[0];
  return { match: state, refused: first ? { event: first.event, refusal: first.refusal } : null };
}

/** Run a When Sparks Fly match log to its current state. Pure; a refusal's rule in English words, with its id. */
export function runSparksFly(log: SparksFlyLog): SparksFlyState {
  const { match, refused: r } = replaySparksFly(log);
  return publicState(match, r && { event: r.event, rule: refusalText('en', r.refusal), ruleId: r.refusal.rule });
}
