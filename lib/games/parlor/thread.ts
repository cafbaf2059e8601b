/**
 * A Parlor Magic game folded from its thread: the rulers (the first two to commit), every line in
 * page order through the engine, and each post's verdict. A ruler's cards are known to a reader
 * who holds that ruler's secret (their own) or once the ruler reveals it; until then they are
 * hidden (`?`), counted but not seen. With a secret, every draw is recomputed from the nonces
 * (./hidden.ts), every seal is opened, and a card played that the ruler did not hold is evidence
 * against the post.
 *
 * This is the public fold (lib/index.ts; docs/checking-by-hand.md works one through by hand): the
 * panel uses it and no other. A draw uses the opponent's latest nonce posted after the drawer's own
 * commitment (so no secret can be chosen after seeing the nonce it is combined with); a game whose
 * openings carry no nonce was dealt by the older rule and reads as it was dealt, with a caution on
 * each draw made with a nonce its drawer had seen before committing.
 */
import { foldedName } from '../../chars';
import { type Key, type Locale, type Params, tl } from '../../i18n';
import { isRefusal, type PostFacts, refusalText, type Refusal } from '../game';
import { editOrder } from '../posters';
import { bindsNothing, idOf, type Poster, posterMatch, recordTokens, tokenKind, tokenText } from './edits';
import { Parlor, publicState, setupTable } from './engine';
import { canonical, keepChoice, parlorCommit, parlorSeal, picksFrom, recycleChoice } from './hidden';
import { type Card, HIDDEN, other, type ParlorEvent, type ParlorState, type ParlorTable, type Ruler } from './model';
import { postRecords } from './reading';
import { lineEvent, type ParlorRecord } from './records';

/** A post of the thread, in page order from its first post (`PostFacts`: its time, edit and poster's identity, where the forum shows them). */
export interface ThreadPost extends PostFacts {
  number: number;
  author: string;
  text: string;
}

export interface RulerInfo {
  name: string;
  /** The forum identity that posted the commitment, where the forum shows one: only its posts are this ruler's. */
  authorId: string | null;
  commitPost: number;
  commitment: string;
  nonce: string;
  /** The secret, when this reader holds it (their own) or it was revealed and matches. */
  secret: string | null;
  revealedAt: number | null;
}

export type PostVerdict = 'follows' | 'mismatch' | 'rules' | 'unreadable';

/**
 * How the game stands: still being played; won, pending the winner's reveal; won and final (the
 * winner revealed and nothing of theirs contradicts it); or won but unverified (something the
 * winner posted contradicts their secret or the game, or a draw of theirs was made with a nonce
 * they had seen before committing, under the older rule).
 */
export type ParlorResultStatus = 'playing' | 'pending' | 'final' | 'unverified';

export interface ParlorResult {
  winner: Ruler | null;
  status: ParlorResultStatus;
  /** The rulers who have not revealed their secret (yet): their side of the game is unverified. */
  unrevealed: Ruler[];
  /**
   * Posts whose records are not accepted (edited where the other side may have acted on them, or
   * changed since this reader first read them): a win is then unverified. Absent when there are none.
   */
  edited?: number[];
}

/** The nonce rule a game was dealt by: `new` (the opponent's nonce posted after the drawer's commitment) or `old` (before openings carried a nonce). */
export type ParlorNonceRule = 'new' | 'old';

export interface ParlorPostCheck {
  post: number;
  verdict: PostVerdict;
  reasons: string[];
}

export interface ParlorGame {
  rulers: Partial<Record<Ruler, RulerInfo>>;
  /** The reader's own ruler (their secret matched a commitment). */
  me: Ruler | null;
  table: ParlorTable;
  state: ParlorState;
  /** Each event folded, with its post. */
  events: { post: number; event: ParlorEvent }[];
  checks: ParlorPostCheck[];
  /** The nonce each ruler's next draw would use: the opponent's latest posted after that ruler's commitment ('' when none exists yet: the draw waits). */
  nextNonce: Record<Ruler, string>;
  /** The game's result: who won (Life 0) and whether that is pending the reveal, final or unverified. */
  result: ParlorResult;
  /** The nonce rule the game was dealt by. */
  rule: ParlorNonceRule;
  /** Each ruler's picks so far (the next pick is k = picks + 1). */
  picks: Record<Ruler, number>;
  /** Where the game began (the first commitment's post). */
  from: number;
  /** Where the next game in the thread begins (its first commitment's post), or null. */
  until: number | null;
}

export interface ThreadOptions {
  /** The reader's name and their secret for this thread. */
  me?: { name: string; secret: string } | null;
  /** Start at this post (a thread holding several games): the game that begins there, up to the next one. */
  from?: number;
  /** Nonces this reader saw before, by post: one changed since is flagged (the older form of `seen`). */
  seenNonces?: Record<number, string>;
  /** The records this reader saw before, by post (`recordTokens`: commitments, nonces, seals): one changed since is not accepted. */
  seen?: Record<number, readonly string[]>;
  l?: Locale;
}

const name = foldedName;

/**
 * The rulers: the first two posters to commit (a forum identity where the forum shows one, else a
 * name; a commitment under a ruler's name by another identity makes no ruler); the reveals matched
 * against their commitments.
 */
function findRulers(posts: readonly ThreadPost[], me: ThreadOptions['me']): Partial<Record<Ruler, RulerInfo>> {
  const rulers: Partial<Record<Ruler, RulerInfo>> = {};
  for (const p of posts) {
    for (const r of postRecords(p.text).records) {
      if (!('commit' in r)) continue;
      if (Object.values(rulers).some((x) => posterMatch(x!, p) !== 'other')) continue;
      const slot: Ruler | null = !rulers.A ? 'A' : !rulers.B ? 'B' : null;
      const info = { name: name(p.author), authorId: idOf(p), commitPost: p.number, commitment: r.commit, nonce: r.nonce, secret: null, revealedAt: null };
      if (slot) rulers[slot] = info;
    }
  }
  for (const p of posts) {
    for (const r of postRecords(p.text).records) {
      if (!('reveal' in r)) continue;
      const ruler = rulerOf(rulers, p);
      const info = ruler ? rulers[ruler] : undefined;
      if (info && !info.secret && parlorCommit(r.reveal) === info.commitment) Object.assign(info, { secret: r.reveal, revealedAt: p.number });
    }
  }
  if (me?.secret) {
    for (const info of Object.values(rulers)) if (info && info.name === name(me.name) && parlorCommit(me.secret) === info.commitment) info.secret ??= me.secret;
  }
  return rulers;
}

/** The ruler whose post this is (by their forum identity where they have one, else by name), or null. */
const rulerOf = (rulers: Partial<Record<Ruler, RulerInfo>>, post: ThreadPost): Ruler | null =>
  (['A', 'B'] as const).find((r) => rulers[r] && ['theirs', 'unsure'].includes(posterMatch(rulers[r]!, post))) ?? null;

/** The ruler whose name a post shows without being theirs (another forum identity, or none where they have one), or null. */
const impostorOf = (rulers: Partial<Record<Ruler, RulerInfo>>, post: ThreadPost): Ruler | null =>
  rulers.A && posterMatch(rulers.A, post) === 'impostor' ? 'A' : rulers.B && posterMatch(rulers.B, post) === 'impostor' ? 'B' : null;

/** The ruler of a name (the reader's own, as they typed it). */
const rulerNamed = (rulers: Partial<Record<Ruler, RulerInfo>>, n: string): Ruler | null => {
  const who = name(n);
  return rulers.A?.name === who ? 'A' : rulers.B?.name === who ? 'B' : null;
};

/**
 * Where each game in a thread begins: its first commitment. A commitment by someone who is already
 * a ruler of a game that has both its rulers begins the next game; any other commitment joins the
 * game being set up (or is judged in it: a third ruler, a second commitment before the opponent's).
 */
export function parlorGameStarts(posts: readonly ThreadPost[]): number[] {
  const starts: number[] = [];
  let rulers: Poster[] = [];
  for (const p of posts) {
    if (!postRecords(p.text).records.some((r) => 'commit' in r)) continue;
    const who = { name: name(p.author), authorId: idOf(p) };
    // Under a ruler's name by another identity: neither a ruler nor a new game (the fold says whose it is not).
    const matches = rulers.map((x) => posterMatch(x, p));
    if (!starts.length || (rulers.length >= 2 && matches.includes('theirs'))) {
      starts.push(p.number);
      rulers = [who];
    } else if (matches.every((m) => m === 'other') && rulers.length < 2) rulers.push(who);
  }
  return starts;
}

/** Combinations of `n` cards from `hand` (at most a few thousand), canonical within each. */
function* choose(hand: readonly Card[], n: number, from = 0, picked: Card[] = []): Generator<Card[]> {
  if (picked.length === n) {
    yield canonical(picked);
    return;
  }
  for (let i = from; i <= hand.length - (n - picked.length); i++) yield* choose(hand, n, i + 1, [...picked, hand[i]!]);
}

/** The fold's working state as it goes through the posts. */
class ThreadFold {
  table: ParlorTable;
  readonly events: { post: number; event: ParlorEvent }[] = [];
  readonly checks: ParlorPostCheck[] = [];
  readonly picks: Record<Ruler, number> = { A: 0, B: 0 };
  /** Every nonce each ruler posted (commitment, opening seven, ends of turn), with its post, in thread order. */
  readonly posted: Record<Ruler, { post: number; nonce: string }[]> = { A: [], B: [] };
  /** Each ruler's latest end-of-turn nonce (the older rule's). */
  readonly lastEnd: Partial<Record<Ruler, string>> = {};
  /** Every commitment seen so far in the thread (before this game too), with its post. */
  readonly commitments = new Map<string, number>();
  /** Rulers with a post judged a mismatch (their win cannot be final). */
  readonly mismatched = new Set<Ruler>();
  /** Rulers with a draw made with a nonce they had seen before committing (the older rule): their win cannot be final. */
  readonly chosen = new Set<Ruler>();
  /** Rulers with a record in a post that showed no forum identity where theirs did (a win of theirs is unverified). */
  readonly noId = new Set<Ruler>();
  /** `old` once an opening seven without a nonce was dealt (by the older rule). */
  rule: ParlorNonceRule = 'new';
  /** Each post's time, where the forum shows it. */
  readonly times = new Map<number, number | null>();
  /** A ruler's commitment in a post edited where the other side may have acted on it, and when (null: the page does not say). */
  readonly taint: Partial<Record<Ruler, { post: number; at: number | null }>> = {};
  /** Posts whose nonce was edited where the other side may have acted on it (`edit`), or changed since this reader saw it (`seen`: said on that post alone). */
  readonly nonceTaint = new Map<number, 'edit' | 'seen'>();
  /** Rulers dealt with such a nonce: what their reveal shows against their cards is no evidence against them. */
  readonly unsure = new Set<Ruler>();
  /** Posts whose records are not accepted (./edits.ts): the game's result cannot be final. */
  readonly edited: number[] = [];
  private reasons: string[] = [];
  private verdict: PostVerdict = 'follows';

  constructor(
    readonly rulers: Partial<Record<Ruler, RulerInfo>>,
    readonly opts: ThreadOptions,
    readonly l: Locale,
  ) {
    this.table = setupTable('A', 0);
  }

  say(key: Key, values: Params = {}) {
    this.reasons.push(tl(this.l, key, values));
  }
  flag(v: PostVerdict, key: Key, values: Params = {}) {
    if (v === 'mismatch' || (v === 'rules' && this.verdict === 'follows') || (v === 'unreadable' && this.verdict === 'follows')) this.verdict = v;
    this.say(key, values);
  }
  /** Whether anything was said of the post being folded (a post whose records are gone still has its finding). */
  get said(): boolean {
    return this.reasons.length > 0;
  }
  get isMismatch(): boolean {
    return this.verdict === 'mismatch';
  }
  /**
   * What the secret shows against the post being folded: a mismatch, unless its ruler's cards were
   * dealt with a nonce the other side edited afterwards (an honest ruler's draw then differs too).
   */
  evidence(key: Key, values: Params = {}) {
    if (!this.current || !this.unsure.has(this.current)) {
      this.flag('mismatch', key, values);
      return;
    }
    this.flag('rules', key, values);
    this.say('pm.ed.unsure', { name: this.rulers[this.current]?.name ?? this.current });
  }
  /** The post where `r`'s opponent posted `nonce` (the latest, when posted twice), or null. */
  nonceOrigin(r: Ruler, nonce: string): number | null {
    const list = this.posted[other(r)];
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.nonce === nonce) return list[i]!.post;
    return null;
  }
  /** A post's records not accepted: the result cannot be final; its commitment and nonce are marked for the draws that use them. */
  notAccepted(post: number, r: Ruler | null, records: readonly ParlorRecord[], at: number | null, how: 'edit' | 'seen') {
    if (!this.edited.includes(post)) this.edited.push(post);
    if (r && this.rulers[r]?.commitPost === post && records.some((x) => 'commit' in x)) this.taint[r] ??= { post, at };
    if (recordTokens(records).some((t) => tokenKind(t) === 'nonce') && !this.nonceTaint.has(post)) this.nonceTaint.set(post, how);
  }

  /** The nonce a draw by `r` uses now: under the new rule, the opponent's latest posted after r's commitment ('' when none). */
  nonceFor(r: Ruler, rule: ParlorNonceRule = 'new'): string {
    if (rule === 'old') return this.lastEnd[other(r)] ?? this.rulers[other(r)]?.nonce ?? '';
    const mine = this.rulers[r]?.commitPost;
    if (mine === undefined) return '';
    // The posts are read in thread order: the opponent's latest nonce is the last one posted.
    const last = this.posted[other(r)].at(-1);
    return last && last.post > mine ? last.nonce : '';
  }

  /** The post where `r`'s opponent posted `nonce` before `r` committed, if so (a nonce `r` had seen when choosing a secret). */
  seenBeforeCommit(r: Ruler, nonce: string): number | null {
    const mine = this.rulers[r]?.commitPost ?? 0;
    return this.posted[other(r)].find((x) => x.nonce === nonce && x.post < mine)?.post ?? null;
  }

  /** `n` picks for `r` with its secret and `nonce`, from the piles as they are. */
  pick(r: Ruler, secret: string, nonce: string, n: number): Card[] {
    const out = picksFrom(secret, nonce, this.picks[r] + 1, this.table.piles[r], this.table.recycle[r], n);
    this.picks[r] += out.length;
    return out;
  }

  apply(post: number, event: ParlorEvent, revealed: boolean): void {
    const step = Parlor.apply(this.table, event);
    if (isRefusal(step.outcome)) {
      const evidence = revealed && /^pm\.(card\.notIn|draw\.keep)/.test(step.outcome.rule);
      const values = { rule: refusalText(this.l, step.outcome as Refusal) };
      if (evidence) this.evidence('pg.refused', values);
      else this.flag('rules', 'pg.refused', values);
      return;
    }
    const won = !this.table.winner && step.state.winner;
    this.table = step.state;
    this.events.push({ post, event });
    if (won) this.sayResult(step.state.winner!);
  }

  /** The win as it stands now: pending the winner's reveal, final, or unverified. */
  sayResult(w: Ruler): void {
    const info = this.rulers[w];
    const values = { name: info?.name ?? w };
    if (this.mismatched.has(w) || this.chosen.has(w) || (this.isMismatch && this.current === w)) this.say('pm.hh.winUnverified', values);
    else if (this.edited.length) this.say('pm.ed.winUnverified', { ...values, post: this.edited[0]! });
    else if (!info?.revealedAt || info.revealedAt > this.at) this.say('pm.hh.winPending', values);
    else this.say('pm.hh.winFinal', values);
  }

  /** The post being folded and its ruler. */
  at = 0;
  current: Ruler | null = null;

  /** Close a post: its verdict and reasons. */
  close(post: number, any: boolean): void {
    if (any && !this.reasons.length) this.say('pg.follows');
    if (any) this.checks.push({ post, verdict: this.verdict, reasons: this.reasons });
    if (this.verdict === 'mismatch' && this.current) this.mismatched.add(this.current);
    this.reasons = [];
    this.verdict = 'follows';
  }
}

/**
 * The nonce a draw by `r` uses, under the rule it is judged by; null (with the reason) when there
 * is none yet: the draw waits for the opponent's post and nothing is dealt from it. A draw made by
 * the older rule with a nonce its drawer had seen before committing is dealt, with a caution.
 */
function drawNonce(f: ThreadFold, r: Ruler, rule: ParlorNonceRule): string | null {
  const nonce = f.nonceFor(r, rule);
  const opponent = f.rulers[other(r)]?.name ?? other(r);
  if (!nonce) {
    f.flag('rules', 'pm.hh.waits', { name: f.rulers[r]?.name ?? r, other: opponent });
    return null;
  }
  const seen = rule === 'old' ? f.seenBeforeCommit(r, nonce) : null;
  if (seen !== null) {
    f.flag('rules', 'pm.hh.chosen', { name: f.rulers[r]?.name ?? r, post: seen });
    f.chosen.add(r);
  }
  editedDraw(f, r, nonce);
  return nonce;
}

/**
 * A draw whose records were edited where it matters: the drawer's commitment edited after (or not
 * shown before) the nonce it is combined with was posted — the secret could have been tried against
 * it, so these cards could have been chosen; or the nonce itself edited after the other side's post.
 */
function editedDraw(f: ThreadFold, r: Ruler, nonce: string): void {
  const from = f.nonceOrigin(r, nonce);
  if (from === null) return;
  const values = { name: f.rulers[r]?.name ?? r, other: f.rulers[other(r)]?.name ?? other(r), post: from };
  const t = f.taint[r];
  const posted = f.times.get(from) ?? null;
  if (t && !(t.at !== null && posted !== null && t.at < posted)) {
    const shown = t.at !== null && posted !== null;
    f.flag('rules', shown ? 'pm.ed.chosen' : 'pm.ed.chosenUnknown', { ...values, commit: t.post });
  }
  const edited = f.nonceTaint.get(from);
  if (edited) f.unsure.add(r);
  if (edited === 'edit') f.flag('rules', 'pm.ed.nonceDrawn', values);
}

/** A ruler's hidden opening seven: computed with their secret, else counted unseen; null when it is not dealt. */
function openingOf(f: ThreadFold, r: Ruler, listed: Card[] | null, rule: ParlorNonceRule): Card[] | null {
  const nonce = drawNonce(f, r, rule);
  if (nonce === null) return null;
  const secret = f.rulers[r]?.secret;
  if (!secret) return listed ?? Array(7).fill(HIDDEN);
  const picked = f.pick(r, secret, nonce, 7);
  if (listed && listed.join() !== picked.join()) f.evidence('pg.pickDiffers', { listed: listed.join(', '), picked: picked.join(', ') });
  return picked;
}

function drawOf(f: ThreadFold, r: Ruler, d: { seal: string } | { cards: Card[]; keep: Card }): ParlorEvent | null {
  // A draw out of turn is the engine's to refuse (no nonce is needed to say so).
  if (f.table.turn !== r || f.table.phase !== 'draw') return 'seal' in d ? { draw: r, cards: [], keep: HIDDEN } : { draw: r, cards: d.cards, keep: d.keep };
  const nonce = drawNonce(f, r, 'new');
  if (nonce === null) return null;
  const secret = f.rulers[r]?.secret;
  const n = Math.min(2, f.table.piles[r].length + f.table.recycle[r].length);
  if (!secret) return 'seal' in d ? { draw: r, cards: Array(n).fill(HIDDEN), keep: HIDDEN } : { draw: r, cards: d.cards, keep: d.keep };
  const k = f.picks[r] + 1;
  const cards = f.pick(r, secret, nonce, n);
  if ('cards' in d) {
    if (d.cards.join() !== cards.join()) f.evidence('pg.pickDiffers', { listed: d.cards.join(', '), picked: cards.join(', ') });
    return { draw: r, cards, keep: d.keep };
  }
  const keep = cards.find((c) => parlorSeal(secret, `k${k}`, keepChoice(c)) === d.seal);
  if (!keep && cards.length) f.evidence('pg.sealDraw', { cards: cards.join(', ') });
  return { draw: r, cards, keep: keep ?? cards[0] ?? HIDDEN };
}

function endOf(f: ThreadFold, r: Ruler, e: { seal: string } | { recycle: Card[] }): ParlorEvent {
  const secret = f.rulers[r]?.secret;
  const hand = f.table.hand[r];
  const over = Math.max(0, hand.length - 7);
  if ('recycle' in e) return { end: r, recycle: e.recycle };
  if (!secret || hand.includes(HIDDEN)) return { end: r, recycle: Array(over).fill(HIDDEN) };
  const label = `end${f.table.turns[r]}`;
  for (const c of choose(hand, over)) if (parlorSeal(secret, label, recycleChoice(c)) === e.seal) return { end: r, recycle: c };
  f.evidence('pg.sealEnd');
  return { end: r, recycle: canonical(hand).slice(0, over) };
}

/** The reveal's listed choices against the ones the seals hold. */
function checkReveal(f: ThreadFold, r: Ruler, rec: { reveal: string; keeps: Card[] | null; recycles: Card[][] | null }, post: number): void {
  const info = f.rulers[r]!;
  if (parlorCommit(rec.reveal) !== info.commitment) {
    f.flag('mismatch', 'pg.revealWrong', { name: info.name, post: info.commitPost });
    return;
  }
  if (info.revealedAt !== post) {
    f.say('pg.revealedAlready', { post: info.revealedAt ?? '?' });
    return;
  }
  const keeps = f.events.filter((x) => 'draw' in x.event && x.event.draw === r).map((x) => (x.event as { keep: Card }).keep);
  const recycles = f.events.filter((x) => 'end' in x.event && x.event.end === r).map((x) => canonical((x.event as { recycle: Card[] }).recycle));
  if (rec.keeps && rec.keeps.join() !== keeps.join()) f.evidence('pg.revealKeeps', { listed: rec.keeps.join(', '), sealed: keeps.join(', ') });
  if (rec.recycles && rec.recycles.map((c) => canonical(c).join()).join(';') !== recycles.map((c) => c.join()).join(';')) f.evidence('pg.revealRecycles');
  f.say('pg.revealOk', { name: info.name });
  if (f.table.winner === r) f.sayResult(r);
}

/** A commitment: the ruler's own (once), never one posted before in the thread. */
function foldCommit(f: ThreadFold, post: ThreadPost, r: Ruler | null, rec: { commit: string; nonce: string; petals?: number }): void {
  const earlier = f.commitments.get(rec.commit);
  if (earlier === undefined) f.commitments.set(rec.commit, post.number);
  else f.flag('mismatch', 'pm.hh.reused', { post: earlier });
  const info = r ? f.rulers[r] : undefined;
  if (!info || info.commitPost !== post.number) {
    f.flag('rules', r ? 'pg.commitOnce' : 'pg.twoRulers', { post: info?.commitPost ?? '?' });
    return;
  }
  f.posted[r!].push({ post: post.number, nonce: rec.nonce });
  if (r === 'A' && rec.petals) f.table = { ...f.table, petals: rec.petals };
  f.say('pg.commitment', { name: info.name, ruler: r! });
}

/** A ruler's own line (not a commitment, a state post or a reveal): its event through the engine. */
function foldPlay(f: ThreadFold, post: ThreadPost, r: Ruler, rec: ParlorRecord): void {
  const revealed = !!f.rulers[r]?.secret;
  let event: ParlorEvent | null;
  if ('opening' in rec) {
    // An opening without a nonce was written before openings carried one: dealt by the older rule, as it was then.
    const rule = rec.nonce ? 'new' : 'old';
    const dealing = f.table.phase === 'setup' && !f.table.dealt[r];
    if (dealing && rule === 'old') f.rule = 'old';
    const cards = dealing ? openingOf(f, r, rec.opening, rule) : (rec.opening ?? []);
    event = cards ? { hand: r, cards } : null;
  } else if ('turn' in rec) event = { turn: r };
  else if ('draw' in rec) event = drawOf(f, r, rec.draw);
  else if ('end' in rec) event = endOf(f, r, rec.end);
  else if ('event' in rec) event = lineEvent(r, rec.event);
  else return;
  if (event) f.apply(post.number, event, revealed);
  const nonce = 'opening' in rec || 'end' in rec ? rec.nonce : null;
  if (nonce) f.posted[r].push({ post: post.number, nonce });
  if ('end' in rec && rec.nonce) f.lastEnd[r] = rec.nonce;
}

function foldRecord(f: ThreadFold, post: ThreadPost, r: Ruler | null, rec: ParlorRecord): void {
  if ('commit' in rec) {
    foldCommit(f, post, r, rec);
    return;
  }
  // A state post, by anyone (the rulers, a spectator keeping the score): its Life must follow.
  if ('state' in rec) {
    const life = f.table.life;
    if (life.A !== rec.life.A || life.B !== rec.life.B) f.flag('mismatch', 'pg.stateLife', { a: life.A, b: life.B });
    return;
  }
  if (!r) {
    f.flag('rules', 'pg.notRuler', { who: post.author });
    return;
  }
  if ('reveal' in rec) {
    checkReveal(f, r, rec, post.number);
    return;
  }
  if (!f.rulers.A || !f.rulers.B) {
    f.flag('rules', 'pg.bothCommit');
    return;
  }
  foldPlay(f, post, r, rec);
}

/** The nonce a post carries (its last, when it has several). */
const postNonce = (records: readonly ParlorRecord[]): string | null =>
  records.reduce<string | null>((n, x) => ('commit' in x ? x.nonce : ('opening' in x || 'end' in x) && x.nonce ? x.nonce : n), null);

/** The game's result as the fold ends. */
function resultOf(f: ThreadFold): ParlorResult {
  const unrevealed = (['A', 'B'] as const).filter((r) => f.rulers[r] && !f.rulers[r]!.revealedAt);
  const edited = f.edited.length ? { edited: [...f.edited] } : {};
  const winner = f.table.winner;
  if (!winner) return { winner: null, status: 'playing', unrevealed, ...edited };
  const unverified = f.mismatched.has(winner) || f.chosen.has(winner) || f.noId.has(winner) || f.edited.length > 0;
  const status = unverified ? 'unverified' : f.rulers[winner]?.revealedAt ? 'final' : 'pending';
  return { winner, status, unrevealed, ...edited };
}

/**
 * A ruler's post edited where the other side may have acted on it: after the other side's next
 * post, or at a time that cannot be shown to come before it. Its records are not accepted (a
 * caution: an honest ruler may fix a typo, but a record rewritten then could have been chosen).
 * An edit before the other side's next post, or with no post of theirs after it, is fine.
 */
function judgeEdit(f: ThreadFold, post: ThreadPost, r: Ruler, records: readonly ParlorRecord[], later: ThreadPost | undefined): void {
  if (!later || !records.length || bindsNothing(records)) return;
  const order = editOrder(post.edit, later, 'unknown');
  if (order === null || order === 'before') return;
  const values = { other: f.rulers[other(r)]?.name ?? other(r), post: later.number };
  const nonce = postNonce(postRecords(later.text).records) !== null;
  f.flag('rules', order === 'unknown' ? 'pm.ed.unknown' : nonce ? 'pm.ed.afterNonce' : 'pm.ed.after', values);
  f.notAccepted(post.number, r, records, finite(post.edit?.time), 'edit');
}

/** A time a post shows, when it is one (a stranger's page may give anything). */
const finite = (t: unknown): number | null => (typeof t === 'number' && Number.isFinite(t) ? t : null);

/** The records this reader saw in a post before (`seen`, and the older `seenNonces`). */
const seenIn = (opts: ThreadOptions, post: number): string[] => {
  const nonce = opts.seenNonces?.[post];
  return [...(opts.seen?.[post] ?? []), ...(nonce ? [`nonce:${nonce}`] : [])];
};

/**
 * Records this reader saw in the post and that are not there now: one changed is a mismatch (the
 * post contradicts what it showed before; no panel ever rewrites a record); one gone is a caution.
 * Either way the post's records are not accepted.
 */
function judgeSeen(f: ThreadFold, post: ThreadPost, r: Ruler | null, records: readonly ParlorRecord[], seen: readonly string[]): void {
  const now = recordTokens(records);
  const changed = seen.filter((t) => !now.includes(t));
  if (!changed.length) return;
  const gone: string[] = [];
  for (const kind of new Set(changed.map(tokenKind))) {
    const was = changed.filter((t) => tokenKind(t) === kind);
    const is = now.filter((t) => tokenKind(t) === kind);
    const value = (ts: string[]) => ts.map((t) => t.slice(kind.length + 1)).join(', ');
    if (!is.length) gone.push(...was);
    else if (kind === 'nonce') f.flag('mismatch', 'pg.nonceChanged', { seen: value(was), now: value(is) });
    else f.flag('mismatch', 'pm.ed.changed', { seen: was.map(tokenText).join(', '), now: is.map(tokenText).join(', ') });
  }
  if (gone.length) f.flag('rules', 'pm.ed.gone', { seen: gone.map(tokenText).join(', ') });
  f.notAccepted(post.number, r, records, finite(post.edit?.time), 'seen');
}

/**
 * For each ruler's post, the other ruler's next post in the game that carries a record: the one in
 * which they may have acted on it (a nonce, a play). Their chat moves nothing of the game.
 */
function nextOfOther(posts: readonly ThreadPost[], rulers: Partial<Record<Ruler, RulerInfo>>): Map<number, ThreadPost> {
  const out = new Map<number, ThreadPost>();
  const last: Partial<Record<Ruler, ThreadPost>> = {};
  for (let i = posts.length - 1; i >= 0; i--) {
    const p = posts[i]!;
    const r = rulerOf(rulers, p);
    if (!r || !postRecords(p.text).records.length) continue;
    const q = last[other(r)];
    if (q) out.set(p.number, q);
    last[r] = p;
  }
  return out;
}

/**
 * The game of a thread's posts (in page order, `{ number, author, text }`): the one that begins at
 * `opts.from` (its first commitment at or after it; by default the thread's first game), up to the
 * next game's first commitment. Commitments before it count too: one posted again is a finding.
 */
export function foldParlorThread(posts: readonly ThreadPost[], opts: ThreadOptions = {}): ParlorGame {
  const l = opts.l ?? 'en';
  const from = opts.from ?? 0;
  const starts = parlorGameStarts(posts);
  const own = starts.find((n) => n >= from);
  const until = own === undefined ? null : (starts.find((n) => n > own) ?? null);
  const mine = posts.filter((p) => p.number >= from && (until === null || p.number < until));
  const rulers = findRulers(mine, opts.me);
  const f = new ThreadFold(rulers, opts, l);
  for (const p of posts)
    if (p.number < from) for (const r of postRecords(p.text).records) if ('commit' in r && !f.commitments.has(r.commit)) f.commitments.set(r.commit, p.number);
  const next = nextOfOther(mine, rulers);
  for (const p of mine) f.times.set(p.number, finite(p.time));
  for (const post of mine) {
    const { records, unreadable } = postRecords(post.text);
    const r = rulerOf(rulers, post);
    const borrowed = r ? null : impostorOf(rulers, post);
    f.at = post.number;
    f.current = r;
    for (const line of unreadable) f.flag('unreadable', 'pg.unreadable', { line });
    // Under a ruler's name by another forum identity: none of its records is theirs, nor anyone's.
    if (borrowed && records.length) f.flag('rules', 'pm.id.notTheirs', { name: rulers[borrowed]!.name, post: rulers[borrowed]!.commitPost });
    else for (const rec of records) foldRecord(f, post, r, rec);
    if (r && records.length && posterMatch(rulers[r]!, post) === 'unsure') {
      f.flag('rules', 'pm.id.noneShown', { name: rulers[r]!.name, post: rulers[r]!.commitPost });
      f.noId.add(r);
    }
    if (r) judgeEdit(f, post, r, records, next.get(post.number));
    judgeSeen(f, post, r, records, seenIn(opts, post.number));
    f.close(post.number, records.length > 0 || unreadable.length > 0 || f.said);
  }
  const me = opts.me ? rulerNamed(rulers, opts.me.name) : null;
  return {
    rulers,
    me: me && rulers[me]?.secret === opts.me?.secret ? me : null,
    table: f.table,
    state: publicState(f.table),
    events: f.events,
    checks: f.checks,
    nextNonce: { A: f.nonceFor('A'), B: f.nonceFor('B') },
    result: resultOf(f),
    rule: f.rule,
    picks: f.picks,
    from: rulers.A?.commitPost ?? opts.from ?? 0,
    until,
  };
}

/** Every nonce a thread's posts carry, by post (what a reader keeps, to see a later edit). */
export function threadNonces(posts: readonly ThreadPost[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const p of posts) {
    const n = postNonce(postRecords(p.text).records);
    if (n) out[p.number] = n;
  }
  return out;
}

/** Every record a thread's posts carry that binds a hidden hand, by post (`recordTokens`: what a reader keeps, to see a later edit). */
export function threadRecords(posts: readonly ThreadPost[]): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const p of posts) {
    const tokens = recordTokens(postRecords(p.text).records);
    if (tokens.length) out[p.number] = tokens;
  }
  return out;
}
