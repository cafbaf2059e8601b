// The duel binds each duelist to the forum identity that first posted for them (RPOL's character id,
// a board's user id), and does not take a sheet or hand size edited after the other side acted on it
// (issue 40, items 2 and 3). Our own sample pages, in each forum's markup.
import { describe, expect, it } from 'vitest';
import type { Forum } from '../../lib/forums/forum';
import { PHPBB } from '../../lib/forums/phpbb';
import { readPageClock, readPosts } from '../../lib/forums/rpol';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { XENFORO } from '../../lib/forums/xenforo';
import { duelView } from '../../lib/games/spark-d10/view';
import type { Locale } from '../../lib/i18n';
import { postFacts } from '../../lib/reading/records';
import { DEFAULT_GAME_RULES } from '../../lib/spark/settings';
import { ThreadScanner } from '../../lib/thread';
import { diceboxHtml, phpbbPageHtml, xenforoPageHtml } from '../fixtures/board-markup.mjs';
import { esc, postHtml, serverRollHtml, threadPageHtml } from '../fixtures/rpol-markup.mjs';
import { DUEL_CAST, GAME, GI, MIRA_SHEET, OSK_SHEET } from '../fixtures/spark-pages.mjs';
import { loadPage } from '../helpers/dom';

const T = Date.UTC(2026, 10, 2, 19, 0) / 1000;
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
const sheetHtml = (text: string) => `<tt>${esc(text).replace(/\n/g, '<br>\n')}</tt>`;
const { gm, mira, osk } = DUEL_CAST;
/** Another RPOL character of the same game, given Osk's name (a GM's alias, a renamed character). */
const FALSE_OSK = { name: osk.name, ci: 530099 };
/** The GM's one-off identity: a typed name, no character behind it. */
const ONE_OFF_OSK = { name: osk.name, ci: undefined };

interface Who {
  name: string;
  ci?: number;
  role?: string;
}
interface Post {
  who: Who;
  body: (t: number) => string;
  /** The edit, `at` seconds after the post was first written. */
  edit?: { by: 'GM' | 'player'; after: number };
}

const roll = (who: Who, reason: string, faces: number[], at: number) =>
  serverRollHtml({ time: at, name: who.name, results: [sum(faces)], specs: [`${faces.length}d10`], faces, reason }, { pasted: false });

/** An RPOL thread of the duel, one post every 30 minutes, read post by post as the page does. */
function rpolDuel(posts: Post[], l: Locale = 'en') {
  const html = posts.map((p, i) => {
    const t = T + (i + 1) * 1800;
    const edit = p.edit ? { by: p.edit.by, at: t + p.edit.after } : null;
    return postHtml({
      gi: GI,
      ti: 44,
      n: i + 1,
      author: p.who.name,
      ci: p.who.ci,
      role: p.who.role ?? 'player',
      postCount: i + 1,
      time: t,
      body: p.body(t),
      edit: edit as never,
    });
  });
  const page = threadPageHtml({
    gi: GI,
    ti: 44,
    game: GAME,
    title: 'Duel',
    viewer: gm.name,
    now: T + 86400,
    posts: html,
    characters: Object.values(DUEL_CAST) as never,
  });
  const doc = loadPage(page, `https://rpol.net/display.cgi?gi=${GI}&ti=44&show=all`);
  const clock = readPageClock(doc);
  const scanner = new ThreadScanner(RPOL_READING, clock, undefined, { locale: l });
  const scans = readPosts(doc, clock).map((p) => scanner.scanPost(p));
  const state = scanner.game.state();
  return { scans, state, rollsOf: (n: number) => scans[n - 1]!.rolls, view: duelView(state, DEFAULT_GAME_RULES, l) };
}

const opening: Post[] = [
  { who: gm, body: () => 'The duel begins: Mira Vale against Osk Tarrow.' },
  { who: mira, body: () => `My sheet:<br>\n${sheetHtml(MIRA_SHEET)}` },
  { who: osk, body: () => `Mine:<br>\n${sheetHtml(OSK_SHEET)}` },
  { who: mira, body: (t) => roll(mira, 'Damage', [9, 6], t - 120) },
];
/** A Toughness roll against Mira's 2 damage that would cost Osk 2 Life and all his Toughness, and stagger him. */
const ruinous = (who: Who): Post => ({ who, body: (t) => roll(who, 'Toughness vs 2', [1, 1, 1], t - 120) });

describe('RPOL: a roll under a duelist’s name by another character, or by a one-off identity, is not theirs', () => {
  it('a different character named Osk Tarrow: Osk’s Life, Toughness and state do not move, and the roll says so', () => {
    const { state, rollsOf, view } = rpolDuel([...opening, ruinous(FALSE_OSK)]);
    const d = state.duelists['Osk Tarrow']!;
    expect(d).toMatchObject({ life: 8, toughness: 3, wear: 0, staggered: false });
    const [r] = rollsOf(5);
    // The dice are the server's (its own roller's): not red. The duel does not take them as Osk's.
    expect(r!.verdict.trust).not.toBe('mismatch');
    expect(r!.findings.map((f) => f.text)).toContain(
      'Post #5 is under Osk Tarrow’s name but by another forum identity than Osk Tarrow’s posts from #3: it is not taken as Osk Tarrow’s, and the duel does not change.',
    );
    expect(view.duelists.find((x) => x.name === 'Osk Tarrow')!.cautions).toEqual([r!.findings[0]!.text]);
  });

  it('a one-off identity (no character id) named Osk Tarrow: the same, said as no identity', () => {
    const { state, rollsOf } = rpolDuel([...opening, ruinous(ONE_OFF_OSK)]);
    expect(state.duelists['Osk Tarrow']).toMatchObject({ life: 8, toughness: 3, staggered: false });
    expect(rollsOf(5)[0]!.findings[0]).toMatchObject({ rule: 'identity.none', values: { post: 5, first: 3 } });
  });

  it('Osk’s own character: the roll moves the duel as before', () => {
    const { state, rollsOf } = rpolDuel([...opening, ruinous(osk)]);
    expect(state.duelists['Osk Tarrow']).toMatchObject({ life: 6, toughness: 0, staggered: true });
    expect(rollsOf(5)[0]!.findings).toEqual([]);
  });

  it('a sheet under Osk’s name by another character is not put into play; Osk’s own later roll still counts', () => {
    const weaker = OSK_SHEET.replace('Toughness: 3', 'Toughness: 1');
    const { state, view, rollsOf } = rpolDuel([...opening, { who: FALSE_OSK, body: () => `Corrected:<br>\n${sheetHtml(weaker)}` }, ruinous(osk)]);
    expect(view.duelists.find((x) => x.name === 'Osk Tarrow')!.sheet).toBe('post #3');
    expect(state.duelists['Osk Tarrow']!.cautions?.[0]).toMatchObject({ rule: 'identity.other', values: { post: 5, first: 3 } });
    expect(rollsOf(6)[0]!.findings).toEqual([]);
  });

  it('where the first post under a name shows no identity, names bind as before', () => {
    const [gmPost, miraSheet, , miraDamage] = opening;
    const { state } = rpolDuel([gmPost!, miraSheet!, { who: ONE_OFF_OSK, body: () => `Mine:<br>\n${sheetHtml(OSK_SHEET)}` }, miraDamage!, ruinous(osk)]);
    expect(state.duelists['Osk Tarrow']).toMatchObject({ life: 6, staggered: true });
  });

  it('a post without a record under Osk’s name by another character is no caution (prose is not a move)', () => {
    const { state } = rpolDuel([...opening, { who: FALSE_OSK, body: () => 'Osk says hello.' }]);
    expect(state.duelists['Osk Tarrow']!.cautions ?? []).toEqual([]);
  });

  it.each(['en', 'it'] as const)('the finding in %s names both posts', (l) => {
    const { rollsOf } = rpolDuel([...opening, ruinous(FALSE_OSK)], l);
    expect(rollsOf(5)[0]!.findings[0]!.text).toMatch(l === 'en' ? /#5.*#3/ : /n\. 5.*n\. 3/);
  });
});

describe('RPOL: a sheet edited after the other duelist’s later post is not taken as it reads', () => {
  const oskSheet = (edit: Post['edit']): Post => ({ who: osk, body: () => `Mine:<br>\n${sheetHtml(OSK_SHEET)}`, edit });

  it('edited (by the player) after Mira’s damage in #4: the sheet in #3 is out of play, and the panel says so with both posts', () => {
    // #3 at T+90 min, Mira's #4 at T+120 min: the edit 45 minutes after #3 comes after #4.
    const { state, view } = rpolDuel([opening[0]!, opening[1]!, oskSheet({ by: 'player', after: 45 * 60 }), opening[3]!, ruinous(osk)]);
    const d = view.duelists.find((x) => x.name === 'Osk Tarrow')!;
    expect(d.sheet).toBeNull();
    expect(d.cautions).toEqual([
      'The sheet in post #3 (Osk Tarrow) was edited after Mira Vale’s post #4, who may have acted on it: it is not taken as it reads now.',
    ]);
    expect(state.duelists['Osk Tarrow']!.cautions?.[0]).toMatchObject({ rule: 'edit.after', values: { post: 3, later: 4 } });
  });

  it('an edit by the GM counts like any other', () => {
    const { view } = rpolDuel([opening[0]!, opening[1]!, oskSheet({ by: 'GM', after: 45 * 60 }), opening[3]!]);
    const d = view.duelists.find((x) => x.name === 'Osk Tarrow')!;
    expect(d.sheet).toBeNull();
    expect(d.cautions).toHaveLength(1);
  });

  it('edited before Mira’s next post: kept, no caution', () => {
    const { view } = rpolDuel([opening[0]!, opening[1]!, oskSheet({ by: 'player', after: 10 * 60 }), opening[3]!, ruinous(osk)]);
    const d = view.duelists.find((x) => x.name === 'Osk Tarrow')!;
    expect(d.sheet).toBe('post #3');
    expect(d.cautions ?? []).toEqual([]);
  });

  it('a later sheet of Osk’s own, edited after Mira acted, gives back the sheet in use before it', () => {
    const stronger = OSK_SHEET.replace('Toughness: 3', 'Toughness: 5');
    const { view } = rpolDuel([
      ...opening.slice(0, 3),
      { who: osk, body: () => `Updated:<br>\n${sheetHtml(stronger)}`, edit: { by: 'player', after: 45 * 60 } },
      { who: mira, body: (t) => roll(mira, 'Damage', [9, 6], t - 120) },
    ]);
    expect(view.duelists.find((x) => x.name === 'Osk Tarrow')).toMatchObject({ sheet: 'post #3', toughnessBase: 3 });
  });

  it('a server roll added to an earlier post by an edit is not verified as rolled for that post: the verdict says the edit added it', () => {
    // The roll made 20 minutes after #5 was first written, the edit 25 minutes after: the edit added it.
    const { rollsOf } = rpolDuel([
      ...opening,
      { who: osk, body: (t) => `I brace.<br>\n${roll(osk, 'Toughness vs 2', [7, 8, 2], t + 20 * 60)}`, edit: { by: 'player', after: 25 * 60 } },
    ]);
    const [r] = rollsOf(5);
    expect(r!.verdict.cautions.join(' ')).toMatch(/after the post was first written .*the edit at .* added it/);
  });
});

/** A board's thread read post by post, as the page does. */
function boardDuel(forum: Forum, html: string, url: string) {
  const doc = loadPage(html, url);
  const clock = forum.clock(doc);
  const scanner = new ThreadScanner(forum.reading as never, clock);
  const scans = Array.from(doc.querySelectorAll(forum.posts.selector)).flatMap((el) => {
    const body = forum.reading.bodyOf(el);
    const post = body ? forum.reading.readPost(el, clock, body) : null;
    return post ? [scanner.scanPost(post as never)] : [];
  });
  return { scans, state: scanner.game.state() };
}

describe('phpBB: a user id binds the duelist as a character id does', () => {
  const box = (faces: number[]) => diceboxHtml({ count: faces.length, sides: 10, faces });
  const page = (forger: { userId?: number }) =>
    phpbbPageHtml({
      forumId: 12,
      topicId: 5102,
      title: 'Ada vs Bram',
      posts: [
        { id: 1, author: 'Ada', time: T + 60, body: `Speed<br>${box([7, 3, 9])}` },
        { id: 2, author: 'Bram', time: T + 120, body: `Speed<br>${box([2, 3, 1])}` },
        { id: 3, author: 'Bram', time: T + 180, body: `Speed<br>${box([10, 9, 8])}`, ...forger },
      ],
    });
  const url = 'https://forum.mafiascum.net/viewtopic.php?t=5102';

  it('a better Speed roll posted as Bram by another member does not replace Bram’s', () => {
    const { state, scans } = boardDuel(PHPBB as Forum, page({ userId: 999 }), url);
    expect(state.duelists.Bram!.speed?.faces).toEqual([2, 3, 1]);
    expect(scans[2]!.rolls[0]!.findings[0]).toMatchObject({ rule: 'identity.other', values: { post: 3, first: 2 } });
  });

  it('Bram’s own second roll does', () => {
    const { state, scans } = boardDuel(PHPBB as Forum, page({}), url);
    expect(state.duelists.Bram!.speed?.faces).toEqual([10, 9, 8]);
    expect(scans[2]!.rolls[0]!.findings).toEqual([]);
  });

  it('a sheet edited at a time phpBB does not give to machines: kept, with a caution naming both posts', () => {
    const html = phpbbPageHtml({
      forumId: 12,
      topicId: 5103,
      title: 'Ada vs Bram',
      posts: [
        { id: 11, author: 'Osk Tarrow', time: T + 60, body: sheetHtml(OSK_SHEET), edited: T + 600 },
        { id: 12, author: 'Bram', time: T + 120, body: `Speed<br>${box([2, 3, 1])}` },
      ],
    });
    const { state } = boardDuel(PHPBB as Forum, html, url);
    const d = state.duelists['Osk Tarrow']!;
    expect(d.sheet).not.toBeNull();
    expect(d.cautions?.[0]).toMatchObject({ rule: 'edit.unknown', values: { post: 11, later: 12 } });
  });
});

describe('XenForo: the edit’s time is the board’s own, to the second', () => {
  const html = (edited: number) =>
    xenforoPageHtml({
      threadId: 78,
      forumId: 8,
      title: 'Ada vs Bram',
      posts: [
        { id: 21, author: 'Osk Tarrow', time: T + 60, body: sheetHtml(OSK_SHEET), edited },
        { id: 22, author: 'Bram', time: T + 120, body: 'Speed 3d10: 2, 3, 1' },
      ],
    });
  const url = 'http://xf.example/threads/the-duel.78/';

  it('edited a second after Bram’s post: not taken', () => {
    const d = boardDuel(XENFORO as Forum, html(T + 121), url).state.duelists['Osk Tarrow']!;
    expect(d.sheet).toBeNull();
    expect(d.cautions?.[0]).toMatchObject({ rule: 'edit.after', values: { post: 21, later: 22 } });
  });

  it('edited a second before: kept', () => {
    const d = boardDuel(XENFORO as Forum, html(T + 119), url).state.duelists['Osk Tarrow']!;
    expect(d.sheet).not.toBeNull();
    expect(d.cautions ?? []).toEqual([]);
  });

  it('edited at the very time of Bram’s post: counted as before it (the duel’s ruling for a shared minute or second), kept', () => {
    const d = boardDuel(XENFORO as Forum, html(T + 120), url).state.duelists['Osk Tarrow']!;
    expect(d.sheet).not.toBeNull();
    expect(d.cautions ?? []).toEqual([]);
  });
});

describe('a post’s facts, as the games get them', () => {
  it('RPOL: time, edit and identity; a one-off identity has none', () => {
    const { scans } = rpolDuel([opening[0]!, { who: ONE_OFF_OSK, body: () => 'Hello.', edit: { by: 'GM', after: 60 } }]);
    expect(postFacts(scans[0]!.post)).toEqual({ time: T + 1800, edit: null, authorId: String(gm.ci) });
    expect(postFacts(scans[1]!.post)).toEqual({ time: T + 3600, edit: { time: T + 3660, by: 'GM' }, authorId: null });
  });

  it('a post whose header shows no identity, and whose body links to a character, has none', () => {
    const link = `<a href="/gameinfo.php?action=viewdescription&amp;gi=${GI}&amp;ci=${osk.ci}">${esc(osk.name)}</a>`;
    const { scans } = rpolDuel([{ who: ONE_OFF_OSK, body: () => `${link} <span class="messageauthor"><a href="/x?ci=7">x</a></span>` }]);
    expect(scans[0]!.post.authorId).toBeNull();
  });
});
