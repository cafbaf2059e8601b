/**
 * Parlor Magic: spot counts, ranking, outranking and trumping between entities (a card with its
 * Echs, a Domain Defense, a group), combat bonuses, court abilities, counterspells, the Trumps
 * stack and land mana. Rulings where the seed is unclear are marked [ruling] and listed in
 * parlorRulings().
 */
import { type Key, tl, type Locale } from '../../i18n';
import { cardLabel, colourOf, parlorCard, SUIT_SYMBOL, type ParlorCard, type Suit } from './cards';

export interface ParlorEntity {
  /** The base card; none for a Domain Defense. */
  card?: string;
  /** Echs (2–6 cards) on it. */
  echs?: string[];
}

export type Counts = Partial<Record<Suit, number>>;

/** What ranking needs to know of an entity or a group. */
interface Profile {
  label: string;
  counts: Counts;
  /** Per suit, the highest count that can give outranking: an Ech's spots, or a land's own value in its base suit. */
  decisive: Counts;
  creature: boolean;
}

/** The rulings, in the UI's language (read when used). */
export const parlorRulings = (l: Locale = 'en'): string[] => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => tl(l, `prr.${n}` as Key));

const ech = (text: string): ParlorCard => {
  const c = parlorCard(text);
  if (c.type !== 'enchantment') throw new Error(`parlor: ${tl('en', 'pk.notEch', { card: cardLabel(c) })}`);
  return c;
};

const raise = (c: Counts, s: Suit, v: number) => {
  if ((c[s] ?? 0) < v) c[s] = v;
};

function profileOf(e: ParlorEntity): Profile {
  if (typeof e !== 'object' || e === null) throw new Error('parlor: an entity is { card?, echs? }');
  const counts: Counts = {};
  const decisive: Counts = {};
  const base = e.card !== undefined ? parlorCard(e.card) : null;
  const echs = (e.echs ?? []).map(ech);
  if (base) {
    const v = base.type === 'creature' ? 1 : Number(base.rank);
    raise(counts, base.suit, v);
    if (base.type !== 'creature') raise(decisive, base.suit, v);
  }
  for (const x of echs) {
    raise(counts, x.suit, Number(x.rank));
    raise(decisive, x.suit, Number(x.rank));
  }
  const label = [base ? cardLabel(base) : 'Domain Defense', ...echs.map(cardLabel)].join('+');
  return { label, counts, decisive, creature: base?.type === 'creature' };
}

/** A group (of blockers, or of all unblocked attackers): its count in each suit is the best of its members. */
function groupProfile(members: ParlorEntity[], l: Locale = 'en'): Profile {
  const ps = members.map(profileOf);
  const counts: Counts = {};
  const decisive: Counts = {};
  for (const p of ps) {
    for (const [s, v] of Object.entries(p.counts) as [Suit, number][]) raise(counts, s, v);
    for (const [s, v] of Object.entries(p.decisive) as [Suit, number][]) raise(decisive, s, v);
  }
  return { label: tl(l, 'pk.group', { members: ps.map((p) => p.label).join(', ') }), counts, decisive, creature: ps.some((p) => p.creature) };
}

/** Spot counts per suit: the highest value among the cards of that suit that apply, not their sum. */
export function parlorCounts(e: ParlorEntity): Counts {
  return { ...profileOf(e).counts };
}

export function parlorGroupCounts(members: ParlorEntity[]): Counts {
  return { ...groupProfile(members).counts };
}

export interface Comparison {
  ranks: Suit[];
  outranks: boolean;
  trumps: boolean;
  bonus: { power: number; toughness: number };
  reason: string;
  /** The difference in spots that sets the bonus (0 when a neither outranks nor trumps). */
  d: number;
}

const fmt = (s: Suit, v: number) => `${SUIT_SYMBOL[s]}${v}`;
const countsText = (c: Counts, l: Locale) => (Object.entries(c) as [Suit, number][]).map(([s, v]) => fmt(s, v)).join(', ') || tl(l, 'pk.noCount');
export const bonusFromD = (d: number) => Math.min(3, Math.ceil(d / 2));

function compareProfiles(a: Profile, b: Profile, trump: Suit | null, l: Locale = 'en'): Comparison {
  const ranks: Suit[] = [];
  const none = { power: 0, toughness: 0 };
  const aT = trump ? (a.counts[trump] ?? 0) : 0;
  const bT = trump ? (b.counts[trump] ?? 0) : 0;
  const shared = (Object.keys(a.counts) as Suit[]).filter((s) => b.counts[s] !== undefined);
  const sharedRanks = () => shared.filter((s) => a.counts[s]! > b.counts[s]!);

  if (trump && (aT > 0 || bT > 0)) {
    const trumps = aT > bT;
    if (bT === 0) ranks.push(...sharedRanks());
    const d = trumps ? aT - bT : 0;
    const bonus = trumps && a.creature && b.creature ? { power: bonusFromD(d), toughness: 1 } : none;
    const reason = trumps
      ? tl(l, 'pk.trumps', { a: a.label, b: b.label, suit: SUIT_SYMBOL[trump], aT: fmt(trump, aT), bT: bT ? fmt(trump, bT) : tl(l, 'pk.none') })
      : bT > 0
        ? tl(l, 'pk.onlyTrumped', { b: b.label, suit: SUIT_SYMBOL[trump], bT, a: a.label, aT: aT ? fmt(trump, aT) : tl(l, 'pk.noTrump') })
        : tl(l, 'pk.trumpNoWin', { a: a.label, b: b.label });
    return { ranks, outranks: false, trumps, bonus, reason, d };
  }

  ranks.push(...sharedRanks());
  if (!shared.length) {
    const why = !Object.keys(b.counts).length
      ? tl(l, 'pk.bNoCount', { b: b.label })
      : !Object.keys(a.counts).length
        ? tl(l, 'pk.aNoCount', { a: a.label })
        : tl(l, 'pk.noShared', { a: a.label, ac: countsText(a.counts, l), b: b.label, bc: countsText(b.counts, l) });
    return { ranks, outranks: false, trumps: false, bonus: none, reason: why, d: 0 };
  }
  const bTop = Math.max(...shared.map((s) => b.counts[s]!));
  let best: { suit: Suit; d: number } | null = null;
  for (const s of shared) {
    const v = a.decisive[s];
    if (v !== undefined && v > b.counts[s]! && v > bTop) {
      const d = v - b.counts[s]!;
      if (!best || d > best.d) best = { suit: s, d };
    }
  }
  const outranks = best !== null;
  const bonus = outranks && a.creature && b.creature ? { power: bonusFromD(best!.d), toughness: 1 } : none;
  let reason: string;
  if (best) {
    reason = tl(l, 'pk.outranks', {
      a: a.label,
      b: b.label,
      top: fmt(best.suit, a.decisive[best.suit]!),
      theirs: fmt(best.suit, b.counts[best.suit]!),
      shared: shared.map((s) => fmt(s, b.counts[s]!)).join(', '),
      d: best.d,
    });
  } else if (ranks.length) {
    reason = tl(l, 'pk.ranksNot', {
      a: a.label,
      b: b.label,
      suits: ranks.map((s) => `${SUIT_SYMBOL[s]} (${tl(l, 'pk.against', { a: a.counts[s]!, b: b.counts[s]! })})`).join(', '),
      counts: countsText(Object.fromEntries(shared.map((s) => [s, b.counts[s]])), l),
    });
  } else {
    const level = shared.filter((s) => a.counts[s] === b.counts[s]);
    reason = level.length
      ? tl(l, level.length < shared.length ? 'pk.levelElse' : 'pk.level', {
          a: a.label,
          b: b.label,
          pairs: level.map((s) => tl(l, 'pk.against', { a: fmt(s, a.counts[s]!), b: fmt(s, b.counts[s]!) })).join(', '),
        })
      : tl(l, 'pk.lower', {
          a: a.label,
          b: b.label,
          pairs: shared.map((s) => tl(l, 'pk.against', { a: fmt(s, a.counts[s]!), b: fmt(s, b.counts[s]!) })).join(', '),
        });
  }
  return { ranks, outranks, trumps: false, bonus, reason, d: best?.d ?? 0 };
}

const checkTrump = (trump: Suit | null | undefined): Suit | null => {
  if (trump === undefined || trump === null) return null;
  if (trump !== 'H' && trump !== 'D' && trump !== 'S' && trump !== 'C') throw new Error(`parlor: trump must be H, D, S, C or null (got ${String(trump)})`);
  return trump;
};

/** How a relates to b: suits in which a ranks b, outranking, trumping, a's combat bonus, in words. */
export function parlorCompare(a: ParlorEntity, b: ParlorEntity, trump?: Suit | null, l: Locale = 'en'): Omit<Comparison, 'd'> & { d: number } {
  return compareProfiles(profileOf(a), profileOf(b), checkTrump(trump), l);
}

/** The same, for a group (blockers, or all unblocked attackers) against one entity, or the other way round. */
export function parlorCompareGroups(a: ParlorEntity[], b: ParlorEntity[], trump?: Suit | null, l: Locale = 'en'): Comparison {
  return compareProfiles(groupProfile(a, l), groupProfile(b, l), checkTrump(trump), l);
}

/**
 * Domain Defense against all unblocked attackers: when the defense outranks or trumps their group,
 * the ruler prevents 1 damage in all and deals 1..3 among them; when the group outranks or trumps
 * the defense, it shares a Power bonus of 1..3 among its members.
 */
export function parlorDomainDefense(defense: ParlorEntity, attackers: ParlorEntity[], trump?: Suit | null, l: Locale = 'en') {
  const t = checkTrump(trump);
  const d = groupProfile([defense], l);
  d.label = profileOf(defense).label;
  const g = groupProfile(attackers, l);
  const def = compareProfiles(d, g, t, l);
  const att = compareProfiles(g, d, t, l);
  return {
    defenseWins: def.outranks || def.trumps,
    prevented: def.outranks || def.trumps ? 1 : 0,
    damageToAttackers: def.outranks || def.trumps ? bonusFromD(def.d) : 0,
    attackersPowerBonus: att.outranks || att.trumps ? bonusFromD(att.d) : 0,
    reason: def.outranks || def.trumps ? def.reason : att.outranks || att.trumps ? att.reason : `${def.reason} ${att.reason}`,
  };
}

// ---- court abilities ----

export type CourtAbility = 'Volley' | 'Sally' | 'Harry' | 'Ally' | 'Carry';

const ABILITIES: Record<string, CourtAbility[]> = {
  JC: ['Volley'],
  JS: ['Volley'],
  KH: ['Sally'],
  KC: ['Sally', 'Ally'],
  KS: ['Sally'],
  JH: ['Harry'],
  KD: ['Harry'],
  JD: ['Harry'],
  QS: ['Ally', 'Carry'],
  QH: ['Carry'],
  QD: ['Carry'],
  QC: ['Carry'],
};

/** What each court ability does, in the UI's language. */
export const abilityText = (a: CourtAbility, l: Locale = 'en'): string => tl(l, `pk.ab.${a}` as Key);

export function courtAbilities(card: string): CourtAbility[] {
  const c = parlorCard(card);
  return ABILITIES[`${c.rank}${c.suit}`] ?? [];
}

/** Suits and colours the target may be qualified by: its base suit or any Ech on it. */
function targetSuits(e: ParlorEntity): Suit[] {
  return Object.keys(profileOf(e).counts) as Suit[];
}

/**
 * Whether a court ability works against its target: it fails when the target ranks or trumps the
 * activating creature; the target must also qualify (suit or colour, by its base suit or an Ech).
 */
export function parlorAbility(activator: ParlorEntity, target: ParlorEntity, ability: CourtAbility, trump: Suit | null = null, petals = 0, l: Locale = 'en') {
  const act = parlorCard(activator.card ?? '');
  if (!courtAbilities(activator.card!).includes(ability)) return { works: false, reason: tl(l, 'pk.hasNo', { card: cardLabel(act), ability }) };
  if (ability === 'Carry') {
    const works = parlorCanCarry(activator, target, trump, petals);
    return { works, reason: tl(l, works ? 'pk.canCarry' : 'pk.cannotCarry', { card: cardLabel(act) }) };
  }
  const suits = targetSuits(target);
  const qualifies =
    ability === 'Ally'
      ? suits.includes(act.suit)
      : ability === 'Sally'
        ? suits.some((s) => colourOf(s) === colourOf(act.suit))
        : ability === 'Harry'
          ? suits.some((s) => colourOf(s) !== colourOf(act.suit))
          : true;
  if (!qualifies) return { works: false, reason: tl(l, 'pk.notQualify', { ability, text: abilityText(ability, l) }) };
  const back = compareProfiles(profileOf(target), profileOf(activator), checkTrump(trump), l);
  if (back.trumps || back.ranks.length) return { works: false, reason: tl(l, 'pk.fails', { ability, card: cardLabel(act), reason: back.reason }) };
  return { works: true, reason: tl(l, 'pk.works', { ability, text: abilityText(ability, l) }) };
}

/**
 * Carry: false for a land of the other colour. Against a land of the Queen's own suit she needs a
 * trump Ech greater than the land's count in the trump suit (its trump Echs, its own value when its
 * suit is trump; an equal one is not enough: the seed's "greater than any on the land"), or an Ech
 * of her own suit whose spots plus the corsage's petals reach the land's count in that suit. Against
 * a land of the other suit of her colour, the general test: the land must not rank or trump her.
 */
export function parlorCanCarry(queen: ParlorEntity, land: ParlorEntity, trump: Suit | null, petals: number): boolean {
  const q = parlorCard(queen.card ?? '');
  const landCard = parlorCard(land.card ?? '');
  if (q.rank !== 'Q' || landCard.type !== 'land') return false;
  if (colourOf(q.suit) !== colourOf(landCard.suit)) return false;
  const t = checkTrump(trump);
  if (landCard.suit !== q.suit) {
    const back = compareProfiles(profileOf(land), profileOf(queen), t);
    return !(back.trumps || back.ranks.length);
  }
  const echs = (queen.echs ?? []).map(ech);
  const landCounts = profileOf(land).counts;
  const trumpEch = t ? Math.max(0, ...echs.filter((x) => x.suit === t).map((x) => Number(x.rank))) : 0;
  if (t && trumpEch > (landCounts[t] ?? 0)) return true;
  const own = Math.max(0, ...echs.filter((x) => x.suit === q.suit).map((x) => Number(x.rank)));
  const p = Number.isFinite(petals) && petals > 0 ? Math.floor(petals) : 0;
  return own > 0 && own + p >= (landCounts[q.suit] ?? 0);
}

// ---- counterspells, the Trumps stack, land mana ----

export type CounterTarget = 'ech' | 'creature' | 'land' | 'domain';

/**
 * A counterspell (an Ech) cast at a target: legal when it ranks a single Ech, outranks a creature,
 * trumps a land (trumping satisfies the Ech and creature cases too). Its damage is its outranking
 * bonus; the caster's Ech goes to their Discard; the removed cards to Recycle or Discard.
 */
export function parlorCounterspell(counter: string, target: ParlorEntity, kind: CounterTarget, trump: Suit | null = null, l: Locale = 'en') {
  const c = ech(counter);
  const cmp = compareProfiles(profileOf({ card: counter }), profileOf(target), checkTrump(trump), l);
  const legal = kind === 'ech' ? cmp.ranks.length > 0 || cmp.trumps : kind === 'creature' || kind === 'domain' ? cmp.outranks || cmp.trumps : cmp.trumps;
  const need = kind === 'ech' ? 'rank' : kind === 'land' ? 'trump' : 'outrank';
  const damage = legal && (cmp.outranks || cmp.trumps) && kind !== 'ech' && kind !== 'land' ? bonusFromD(cmp.d) : 0;
  return {
    legal,
    damage,
    removedTo: !legal ? null : cmp.trumps ? ('discard' as const) : ('recycle' as const),
    counterTo: 'discard' as const,
    reason: legal
      ? tl(l, 'pk.mayCounter', { card: cardLabel(c), reason: cmp.reason })
      : tl(l, need === 'rank' ? 'pk.mustRank' : need === 'trump' ? 'pk.mustTrump' : 'pk.mustOutrank', { reason: cmp.reason }),
  };
}

/** An Ech may go on the Trumps stack only if its value is at least the top card's. */
export function canPlayOnTrumps(echCard: string, top: string | null): boolean {
  const e = ech(echCard);
  return top === null || Number(e.rank) >= Number(ech(top).rank);
}

/** Tapping a land gives 1 mana of its suit, or of the trump suit when it carries an Ech of the trump suit. */
export function landMana(land: ParlorEntity, trump: Suit | null = null): Suit {
  const card = parlorCard(land.card ?? '');
  if (card.type !== 'land') throw new Error(`parlor: ${cardLabel(card)} is not a land (lands are the 7–10 cards)`);
  if (trump && (land.echs ?? []).map(ech).some((x) => x.suit === trump)) return trump;
  return card.suit;
}
