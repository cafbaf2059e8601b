/**
 * The DMO's board: per card type, a slot per card each player has had, coloured by where the
 * card is (green in hand, red in discard, blue no card); the offer row only in add auctions.
 * The same rows feed the panel view and the state post in RPOL's markup.
 */
import { t, tl, uiLocale, type Locale } from '../../i18n';
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
export function summaryText(m: MatchState, l: Locale = uiLocale()): string {
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
export function summaryDifferences(posted: PostedSummary, m: MatchState): string[] {
  const diffs: string[] = [];
  for (const p of PLAYERS) {
    if (posted.sparks[p] !== m.sparks[p]) diffs.push(t('sb.diffSparks', { player: p, n: m.sparks[p], posted: posted.sparks[p] }));
    if (posted.hand[p] !== count(m, p, 'hand')) diffs.push(t('sb.diffHand', { player: p, n: count(m, p, 'hand'), posted: posted.hand[p] }));
    if (posted.discard[p] !== count(m, p, 'discard')) diffs.push(t('sb.diffDiscard', { player: p, n: count(m, p, 'discard'), posted: posted.discard[p] }));
  }
  if (posted.over !== (m.step === 'over')) diffs.push(m.step === 'over' ? t('sb.overByLog') : t('sb.notOverByLog'));
  else if (posted.over && posted.winner !== m.winner) diffs.push(t('sb.winnerByLog', { player: String(m.winner) }));
  if (!posted.over && m.step !== 'over') {
    if (posted.round !== m.round) diffs.push(t('sb.roundByLog', { round: m.round }));
    if (posted.auction !== m.auction) diffs.push(t('sb.auctionByLog', { auction: t(m.auction === 'remove' ? 'sb.remove' : 'sb.add') }));
  }
  return diffs;
}

const SLOT_TAG: Record<SlotZone, string> = { hand: 'Green', discard: 'Red', none: 'Blue' };
const plain = (s: string) =>
  s
    .replace(/[<>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);

/**
 * The state post in RPOL's markup: summary, the board, the offer (add auctions), a legend and the
 * log. The summary line and the log stay in their fixed form (readers parse them); the rest is in
 * `l`, the thread's language.
 */
export function statePost(m: MatchState, log: LogWithNames, l: Locale = 'en'): string {
  const name = (p: Player) => (log.names?.[p] ? `${p} · ${plain(log.names[p]!)}` : p);
  const cell = (slots: Slot[]) => slots.map((s) => `<${SLOT_TAG[s.zone]}>■${s.number !== null ? `[${s.number}]` : ''}</${SLOT_TAG[s.zone]}>`).join(' ');
  const rows = boardRows(m).map((r) => `<tr><td>${plain(r.card)}</td><td>${cell(r.slots.A)}</td><td>${cell(r.slots.B)}</td></tr>`);
  const lines = [
    `<b>When Sparks Fly</b> — ${summaryLine(m)}`,
    `<table><tr>${tl(l, 'sb.cards')}<th>${name('A')}</th><th>${name('B')}</th></tr>${rows.join('')}</table>`,
  ];
  if (m.step === 'auction' && m.auction === 'add' && m.offer) lines.push(tl(l, 'sb.offered', { cards: m.offer.map(plain).join(' · ') }));
  lines.push(tl(l, 'sb.legend'));
  if (m.step === 'auction' && m.turn)
    lines.push(m.high ? tl(l, 'sb.toBidHigh', { player: m.turn, amount: m.high.amount, by: m.high.player }) : tl(l, 'sb.toBid', { player: m.turn }));
  lines.push(`<small>${formatLogText(log)}</small>`);
  return lines.join('\n');
}
