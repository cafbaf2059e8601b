// Stored keys name their forum and scheme (issue 42, item 4): a thread's key names its site, a
// game's its forum, so an RPOL game 7 and a board's forum 7 share nothing; what a page itself
// feeds (seen rolls, kept pages, page sheets) is kept by its site with `http:` before it on a
// plain-http page (changeable by anyone on the network), so it never reaches the https page of the
// same address. Old game keys migrate.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { duelHandlers, ofSenderSite, senderGameKey } from '../../entrypoints/background/handlers/duel';
import { answerBackground } from '../../entrypoints/background/handlers/handler';
import { duelContextReader } from '../../entrypoints/background/page-start-copy';
import { readPageStart } from '../../entrypoints/content/page-start';
import { checkPageStart, duelFrom, PAGE_START_KEY, PAGE_START_VERSION, rollsKeyOf } from '../../entrypoints/shared/page-start';
import { addSeenRolls, readGameChoice, readTable, writeGameChoice, writePageSheet, writeTable } from '../../entrypoints/shared/storage';
import { threadKeyOf } from '../../components/panel/use-page';
import { PHPBB } from '../../lib/forums/phpbb/forum';
import { RPOL } from '../../lib/forums/rpol/forum';
import { draftKey, pageSettings } from '../../lib/settings/defaults';
import { gameKeyOf, siteKey } from '../../lib/settings/keys';
import { defaultSettings } from '../../lib/settings/schema';
import { gameKeysOfVersion1, loadTables, TablesFileSchema } from '../../lib/settings/tables';
import type { PageSummary } from '../../lib/view';

beforeEach(() => fakeBrowser.reset());

const RPOL_HTTPS = new URL('https://www.rpol.net/display.cgi?gi=7&ti=3');
const RPOL_HTTP = new URL('http://rpol.net/display.cgi?gi=7&ti=3');
const BOARD = new URL('https://forum.mafiascum.net/viewtopic.php?f=7&t=5199');
/** The keys a page's content script makes (entrypoints/content/index.ts, board.ts), from its address. */
const threadOf = (url: URL, gi: string, ti: string) => draftKey(url.host, gi, ti);
const rollsOf = (url: URL, gi: string, ti: string) => rollsKeyOf(url.host.includes('rpol') ? RPOL : PHPBB, siteKey(url), { gameId: gi, threadId: ti });
const answer = (message: unknown, sender: object) => fakeBrowser.runtime.onMessage.trigger(message, sender).then((all) => all.find((r) => r !== undefined));

describe('a key names its site and scheme', () => {
  it('what a page feeds is kept by its scheme: an https page’s keys are those made before (its host alone), an http page’s its own', () => {
    expect(rollsOf(RPOL_HTTPS, '7', '3')).toBe('rpol.net/7/3');
    expect(rollsOf(RPOL_HTTP, '7', '3')).toBe('http:rpol.net/7/3');
    expect(rollsOf(new URL('http://www.rpol.net/display.cgi'), '7', '3')).toBe('http:rpol.net/7/3');
    expect(rollsOf(new URL('http://forum.mafiascum.net/viewtopic.php'), '7', '5199')).toBe('http:forum.mafiascum.net/-/5199');
    // What the user writes (drafts, tables, marks) is kept by the thread, whichever scheme shows it;
    // the panel keys a page's thread as its content script does.
    const summary = (url: URL) => ({ url: url.href, gameId: '7', threadId: '3' }) as PageSummary;
    expect(threadKeyOf(summary(RPOL_HTTPS))).toBe(threadOf(RPOL_HTTPS, '7', '3'));
    expect(threadKeyOf(summary(RPOL_HTTP))).toBe('rpol.net/7/3');
  });

  it('a game’s key names its forum: RPOL’s https game by its number, every other by site and number', () => {
    expect(gameKeyOf('rpol.net/7/3')).toBe('7');
    expect(gameKeyOf('rpol.net/7/-')).toBe('7');
    expect(gameKeyOf('http:rpol.net/7/3')).toBe('http:rpol.net/7');
    expect(gameKeyOf('forum.mafiascum.net/7/5199')).toBe('forum.mafiascum.net/7');
    expect(gameKeyOf('board.example:8080/7/1')).toBe('board.example:8080/7');
    for (const none of ['rpol.net/-/-', 'forum.mafiascum.net/-/5199', 'k', '', null]) expect(gameKeyOf(none)).toBeNull();
  });
});

describe('an RPOL game 7 and a board’s forum 7 share nothing', () => {
  const rpol = threadOf(RPOL_HTTPS, '7', '3');
  const board = threadOf(BOARD, '7', '5199');

  it('house rules: game 7’s are RPOL’s alone', () => {
    const settings = defaultSettings();
    settings.games['7'] = { name: 'RPOL 7', rules: { ...settings.defaultRules, manaBurnPerMana: 5 } };
    expect(pageSettings(settings, rpol).rules.manaBurnPerMana).toBe(5);
    expect(pageSettings(settings, board).rules).toEqual(settings.defaultRules);
  });

  it('the game chosen', async () => {
    await writeGameChoice(gameKeyOf(rpol)!, 'parlor');
    expect(await readGameChoice(gameKeyOf(rpol)!)).toBe('parlor');
    expect(await readGameChoice(gameKeyOf(board)!)).toBeNull();
    await writeGameChoice(gameKeyOf(board)!, 'sparks-fly');
    expect(await readGameChoice(gameKeyOf(rpol)!)).toBe('parlor');
  });

  it('the sheets read on character pages: kept by the page that read them, handed to that forum’s game alone', async () => {
    answerBackground(
      duelHandlers(
        duelContextReader(),
        (game, text) => writePageSheet(game, 'Osk', text),
        async () => {},
      ),
    );
    const ok = await answer({ type: 'page-sheet', gi: '7', text: 'Name: Osk' }, { url: 'https://www.rpol.net/usermodules/profile.cgi?gi=7' });
    expect(ok).toEqual({ ok: true });
    const sheets = async (threadKey: string, url: URL) =>
      ((await answer({ type: 'duel-context', threadKey }, { url: url.href })) as { sheets: string[] }).sheets;
    expect(await sheets(rpol, RPOL_HTTPS)).toEqual(['Name: Osk']);
    expect(await sheets(board, BOARD)).toEqual([]);
    // An http page of the same game reads none of the https page's (nor they its: below).
    expect(await sheets(rpol, RPOL_HTTP)).toEqual([]);
    await answer({ type: 'page-sheet', gi: '7', text: 'Name: Planted' }, { url: 'http://rpol.net/usermodules/profile.cgi?gi=7' });
    expect(await sheets(rpol, RPOL_HTTPS)).toEqual(['Name: Osk']);
    // A page's copy: RPOL's thread asks for its game's sheets; the board's has none to ask for.
    const copy = checkPageStart(
      JSON.stringify({
        version: PAGE_START_VERSION,
        savedAt: null,
        settings: defaultSettings(),
        locale: 'en',
        catalog: {},
        bound: null,
        duelStarts: {},
        sheetGames: ['7'],
      }),
      undefined,
    )!;
    expect(duelFrom(copy, undefined, rpol, rollsOf(RPOL_HTTPS, '7', '3'))).toBeNull();
    expect(duelFrom(copy, undefined, board, rollsOf(BOARD, '7', '5199'))?.sheets).toEqual([]);
    expect(duelFrom(copy, undefined, board)?.sheets).toEqual([]);
    expect(duelFrom(copy, undefined, rpol, rollsOf(RPOL_HTTP, '7', '3'))?.sheets).toEqual([]);
  });

  it('the game’s key a sheet is kept by is the sender’s, as the browser names it', () => {
    expect(senderGameKey('7', { url: RPOL_HTTPS.href })).toBe('7');
    expect(senderGameKey('7', { url: RPOL_HTTP.href })).toBe('http:rpol.net/7');
    expect(senderGameKey('7', { url: BOARD.href })).toBe('forum.mafiascum.net/7');
    expect(senderGameKey('7', { url: 'chrome-extension://abc/sidepanel.html' })).toBeNull();
  });

  it('the seen rolls and the tables', async () => {
    await addSeenRolls(rollsOf(RPOL_HTTPS, '7', '5199'), [['abc', 1]]);
    expect((await readPageStart(rollsOf(BOARD, '7', '5199')).duel(board, rollsOf(BOARD, '7', '5199'))).seenTips).toEqual([]);
    await writeTable(rpol, { game: 'parlor', nonces: {}, updatedAt: 1 });
    expect(await readTable(board)).toBeNull();
  });
});

describe('an http page never feeds the https page', () => {
  it('rolls an http page tells are kept apart: the https page of the same thread does not see them', async () => {
    answerBackground(
      duelHandlers(
        async () => ({ seenTips: [], bound: null, sheets: [], newDuelAt: [] }),
        async () => {},
        addSeenRolls,
      ),
    );
    // The http page's content script tells the rolls it saw, by its own key.
    await answer({ type: 'seen-rolls', threadKey: rollsOf(RPOL_HTTP, '7', '3'), tips: [['planted', 1]] }, { url: RPOL_HTTP.href });
    const https = readPageStart(rollsOf(RPOL_HTTPS, '7', '3'));
    expect((await https.duel(threadOf(RPOL_HTTPS, '7', '3'), rollsOf(RPOL_HTTPS, '7', '3'))).seenTips).toEqual([]);
    // Nor when what tells them names the https thread: the background keys by the sender's address.
    expect(await answer({ type: 'seen-rolls', threadKey: 'rpol.net/7/3', tips: [['planted', 1]] }, { url: RPOL_HTTP.href })).toEqual({ ok: false });
    expect((await readPageStart('rpol.net/7/3').duel('rpol.net/7/3', 'rpol.net/7/3')).seenTips).toEqual([]);
    // The https page's own are kept.
    await answer({ type: 'seen-rolls', threadKey: 'rpol.net/7/3', tips: [['honest', 2]] }, { url: RPOL_HTTPS.href });
    expect((await readPageStart('rpol.net/7/3').duel('rpol.net/7/3', 'rpol.net/7/3')).seenTips).toEqual([['honest', 2]]);
  });

  it('a key is the sender’s site only when it names the sender’s host and scheme', () => {
    expect(ofSenderSite('rpol.net/7/3', { url: RPOL_HTTPS.href })).toBe(true);
    expect(ofSenderSite('rpol.net/7/3', { url: RPOL_HTTP.href })).toBe(false);
    expect(ofSenderSite('http:rpol.net/7/3', { url: RPOL_HTTPS.href })).toBe(false);
    expect(ofSenderSite('rpol.net/7/3', { url: BOARD.href })).toBe(false);
    expect(ofSenderSite('rpol.net/7/3', { url: 'chrome-extension://abc/sidepanel.html' })).toBe(false);
  });

  it('the page copy’s key is read as the page makes it (nothing in storage under the http key reaches the https read)', async () => {
    await fakeBrowser.storage.local.set({ [PAGE_START_KEY]: 'x', 'seen:http:rpol.net/7/3': JSON.stringify([['planted', 1]]) });
    expect((await readPageStart('rpol.net/7/3').duel('rpol.net/7/3', 'rpol.net/7/3')).seenTips).toEqual([]);
  });
});

describe('the stored tables of version 1 migrate (game choices kept by the game’s number alone)', () => {
  const v1 = {
    version: 1,
    games: { '7': 'parlor', '12': 'sparks-fly', '9': 'spark-d10', '30': 'parlor' },
    tables: { 'rpol.net/7/3': { game: 'parlor', nonces: {}, updatedAt: 1 } },
    duelStarts: { 'forum.mafiascum.net/12/5199': [2], 'rpol.net/30/1': [1], 'forum.mafiascum.net/30/8': [1] },
    pageSheets: { '7': { Osk: { text: 'Name: Osk', seenAt: 1 } } },
  };

  it('an RPOL game’s stays its number (RPOL’s https key); a number only a board’s threads were kept under goes to that board', () => {
    expect(gameKeysOfVersion1(v1).games).toEqual({ '7': 'parlor', 'forum.mafiascum.net/12': 'sparks-fly', '9': 'spark-d10', '30': 'parlor' });
    const t = loadTables(v1);
    expect(t.version).toBe(2);
    expect(t.games).toEqual({ '7': 'parlor', 'forum.mafiascum.net/12': 'sparks-fly', '9': 'spark-d10', '30': 'parlor' });
    expect(Object.keys(t.pageSheets)).toEqual(['7']);
    expect(Object.keys(t.tables)).toEqual(['rpol.net/7/3']);
  });

  it('a backup of version 1 migrates as it is read; version 2 is read as it stands', () => {
    const file = TablesFileSchema.safeParse(v1);
    expect(file.success && file.data.games).toEqual({ '7': 'parlor', 'forum.mafiascum.net/12': 'sparks-fly', '9': 'spark-d10', '30': 'parlor' });
    // A choice made since for RPOL's game 12 stays RPOL's, whatever boards' threads are kept.
    expect(loadTables({ ...v1, version: 2, games: { '12': 'parlor' } }).games).toEqual({ '12': 'parlor' });
  });

  it('a game key is checked as stored: a site and a number, or RPOL’s number', () => {
    expect(loadTables({ version: 2, games: { 'http:rpol.net/7': 'parlor', 'board.example:8080/3': 'parlor', 'no key': 'parlor' } }).games).toEqual({
      'http:rpol.net/7': 'parlor',
      'board.example:8080/3': 'parlor',
    });
  });
});

describe('a followed thread’s reading', () => {
  it('an http page does not rewrite what an https page of the thread showed', async () => {
    const { keepTurnsPage } = await import('../../entrypoints/background/turns');
    const { followKeeper } = await import('../../entrypoints/shared/storage/follow');
    const page = (title: string) => ({
      threadKey: 'rpol.net/7/3',
      forum: 'rpol',
      title,
      viewer: 'Ada',
      gameId: '7',
      posts: [[1, 'Ada', null, 1_790_000_000, null, true, null]],
      tablePosts: [],
      rolls: [[1, 'Ada', 'server']],
      duelists: [],
    });
    await keepTurnsPage(page('Honest') as never, { url: RPOL_HTTPS.href, tab: { id: 1 } });
    expect((await followKeeper.read()).threads['rpol.net/7/3']?.title).toBe('Honest');
    await keepTurnsPage(page('Planted') as never, { url: RPOL_HTTP.href, tab: { id: 1 } });
    expect((await followKeeper.read()).threads['rpol.net/7/3']?.title).toBe('Honest');
    await keepTurnsPage(page('Later') as never, { url: RPOL_HTTPS.href, tab: { id: 1 } });
    expect((await followKeeper.read()).threads['rpol.net/7/3']?.title).toBe('Later');
  });
});
