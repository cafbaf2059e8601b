/**
 * Parlor Magic by post: a deal neither ruler can rig. Each ruler posts the SHA-256 of a secret
 * word (a commitment), and reveals the word only once both commitments stand. The match seed is
 *
 *   seed = 'parlor/' + gi + '/' + ti + '/' + word of the first ruler to commit + '/' + word of the second
 *
 * Ruler k (1 = the first to commit) deals from `parlorDeal(seed + '/' + k)`; the j-th reshuffle of
 * their Recycle pile is `parlorShuffle(recycle in canonical deck order, seed + '/' + k, j)`.
 * The thread's posts are folded in page order; each record is judged against that deal.
 */
import { tl, type Locale } from '../../i18n';
import { sha256Hex } from '../../crypto/sha256';
import { done, type Engine, foldEvents, refuse, refused } from '../game';
import { CANONICAL_DECK, cardCode, cardLabel, readParlorCard } from './cards';
import { parlorDeal, parlorShuffle } from './deal';

export const PARLOR_MARK = 'Spark Scribe · Parlor Magic';

export type DealRecord =
  | { commit: string; hash: string }
  | { reveal: string; word: string }
  | { open: string; cards: string[] }
  | { draw: string; cards: string[]; keep: string }
  | { recycle: string; cards: string[] };

export interface Ruler {
  name: string;
  commitment: string;
  commitPost: number;
  word: string | null;
  wordPost: number | null;
}

export interface Piles {
  draw: string[];
  recycle: string[];
  /** Cards dealt to this ruler (opening seven and kept draws), in order. */
  dealt: string[];
  reshuffles: number;
  opened: boolean;
}

export interface DealState {
  thread: string;
  rulers: Ruler[];
  seed: string | null;
  /** Why the deal can't be called fair (a word revealed before both commitments stood). */
  unfair: string[];
  piles: Record<string, Piles>;
}

const CANON_INDEX = new Map(CANONICAL_DECK.map((c, i) => [c, i]));
const canonical = (cards: string[]) => [...cards].sort((a, b) => CANON_INDEX.get(a)! - CANON_INDEX.get(b)!);
const show = (codes: string[]) => codes.map((c) => cardLabel(readParlorCard(c)!)).join(', ');

export function dealSeed(thread: string, words: [string, string]): string {
  return `parlor/${thread}/${words[0]}/${words[1]}`;
}

/** The post text of each record, as the panel writes it and the reader reads it back. */
export function recordText(r: DealRecord): string {
  if ('commit' in r) return `${PARLOR_MARK} · commitment: ${r.hash}`;
  if ('reveal' in r) return `${PARLOR_MARK} · word: "${r.word.replace(/"/g, '')}"`;
  if ('open' in r) return `${PARLOR_MARK} · opening seven: ${r.cards.join(', ')}`;
  if ('draw' in r) return `${PARLOR_MARK} · draw: ${r.cards.join(', ')} · keep: ${r.keep}`;
  return `${PARLOR_MARK} · to Recycle: ${r.cards.join(', ')}`;
}

const codeOf = (t: string) => {
  const c = readParlorCard(t.trim());
  return c ? cardCode(c) : null;
};
const cardList = (t: string): string[] | null => {
  const parts = t.split(/\s*,\s*|\s+(?=(?:10|[2-9AJQKT])[HDSC♥♦♠♣]\b)/i).filter(Boolean);
  if (!parts.length || parts.length > 60) return null;
  const codes = parts.map(codeOf);
  return codes.every((c) => c !== null) ? (codes as string[]) : null;
};

/** Every record a post's text holds, with its author; `problems` for marked lines that are not records. */
export function readDealRecords(text: string, author: string, l: Locale = 'en'): { records: DealRecord[]; problems: string[] } {
  const records: DealRecord[] = [];
  const problems: string[] = [];
  let at = 0;
  for (let n = 0; n < 50; n++) {
    const i = text.indexOf(PARLOR_MARK, at);
    if (i < 0) break;
    const next = text.indexOf(PARLOR_MARK, i + PARLOR_MARK.length);
    const lineEnd = text.indexOf('\n', i);
    const end = Math.min(next < 0 ? text.length : next, lineEnd < 0 ? text.length : lineEnd, i + 600);
    const line = text
      .slice(i + PARLOR_MARK.length, end)
      .replace(/\s+/g, ' ')
      .trim();
    at = i + PARLOR_MARK.length;
    let m: RegExpExecArray | null;
    if ((m = /^· commitment: ([0-9a-f]{64})\b/i.exec(line))) records.push({ commit: author, hash: m[1]!.toLowerCase() });
    else if ((m = /^· word: "([^"]{1,200})"/.exec(line))) records.push({ reveal: author, word: m[1]! });
    else if ((m = /^· opening seven: (.+)$/.exec(line))) {
      const cards = cardList(m[1]!);
      if (cards) records.push({ open: author, cards });
      else problems.push(tl(l, 'pt.noCards', { line: line.slice(0, 60) }));
    } else if ((m = /^· draw: (.+?) · keep: (\S+)/.exec(line))) {
      const cards = cardList(m[1]!);
      const keep = codeOf(m[2]!);
      if (cards && keep) records.push({ draw: author, cards, keep });
      else problems.push(tl(l, 'pt.notDraw', { line: line.slice(0, 60) }));
    } else if ((m = /^· to Recycle: (.+)$/.exec(line))) {
      const cards = cardList(m[1]!);
      if (cards) records.push({ recycle: author, cards });
      else problems.push(tl(l, 'pt.noCards', { line: line.slice(0, 60) }));
    } else problems.push(tl(l, 'pt.notRecord', { line: line.slice(0, 60) }));
  }
  return { records, problems };
}

const nameKey = (s: string) => s.replace(/\s+/g, ' ').trim();

export function startDeal(thread: string): DealState {
  return { thread, rulers: [], seed: null, unfair: [], piles: {} };
}

/** A judged record: the new state with what it established, or a refusal. `mismatch` marks evidence against the post. */
export type DealStep = { state: DealState; note: string; finding?: string } | DealRefusal;
/** A record the deal does not allow, in words (`mismatch`: evidence against the post). */
export interface DealRefusal {
  refused: true;
  rule: string;
  mismatch?: boolean;
}
const no = (rule: string): DealRefusal => ({ refused: true, rule });

function withPiles(s: DealState, name: string, p: Piles): DealState {
  return { ...s, piles: { ...s.piles, [name]: p } };
}

/** Draw n cards from a ruler's piles, reshuffling the Recycle pile when the draw pile runs out. */
function take(p: Piles, n: number, seedFor: string): { cards: string[]; piles: Piles } | null {
  let draw = [...p.draw];
  let recycle = [...p.recycle];
  let reshuffles = p.reshuffles;
  const cards: string[] = [];
  for (let i = 0; i < n; i++) {
    if (!draw.length) {
      if (!recycle.length) return null;
      reshuffles += 1;
      draw = parlorShuffle(canonical(recycle), seedFor, reshuffles);
      recycle = [];
    }
    cards.push(draw.shift()!);
  }
  return { cards, piles: { ...p, draw, recycle, reshuffles } };
}

export function applyDeal(s: DealState, r: DealRecord, post = 0, l: Locale = 'en'): DealStep {
  if (typeof r !== 'object' || r === null) return no(tl(l, 'pt.notRecordAt'));
  if ('commit' in r) {
    const name = nameKey(r.commit);
    const mine = s.rulers.find((x) => x.name === name);
    if (mine) return no(tl(l, 'pt.commitOnce', { name, post: mine.commitPost }));
    if (s.rulers.length >= 2) return no(tl(l, 'pt.twoRulers', { names: s.rulers.map((x) => x.name).join(tl(l, 'pa.and')) }));
    return {
      state: { ...s, rulers: [...s.rulers, { name, commitment: r.hash, commitPost: post, word: null, wordPost: null }] },
      note: tl(l, 'pt.commitment', { name, n: s.rulers.length + 1 }),
    };
  }
  if ('reveal' in r) {
    const name = nameKey(r.reveal);
    const idx = s.rulers.findIndex((x) => x.name === name);
    if (idx < 0) return no(tl(l, 'pt.noCommit', { name }));
    const ruler = s.rulers[idx]!;
    if (ruler.word !== null) return no(tl(l, 'pt.revealedAlready', { name, post: String(ruler.wordPost) }));
    if (sha256Hex(r.word) !== ruler.commitment) {
      return {
        refused: true,
        mismatch: true,
        rule: tl(l, 'pt.wordMismatch', { name, post: ruler.commitPost, hash: sha256Hex(r.word).slice(0, 12), commitment: ruler.commitment.slice(0, 12) }),
      };
    }
    const unfair = s.rulers.length < 2 ? [...s.unfair, tl(l, 'pt.early', { name, post })] : s.unfair;
    const rulers = s.rulers.map((x, i) => (i === idx ? { ...x, word: r.word, wordPost: post } : x));
    let next: DealState = { ...s, rulers, unfair };
    if (rulers.length === 2 && rulers.every((x) => x.word !== null)) {
      const seed = dealSeed(s.thread, [rulers[0]!.word!, rulers[1]!.word!]);
      next = {
        ...next,
        seed,
        piles: Object.fromEntries(
          rulers.map((x, i) => [x.name, { draw: parlorDeal(`${seed}/${i + 1}`), recycle: [], dealt: [], reshuffles: 0, opened: false }]),
        ),
      };
    }
    const note = `${tl(l, 'pt.matches', { name, post: ruler.commitPost })}${next.seed ? tl(l, 'pt.fixed') : ''}`;
    return s.rulers.length < 2 ? { state: next, note, finding: tl(l, 'pt.earlyNow', { name }) } : { state: next, note };
  }
  const who = nameKey('open' in r ? r.open : 'draw' in r ? r.draw : r.recycle);
  if (!s.seed) return no(tl(l, 'pt.notFixed'));
  const k = s.rulers.findIndex((x) => x.name === who);
  const p = s.piles[who];
  if (k < 0 || !p) return no(tl(l, 'pt.notRuler', { who, names: s.rulers.map((x) => x.name).join(tl(l, 'pa.and')) }));
  const seedFor = `${s.seed}/${k + 1}`;
  if ('open' in r) {
    if (p.opened) return no(tl(l, 'pt.openedAlready', { who }));
    const t = take(p, 7, seedFor)!;
    if (t.cards.join() !== r.cards.join())
      return { refused: true, mismatch: true, rule: tl(l, 'pt.openingMismatch', { who, cards: show(t.cards), posted: show(r.cards) }) };
    return { state: withPiles(s, who, { ...t.piles, opened: true, dealt: [...p.dealt, ...t.cards] }), note: tl(l, 'pt.openingOk', { who }) };
  }
  if ('draw' in r) {
    if (!p.opened) return no(tl(l, 'pt.drawsEarly', { who }));
    if (r.cards.length !== 2) return no(tl(l, 'pt.drawTwo'));
    const t = take(p, 2, seedFor);
    if (!t) return { refused: true, mismatch: true, rule: tl(l, 'pt.empty', { who }) };
    if (t.cards.join() !== r.cards.join())
      return {
        refused: true,
        mismatch: true,
        rule: tl(l, 'pt.drawMismatch', {
          who,
          cards: show(t.cards),
          after: t.piles.reshuffles > p.reshuffles ? tl(l, 'pt.afterReshuffle') : '',
          posted: show(r.cards),
        }),
      };
    if (!r.cards.includes(r.keep)) return no(tl(l, 'pt.keepOne', { cards: show(r.cards) }));
    const other = r.cards[0] === r.keep ? r.cards[1]! : r.cards[0]!;
    return {
      state: withPiles(s, who, { ...t.piles, recycle: [...t.piles.recycle, other], dealt: [...p.dealt, r.keep] }),
      note: tl(l, 'pt.drawOk', {
        who,
        reshuffle: t.piles.reshuffles > p.reshuffles ? tl(l, 'pt.reshuffle', { n: t.piles.reshuffles }) : '',
        kept: show([r.keep]),
        other: show([other]),
      }),
    };
  }
  const held = new Set(p.dealt);
  const bad = r.cards.filter((c) => !held.has(c) || p.recycle.includes(c));
  if (bad.length) return { refused: true, mismatch: true, rule: tl(l, 'pt.neverDealt', { who, cards: show(bad) }) };
  return {
    state: withPiles(s, who, { ...p, recycle: [...p.recycle, ...r.cards], dealt: p.dealt.filter((c) => !r.cards.includes(c)) }),
    note: tl(l, 'pt.toRecycle', { cards: show(r.cards), who }),
  };
}

export const ParlorDeal: Engine<string, DealState, DealRecord> = {
  setup: startDeal,
  apply: (s, r) => {
    const step = applyDeal(s, r);
    return 'refused' in step ? refused(s, refuse('pt.record', undefined, { words: step.rule })) : done(step.state);
  },
};

export interface DealPostCheck {
  post: number;
  verdict: 'follows' | 'mismatch' | 'rules' | 'unreadable';
  reasons: string[];
}

/** Judge every post of a thread that carries Parlor Magic records, in page order. */
export function checkDealPosts(
  thread: string,
  posts: { number: number; author: string; text: string }[],
  l: Locale = 'en',
): { checks: DealPostCheck[]; state: DealState } {
  let state = startDeal(thread);
  const checks: DealPostCheck[] = [];
  for (const p of posts) {
    if (!p.text.includes(PARLOR_MARK)) continue;
    const { records, problems } = readDealRecords(p.text, p.author, l);
    const reasons: string[] = [];
    let verdict: DealPostCheck['verdict'] = records.length ? 'follows' : 'unreadable';
    for (const r of records) {
      const step = applyDeal(state, r, p.number, l);
      if ('refused' in step) {
        reasons.push(step.rule);
        if (step.mismatch) verdict = 'mismatch';
        else if (verdict === 'follows') verdict = 'rules';
      } else {
        state = step.state;
        if (step.finding) {
          reasons.unshift(step.finding);
          if (verdict === 'follows') verdict = 'rules';
        }
        reasons.push(step.note);
      }
    }
    if (problems.length) reasons.push(tl(l, 'pt.couldNotRead', { problems: problems.join('; ') }));
    if (verdict === 'follows' && state.unfair.length && records.some((r) => 'open' in r || 'draw' in r)) {
      verdict = 'rules';
      reasons.unshift(tl(l, 'pt.unfair', { why: state.unfair[0]! }));
    }
    checks.push({ post: p.number, verdict, reasons });
  }
  return { checks, state };
}

/** Fold records straight (for tests and tools): the state and each refused record. */
export function foldDeal(thread: string, records: DealRecord[]) {
  return foldEvents(ParlorDeal, startDeal(thread), records);
}

/** A ruler's next two cards (what their next draw will show), or null when none can be drawn. */
export function peekDraw(s: DealState, ruler: string, n = 2): string[] | null {
  const k = s.rulers.findIndex((x) => x.name === ruler);
  const p = s.piles[ruler];
  if (!s.seed || k < 0 || !p) return null;
  return take(p, n, `${s.seed}/${k + 1}`)?.cards ?? null;
}
