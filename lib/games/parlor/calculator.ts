/**
 * The calculator's comparison of two entities (a card with its Echs, or a Domain Defense) under a
 * trump suit: who ranks, outranks or trumps whom, the combat bonus, and which court abilities
 * work; and the post that states it. Words in the language asked for (the UI's on screen, the
 * thread's in the post).
 */
import { type Key, type Locale, tl } from '../../i18n';
import { b, fill, type PostDoc, line } from '../../post/doc';
import { cardLabel, readParlorCard, SUIT_SYMBOL, type Suit } from './cards';
import { type CourtAbility, courtAbilities, type ParlorEntity, parlorAbility, parlorCompare } from './ranks';

export interface AbilityCheck {
  ability: CourtAbility;
  works: boolean;
  reason: string;
}

export interface Comparison {
  ab: ReturnType<typeof parlorCompare>;
  ba: ReturnType<typeof parlorCompare>;
  aAbilities: AbilityCheck[];
  bAbilities: AbilityCheck[];
}

/** An entity as players read it: "K♥+5♦", or the Domain Defense with its Echs. */
export const entityLabel = (e: ParlorEntity, l: Locale): string =>
  [e.card ? cardLabel(readParlorCard(e.card)!) : tl(l, 'pa.domainDefense'), ...(e.echs ?? []).map((x) => cardLabel(readParlorCard(x)!))].join('+');

/** Carry targets a land; the other court abilities a creature; a Domain Defense is no target. */
function abilities(x: ParlorEntity, y: ParlorEntity, trump: Suit | null, petals: number, l: Locale): AbilityCheck[] {
  const target = y.card ? readParlorCard(y.card)!.type : null;
  if (!x.card || !target || target === 'enchantment') return [];
  return courtAbilities(x.card)
    .filter((ab) => (ab === 'Carry') === (target === 'land'))
    .map((ab) => ({ ability: ab, ...parlorAbility(x, y, ab, trump, petals, l) }));
}

export function compareEntities(a: ParlorEntity, b: ParlorEntity, trump: Suit | null, petals: number, l: Locale): Comparison {
  return {
    ab: parlorCompare(a, b, trump, l),
    ba: parlorCompare(b, a, trump, l),
    aAbilities: abilities(a, b, trump, petals, l),
    bAbilities: abilities(b, a, trump, petals, l),
  };
}

/** The calculator's result as a post, in `l` (the thread's language). */
export function comparisonPost(a: ParlorEntity, bEntity: ParlorEntity, trump: Suit | null, petals: number, l: Locale): PostDoc {
  const r = compareEntities(a, bEntity, trump, petals, l);
  const trumpText = trump ? tl(l, 'pa.trumpIs', { suit: SUIT_SYMBOL[trump] }) : tl(l, 'pa.noTrump');
  const post: PostDoc = [
    line(...fill(l, 'pa.postHead', { head: b(tl(l, 'pa.postHead.head')), a: entityLabel(a, l), b: entityLabel(bEntity, l), trump: trumpText })),
    line(r.ab.reason),
    line(r.ba.reason),
  ];
  for (const [e, c] of [
    [a, r.ab],
    [bEntity, r.ba],
  ] as const) {
    if (c.bonus.power) post.push(line(tl(l, 'pa.inCombat', { name: entityLabel(e, l), power: c.bonus.power, toughness: c.bonus.toughness })));
  }
  for (const x of [...r.aAbilities, ...r.bAbilities])
    post.push(line(tl(l, 'pa.abilityLine', { ability: x.ability, result: tl(l, (x.works ? 'pa.works' : 'pa.fails') as Key), reason: x.reason })));
  return post;
}
