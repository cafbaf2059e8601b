// The messages between the extension's parts (entrypoints/shared/messages/): each answer becomes its
// type only through its check, and the background answers only messages of the right shape (its
// handlers, entrypoints/background/handlers/, each group answering here as the background does).
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { drawerHandlers } from '../../entrypoints/background/handlers/drawer';
import { duelHandlers } from '../../entrypoints/background/handlers/duel';
import { answerBackground } from '../../entrypoints/background/handlers/handler';
import { logCacheHandlers } from '../../entrypoints/background/handlers/log-cache';
import { settingsHandlers } from '../../entrypoints/background/handlers/settings';
import { tableHandlers } from '../../entrypoints/background/handlers/tables';
import { judgeTables } from '../../entrypoints/content/features/table-badges.extras';
import { drawerCheck } from '../../entrypoints/shared/messages/drawer';
import { duelContext } from '../../entrypoints/shared/messages/duel';
import { isTabRequest, TAB_ANSWERS } from '../../entrypoints/shared/messages/tab';
import { checkDone, conform } from '../../entrypoints/shared/protocol';
import { type DEFAULT_PAGE_SETTINGS, DEFAULT_SETTINGS } from '../../lib/settings/defaults';

beforeEach(() => fakeBrowser.reset());

const checkDuelContext = duelContext.answer;
const checkTableChecks = judgeTables.answer;
const answerSettingsRequests = (...a: Parameters<typeof settingsHandlers>) => answerBackground(settingsHandlers(...a));
const answerTableRequests = (...a: Parameters<typeof tableHandlers>) => answerBackground(tableHandlers(...a));
const answerLogCache = () => answerBackground(logCacheHandlers());
const answerDuelContextRequests = (...a: Parameters<typeof duelHandlers>) => answerBackground(duelHandlers(...a));
const answerDrawerRelay = (origin: string) => answerBackground(drawerHandlers(origin));

const answer = (message: unknown, sender: object = {}) =>
  fakeBrowser.runtime.onMessage.trigger(message, sender).then((all) => all.find((r) => r !== undefined));

describe('answers are checked, not cast', () => {
  it('conform keeps each field of the same kind, and the default for the rest', () => {
    const like = { theme: 'auto', n: 3, on: true, list: [1], nested: { a: 1 }, keyed: {}, maybe: null as string | null };
    expect(conform({ theme: 'dark', n: 'x', on: 1, list: 'no', nested: { a: 2, b: 3 }, keyed: { g1: [1] }, maybe: 'here' }, like)).toEqual({
      theme: 'dark',
      n: 3,
      on: true,
      list: [1],
      nested: { a: 2 },
      keyed: { g1: [1] },
      maybe: 'here',
    });
    expect(conform(undefined, like)).toEqual(like);
    expect(conform('a string', like)).toEqual(like);
    expect(conform({ maybe: null }, like).maybe).toBeNull();
  });

  it('the duel context keeps only well-formed entries', () => {
    expect(checkDuelContext({ seenTips: [['abc', 3], ['x'.repeat(30), 1], ['d', -1], 'no'], bound: 7, sheets: ['s', 2], newDuelAt: [4, 1.5, '9'] })).toEqual({
      seenTips: [['abc', 3]],
      bound: null,
      sheets: ['s'],
      newDuelAt: [4],
    });
    expect(checkDuelContext(null)).toBeNull();
  });

  it('table checks: an entry of the wrong shape is dropped, the rest kept', () => {
    const good = { post: 3, game: 'sparks-fly', verdict: 'follows', label: 'ok', reasons: ['r'] };
    expect(checkTableChecks({ checks: [good, { ...good, verdict: 'green' }, { ...good, reasons: [1] }, null] })).toEqual({ checks: [good] });
    expect(checkTableChecks({ checks: 'x' })).toEqual({ checks: [] });
  });

  it('done: ok, or an error in words', () => {
    expect(checkDone({ ok: true, extra: 1 })).toEqual({ ok: true });
    expect(checkDone({ ok: false, error: 'no' })).toEqual({ ok: false, error: 'no' });
    expect(checkDone({ ok: false, error: 5 })).toEqual({ ok: false, error: '?' });
    expect(checkDone({ ok: 'yes' })).toBeNull();
  });

  it('a request to a tab has the fields of its type', () => {
    expect(isTabRequest({ type: 'summary' })).toBe(true);
    expect(isTabRequest({ type: 'jump', id: '3-0' })).toBe(true);
    expect(isTabRequest({ type: 'jump', id: 3 })).toBe(false);
    expect(isTabRequest({ type: 'insert', text: 'x' })).toBe(true);
    expect(isTabRequest({ type: 'insert' })).toBe(false);
    expect(isTabRequest({ type: 'refold', newDuelAt: [1, 'x'] })).toBe(false);
    expect(isTabRequest({ type: 'drawer', open: 'yes' })).toBe(false);
    expect(isTabRequest({ type: 'settings' })).toBe(false);
  });
});

describe('the background answers messages of the right shape only', () => {
  it('settings: resolved for the page’s game and thread', async () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      threadLanguages: { 'rpol.net/7/9': 'it' as const },
      games: { '7': { name: 'G', rules: { ...DEFAULT_SETTINGS.defaultRules, manaBurnPerMana: 2 } } },
    };
    answerSettingsRequests(
      async () => settings,
      () => ['en'],
    );
    const a = (await answer({ type: 'settings', gameId: '7', threadKey: 'rpol.net/7/9' })) as { settings: typeof DEFAULT_PAGE_SETTINGS; locale: string };
    expect(a.settings.rules.manaBurnPerMana).toBe(2);
    expect(a.settings.postLanguage).toBe('it');
    expect(a.locale).toBe('en');
    const other = (await answer({ type: 'settings', gameId: '8', threadKey: 'rpol.net/8/1' })) as { settings: typeof DEFAULT_PAGE_SETTINGS };
    expect(other.settings.rules.manaBurnPerMana).toBe(DEFAULT_SETTINGS.defaultRules.manaBurnPerMana);
    expect(other.settings.postLanguage).toBe('en');
    // A game id that is not one: the default rules.
    const odd = (await answer({ type: 'settings', gameId: '7; drop', threadKey: 'k' })) as { settings: typeof DEFAULT_PAGE_SETTINGS };
    expect(odd.settings.rules.manaBurnPerMana).toBe(DEFAULT_SETTINGS.defaultRules.manaBurnPerMana);
    expect(await answer({ type: 'settings' })).toBeUndefined();
  });

  it('wrong shapes get no answer; fields are cut to size', async () => {
    const judged: unknown[] = [];
    answerTableRequests((posts, thread) => {
      judged.push({ posts, thread });
      return [];
    });
    answerLogCache();
    const seen: unknown[] = [];
    answerDuelContextRequests(
      async () => ({ seenTips: [], bound: null, sheets: [], newDuelAt: [] }),
      async () => {},
      async (k, tips) => void seen.push([k, tips]),
    );
    expect(await answer({ type: 'judge-tables', posts: 'x' })).toBeUndefined();
    expect(await answer({ type: 'judge-tables', posts: [{ post: 1, author: 'a'.repeat(500), text: 't' }, { post: 'x' }], thread: '1/2' })).toEqual({
      checks: [],
    });
    expect(judged).toEqual([{ posts: [{ post: 1, author: 'a'.repeat(200), text: 't' }], thread: '1/2' }]);
    expect(await answer({ type: 'cache-log', gi: 'x', html: 'h' })).toBeUndefined();
    expect(await answer({ type: 'cache-log', gi: '5', html: 'h' })).toEqual({ ok: true });
    expect(await answer({ type: 'cached-log', gi: '5' })).toEqual({ html: 'h' });
    expect(await answer({ type: 'seen-rolls', threadKey: 'k', tips: [['a', 1], ['b', 0], 'c'] })).toEqual({ ok: true });
    expect(seen).toEqual([['k', [['a', 1]]]]);
    expect(await answer({ type: 'page-sheet', gi: '5', text: 'x'.repeat(60_001) })).toBeUndefined();
    expect(await answer({ type: 'page-sheet', gi: '5', text: 'Name: Osk' })).toEqual({ ok: true });
    expect(await answer({ type: 'no-such-thing' })).toBeUndefined();
    expect(await answer('settings')).toBeUndefined();
  });
});

describe('a table post’s time, edit and poster’s identity travel with it', () => {
  it('the games’ judge sees them, each checked; what a page left out stays out', async () => {
    const judged: { posts: unknown[] }[] = [];
    answerTableRequests((posts) => {
      judged.push({ posts });
      return [];
    });
    const facts = { time: 1_790_000_000, edit: { time: 1_790_000_600, by: 'GM' }, authorId: '396648' };
    await answer({
      type: 'judge-tables',
      thread: '1/2',
      posts: [
        { post: 1, author: 'Ada', text: 't', ...facts },
        { post: 2, author: 'Bram', text: 't', time: 'soon', edit: { time: -5, by: { x: 1 } }, authorId: '<b>' },
        { post: 3, author: 'Cyd', text: 't', edit: null },
      ],
    });
    expect(judged[0]!.posts).toEqual([
      { post: 1, author: 'Ada', text: 't', ...facts },
      { post: 2, author: 'Bram', text: 't', time: null, edit: { time: null, by: null }, authorId: null },
      { post: 3, author: 'Cyd', text: 't', edit: null },
    ]);
  });

  it('the page’s summary keeps them on its table posts, as sent (the panel reads the same JSON)', () => {
    const post = { post: 4, author: 'Ada', text: 'Spark Scribe', time: 5, edit: { time: 9, by: 'player' }, authorId: '42' };
    const summary = { forum: 'rpol', kind: 'thread', rolls: [], sheets: [], failures: [], tablePosts: [post], tableChecks: [] };
    expect(TAB_ANSWERS.summary(JSON.parse(JSON.stringify(summary)))?.tablePosts).toEqual([post]);
  });
});

describe('a page sheet that cannot be kept', () => {
  it('answers with the reason in words, for the page to show beside the sheet', async () => {
    answerDuelContextRequests(
      async () => ({ seenTips: [], bound: null, sheets: [], newDuelAt: [] }),
      async () => {
        throw new Error('A sheet read on a character page was not saved: quota exceeded');
      },
      async () => {},
    );
    expect(await answer({ type: 'page-sheet', gi: '5', text: 'Name: Osk' })).toEqual({
      ok: false,
      error: 'A sheet read on a character page was not saved: quota exceeded',
    });
  });
});

describe('the drawer: registered by its page, claimed once by its own frame', () => {
  const ORIGIN = 'chrome-extension://ext';
  const nonce = 'a'.repeat(32);
  const session = 'b'.repeat(32);
  const page = (tab = 7) => ({ id: fakeBrowser.runtime.id, tab: { id: tab }, frameId: 0, url: 'https://rpol.net/display.cgi?gi=1&ti=2' });
  const frame = (frameId = 12, tab = 7) => ({ id: fakeBrowser.runtime.id, tab: { id: tab }, frameId, url: `${ORIGIN}/sidepanel.html?embedded=1` });
  const check = (sender: object, n = nonce, s = session) => answer({ type: 'drawer-check', nonce: n, session: s }, sender);
  const relay = (sender: object, s = session) => answer({ type: 'relay', session: s, request: { type: 'summary' } }, sender);

  beforeEach(() => answerDrawerRelay(ORIGIN));

  it('the first panel document showing the nonce claims it; nothing else does', async () => {
    expect(await check(frame())).toEqual({ ok: false }); // nothing registered yet
    expect(await answer({ type: 'drawer-open', nonce }, page())).toEqual({ ok: true });
    expect(await check(frame(), 'c'.repeat(32))).toEqual({ ok: false }); // a made-up nonce
    expect(await check(frame(12, 8))).toEqual({ ok: false }); // another tab
    expect(await check(frame())).toEqual({ ok: true });
    expect(await check(frame())).toEqual({ ok: true }); // the same document again
    expect(await check(frame(), nonce, 'd'.repeat(32))).toEqual({ ok: false }); // a later document in that frame
    expect(await check(frame(13))).toEqual({ ok: false }); // another frame with the nonce
    expect(await relay(frame(13))).toEqual({ ok: false });
    expect(await relay(frame(), 'd'.repeat(32))).toEqual({ ok: false });
  });

  it('the claim names the very document that registered (never the frame’s own), to ask directly', async () => {
    const pageDoc = 'A'.repeat(32);
    await answer({ type: 'drawer-open', nonce }, { ...page(), documentId: pageDoc });
    expect(await check(frame(13))).toEqual({ ok: true, page: { tab: 7, documentId: pageDoc } });
    expect(await check(frame(14))).toEqual({ ok: false }); // another frame is told nothing
    expect(await check(frame(13), nonce, 'd'.repeat(32))).toEqual({ ok: false }); // nor a later document
    // A new page in the tab registers its own opening: the old claim is not moved to it.
    await answer({ type: 'drawer-open', nonce: 'e'.repeat(32) }, { ...page(), documentId: 'C'.repeat(32) });
    expect(await check(frame(13))).toEqual({ ok: false });
  });

  it('a claim’s answer is read by its own check: a malformed page is no claim', () => {
    const doc = 'A'.repeat(32);
    expect(drawerCheck.answer({ ok: true })).toEqual({ ok: true });
    expect(drawerCheck.answer({ ok: true, page: { tab: 7, documentId: doc } })).toEqual({ ok: true, page: { tab: 7, documentId: doc } });
    const bad = [
      { tab: -1, documentId: doc },
      { tab: 1.5, documentId: doc },
      { tab: '7', documentId: doc },
      { tab: 7, documentId: 'x' },
      { tab: 7 },
      null,
      'page',
    ];
    for (const p of bad) expect(drawerCheck.answer({ ok: true, page: p })).toEqual({ ok: false });
    expect(drawerCheck.answer({ ok: 'yes' })).toEqual({ ok: false });
  });

  it('a page, a frame of another origin, or a sub-frame cannot register or claim', async () => {
    expect(await answer({ type: 'drawer-open', nonce }, { ...page(), frameId: 3 })).toBeUndefined();
    expect(await answer({ type: 'drawer-open', nonce }, frame())).toBeUndefined();
    expect(await answer({ type: 'drawer-open', nonce: 'short' }, page())).toBeUndefined();
    await answer({ type: 'drawer-open', nonce }, page());
    expect(await check({ ...frame(), url: 'https://evil.example/' })).toBeUndefined();
    expect(await check({ ...frame(), url: `${ORIGIN}/options.html` })).toBeUndefined();
  });

  it('closing the drawer, or the tab going to another page, ends the registration', async () => {
    await answer({ type: 'drawer-open', nonce }, page());
    await answer({ type: 'drawer-close' }, page());
    expect(await check(frame())).toEqual({ ok: false });
    await answer({ type: 'drawer-open', nonce }, page());
    // A jump within the page keeps it; another page ends it.
    await fakeBrowser.tabs.onUpdated.trigger(7, { url: 'https://rpol.net/display.cgi?gi=1&ti=2#p5' }, {} as never);
    expect(await check(frame())).toEqual({ ok: true });
    await fakeBrowser.tabs.onUpdated.trigger(7, { url: 'https://elsewhere.example/' }, {} as never);
    expect(await check(frame())).toEqual({ ok: false });
    expect(await relay(frame())).toEqual({ ok: false });
  });
});
