/**
 * Back from the thread: every state post carries the match's log. Read in page order, each one is
 * judged: its board must be what its log gives, and its log must carry on the log posted before
 * it (moves already posted are never rewritten). Game-neutral input: post numbers and texts.
 */
import { replaySparksFly, type MatchState, type SparksFlyEvent } from './engine';
import { readSummaryLine, summaryDifferences } from './board';
import { formatLogText, parseLogText, type LogWithNames } from './log-text';

export type StatePostVerdict = 'follows' | 'mismatch' | 'rules' | 'unreadable';

export interface StatePostCheck {
  post: number;
  verdict: StatePostVerdict;
  /** Why, in words: the first is the headline. */
  reasons: string[];
  /** The events of its log. */
  events: number;
  /** The match rebuilt from its log (null when the log could not be read). */
  match: MatchState | null;
  log: LogWithNames | null;
}

const headerOf = (log: LogWithNames) => formatLogText({ ...log, events: [] });
const sameEvent = (a: SparksFlyEvent, b: SparksFlyEvent) => JSON.stringify(a) === JSON.stringify(b);

export function checkStatePosts(posts: { number: number; text: string }[]): StatePostCheck[] {
  const out: StatePostCheck[] = [];
  let previous: { post: number; log: LogWithNames } | null = null;
  for (const { number, text } of posts) {
    let parsed;
    try {
      parsed = parseLogText(text);
    } catch (e) {
      parsed = { ok: false as const, error: String(e), start: 0 };
    }
    if (!parsed) continue;
    if (!parsed.ok) {
      out.push({ post: number, verdict: 'unreadable', reasons: [`Spark Scribe could not read this post’s When Sparks Fly log: ${parsed.error}.`], events: 0, match: null, log: null });
      continue;
    }
    const log = parsed.log;
    let replay: ReturnType<typeof replaySparksFly>;
    try {
      replay = replaySparksFly(log);
    } catch (e) {
      out.push({ post: number, verdict: 'unreadable', reasons: [`The log cannot start a match: ${e instanceof Error ? e.message : String(e)}.`], events: log.events.length, match: null, log });
      continue;
    }
    const reasons: string[] = [];
    let verdict: StatePostVerdict = 'follows';
    if (previous) {
      const sameStart = headerOf(previous.log) === headerOf(log);
      const prefix = sameStart && previous.log.events.length <= log.events.length && previous.log.events.every((e, i) => sameEvent(e, log.events[i]!));
      if (!prefix) {
        verdict = 'mismatch';
        reasons.push(
          sameStart
            ? `This log rewrites moves already posted in post #${previous.post}: it does not carry on from that log.`
            : `This log starts a different match from the one in post #${previous.post} (its Sparks, first bidder, seed or pool differ).`,
        );
      }
    }
    const posted = readSummaryLine(text.slice(0, parsed.start) + text.slice(parsed.end));
    if (!posted) {
      verdict = 'mismatch';
      reasons.push('The post has a log but no board summary that Spark Scribe can check against it.');
    } else {
      const diffs = summaryDifferences(posted, replay.match);
      if (diffs.length) {
        verdict = 'mismatch';
        reasons.push(`The board does not follow from the log: ${diffs.join('; ')}.`);
      }
    }
    if (replay.refused) {
      if (verdict === 'follows') verdict = 'rules';
      reasons.push(`Move ${replay.refused.event + 1} of the log is not allowed: ${replay.refused.rule}`);
    }
    if (verdict === 'follows') reasons.push(`The board follows from the log (${log.events.length} moves)${previous ? `, which carries on from post #${previous.post}` : ''}.`);
    out.push({ post: number, verdict, reasons, events: log.events.length, match: replay.match, log });
    previous = { post: number, log };
  }
  return out;
}
