/**
 * Back from the thread: every state post carries the match's log. Read in page order, each one is
 * judged: its board must be what its log gives, and its log must carry on the log posted before
 * it (moves already posted are never rewritten). Game-neutral input: post numbers and texts.
 */
import { tl, type Locale } from '../../i18n';
import { refusalText } from '../game';
import { replaySparksFly, type MatchState, type SparksFlyEvent } from './engine';
import { readSummaryLine, summaryDifferences } from './board';
import { discordToText } from '../../post/discord';
import { formatLogText, parseLogText, type LogWithNames } from './log-text';
import { errorText } from '../../errors';

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

export function checkStatePosts(posts: { number: number; text: string }[], l: Locale = 'en'): StatePostCheck[] {
  const out: StatePostCheck[] = [];
  let previous: { post: number; log: LogWithNames } | null = null;
  for (const post of posts) {
    const { number } = post;
    // A state post copied from Discord (code fences, numbered messages) reads like the forum's own.
    const text = discordToText(post.text);
    let parsed: ReturnType<typeof parseLogText>;
    try {
      parsed = parseLogText(text);
    } catch (e) {
      parsed = { ok: false as const, error: String(e), start: 0 };
    }
    if (!parsed) continue;
    if (!parsed.ok) {
      out.push({ post: number, verdict: 'unreadable', reasons: [tl(l, 'st2.unreadable', { error: parsed.error })], events: 0, match: null, log: null });
      continue;
    }
    const log = parsed.log;
    let replay: ReturnType<typeof replaySparksFly>;
    try {
      replay = replaySparksFly(log);
    } catch (e) {
      out.push({
        post: number,
        verdict: 'unreadable',
        reasons: [tl(l, 'st2.cannotStart', { error: errorText(e) })],
        events: log.events.length,
        match: null,
        log,
      });
      continue;
    }
    const reasons: string[] = [];
    let verdict: StatePostVerdict = 'follows';
    if (previous) {
      const sameStart = headerOf(previous.log) === headerOf(log);
      const prefix = sameStart && previous.log.events.length <= log.events.length && previous.log.events.every((e, i) => sameEvent(e, log.events[i]!));
      if (!prefix) {
        verdict = 'mismatch';
        reasons.push(sameStart ? tl(l, 'st2.rewrites', { post: previous.post }) : tl(l, 'st2.different', { post: previous.post }));
      }
    }
    const posted = readSummaryLine(text.slice(0, parsed.start) + text.slice(parsed.end));
    if (!posted) {
      verdict = 'mismatch';
      reasons.push(tl(l, 'st2.noBoard'));
    } else {
      const diffs = summaryDifferences(posted, replay.match, l);
      if (diffs.length) {
        verdict = 'mismatch';
        reasons.push(tl(l, 'st2.notFollow', { diffs: diffs.join('; ') }));
      }
    }
    if (replay.refused) {
      if (verdict === 'follows') verdict = 'rules';
      reasons.push(tl(l, 'st2.moveRefused', { n: replay.refused.event + 1, rule: refusalText(l, replay.refused.refusal) }));
    }
    if (verdict === 'follows')
      reasons.push(previous ? tl(l, 'st2.followsFrom', { count: log.events.length, post: previous.post }) : tl(l, 'st2.follows', { count: log.events.length }));
    out.push({ post: number, verdict, reasons, events: log.events.length, match: replay.match, log });
    previous = { post: number, log };
  }
  return out;
}
