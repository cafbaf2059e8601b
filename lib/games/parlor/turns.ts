/**
 * Whose turn a Parlor Magic game says it is, from the thread's game lines (its latest game): the
 * rulers' commitments, each opening seven, whose turn to begin, draw, play, block or resolve
 * combat, a draw (or an opening) that waits for the opponent's nonce, and after a win the
 * reveals still owed. Every wait counts from the post of the game's last move.
 */
import type { Said } from '../../i18n';
import type { GameTurnsOf, GameWait, TurnsInput } from '../game';
import { other, type ParlorTable, type Ruler } from './model';
import { foldParlorThread, type ParlorGame, parlorGameStarts, type ThreadPost } from './thread';

const said = (key: Said['key'], values: Said['values'] = {}): Said => ({ key, values });

/** The post of the game's last move: its latest event, commitment, or reveal. */
function lastMove(g: ParlorGame): number {
  const posts = [g.from, ...g.events.map((e) => e.post)];
  for (const r of ['A', 'B'] as const) {
    const info = g.rulers[r];
    if (info) posts.push(info.commitPost, info.revealedAt ?? 0);
  }
  return Math.max(...posts);
}

/** Who the table waits on in its phase (the rulers' names known), and for what. */
function phaseWaits(g: ParlorGame, name: (r: Ruler) => string, since: number): GameWait[] {
  const t: ParlorTable = g.table;
  const wait = (r: Ruler, key: Said['key'], values: Said['values'] = {}): GameWait => ({ name: name(r), since, what: said(key, { name: name(r), ...values }) });
  /** `r`'s deal or draw needs the opponent's nonce posted after r's commitment: until then the opponent is waited on. */
  const dealOrDraw = (r: Ruler, key: Said['key']) => (g.nextNonce[r] ? wait(r, key) : wait(other(r), 'tu.pa.nonce', { drawer: name(r) }));
  switch (t.phase) {
    case 'setup':
      // The second ruler's opening seven waits for the first's nonce (the first's own opening post).
      return (['A', 'B'] as const).filter((r) => !t.dealt[r]).map((r) => dealOrDraw(r, 'tu.pa.opening'));
    case 'between': {
      const turns = t.turns.A + t.turns.B;
      const last: Ruler = t.turns.A === t.turns.B ? other(t.first) : t.turns.A > t.turns.B ? 'A' : 'B';
      return [wait(turns === 0 ? t.first : other(last), 'tu.pa.turn')];
    }
    case 'draw':
      return t.turn ? [dealOrDraw(t.turn, 'tu.pa.draw')] : [];
    case 'main':
      return t.turn ? [wait(t.turn, 'tu.pa.play')] : [];
    case 'blocks':
      return t.combat ? [wait(other(t.combat.attacker), 'tu.pa.block')] : [];
    case 'combat':
      return t.combat ? [wait(t.combat.attacker, 'tu.pa.damage')] : [];
    default:
      return [];
  }
}

export function parlorTurns(input: TurnsInput): GameTurnsOf | null {
  const posts: ThreadPost[] = input.tablePosts.map((p) => ({ number: p.post, author: p.author, text: p.text }));
  const starts = parlorGameStarts(posts);
  if (!starts.length) return null;
  const g = foldParlorThread(posts, { from: starts.at(-1)! });
  const name = (r: Ruler) => g.rulers[r]?.name ?? r;
  const since = lastMove(g);
  if (!g.rulers.B) return { step: said('tu.pa.step.commit', { name: name('A') }), waits: [] };
  if (g.result.winner) {
    const winner = name(g.result.winner);
    const waits = g.result.unrevealed.map((r) => ({ name: name(r), since, what: said('tu.pa.reveal', { name: name(r) }) }));
    return { step: said('tu.pa.step.won', { name: winner }), waits };
  }
  const turn = g.table.turn ? name(g.table.turn) : '';
  return { step: said(`tu.pa.phase.${g.table.phase}`, { name: turn }), waits: phaseWaits(g, name, since) };
}
