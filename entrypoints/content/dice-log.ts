/**
 * A forum's dice log (RPOL's Die Roller) read for the reader: each line as a roll's view with the
 * re-rolls of the same thing flagged, and the re-rolls the log shows of a thread's rolls. Run in
 * the extras (a dice log page, or a thread once it is read): nothing of it is needed while a
 * thread's first posts are badged.
 */
import { t, uiLocale } from '../../components/locale';
import { writeLastLogRoll } from '../shared/last-roll';
import type { PageContext } from './page-context';
import { type DetailMaker, mountRollBadge } from './roll-badge';
import type { LogLine } from '../../lib/forums/forum';
import { sameSparkRoll } from '../../lib/games/spark-d10/fishing';
import type { RollRecord } from '../../lib/rolls/record';
import { readSparkRoll } from '../../lib/spark/reading';
import { findRerolls, type Reroll } from '../../lib/trust/fishing';
import { type RollView, rollView, trustLabel } from '../../lib/view';

export interface LogLineView {
  line: LogLine;
  view: RollView;
  /** This line rolls the same thing again: its attempt number. */
  attempt: number | null;
}

function lineView(line: LogLine, i: number, again: Reroll | undefined): RollView {
  const l = uiLocale();
  const reading = readSparkRoll(line.record, undefined, l);
  const minutes = again ? Math.round(again.gap / 60) : 0;
  const cautions = again ? [t('cs.logLineReroll', { attempt: again.attempt, reason: line.record.reason, roller: line.record.rollerName, minutes })] : [];
  if (line.record.fudged) cautions.push(t('cs.fudged', { count: line.record.fudged }));
  const verdict = { trust: 'verified' as const, reasons: [t('cs.logLine')], cautions };
  const scanned = {
    id: `log-${i}`,
    postNumber: 0,
    record: line.record,
    reading,
    verdict,
    findings: [],
    lands: null,
    declared: 0,
    anchor: line.element ?? document.body,
  };
  const view: RollView = { ...rollView(scanned, line.record.rollerName, l), reroll: again ? { attempt: again.attempt, gapMinutes: minutes } : undefined };
  if (reading.faces === null && view.d10 && view.kind !== 'starting-hand') {
    view.trust = 'total-only';
    view.trustLabel = trustLabel('total-only', l);
  }
  return view;
}

/** Every line of a dice log page as a roll's view, re-rolls within the window flagged. */
export function logLineViews(lines: readonly LogLine[], windowMinutes: number): LogLineView[] {
  const rerolls = new Map(
    findRerolls(
      lines.map((l) => l.record),
      windowMinutes,
      sameSparkRoll,
    ).map((r) => [r.index, r]),
  );
  return lines.map((line, i) => {
    const again = rerolls.get(i);
    return { line, view: lineView(line, i, again), attempt: again ? again.attempt : null };
  });
}

/** A thread's server rolls that the game's log shows as re-rolls of the same thing, with that caution added. */
export function rerollsInLog(log: readonly RollRecord[], rolls: readonly RollView[], windowMinutes: number): RollView[] {
  const changed: RollView[] = [];
  for (const again of findRerolls(log, windowMinutes, sameSparkRoll)) {
    const line = log[again.index]!;
    const minute = line.time! - (line.time! % 60);
    const view = rolls.find(
      (v) => v.source === 'server' && v.roller === line.rollerName && v.results.join() === line.results.join() && v.reason === line.reason && v.time === minute,
    );
    if (!view) continue;
    const first = log[again.first]!;
    const minutes = Math.round(again.gap / 60);
    changed.push({
      ...view,
      cautions: [...view.cautions, t('cs.logReroll', { attempt: again.attempt, first: first.reason, minutes })],
      reroll: { attempt: again.attempt, gapMinutes: minutes },
    });
  }
  return changed;
}

/** A dice log page: each line's view into the summary, and its badge (with "Use in my reply"). */
export function diceLogPage(ctx: Pick<PageContext, 'doc' | 'forum' | 'settings' | 'summary' | 'theme' | 'hosts' | 'stopped'>, details: DetailMaker): void {
  const log = ctx.forum.diceLog;
  const gameId = ctx.summary.gameId ?? '';
  if (!log || ctx.stopped) return;
  for (const { line, view, attempt } of logLineViews(log.read(ctx.doc), ctx.settings.rerollWindowMinutes)) {
    ctx.summary.rolls.push(view);
    if (!ctx.settings.annotations.diceLog || !line.element) continue;
    // Kept for this origin and game only: a thread of another origin (plain http) or game never reads it.
    const use = { label: t('cs.useInReply'), run: () => writeLastLogRoll(line.record.text, location.origin, gameId).then(() => t('cs.savedForReply')) };
    const { host } = mountRollBadge('log', view, ctx.theme, { 'data-reroll': attempt }, [use], details);
    line.element.appendChild(host);
    ctx.hosts.set(view.id, host);
  }
}
