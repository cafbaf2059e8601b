// Whose turn each game says it is (its `turns`, lib/games/*/turns.ts, through lib/turns/game.ts), at
// each phase of its sample threads: the 15-post duel turn, a When Sparks Fly match's state posts, a
// Parlor Magic game from the commitments to the reveals (with the opening that waits for a nonce).
import { describe, expect, it } from 'vitest';
import { gameTurns, type GameTurns, threadTurns, type TurnsInput } from '../../lib';
import { readPageClock, readPosts } from '../../lib/forums/rpol';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { writeRubb } from '../../lib/forums/rpol/writer';
import type { TablePost } from '../../lib/games/game';
import { canonical } from '../../lib/games/parlor/hidden';
import type { Ruler } from '../../lib/games/parlor/model';
import { commitLine, drawLine, drawSize, endLine, nextDraw, openingLine, revealLine } from '../../lib/games/parlor/play';
import { recordLine } from '../../lib/games/parlor/records';
import { foldParlorThread, type ThreadPost } from '../../lib/games/parlor/thread';
import { attackers, mainActions } from '../../lib/games/parlor/actions';
import { readParlorCard } from '../../lib/games/parlor/cards';
import { statePost } from '../../lib/games/sparks-fly/board';
import { replaySparksFly, type SparksFlyEvent } from '../../lib/games/sparks-fly/engine';
import type { LogWithNames } from '../../lib/games/sparks-fly/log-text';
import { duelView } from '../../lib/games/spark-d10/view';
import { type Locale, say } from '../../lib/i18n';
import { DEFAULT_GAME_RULES } from '../../lib/spark/settings';
import { ThreadScanner } from '../../lib/thread';
import { duelTurnThread } from '../fixtures/spark-pages.mjs';
import { loadPage } from '../helpers/dom';
import { seeded } from './seeded';

const NO_INPUT: TurnsInput = { posts: [], tablePosts: [], rolls: [], seen: null, table: null };
/** Each wait as "name #since: what", in a language. */
const said = (g: GameTurns | null, l: Locale = 'en') => g?.waits.map((w) => `${w.name} #${w.since}: ${say(l, w.what)}`) ?? null;
const step = (g: GameTurns | null, l: Locale = 'en') => (g?.step ? say(l, g.step) : null);

describe('the Spark d10 duel: the 15-post duel turn, post by post', () => {
  const page = duelTurnThread();
  const doc = loadPage(page.html, page.url);
  const clock = readPageClock(doc);
  const scanner = new ThreadScanner(RPOL_READING, clock);
  const scans = readPosts(doc, clock).map((p) => scanner.scanPost(p));
  /** What the page's reader gives the game after post `n`. */
  const inputAt = (n: number, table: unknown = null): TurnsInput => {
    const view = duelView(scans[n - 1]!.duel, DEFAULT_GAME_RULES);
    return {
      posts: scans.slice(0, n).map((s) => ({ number: s.post.number, author: s.post.author })),
      tablePosts: [],
      rolls: scans.slice(0, n).flatMap((s) => s.rolls.map((r) => ({ post: s.post.number, author: s.post.author, kind: r.reading.kind }))),
      seen: { players: view.duelists.map((d) => d.name), order: view.initiative.map((x) => x.name) },
      table,
    };
  };
  const at = (n: number, table: unknown = null) => gameTurns('spark-d10', inputAt(n, table));

  it('before anyone of the duel has posted, the duel says nothing (the cast rule says)', () => {
    expect(at(1)).toBeNull();
    expect(gameTurns('spark-d10', NO_INPUT)).toBeNull();
  });

  it('Seize the initiative: each duelist without a Speed roll, since the GM’s post that opened the duel', () => {
    expect(step(at(2))).toBe('Seize the initiative');
    expect(said(at(2))).toEqual(['Mira Vale #1: a Speed roll']);
    expect(said(at(3))).toEqual(['Mira Vale #1: a Speed roll', 'Osk Tarrow #1: a Speed roll']);
    expect(said(at(4))).toEqual(['Osk Tarrow #1: a Speed roll']);
    expect(said(at(4), 'it')).toEqual(['Osk Tarrow #1: un tiro di Velocità']);
  });

  it('then the first in initiative, at the Starting hand; a turn counts from its Draw, at the step of the latest roll', () => {
    expect(said(at(5))).toEqual(['Mira Vale #5: their turn: Starting hand']);
    expect(said(at(6))).toEqual(['Mira Vale #6: their turn: Draw']);
    expect(said(at(7))).toEqual(['Mira Vale #7: their turn: Channeling']);
    expect(said(at(8))).toEqual(['Osk Tarrow #8: their turn: Draw']);
    expect(said(at(9))).toEqual(['Osk Tarrow #9: their turn: Channeling']);
  });

  it('Combat: a Damage roll owes the other duelist a Toughness roll, since the Damage post, until it is rolled', () => {
    expect(step(at(10))).toBe('Combat');
    expect(said(at(10))).toEqual(['Osk Tarrow #10: a Toughness roll against the damage in #10']);
    expect(said(at(11))).toEqual(['Osk Tarrow #11: their turn: Combat']);
    // Mira posted after Osk's last post: he is waited on since her post.
    expect(said(at(12))).toEqual(['Osk Tarrow #12: their turn: Combat']);
  });

  it('the GM’s turn tracker says it where the GM runs it: whose turn and which step', () => {
    const table = {
      game: 'spark-d10',
      turn: { number: 2, active: 'Mira Vale', step: 6 },
      corrections: [],
      planeswalkers: [],
      sides: { A: null, B: null },
      undo: [],
      updatedAt: 1,
    };
    expect(said(at(15, table))).toEqual(['Mira Vale #15: their turn: Main']);
    expect(said(at(14, table))).toEqual(['Mira Vale #13: their turn: Main']);
    // Set to Combat with a Damage roll unanswered, the Toughness roll comes first.
    expect(said(at(10, { ...table, turn: { number: 2, active: 'Mira Vale', step: 7 } }))).toEqual([
      'Osk Tarrow #10: a Toughness roll against the damage in #10',
    ]);
    // A table of another shape is no tracker.
    expect(said(at(15, { game: 'spark-d10', turn: 'Mira' }))).toEqual(said(at(15)));
  });

  it('through threadTurns: the posts’ times, and by the game, not the cast', () => {
    const posts = scans.map((s) => ({ number: s.post.number, author: s.post.author, time: s.post.time }));
    const turns = threadTurns(posts.slice(0, 10), { gm: 'The Arbiter', now: (posts[9]!.time ?? 0) + 60, game: at(10) });
    expect(turns.by).toBe('game');
    expect(turns.waitingOn.map((w) => [w.name, w.since, w.sinceTime, w.overdue])).toEqual([['Osk Tarrow', 10, posts[9]!.time, false]]);
  });
});

describe('When Sparks Fly: the last state post’s match', () => {
  const events: SparksFlyEvent[] = [
    { bid: 'A', amount: 3 },
    { bid: 'B', amount: 5 },
    { fold: 'A' },
    { remove: 'B', card: '-5 Sparks to Self' },
    { play: 'A', cards: ['-3 Sparks to Self', 'Invert Other Card Target'] },
    { play: 'B', cards: ['Steal 1 Spark from Opponent', 'Repeat Other Card'], first: 'Repeat Other Card' },
  ];
  const base: LogWithNames = { firstBidder: 'A', seed: 'gauntlet-7', names: { A: 'Zara', B: 'Quint' }, events: [] };
  const asText = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/[ \t]+/g, ' ');
  const stateText = (log: LogWithNames) => asText(writeRubb(statePost(replaySparksFly(log).match, log)));
  /** A thread: the organiser's opening, then a state post after the first `n` events at post 4. */
  const thread = (n: number, log: LogWithNames = base): TablePost[] => [
    { post: 2, author: 'The DMO', text: 'Round 1. Bids, please.' },
    { post: 4, author: 'The DMO', text: stateText({ ...log, events: events.slice(0, n) }) },
  ];
  const at = (n: number, table: unknown = null) => gameTurns('sparks-fly', { ...NO_INPUT, tablePosts: thread(n), table });

  it('the auction: the bidder’s decision; the winner to remove (or decline); the plays of those who have not played', () => {
    expect(step(at(0))).toBe('When Sparks Fly: round 1, the auction');
    expect(said(at(0))).toEqual(['Zara #4: to raise or fold']);
    expect(said(at(1))).toEqual(['Quint #4: to raise or fold']);
    expect(said(at(3))).toEqual(['Quint #4: to remove a card (or decline)']);
    expect(step(at(4))).toBe('When Sparks Fly: round 1, the plays');
    expect(said(at(4))).toEqual(['Zara #4: to play two cards', 'Quint #4: to play two cards']);
    expect(said(at(5), 'it')).toEqual(['Quint #4: giocare due carte']);
    expect(step(at(6))).toBe('When Sparks Fly: round 2, the auction');
  });

  it('no state post: the match says nothing; a match over waits on no one', () => {
    expect(gameTurns('sparks-fly', { ...NO_INPUT, tablePosts: [{ post: 1, author: 'x', text: 'no log here' }] })).toBeNull();
    const over = gameTurns('sparks-fly', { ...NO_INPUT, tablePosts: thread(6, { ...base, sparks: 6 }) });
    expect(step(over)).toMatch(/the match is over/);
    expect(over!.waits).toEqual([]);
  });

  it('the organiser’s clock for this very position is the wait’s deadline; another position’s, or a paused one, is not', () => {
    const clock = (at: number, pausedAt: number | null = null) => ({
      game: 'sparks-fly',
      log: { ...base, events: events.slice(0, 1) },
      clock: { settings: { on: true, decision: 20, play: 60, sound: false }, run: { at, startedAt: 1_800_000_000_000, pausedAt, paused: 2000 } },
      updatedAt: 1,
    });
    expect(at(1, clock(1))!.waits[0]!.due).toBe(1_800_000_022);
    expect(at(1, clock(0))!.waits[0]!.due).toBeUndefined();
    expect(at(1, clock(1, 1_800_000_005_000))!.waits[0]!.due).toBeUndefined();
    const turns = threadTurns([{ number: 4, author: 'The DMO', time: 1_800_000_000 }], { now: 1_800_000_030, game: at(1, clock(1)) });
    expect(turns.waitingOn[0]).toMatchObject({ name: 'Quint', due: 1_800_000_022, overdue: true });
  });
});

describe('Parlor Magic: from the commitments to the reveals', () => {
  const NAMES: Record<Ruler, string> = { A: 'Ana Vey', B: 'Ben Orr' };
  const SECRETS: Record<Ruler, string> = { A: 'ana-turns-5b1e', B: 'ben-turns-c04d' };
  const rnd = seeded(41);
  const posts: ThreadPost[] = [];
  const post = (r: Ruler, ...lines: string[]) => posts.push({ number: posts.length + 1, author: NAMES[r], text: `Words.\n${lines.join('\n')}` });
  const me = (r: Ruler) => ({ name: NAMES[r], secret: SECRETS[r] });
  const fold = (r: Ruler, lines: string[] = []) =>
    foldParlorThread(lines.length ? [...posts, { number: posts.length + 1, author: NAMES[r], text: lines.join('\n') }] : posts, { me: me(r) });
  const now = () => gameTurns('parlor', { ...NO_INPUT, tablePosts: posts.map((p) => ({ post: p.number, author: p.author, text: p.text })) });

  it('each phase: a commitment awaited; the openings (the second waits for the first’s nonce); turns, draws, play; blocks; the reveals', () => {
    expect(now()).toBeNull();
    post('A', commitLine(SECRETS.A, rnd.hex(16)));
    expect(step(now())).toBe('Parlor Magic: Ana Vey committed; a second ruler’s commitment is awaited');
    expect(now()!.waits).toEqual([]);
    post('B', commitLine(SECRETS.B, rnd.hex(16)));
    // Ben's opening seven is drawn with Ana's next nonce: it waits on Ana's opening post.
    expect(said(now())).toEqual(['Ana Vey #2: the opening seven', 'Ana Vey #2: a nonce for Ben Orr’s draw (their next post with one)']);
    expect(said(now(), 'it')![1]).toBe('Ana Vey #2: un nonce per la pescata di Ben Orr (il suo prossimo messaggio che ne ha uno)');
    post('A', openingLine(rnd.hex(16)));
    expect(said(now())).toEqual(['Ben Orr #3: the opening seven']);
    post('B', openingLine(rnd.hex(16)));
    expect(said(now())).toEqual(['Ana Vey #4: to begin a turn']);
    post('A', recordLine({ turn: true }));
    expect(step(now())).toBe('Parlor Magic: Ana Vey’s turn, the draw');
    expect(said(now())).toEqual(['Ana Vey #5: to draw']);
    let g = fold('A');
    post('A', drawLine(g, 'A', SECRETS.A, nextDraw(g, 'A', SECRETS.A, drawSize(g, 'A'))[0]!));
    expect(said(now())).toEqual(['Ana Vey #6: to play, attack or end the turn']);
    g = fold('A');
    post('A', endLine(g, 'A', SECRETS.A, canonical(g.table.hand.A).slice(0, Math.max(0, g.table.hand.A.length - 7)), rnd.hex(16)));
    expect(said(now())).toEqual(['Ben Orr #7: to begin a turn']);
  });

  const endOf = (r: Ruler, lines: string[]) => {
    const g = fold(r, lines);
    return endLine(g, r, SECRETS[r], canonical(g.table.hand[r]).slice(0, Math.max(0, g.table.hand[r].length - 7)), rnd.hex(16));
  };
  /** Ben draws and ends his turn. */
  const benTurn = () => {
    const ben = [recordLine({ turn: true })];
    const h = fold('B', ben);
    ben.push(drawLine(h, 'B', SECRETS.B, nextDraw(h, 'B', SECRETS.B, drawSize(h, 'B'))[0]!));
    post('B', ...ben, endOf('B', ben));
  };
  /** Ana draws, plays a land, taps, casts creatures; her lines, and the creatures that may attack. */
  const anaMain = (): { lines: string[]; attack: string[] } => {
    const lines = [recordLine({ turn: true })];
    let g = fold('A', lines);
    const drawn = nextDraw(g, 'A', SECRETS.A, drawSize(g, 'A'));
    const lands = g.table.hand.A.filter((c) => readParlorCard(c)!.type === 'land').length;
    lines.push(drawLine(g, 'A', SECRETS.A, drawn.find((c) => readParlorCard(c)!.type === (lands ? 'creature' : 'land')) ?? drawn[0]!));
    for (const kind of ['lands', 'taps', 'casts'] as const) {
      for (let k = 0; k < (kind === 'lands' ? 1 : 10); k++) {
        g = fold('A', lines);
        const acts = mainActions(g.table, 'A')[kind].filter(
          (x) => !x.refusal && (kind !== 'casts' || ('cast' in x.line && readParlorCard(x.line.cast)!.type === 'creature')),
        );
        if (!acts.length) break;
        lines.push(recordLine({ event: acts[0]!.line }));
      }
    }
    return { lines, attack: attackers(fold('A', lines).table, 'A') };
  };

  it('an attack waits on the defender’s blocks, then on the attacker’s combat; a win, on each ruler’s reveal', () => {
    benTurn();
    let blocksSeen = false;
    for (let turn = 0; turn < 40 && !fold('A').state.winner; turn++) {
      const { lines, attack } = anaMain();
      if (!attack.length) {
        post('A', ...lines, endOf('A', lines));
        benTurn();
        continue;
      }
      post('A', ...lines, recordLine({ event: { attack } }));
      if (!blocksSeen) {
        expect(step(now())).toBe('Parlor Magic: Ana Vey attacks, blocks awaited');
        expect(said(now())).toEqual([`Ben Orr #${posts.length}: to declare blockers`]);
      }
      post('B', recordLine({ event: { block: [] } }));
      if (!blocksSeen) expect(said(now())).toEqual([`Ana Vey #${posts.length}: to resolve the combat`]);
      blocksSeen = true;
      const damage = [recordLine({ event: { damage: {} } })];
      if (foldParlorThread([...posts, { number: posts.length + 1, author: NAMES.A, text: damage.join('\n') }]).state.winner) {
        post('A', ...damage);
        break;
      }
      post('A', ...damage, endOf('A', damage));
      benTurn();
    }
    expect(blocksSeen).toBe(true);
    const won = posts.length;
    expect(step(now())).toBe('Parlor Magic: Ana Vey won; the reveals settle it');
    expect(said(now())).toEqual([`Ana Vey #${won}: to reveal their secret`, `Ben Orr #${won}: to reveal their secret`]);
    post('A', revealLine(fold('A'), 'A', SECRETS.A));
    expect(said(now())).toEqual([`Ben Orr #${won + 1}: to reveal their secret`]);
    post('B', revealLine(fold('B'), 'B', SECRETS.B));
    expect(now()!.waits).toEqual([]);
  });
});

describe('hostile input never throws out of a game’s turns', () => {
  it('junk tables, posts and rolls: each game answers null or its waits', () => {
    const junk: TurnsInput = {
      posts: [{ number: Number.NaN, author: '' }],
      tablePosts: [{ post: 1, author: '\u0000', text: 'Spark Scribe log · When Sparks Fly v1 :: A bid 99999999999 :: end of log Spark Scribe · parlor' }],
      rolls: [{ post: 1, author: 'x', kind: 'damage' }],
      seen: { players: ['x', 'x', ''], order: ['y'] },
      table: { game: 'spark-d10', turn: { number: 1, active: 'z'.repeat(10_000), step: 99 } },
    };
    for (const id of ['spark-d10', 'sparks-fly', 'parlor', 'no-such-game', null]) expect(() => gameTurns(id, junk)).not.toThrow();
  });
});
