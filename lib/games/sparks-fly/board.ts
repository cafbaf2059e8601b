/**
 * The DMO's board: per card type, a slot per card each player has had, coloured by where the
 * card is (green in hand, red in discard, blue no card); the offer row only in add auctions.
 * The same rows feed the panel view and the state post (a post document; each forum writes it).
 */
import { type Locale, tl } from '../../i18n';
import { b, clip, type ColourRole, coloured, fill, type Inline, type PostDoc, line, small } from '../../post/doc';
import { cardKey } from './cards';
import { PLAYERS, type MatchState, type Player } from './engine';
import { formatLogText, type LogWithNames } from './log-text';

export type SlotZone = 'hand' | 'discard' | 'none';
export interface Slot {
  zone: SlotZone;
  /** The instance's number when a Buff changed it. */
  number: number | null;
}
export interface BoardRow {
  card: string;
  slots: Record<Player, Slot[]>;
}

export function boardRows(m: MatchState): BoardRow[] {
  const order: string[] = [];
  const byType = new Map<string, { card: string; of: Record<Player, MatchState['cards']['A']> }>();
  for (const p of PLAYERS) {
    for (const c of m.cards[p]) {
      const k = cardKey(c.type.name);
      if (!byType.has(k)) {
        byType.set(k, { card: c.type.name, of: { A: [], B: [] } });
        order.push(k);
      }
      byType.get(k)!.of[p].push(c);
    }
  }
  return order.map((k) => {
    const { card, of } = byType.get(k)!;
    const width = Math.max(of.A.length, of.B.length);
    const slots = (p: Player): Slot[] => {
      const rank = { hand: 0, discard: 1, removed: 2 } as const;
      const sorted = [...of[p]].sort((a, b) => rank[a.zone] - rank[b.zone]);
      const out: Slot[] = sorted.map((c) => ({ zone: c.zone === 'removed' ? 'none' : c.zone, number: c.n !== c.type.printed ? c.n : null }));
      while (out.length < width) out.push({ zone: 'none', number: null });
      return out;
    };
    return { card, slots: { A: slots('A'), B: slots('B') } };
  });
}

const count = (m: MatchState, p: Player, zone: 'hand' | 'discard') => m.cards[p].filter((c) => c.zone === zone).length;

/**
 * The board's one-line summary, in a fixed form that a reader checks against the log: always
 * English in a post (every reader parses it); `summaryText` is the same in the UI's language.
 */
export function summaryLine(m: MatchState): string {
  const side = (p: Player) => `${p} ${m.sparks[p]} Sparks (${count(m, p, 'hand')} in hand, ${count(m, p, 'discard')} in discard)`;
  const where =
    m.step === 'over'
      ? `Over: ${m.winner === 'DMO' ? 'the DMO wins' : `${m.winner} wins`}`
      : `Round ${m.round} · ${m.auction} auction${m.step === 'play' ? ' · play phase' : ''}`;
  return `${where} · ${side('A')} · ${side('B')}`;
}

/** The summary in the UI's language, for the panel (never posted). */
export function summaryText(m: MatchState, l: Locale): string {
  const side = (p: Player) => tl(l, 'sb.side', { player: p, sparks: m.sparks[p], hand: count(m, p, 'hand'), discard: count(m, p, 'discard') });
  const where =
    m.step === 'over'
      ? m.winner === 'DMO'
        ? tl(l, 'sb.overDmo')
        : tl(l, 'sb.over', { player: String(m.winner) })
      : `${tl(l, m.auction === 'remove' ? 'sb.roundRemove' : 'sb.roundAdd', { round: m.round })}${m.step === 'play' ? tl(l, 'sb.playPhase') : ''}`;
  return `${where} · ${side('A')} · ${side('B')}`;
}

export interface PostedSummary {
  over: boolean;
  winner: string | null;
  round: number | null;
  auction: 'remove' | 'add' | null;
  play: boolean;
  sparks: Record<Player, number>;
  hand: Record<Player, number>;
  discard: Record<Player, number>;
}

/** Read a summary line back from a post's text; null when there is none. */
export function readSummaryLine(text: string): PostedSummary | null {
  const side = (p: Player) => new RegExp(`${p} (-?\\d{1,7}) Sparks \\((\\d{1,3}) in hand, (\\d{1,3}) in discard\\)`).exec(text);
  const a = side('A');
  const b = side('B');
  if (!a || !b) return null;
  const over = /Over: (?:the (DMO) wins|([AB]) wins)/.exec(text);
  const round = /Round (\d{1,4}) · (remove|add) auction( · play phase)?/.exec(text);
  if (!over && !round) return null;
  return {
    over: !!over,
    winner: over ? (over[1] ?? over[2] ?? null) : null,
    round: round ? Number(round[1]) : null,
    auction: round ? (round[2] as 'remove' | 'add') : null,
    play: !!round?.[3],
    sparks: { A: Number(a[1]), B: Number(b[1]) },
    hand: { A: Number(a[2]), B: Number(b[2]) },
    discard: { A: Number(a[3]), B: Number(b[3]) },
  };
}

/** Does the posted summary say what the replayed match says? The differences, in words. */
export function summaryDifferences(posted: PostedSummary, m: MatchState, l: Locale = 'en'): string[] {
  const diffs: string[] = [];
  for (const p of PLAYERS) {
    if (posted.sparks[p] !== m.sparks[p]) diffs.push(tl(l, 'sb.diffSparks', { player: p, n: m.sparks[p], posted: posted.sparks[p] }));
    if (posted.hand[p] !== count(m, p, 'hand')) diffs.push(tl(l, 'sb.diffHand', { player: p, n: count(m, p, 'hand'), posted: posted.hand[p] }));
    if (posted.discard[p] !== count(m, p, 'discard')) diffs.push(tl(l, 'sb.diffDiscard', { player: p, n: count(m, p, 'discard'), posted: posted.discard[p] }));
  }
  if (posted.over !== (m.step === 'over')) diffs.push(m.step === 'over' ? tl(l, 'sb.overByLog') : tl(l, 'sb.notOverByLog'));
  else if (posted.over && posted.winner !== m.winner) diffs.push(tl(l, 'sb.winnerByLog', { player: String(m.winner) }));
  if (!posted.over && m.step !== 'over') {
    if (posted.round !== m.round) diffs.push(tl(l, 'sb.roundByLog', { round: m.round }));
    if (posted.auction !== m.auction) diffs.push(tl(l, 'sb.auctionByLog', { auction: tl(l, m.auction === 'remove' ? 'sb.remove' : 'sb.add') }));
  }
  return diffs;
}

const SLOT_ROLE: Record<SlotZone, ColourRole> = { hand: 'hand', discard: 'discard', none: 'empty' };

/** A player's slots of one card type: a coloured square each, with the number a Buff gave it. */
const slotCells = (slots: Slot[]): Inline[] =>
  slots.flatMap((s, n) => [...(n ? [' '] : []), coloured(SLOT_ROLE[s.zone], `■${s.number !== null ? `[${s.number}]` : ''}`)]);

/**
 * The state post: summary, the board, the offer (add auctions), a legend and the log. The
 * summary line and the log stay in their fixed form (readers parse them); the rest is in `l`, the
 * thread's language.
 */
export function statePost(m: MatchState, log: LogWithNames, l: Locale = 'en'): PostDoc {
  const name = (p: Player) => (log.names?.[p] ? `${p} · ${clip(log.names[p]!, 60)}` : p);
  const rows = boardRows(m).map((r) => [[clip(r.card, 60)], slotCells(r.slots.A), slotCells(r.slots.B)]);
  const post: PostDoc = [line(b('When Sparks Fly'), ` — ${summaryLine(m)}`), { table: { head: [[tl(l, 'sb.cards')], [name('A')], [name('B')]], rows } }];
  if (m.step === 'auction' && m.auction === 'add' && m.offer)
    post.push(line(...fill(l, 'sb.offered', { head: b(tl(l, 'sb.offered.head')), cards: m.offer.map((c) => clip(c, 60)).join(' · ') })));
  const legend = {
    hand: coloured('hand', tl(l, 'sb.legend.hand')),
    discard: coloured('discard', tl(l, 'sb.legend.discard')),
    none: coloured('empty', tl(l, 'sb.legend.none')),
  };
  post.push(line(small(...fill(l, 'sb.legend', legend))));
  if (m.step === 'auction' && m.turn)
    post.push(
      line(small(m.high ? tl(l, 'sb.toBidHigh', { player: m.turn, amount: m.high.amount, by: m.high.player }) : tl(l, 'sb.toBid', { player: m.turn }))),
    );
  post.push({ data: formatLogText(log) });
  return post;
}
