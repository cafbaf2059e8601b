/**
 * Whose turn a When Sparks Fly match says it is, from the thread's last state post (its log,
 * rebuilt): the bidder's decision in an auction, the auction's winner to remove or add a card (or
 * decline), the players who have not played, nobody once the match is over. Each wait counts from
 * that state post. Where the organiser's own table runs the seed's clock for that very position,
 * the clock's end is the wait's deadline.
 */
import type { Said } from '../../i18n';
import type { GameTurnsOf, GameWait, TurnsInput } from '../game';
import { waitingFor } from './clock';
import type { MatchState, Player } from './engine';
import { LOG_MARK } from './log-text';
import { SparksFlyTableSchema } from './stored';
import { checkStatePosts } from './thread';

const said = (key: Said['key'], values: Said['values'] = {}): Said => ({ key, values });

/** The clock's end (Unix seconds) when the organiser's table runs it for the match at `events` events; else undefined. */
function clockEnd(table: unknown, events: number, kind: 'decision' | 'play'): number | undefined {
  const parsed = SparksFlyTableSchema.safeParse(table);
  const clock = parsed.success ? parsed.data.clock : undefined;
  if (!clock?.settings.on || !clock.run || clock.run.at !== events || clock.run.pausedAt !== null) return undefined;
  const total = (kind === 'decision' ? clock.settings.decision : clock.settings.play) * 1000;
  return Math.round((clock.run.startedAt + clock.run.paused + total) / 1000);
}

function matchWaits(m: MatchState, name: (p: Player) => string, since: number, due: (kind: 'decision' | 'play') => number | undefined): GameWait[] {
  const at = (p: Player, key: Said['key'], kind?: 'decision' | 'play'): GameWait => {
    const end = kind ? due(kind) : undefined;
    return { name: name(p), since, what: said(key, { name: name(p) }), ...(end !== undefined ? { due: end } : {}) };
  };
  if (m.step === 'auction' && m.won) return [at(m.won.player, m.auction === 'add' ? 'tu.sf.add' : 'tu.sf.remove')];
  const waiting = waitingFor(m);
  if (!waiting) return [];
  return waiting.kind === 'decision' ? [at(waiting.players[0]!, 'tu.sf.decide', 'decision')] : waiting.players.map((p) => at(p, 'tu.sf.play', 'play'));
}

export function sparksFlyTurns(input: TurnsInput): GameTurnsOf | null {
  const own = input.tablePosts.filter((p) => p.text.includes(LOG_MARK)).map((p) => ({ number: p.post, text: p.text }));
  const last = checkStatePosts(own).findLast((c) => c.match && c.log);
  if (!last?.match || !last.log) return null;
  const m = last.match;
  const names = last.log.names ?? {};
  const name = (p: Player) => names[p] ?? p;
  if (m.step === 'over') return { step: said('tu.sf.over', { name: m.winner === 'A' || m.winner === 'B' ? name(m.winner) : (m.winner ?? '—') }), waits: [] };
  const step = said(m.step === 'play' ? 'tu.sf.step.play' : 'tu.sf.step.auction', { round: m.round });
  return { step, waits: matchWaits(m, name, last.post, (kind) => clockEnd(input.table, last.events, kind)) };
}
