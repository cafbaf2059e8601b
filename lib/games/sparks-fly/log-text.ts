/**
 * The match log as text, carried in every state post so that any reader rebuilds the match from
 * the thread alone. Compact and readable:
 *
 *   Spark Scribe log · When Sparks Fly v1 · sparks 120 · first A · seed "gauntlet-7" ::
 *   A bid 3 | B bid 5 | A fold | B remove "-5 Sparks to Self" |
 *   A play "-3 Sparks to Self" + "Invert Other Card Target" | B miss | offer "X" / "Y" / "Z" |
 *   A add "X" to B | B decline :: end of log
 *
 * Optional header parts: `pool "…" / "…"` (the add-auction pool), `A is "name"`, `B is "name"`.
 * Card names and words are quoted with straight double quotes and may not contain one.
 */
import { discordToText } from '../../post/discord';
import type { Player, SparksFlyEvent, SparksFlyLog } from './engine';

export const LOG_MARK = 'Spark Scribe log · When Sparks Fly v1';
const END = ':: end of log';
const MAX_LOG = 40_000;

export interface LogWithNames extends SparksFlyLog {
  names?: Partial<Record<Player, string>>;
}

const clean = (s: string) =>
  s
    .replace(/["<>`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
const q = (s: string) => `"${clean(s)}"`;

function eventText(e: SparksFlyEvent): string {
  if ('bid' in e) return `${e.bid} bid ${e.amount}`;
  if ('fold' in e) return `${e.fold} fold${e.clock ? ' (clock)' : ''}`;
  if ('offer' in e) return `offer ${e.offer.map(q).join(' / ')}`;
  if ('remove' in e) return `${e.remove} remove ${q(e.card)}`;
  if ('add' in e) return `${e.add} add ${q(e.card)} to ${e.to}`;
  if ('decline' in e) return `${e.decline} decline`;
  if ('play' in e) return `${e.play} play ${q(e.cards[0])} + ${q(e.cards[1])}${e.first ? ` first ${q(e.first)}` : ''}`;
  return `${e.miss} miss${e.clock ? ' (clock)' : ''}`;
}

export function formatLogText(log: LogWithNames): string {
  const head = [LOG_MARK, `sparks ${log.sparks ?? 120}`, `first ${log.firstBidder}`];
  if (log.seed !== undefined) head.push(`seed ${q(log.seed)}`);
  if (log.pool) head.push(`pool ${log.pool.map(q).join(' / ')}`);
  for (const p of ['A', 'B'] as const) if (log.names?.[p]) head.push(`${p} is ${q(log.names[p]!)}`);
  return `${head.join(' · ')} :: ${log.events.map(eventText).join(' | ')} ${END}`;
}

const P = '([AB])';
const QS = '"([^"]{1,120})"';
const EVENT_PATTERNS: [RegExp, (m: RegExpExecArray) => SparksFlyEvent][] = [
  [new RegExp(`^${P} bid (\\d{1,7})$`), (m) => ({ bid: m[1] as Player, amount: Number(m[2]) })],
  [new RegExp(`^${P} fold( \\(clock\\))?$`), (m) => (m[2] ? { fold: m[1] as Player, clock: true } : { fold: m[1] as Player })],
  [new RegExp(`^offer ${QS} / ${QS} / ${QS}$`), (m) => ({ offer: [m[1]!, m[2]!, m[3]!] })],
  [new RegExp(`^${P} remove ${QS}$`), (m) => ({ remove: m[1] as Player, card: m[2]! })],
  [new RegExp(`^${P} add ${QS} to ${P}$`), (m) => ({ add: m[1] as Player, card: m[2]!, to: m[3] as Player })],
  [new RegExp(`^${P} decline$`), (m) => ({ decline: m[1] as Player })],
  [new RegExp(`^${P} play ${QS} \\+ ${QS}(?: first ${QS})?$`), (m) => ({ play: m[1] as Player, cards: [m[2]!, m[3]!], ...(m[4] ? { first: m[4] } : {}) })],
  [new RegExp(`^${P} miss( \\(clock\\))?$`), (m) => (m[2] ? { miss: m[1] as Player, clock: true } : { miss: m[1] as Player })],
];

export type ParsedLog = { ok: true; log: LogWithNames; start: number; end: number } | { ok: false; error: string; start: number };

/** Find and read the log in a post's text; null when the text has none. Never throws. */
export function parseLogText(text: string): ParsedLog | null {
  const start = text.indexOf(LOG_MARK);
  if (start < 0) return null;
  const endAt = text.indexOf(END, start);
  if (endAt < 0 || endAt - start > MAX_LOG) return { ok: false, error: 'the log has no end (":: end of log"), or is too long', start };
  const body = text.slice(start + LOG_MARK.length, endAt).replace(/\s+/g, ' ');
  const split = body.indexOf('::');
  if (split < 0) return { ok: false, error: 'the log has no "::" between its header and its events', start };
  const log: LogWithNames = { firstBidder: 'A', events: [] };
  let sawFirst = false;
  for (const raw of body.slice(0, split).split(' · ')) {
    const part = raw.trim();
    if (!part) continue;
    let m: RegExpExecArray | null;
    if ((m = /^sparks (\d{1,6})$/.exec(part))) log.sparks = Number(m[1]);
    else if ((m = /^first ([AB])$/.exec(part))) {
      log.firstBidder = m[1] as Player;
      sawFirst = true;
    } else if ((m = /^seed "([^"]{0,120})"$/.exec(part))) log.seed = m[1];
    else if ((m = /^pool (.+)$/.exec(part))) {
      const cards = [...m[1]!.matchAll(/"([^"]{1,120})"/g)].map((x) => x[1]!);
      if (cards.length < 3) return { ok: false, error: 'the pool needs at least 3 cards', start };
      log.pool = cards;
    } else if ((m = /^([AB]) is "([^"]{1,120})"$/.exec(part))) log.names = { ...log.names, [m[1]!]: m[2] };
    else return { ok: false, error: `the header part “${part.slice(0, 40)}” is not one the log has`, start };
  }
  if (!sawFirst) return { ok: false, error: 'the log does not say who bids first', start };
  const events = body.slice(split + 2).trim();
  if (events) {
    for (const raw of events.split(' | ')) {
      const t = raw.trim();
      const hit = EVENT_PATTERNS.map(([re, make]) => {
        const m = re.exec(t);
        return m ? make(m) : null;
      }).find((x) => x !== null);
      if (!hit) return { ok: false, error: `“${t.slice(0, 60)}” is not a move of the log`, start };
      log.events.push(hit);
    }
  }
  return { ok: true, log, start, end: endAt + END.length };
}

/**
 * The match's log read back from a state post, or from its Discord messages joined by newlines
 * (their code fences and numbering lines set aside); null when the text holds none, or it cannot
 * be read.
 */
export function readSparksFlyLog(text: string): LogWithNames | null {
  const parsed = parseLogText(discordToText(String(text ?? '')));
  return parsed?.ok ? parsed.log : null;
}
