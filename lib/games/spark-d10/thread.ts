/**
 * The Spark d10 game reading a thread: the forum adapter's records, post by post in page order,
 * become readings, verdicts (lib/trust judges the facts, with the claim checked against the
 * state-aware result), rules findings, parsed sheets and the duel state after every post. (A
 * sheet's audit is not part of the fold: its view computes it from the text, lib/spark/audit.)
 * Who posts for a duelist, and a sheet edited after the other side acted on it, are the posters'
 * watch (posters.ts): a post under a duelist's name by another forum identity changes nothing.
 */
import { foldedName } from '../../chars';
import { kindName, type Locale, tl } from '../../i18n';
import { knownFaces, type RollRecord } from '../../rolls/record';
import type { ForumPost, PostRecords, RollEntry, SheetCandidate } from '../../reading/records';
import { claimMismatch, findClaim, readSparkRoll, type SparkReading } from '../../spark/reading';
import { parseSheetText, type CharacterSheet } from '../../spark/sheet';
import { DEFAULT_GAME_RULES, type GameRules } from '../../spark/settings';
import { judgeServerRoll, judgeTypedRoll, type Verdict } from '../../trust/verdict';
import { isRefusal } from '../game';
import { type DuelEvent, type DuelState, type Finding, type RollJudgement, type SheetInPlay, SparkDuel } from './duel';
import { DuelPosters } from './posters';
import { errorText } from '../../errors';
import { LIFE_EACH } from './start';

export interface ScannedRoll {
  id: string;
  postNumber: number;
  record: RollRecord;
  /** The reading by the rules, the duel so far included (modifiers, traded dice, the cap). */
  reading: SparkReading;
  verdict: Verdict;
  /** Rules findings: an honest record that breaks a rule (wrong pool, over the cap, at Toughness 0). */
  findings: Finding[];
  /** Channeling: basic lands put into play. */
  lands: number | null;
  /** Part of the modifier only the player declared. */
  declared: number;
  anchor: Node;
  /** Rolled again after a struck-out roll of the same kind in the post. */
  rerollOfStruck?: boolean;
}

export interface ScannedSheet {
  id: string;
  postNumber: number;
  element: Element;
  text: string;
  /** The sheet as parsed: in use in the duel for the rolls after it. */
  sheet: CharacterSheet;
}

export interface PostScan {
  post: ForumPost;
  rolls: ScannedRoll[];
  sheets: ScannedSheet[];
  failure?: string;
  tableText?: string;
  /** The duel after this post. */
  duel: DuelState;
}

export interface SparkThreadOptions {
  rules?: GameRules;
  /** The user's bound sheet: in use for its character until a sheet is posted in the thread. */
  bound?: string | null;
  /** Sheets read on the game's character pages: in use until a sheet is posted in the thread. */
  sheets?: readonly string[];
  /** Posts where the user marked that a new duel starts. */
  newDuelAt?: readonly number[];
  /** The reader's language: every word of the readings, verdicts and findings is in it. */
  locale?: Locale;
}

const authorKey = foldedName;
const HAND = /\b(?:hand(?:\s+size)?:?\s*(\d{1,2})\b|(\d{1,2})\s+cards?\s+in\s+(?:my\s+)?hand)/i;

export class SparkThread {
  private duel: DuelState;
  private readonly rules: GameRules;
  private readonly l: Locale;
  private readonly newDuelAt: Set<number>;
  private readonly bound: { name: string; sheet: ReturnType<typeof parseSheetText>['sheet'] } | null;
  private readonly pageSheets: { name: string; sheet: ReturnType<typeof parseSheetText>['sheet'] }[];
  /** The duel's posters: each duelist's forum identity, and their records edited after the other side acted. */
  private posters!: DuelPosters;

  constructor(options: SparkThreadOptions = {}) {
    this.rules = options.rules ?? DEFAULT_GAME_RULES;
    this.l = options.locale ?? 'en';
    this.newDuelAt = new Set(options.newDuelAt ?? []);
    const bound = options.bound ? parseSheetText(options.bound).sheet : null;
    this.bound = bound?.name ? { name: authorKey(bound.name), sheet: bound } : null;
    this.pageSheets = (options.sheets ?? [])
      .map((t) => parseSheetText(t).sheet)
      .filter((x) => !!x.name)
      .map((x) => ({ name: authorKey(x.name!), sheet: x }));
    this.duel = this.fresh(1);
  }

  private fresh(startsAt: number): DuelState {
    this.duel = SparkDuel.setup(startsAt);
    this.posters = new DuelPosters(this.l);
    for (const p of this.pageSheets) this.apply({ sheet: p.name, sheetInPlay: { from: { page: true }, sheet: p.sheet } });
    if (this.bound) this.apply({ sheet: this.bound.name, sheetInPlay: { from: { bound: true }, sheet: this.bound.sheet } });
    return this.duel;
  }

  /** One event through the duel's engine: the duel moves on, and the event's judgement comes back (a refused event changes nothing). */
  private apply(e: DuelEvent): RollJudgement | null {
    const { state, outcome } = SparkDuel.apply(this.duel, e);
    if (isRefusal(outcome)) return null;
    this.duel = state;
    return outcome;
  }

  state(): DuelState {
    return this.duel;
  }

  /** Read one post's records; the duel moves on. Never throws (a failure is reported on the post). */
  read(rec: PostRecords): PostScan {
    if (rec.failure) return { post: rec.post, rolls: [], sheets: [], failure: tl(this.l, 'cs.couldNotRead', { reason: rec.failure }), duel: this.duel };
    const before = this.duel;
    try {
      if (this.newDuelAt.has(rec.post.number)) this.duel = this.fresh(rec.post.number);
      const author = authorKey(rec.post.author);
      const life = rec.post.role === 'GM' ? LIFE_EACH.exec(rec.text) : null;
      if (life) this.apply({ lifeEach: Number(life[1]) });
      const hand = author ? HAND.exec(rec.text) : null;
      // Under a duelist's name by another forum identity: nothing of it is theirs.
      const foreign = this.posters.foreign(author, rec.post);
      const own = !!hand || rec.sheets.length > 0 || rec.rolls.some((r) => authorKey(r.record.rollerName) === author);
      if (own && !foreign) this.editedBefore(author, rec);
      // Rolls and sheets in the order they stand in the post: a sheet is in use for the rolls after it.
      const sheets = rec.sheets.map((s) => this.sheet(s, author, rec, foreign));
      const rolls = rec.rolls.map((r) => this.roll(rec, r, foreign && authorKey(r.record.rollerName) === author ? foreign : null));
      if (hand) this.hand(author, Number(hand[1] ?? hand[2]), rec, foreign);
      if (foreign && own) this.apply({ caution: author, finding: foreign });
      else if (own) this.posters.bind(author, rec.post);
      this.struckCautions(rec, rolls);
      const out: PostScan = { post: rec.post, rolls, sheets, duel: this.duel };
      if (rec.tableText !== undefined) out.tableText = rec.tableText;
      return out;
    } catch (e) {
      this.duel = before;
      return {
        post: rec.post,
        rolls: [],
        sheets: [],
        failure: tl(this.l, 'cs.couldNotRead', { reason: errorText(e).slice(0, 200) }),
        duel: this.duel,
      };
    }
  }

  /** Another duelist's sheets and hand sizes edited after this post (which may have acted on them): not taken as they read, or a caution. */
  private editedBefore(author: string, rec: PostRecords): void {
    for (const e of this.posters.actedOn(author, rec.post)) {
      if (e.drop) this.apply({ notTaken: e.duelist, post: e.post, back: e.back });
      this.apply({ caution: e.duelist, finding: e.finding });
    }
  }

  private hand(author: string, size: number, rec: PostRecords, foreign: Finding | null): void {
    if (foreign) return;
    this.apply({ hand: author, size, post: rec.post.number });
    this.posters.watch(author, rec.post, 'hand', null);
  }

  private sheet(s: SheetCandidate, author: string, rec: PostRecords, foreign: Finding | null): ScannedSheet {
    const { sheet } = parseSheetText(s.text);
    const owner = authorKey(sheet.name ?? author);
    // A sheet under the poster's own name by another identity is not put into play (the caution is the post's).
    if (owner && !(foreign && owner === author)) {
      const back: SheetInPlay | null = this.duel.duelists[owner]?.sheet ?? null;
      this.apply({ sheet: owner, sheetInPlay: { from: { post: s.postNumber }, sheet } });
      this.posters.watch(owner, rec.post, 'sheet', back);
    }
    return { id: s.id, postNumber: s.postNumber, element: s.element, text: s.text, sheet };
  }

  /** `foreign`: the roll is under its poster's name by another identity than the duelist's (why, in words): it changes nothing. */
  private roll(_rec: PostRecords, r: RollEntry, foreign: Finding | null = null): ScannedRoll {
    const l = this.l;
    const base = readSparkRoll(r.record, undefined, l);
    // The verdict on the facts alone: it says whether the roll may change the duel, and stands when no claim is made.
    const onFacts = r.server ? judgeServerRoll({ ...r.server, claimProblem: null }, l) : null;
    const forged = !onFacts || onFacts.trust === 'mismatch';
    const spec = r.record.specs.length === 1 ? r.record.specs[0]! : null;
    const judgement = this.apply({
      roll: {
        id: r.id,
        post: r.postNumber,
        roller: r.record.rollerName,
        reason: base.reason,
        faces: knownFaces(r.record),
        dice: base.dice,
        sides: spec?.sides ?? null,
        d10: base.d10,
        changesState: !!r.server && !forged && !foreign,
      },
      rules: this.rules,
      locale: l,
    })!;
    const reading = applyJudgement(r.record, base, judgement, l);
    const claim = findClaim(r.claimText);
    const findings = foreign ? [foreign, ...judgement.findings] : [...judgement.findings];
    // Lands claimed beyond what the cap leaves room for: a rules finding, whatever the dice.
    const overCap = claim?.lands !== undefined && judgement.room !== null && claim.lands > judgement.room;
    if (overCap) {
      const values = { claimed: claim!.lands!, room: judgement.room ?? '?' };
      findings.push({ rule: 'channel.cap', values, text: tl(l, 'th.cap', values) });
    }
    const claimProblem = claim ? (claimMismatch(claim, reading, l) ?? (overCap ? null : landClaim(claim, judgement, l))) : null;
    const verdict = r.server ? (claimProblem ? judgeServerRoll({ ...r.server, claimProblem }, l) : onFacts!) : judgeTypedRoll({ ...r.typed!, claimProblem }, l);
    if (judgement.declared > 0) verdict.cautions.push(tl(l, 'th.declared', { n: judgement.declared }));
    return {
      id: r.id,
      postNumber: r.postNumber,
      record: r.record,
      reading,
      verdict,
      findings,
      lands: judgement.lands,
      declared: judgement.declared,
      anchor: r.anchor,
    };
  }

  /** A struck-out roll followed by another of the same kind in the post: a caution on both. */
  private struckCautions(rec: PostRecords, rolls: ScannedRoll[]): void {
    rec.rolls.forEach((entry, i) => {
      if (!entry.struck) return;
      const again = rolls.slice(i + 1).find((x, j) => x.reading.kind === rolls[i]!.reading.kind && !rec.rolls[i + 1 + j]!.struck);
      if (!again) return;
      rolls[i]!.verdict.cautions.push(tl(this.l, 'th.struck'));
      again.verdict.cautions.push(tl(this.l, 'th.rerollStruck', { kind: kindName(rolls[i]!.reading.kind, this.l) }));
      again.rerollOfStruck = true;
    });
  }
}

/** The reading with the duel's judgement in it: the modifier that applies, automatic successes, lands. */
function applyJudgement(record: RollRecord, base: SparkReading, j: RollJudgement, l: Locale): SparkReading {
  const reading = j.modifier !== base.modifier ? readSparkRoll(record, j.modifier, l) : { ...base, notes: [...base.notes] };
  reading.modifier = j.modifier;
  if (j.successes !== null) reading.successes = j.successes;
  if (j.difficulty !== null) reading.difficulty = j.difficulty;
  if (j.outcome !== null) reading.outcome = j.outcome;
  if (j.drawResult) reading.drawResult = j.drawResult;
  if (j.modifierFrom.length) reading.notes.push(tl(l, 'th.modifier', { mod: `${j.modifier > 0 ? '+' : ''}${j.modifier}`, from: j.modifierFrom.join('; ') }));
  reading.notes.push(...j.notes);
  for (const f of j.findings) reading.notes.push(`⚠ ${f.text}`);
  return reading;
}

/** A claim of lands that disagrees with the lands put into play (within the cap). */
function landClaim(claim: ReturnType<typeof findClaim>, j: RollJudgement, l: Locale): string | null {
  if (!claim || claim.lands === undefined || j.lands === null || claim.lands === j.lands) return null;
  return tl(l, 'th.landClaim', { claimed: claim.lands, lands: j.lands });
}
