// Honest Parlor Magic games as two rulers' panels write them, with what a forum shows of each post
// (its time, and the poster's forum identity): for the tests of edits and posters (parlor-edits.test.ts).
import { readParlorCard } from '../../lib/games/parlor/cards';
import { canonical } from '../../lib/games/parlor/hidden';
import type { Ruler } from '../../lib/games/parlor/model';
import { attackers, mainActions } from '../../lib/games/parlor/actions';
import { commitLine, drawLine, drawSize, endLine, nextDraw, openingLine, revealLine } from '../../lib/games/parlor/play';
import { type LineEvent, recordLine } from '../../lib/games/parlor/records';
import { foldParlorThread, type ThreadPost } from '../../lib/games/parlor/thread';
import { seeded } from './seeded';

export const NAMES: Record<Ruler, string> = { A: 'Ana Vey', B: 'Ben Orr' };
/** Their forum identities (RPOL's character ids). */
export const IDS: Record<Ruler, string> = { A: '1101', B: '2202' };
export const SECRETS: Record<Ruler, string> = { A: 'ana-secret-3f9a', B: 'ben-secret-77c1' };
/** The first post's time; each later post comes 10 minutes after the one before. */
export const T0 = 1_764_000_000;
export const GAP = 600;

/** A post by a ruler, numbered next, 10 minutes after the last. */
export function post(posts: ThreadPost[], r: Ruler, ...lines: string[]): ThreadPost {
  const p: ThreadPost = {
    number: posts.length + 1,
    author: NAMES[r],
    authorId: IDS[r],
    time: T0 + GAP * posts.length,
    text: `Some words.\n${lines.join('\n')}`,
  };
  posts.push(p);
  return p;
}

const me = (r: Ruler) => ({ name: NAMES[r], secret: SECRETS[r] });

/** The game with `lines` as `r`'s next post. */
const withLines = (posts: readonly ThreadPost[], r: Ruler, lines: string[]) =>
  foldParlorThread([...posts, { number: posts.length + 1, author: NAMES[r], authorId: IDS[r], text: lines.join('\n') }], { me: me(r) });

/** The end of `r`'s turn: the cards over seven recycled (the first in canonical order), a fresh nonce. */
function endTurn(posts: readonly ThreadPost[], r: Ruler, lines: string[], hex: (n: number) => string): void {
  const g = withLines(posts, r, lines);
  const hand = g.table.hand[r];
  lines.push(endLine(g, r, SECRETS[r], canonical(hand).slice(0, Math.max(0, hand.length - 7)), hex(16)));
}

/** Commitments, openings and `turns` turns each: each ruler draws (keeping a land when drawn), plays a land, ends. */
export function honestGame(turns: number, seed = 99): ThreadPost[] {
  const { hex } = seeded(seed);
  const posts: ThreadPost[] = [];
  post(posts, 'A', commitLine(SECRETS.A, hex(16)));
  post(posts, 'B', commitLine(SECRETS.B, hex(16)));
  post(posts, 'A', openingLine(hex(16)));
  post(posts, 'B', openingLine(hex(16)));
  for (let i = 0; i < turns; i++)
    for (const r of ['A', 'B'] as const) {
      const lines = [recordLine({ turn: true })];
      let g = withLines(posts, r, lines);
      const drawn = nextDraw(g, r, SECRETS[r], drawSize(g, r));
      lines.push(drawLine(g, r, SECRETS[r], drawn.find((c) => readParlorCard(c)!.type === 'land') ?? drawn[0]!));
      g = withLines(posts, r, lines);
      const land = g.table.hand[r].find((c) => readParlorCard(c)!.type === 'land');
      if (land) lines.push(recordLine({ event: { land } }));
      endTurn(posts, r, lines, hex);
      post(posts, r, ...lines);
    }
  return posts;
}

/** `r`'s reveal, as their panel writes it, posted next. */
export function reveal(posts: ThreadPost[], r: Ruler): ThreadPost[] {
  const g = foldParlorThread(posts, { me: me(r) });
  const out = [...posts];
  post(out, r, revealLine(g, r, SECRETS[r]));
  return out;
}

/** Every main-phase action of one kind that works, taken in turn until none does. */
function actAll(posts: readonly ThreadPost[], lines: string[], pick: (a: ReturnType<typeof mainActions>) => { line: LineEvent; refusal: unknown }[]) {
  for (;;) {
    const ok = pick(mainActions(withLines(posts, 'A', lines).table, 'A')).find((x) => !x.refusal);
    if (!ok) return;
    lines.push(recordLine({ event: ok.line }));
  }
}

/** Ana's turn: a land, every tap, every creature she can cast, and an attack with all that may (Ben never blocks). True once she has won. */
function anaTurn(posts: ThreadPost[], hex: (n: number) => string): boolean {
  const lines = [recordLine({ turn: true })];
  let g = withLines(posts, 'A', lines);
  const lands = g.table.hand.A.filter((c) => readParlorCard(c)!.type === 'land').length;
  const drawn = nextDraw(g, 'A', SECRETS.A, drawSize(g, 'A'));
  lines.push(drawLine(g, 'A', SECRETS.A, drawn.find((c) => readParlorCard(c)!.type === (lands ? 'creature' : 'land')) ?? drawn[0]!));
  actAll(posts, lines, (a) => a.lands.slice(0, 1));
  actAll(posts, lines, (a) => a.taps);
  actAll(posts, lines, (a) => a.casts.filter((x) => 'cast' in x.line && readParlorCard(x.line.cast)!.type === 'creature'));
  g = withLines(posts, 'A', lines);
  const attack = attackers(g.table, 'A');
  if (attack.length) {
    lines.push(recordLine({ event: { attack } }));
    post(posts, 'A', ...lines);
    post(posts, 'B', recordLine({ event: { block: [] } }));
    lines.length = 0;
    lines.push(recordLine({ event: { damage: {} } }));
    if (withLines(posts, 'A', lines).state.winner) {
      post(posts, 'A', ...lines);
      return true;
    }
  }
  endTurn(posts, 'A', lines, hex);
  post(posts, 'A', ...lines);
  return false;
}

/** A game Ana wins: she plays and attacks with all she can; Ben draws, never blocks and ends his turns. */
export function wonGame(seed = 7, maxTurns = 40): ThreadPost[] {
  const { hex } = seeded(seed);
  const posts = honestGame(0, seed);
  for (let turn = 0; turn < maxTurns; turn++) {
    if (anaTurn(posts, hex)) break;
    const ben = [recordLine({ turn: true })];
    const h = withLines(posts, 'B', ben);
    ben.push(drawLine(h, 'B', SECRETS.B, nextDraw(h, 'B', SECRETS.B, drawSize(h, 'B'))[0]!));
    endTurn(posts, 'B', ben, hex);
    post(posts, 'B', ...ben);
  }
  return posts;
}
