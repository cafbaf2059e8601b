/**
 * Whose turn a Spark d10 duel says it is. The GM's turn tracker (the duel table's turn: whose,
 * and which of the nine steps) says it where the GM runs it; otherwise the thread's rolls do:
 * - Seize the initiative: every duelist without a Speed roll, since the post that opened the duel
 *   (the last post before the duelists' first that is not theirs).
 * - Combat: a Damage roll between two duelists owes the other one a Toughness roll, since it.
 * - Otherwise the duelist whose turn it is (a turn counts from its Draw roll, as the fold counts
 *   it; before any, the first in initiative), at the step of their latest roll since that Draw.
 * A duelist is waited on since the first post after their own last one (or their own last post,
 * when no one has posted since: they are in the middle of their turn).
 */
import { foldedName } from '../../chars';
import type { Key, Said } from '../../i18n';
import type { GameTurnsOf, GameWait, TurnsInput } from '../game';
import { DuelTableSchema } from './stored';

const said = (key: Key, values: Said['values'] = {}): Said => ({ key, values });
const stepSaid = (n: number): Said => ({ key: `step.${Math.min(8, Math.max(0, n))}` as Key });

/** The step each kind of roll is made in. */
const STEP_OF: Record<string, number> = { 'starting-hand': 1, draw: 4, channel: 5, damage: 7, toughness: 7 };

type Posts = TurnsInput['posts'];
type Rolls = TurnsInput['rolls'];

/** The post a duelist is waited on since: the first after their own last post, else that post. */
function sinceFor(posts: Posts, name: string): number {
  const own = posts.findLast((p) => foldedName(p.author) === name);
  const next = posts.find((p) => p.number > (own?.number ?? -Infinity) && foldedName(p.author) !== name);
  return next?.number ?? own?.number ?? posts.at(-1)?.number ?? 0;
}

/** The post that opened the duel: the last post before the duelists' first that is not theirs (else the first post). */
function opening(posts: Posts, players: ReadonlySet<string>): number {
  const first = posts.findIndex((p) => players.has(foldedName(p.author)));
  const before = posts.slice(0, Math.max(0, first)).findLast((p) => !players.has(foldedName(p.author)));
  return before?.number ?? posts[0]?.number ?? 0;
}

/** A Toughness roll owed: the last Damage roll of a two-duelist duel, not yet answered by the other's Toughness roll. */
function toughnessOwed(rolls: Rolls, players: readonly string[]): GameWait | null {
  if (players.length !== 2) return null;
  const damage = rolls.findLast((r) => r.kind === 'damage');
  if (!damage) return null;
  const defender = players.find((p) => p !== foldedName(damage.author));
  if (!defender || rolls.some((r) => r.post > damage.post && r.kind === 'toughness' && foldedName(r.author) === defender)) return null;
  return { name: defender, since: damage.post, what: said('tu.duel.toughness', { name: defender, post: damage.post }) };
}

/** Whose turn the rolls say, and the step: the latest Draw's duelist at their latest roll's step since it. */
function fromRolls(rolls: Rolls, order: readonly string[], players: readonly string[]): { active: string; step: number } {
  const draw = rolls.findLast((r) => r.kind === 'draw');
  if (!draw) {
    const hands = new Set(rolls.filter((r) => r.kind === 'starting-hand').map((r) => foldedName(r.author)));
    return { active: order[0] ?? players[0]!, step: players.every((p) => hands.has(p)) ? 2 : 1 };
  }
  const active = foldedName(draw.author);
  const since = rolls.filter((r) => r.post >= draw.post && foldedName(r.author) === active && r.kind in STEP_OF);
  return { active, step: Math.max(4, ...since.map((r) => STEP_OF[r.kind]!)) };
}

export function duelTurns(input: TurnsInput): GameTurnsOf | null {
  const players = [...new Set((input.seen?.players ?? []).map(foldedName))];
  const order = (input.seen?.order ?? []).map(foldedName);
  const parsed = DuelTableSchema.safeParse(input.table);
  const turn = parsed.success ? parsed.data.turn : null;
  const runs = !!turn && (turn.active !== null || turn.step > 0);
  if (!players.length && !runs) return null;
  const known = new Set(players);
  const rolls = input.rolls.filter((r) => known.has(foldedName(r.author)));
  const speedless = players.filter((p) => !order.includes(p));
  if ((!runs || turn!.step === 0) && speedless.length) {
    const since = opening(input.posts, known);
    return { step: stepSaid(0), waits: speedless.map((name) => ({ name, since, what: said('tu.duel.speed', { name }) })) };
  }
  const owed = toughnessOwed(rolls, players);
  if (owed && (!runs || turn!.step === 7)) return { step: stepSaid(7), waits: [owed] };
  const { active, step } = runs ? { active: foldedName(turn!.active ?? order[0] ?? players[0] ?? ''), step: turn!.step } : fromRolls(rolls, order, players);
  if (!active) return { step: stepSaid(step), waits: [] };
  const what = said('tu.duel.turn', { name: active, step: stepSaid(step) });
  return { step: stepSaid(step), waits: [{ name: active, since: sinceFor(input.posts, active), what }] };
}
