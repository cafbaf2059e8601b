/**
 * A Parlor Magic game folded from its thread: the rulers (the first two to commit), every line in
 * page order through the engine, and each post's verdict. A ruler's cards are known to a reader
 * who holds that ruler's secret (their own) or once the ruler reveals it; until then they are
 * hidden (`?`), counted but not seen. With a secret, every draw is recomputed from the nonces
 * (./hidden.ts), every seal is opened, and a card played that the ruler did not hold is evidence
 * against the post.
 */
import { foldedName } from '../../chars';
import { type Key, type Locale, type Params, tl } from '../../i18n';
import { isRefusal, refusalText, type Refusal } from '../game';
import { Parlor, publicState, setupTable } from './engine';
import { canonical, keepChoice, parlorCommit, parlorSeal, picksFrom, recycleChoice } from './hidden';
import { type Card, HIDDEN, other, type ParlorEvent, type ParlorState, type ParlorTable, type Ruler } from './model';
import { lineEvent, type ParlorRecord, readRecords } from './records';

export interface ThreadPost {
  number: number;
  author: string;
  text: string;
}

export interface RulerInfo {
  name: string;
  commitPost: number;
  commitment: string;
  nonce: string;
  /** The secret, when this reader holds it (their own) or it was revealed and matches. */
  secret: string | null;
  revealedAt: number | null;
}

export type PostVerdict = 'follows' | 'mismatch' | 'rules' | 'unreadable';

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
  /** The nonce each ruler's next draw uses (the opponent's last end of turn, else their commitment). */
  nextNonce: Partial<Record<Ruler, string>>;
  /** Each ruler's picks so far (the next pick is k = picks + 1). */
  picks: Record<Ruler, number>;
  /** Where the game began (the first commitment's post). */
  from: number;
}

export interface ThreadOptions {
  /** The reader's name and their secret for this thread. */
  me?: { name: string; secret: string } | null;
  /** Start at this post (a thread holding several games). */
  from?: number;
  /** Nonces this reader saw before, by post: one changed since is flagged. */
  seenNonces?: Record<number, string>;
  l?: Locale;
}

const name = foldedName;

/** The rulers: the first two authors to commit; the reveals matched against their commitments. */
function findRulers(posts: readonly ThreadPost[], me: ThreadOptions['me']): Partial<Record<Ruler, RulerInfo>> {
  const rulers: Partial<Record<Ruler, RulerInfo>> = {};
  for (const p of posts) {
    for (const r of readRecords(p.text).records) {
      if (!('commit' in r)) continue;
      const who = name(p.author);
      if (Object.values(rulers).some((x) => x!.name === who)) continue;
      const slot: Ruler | null = !rulers.A ? 'A' : !rulers.B ? 'B' : null;
      if (slot) rulers[slot] = { name: who, commitPost: p.number, commitment: r.commit, nonce: r.nonce, secret: null, revealedAt: null };
    }
  }
  for (const p of posts) {
    for (const r of readRecords(p.text).records) {
      if (!('reveal' in r)) continue;
      const ruler = rulerOf(rulers, p.author);
      const info = ruler ? rulers[ruler] : undefined;
      if (info && !info.secret && parlorCommit(r.reveal) === info.commitment) Object.assign(info, { secret: r.reveal, revealedAt: p.number });
    }
  }
  if (me?.secret) {
    for (const info of Object.values(rulers)) if (info && info.name === name(me.name) && parlorCommit(me.secret) === info.commitment) info.secret ??= me.secret;
  }
  return rulers;
}

const rulerOf = (rulers: Partial<Record<Ruler, RulerInfo>>, author: string): Ruler | null => {
  const who = name(author);
  return rulers.A?.name === who ? 'A' : rulers.B?.name === who ? 'B' : null;
};

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
  readonly lastEnd: Partial<Record<Ruler, string>> = {};
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

  /** The nonce a draw by `r` uses now. */
  nonceFor(r: Ruler): string {
    return this.lastEnd[other(r)] ?? this.rulers[other(r)]?.nonce ?? '';
  }

  /** `n` picks for `r` with its secret, from the piles as they are. */
  pick(r: Ruler, secret: string, n: number): Card[] {
    const out = picksFrom(secret, this.nonceFor(r), this.picks[r] + 1, this.table.piles[r], this.table.recycle[r], n);
    this.picks[r] += out.length;
    return out;
  }

  apply(post: number, event: ParlorEvent, revealed: boolean): void {
    const step = Parlor.apply(this.table, event);
    if (isRefusal(step.outcome)) {
      const evidence = revealed && /^pm\.(card\.notIn|draw\.keep)/.test(step.outcome.rule);
      this.flag(evidence ? 'mismatch' : 'rules', 'pg.refused', { rule: refusalText(this.l, step.outcome as Refusal) });
      return;
    }
    this.table = step.state;
    this.events.push({ post, event });
  }

  /** Close a post: its verdict and reasons. */
  close(post: number, any: boolean): void {
    if (any && !this.reasons.length) this.say('pg.follows');
    if (any) this.checks.push({ post, verdict: this.verdict, reasons: this.reasons });
    this.reasons = [];
    this.verdict = 'follows';
  }
}

/** A ruler's hidden opening seven or draw: computed with their secret, else counted unseen. */
function openingOf(f: ThreadFold, r: Ruler, listed: Card[] | null): Card[] {
  const secret = f.rulers[r]?.secret;
  if (!secret) return listed ?? Array(7).fill(HIDDEN);
  const picked = f.pick(r, secret, 7);
  if (listed && listed.join() !== picked.join()) f.flag('mismatch', 'pg.pickDiffers', { listed: listed.join(', '), picked: picked.join(', ') });
  return picked;
}

function drawOf(f: ThreadFold, r: Ruler, d: { seal: string } | { cards: Card[]; keep: Card }): ParlorEvent {
  const secret = f.rulers[r]?.secret;
  const n = Math.min(2, f.table.piles[r].length + f.table.recycle[r].length);
  if (!secret) return 'seal' in d ? { draw: r, cards: Array(n).fill(HIDDEN), keep: HIDDEN } : { draw: r, cards: d.cards, keep: d.keep };
  const k = f.picks[r] + 1;
  const cards = f.pick(r, secret, n);
  if ('cards' in d) {
    if (d.cards.join() !== cards.join()) f.flag('mismatch', 'pg.pickDiffers', { listed: d.cards.join(', '), picked: cards.join(', ') });
    return { draw: r, cards, keep: d.keep };
  }
  const keep = cards.find((c) => parlorSeal(secret, `k${k}`, keepChoice(c)) === d.seal);
  if (!keep && cards.length) f.flag('mismatch', 'pg.sealDraw', { cards: cards.join(', ') });
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
  f.flag('mismatch', 'pg.sealEnd');
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
  if (rec.keeps && rec.keeps.join() !== keeps.join()) f.flag('mismatch', 'pg.revealKeeps', { listed: rec.keeps.join(', '), sealed: keeps.join(', ') });
  if (rec.recycles && rec.recycles.map((c) => canonical(c).join()).join(';') !== recycles.map((c) => c.join()).join(';'))
    f.flag('mismatch', 'pg.revealRecycles');
  f.say('pg.revealOk', { name: info.name });
}

function foldRecord(f: ThreadFold, post: ThreadPost, r: Ruler | null, rec: ParlorRecord): void {
  if ('commit' in rec) {
    const info = r ? f.rulers[r] : undefined;
    if (!info || info.commitPost !== post.number) {
      f.flag('rules', r ? 'pg.commitOnce' : 'pg.twoRulers', { post: info?.commitPost ?? '?' });
      return;
    }
    if (r === 'A' && rec.petals) f.table = { ...f.table, petals: rec.petals };
    f.say('pg.commitment', { name: info.name, ruler: r! });
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
  const revealed = !!f.rulers[r]?.secret;
  if ('reveal' in rec) {
    checkReveal(f, r, rec, post.number);
    return;
  }
  if (!f.rulers.A || !f.rulers.B) {
    f.flag('rules', 'pg.bothCommit');
    return;
  }
  const event: ParlorEvent =
    'opening' in rec
      ? { hand: r, cards: openingOf(f, r, rec.opening) }
      : 'turn' in rec
        ? { turn: r }
        : 'draw' in rec
          ? drawOf(f, r, rec.draw)
          : 'end' in rec
            ? endOf(f, r, rec.end)
            : lineEvent(r, rec.event);
  f.apply(post.number, event, revealed);
  if ('end' in rec && rec.nonce) {
    const seen = f.opts.seenNonces?.[post.number];
    if (seen && seen !== rec.nonce) f.flag('mismatch', 'pg.nonceChanged', { seen, now: rec.nonce });
    f.lastEnd[r] = rec.nonce;
  }
}

/** The game of a thread's posts (in page order), from its first commitment (or from `opts.from`). */
export function foldParlorThread(posts: readonly ThreadPost[], opts: ThreadOptions = {}): ParlorGame {
  const l = opts.l ?? 'en';
  const mine = posts.filter((p) => p.number >= (opts.from ?? 0));
  const rulers = findRulers(mine, opts.me);
  const f = new ThreadFold(rulers, opts, l);
  for (const post of mine) {
    const { records, unreadable } = readRecords(post.text);
    const r = rulerOf(rulers, post.author);
    for (const line of unreadable) f.flag('unreadable', 'pg.unreadable', { line });
    for (const rec of records) foldRecord(f, post, r, rec);
    const seen = opts.seenNonces?.[post.number];
    const commit = records.find((x) => 'commit' in x) as { nonce: string } | undefined;
    if (seen && commit && commit.nonce !== seen) f.flag('mismatch', 'pg.nonceChanged', { seen, now: commit.nonce });
    f.close(post.number, records.length > 0 || unreadable.length > 0);
  }
  const me = opts.me ? rulerOf(rulers, opts.me.name) : null;
  return {
    rulers,
    me: me && rulers[me]?.secret === opts.me?.secret ? me : null,
    table: f.table,
    state: publicState(f.table),
    events: f.events,
    checks: f.checks,
    nextNonce: { A: f.nonceFor('A'), B: f.nonceFor('B') },
    picks: f.picks,
    from: rulers.A?.commitPost ?? opts.from ?? 0,
  };
}

/** Every nonce a thread's posts carry, by post (what a reader keeps, to see a later edit). */
export function threadNonces(posts: readonly ThreadPost[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const p of posts) {
    for (const r of readRecords(p.text).records) {
      if ('commit' in r) out[p.number] = r.nonce;
      else if ('end' in r && r.nonce) out[p.number] = r.nonce;
    }
  }
  return out;
}
