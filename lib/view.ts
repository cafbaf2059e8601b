/**
 * Serializable views of a scanned page: what the badges, the side panel and the drawer show.
 * They cross from the content script to extension pages as plain JSON.
 */
import type { ScannedRoll, ScannedSheet } from './games/spark-d10/thread';
import type { RpolPageKind } from './forums/rpol/page';
import type { Finding, SheetAudit, SpendItem } from './spark/audit';
import type { SparkRollKind } from './spark/reason';
import type { Trust } from './trust/verdict';
import { type Key, type Locale, tl } from './i18n';
import type { DuelView } from './games/spark-d10/view';
import type { TableCheck, TablePost } from './games/game';
import type { StopWhy } from './threads/kept';

export interface RollView {
  id: string;
  post: number;
  author: string;
  source: 'server' | 'typed' | 'log';
  roller: string;
  reason: string;
  kind: SparkRollKind;
  dice: number;
  specs: string[];
  results: number[];
  faces: number[] | null;
  d10: boolean;
  modifier: number;
  successes: number | null;
  difficulty: number | null;
  outcome: string;
  /** A draw's result, whatever the language: drawn, failed, or null. */
  drawResult: 'drawn' | 'failed' | null;
  rule: string;
  notes: string[];
  trust: Trust;
  trustLabel: string;
  reasons: string[];
  cautions: string[];
  /** Rules findings: an honest roll that breaks a rule (wrong pool, over the cap, at Toughness 0). */
  rules: string[];
  /** Channeling: basic lands put into play (null for other rolls). */
  lands: number | null;
  rollId: string | null;
  time: number | null;
  /** On the dice log: this roll repeats an earlier one of the same thing (attempt number). */
  reroll?: { attempt: number; gapMinutes: number };
  /** Its verdict waits for the thread's earlier pages: what is being read, in words ("reading page 2 of 5"). */
  pending?: string;
}

export interface SheetView {
  id: string;
  post: number;
  author: string;
  text: string;
  spentXp: number;
  earnedXp: number | null;
  unspentXp: number | null;
  complete: boolean;
  findings: Finding[];
  spending: SpendItem[];
  /** Findings that are problems (errors and warnings), as the badge counts them. */
  problemCount: number;
}

export interface PageSummary {
  /** The forum the page is on (its id in lib/forums/registry.ts): its writer writes what is posted there. */
  forum: string;
  kind: RpolPageKind;
  notice: string | null;
  url: string;
  gameId: string | null;
  threadId: string | null;
  title: string | null;
  viewer: string | null;
  rolls: RollView[];
  sheets: SheetView[];
  hasReplyForm: boolean;
  /** Posts whose reading failed, each with what went wrong (the rest of the page is unaffected). */
  failures: { post: number; reason: string }[];
  /** Posts that carry a game table's record (match logs, commitments, deals), for the games to read. */
  tablePosts: TablePost[];
  /** What each game table post was judged, by post number. */
  tableChecks: TableCheck[];
  /** The Spark d10 duel after the last post read (null off thread pages). */
  duel: DuelView | null;
  /** The thread's other pages read for this one (absent or null: none needed). */
  thread?: ThreadPagesView | null;
}

/** What was read of the thread's other pages for this page (lib/threads), as the panel says it. */
export interface ThreadPagesView {
  state: 'reading' | 'read' | 'stopped';
  /** This page, of how many. */
  page: number;
  count: number;
  /** Reading: the page being read now. */
  at?: number;
  /** Read: the pages read before this one (from, to). */
  from?: number;
  to?: number;
  /** Read back (a long thread): the post the fold starts at, or none found within the pages it may read. */
  start?: number;
  noStart?: boolean;
  /** Stopped: the page that could not be had, and why. */
  stop?: { page: number; why: StopWhy; status?: number };
}

export type { TableCheck, TablePost } from './games/game';

export function rollView(r: ScannedRoll, author: string, l: Locale = 'en'): RollView {
  const rec = r.record;
  return {
    id: r.id,
    post: r.postNumber,
    author,
    source: rec.source,
    roller: rec.rollerName,
    reason: rec.reason,
    kind: r.reading.kind,
    dice: r.reading.dice,
    specs: rec.specs.map((s) => s.raw),
    results: rec.results,
    faces: r.reading.faces,
    d10: r.reading.d10,
    modifier: r.reading.modifier,
    successes: r.reading.successes,
    difficulty: r.reading.difficulty,
    outcome: r.reading.outcome,
    drawResult: r.reading.drawResult,
    rule: r.reading.rule,
    notes: r.reading.notes,
    trust: r.verdict.trust,
    trustLabel: trustLabel(r.verdict.trust, l),
    reasons: r.verdict.reasons,
    cautions: r.verdict.cautions,
    rules: r.findings.map((f) => f.text),
    lands: r.lands,
    rollId: rec.rollId,
    time: rec.time,
    ...(r.rerollOfStruck ? { reroll: { attempt: 2, gapMinutes: 0 } } : {}),
  };
}

/** A sheet's view: where it stands, and its audit (computed from its text, lib/spark/audit). */
export function sheetView(s: Pick<ScannedSheet, 'id' | 'postNumber' | 'text'>, a: SheetAudit, author: string): SheetView {
  return {
    id: s.id,
    post: s.postNumber,
    author,
    text: s.text,
    spentXp: a.spentXp,
    earnedXp: a.earnedXp,
    unspentXp: a.unspentXp,
    complete: a.complete,
    findings: a.findings,
    spending: a.spending,
    problemCount: a.findings.filter((f) => f.severity !== 'info').length,
  };
}

/** A roll kind's name in the UI's language. */
export const kindLabel = (k: SparkRollKind, l: Locale = 'en'): string => tl(l, `kind.${k}` as Key);
/** A verdict's name in the UI's language (the badge's `data-trust` stays the same in every language). */
export const trustLabel = (v: Trust, l: Locale = 'en'): string => tl(l, `trust.${v}` as Key);
