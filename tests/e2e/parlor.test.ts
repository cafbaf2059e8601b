// Parlor Magic in real Chromium: two rulers, each in a browser profile of their own, play turns
// with hidden hands through the thread; each sees only their own hand; the second ruler's opening
// waits for the first ruler's; a draw typed by hand passes while hidden and is caught when its ruler
// reveals; a second game in the thread commits a fresh secret; a game written by an older version
// (openings without a nonce, the secret in an old stored table) reads as dealt then and its win is
// pending until the winner reveals, then final; the calculator posts its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readParlorCard } from '../../lib/games/parlor/cards';
import { attackers, mainActions, type Tried } from '../../lib/games/parlor/actions';
import { canonical, parlorCommit, picksFrom } from '../../lib/games/parlor/hidden';
import { CANONICAL_DECK } from '../../lib/games/parlor/cards';
import type { Ruler } from '../../lib/games/parlor/model';
import { commitLine, drawLine, drawSize, endLine, nextDraw } from '../../lib/games/parlor/play';
import { recordLine } from '../../lib/games/parlor/records';
import { foldParlorThread, type ThreadPost } from '../../lib/games/parlor/thread';
import { launchPair, openPanelFor, openRpol, privateArea, revealAll, settled, type Browser } from './helpers';

const THREAD = '/display.cgi?gi=51829&ti=51&show=all';
let pair: Awaited<ReturnType<typeof launchPair>>;
let ada: Browser;
let bram: Browser;
beforeAll(async () => {
  pair = await launchPair();
  ({ first: ada, second: bram } = pair);
});
afterAll(async () => pair?.close());

async function open(b: Browser, who: string, tab = 'table') {
  const page = await openRpol(b, `${THREAD}&viewer=${who}`);
  const panel = await openPanelFor(b, (await b.tabIdOf(page.marker))!, tab);
  return { page, panel };
}
type Opened = Awaited<ReturnType<typeof open>>;

/** The codes of my hand as the Table draws it: one named card image each, in the list “Your hand”. */
const handOf = (panel: Opened['panel']) =>
  panel
    .getByTestId('parlor-hand')
    .getByRole('list', { name: 'Your hand' })
    .getByRole('img')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card') ?? ''));

/** Post what the page's reply box holds through its own form, and wait for the thread to be read again. */
async function send(page: Opened['page']) {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Post Message' }).click()]);
  await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
  await settled(page);
  await revealAll(page);
}

/** Insert from the panel (its button `button`), post, close the panel. */
async function post({ page, panel }: Opened, button = 'Insert into reply') {
  await panel.getByRole('button', { name: button }).first().click();
  await expect.poll(() => panel.getByRole('status').first().innerText()).toMatch(/Inserted/);
  await send(page);
  await panel.close();
}

const verdicts = (page: Opened['page']) =>
  page.$$eval('[data-spark-scribe=table]', (els) => els.map((e) => `${e.getAttribute('data-post')}:${e.getAttribute('data-verdict')}`));

/** A post written straight to the live thread as `author` (a game written by an older version, posted long ago). */
async function postAs(author: string, text: string) {
  const ci = { Ada: '520002', Bram: '520003' }[author]!;
  const r = await fetch(`http://127.0.0.1:${pair.first.server.port}/message.cgi`, {
    method: 'POST',
    body: new URLSearchParams({ ti: '51', ci, messagetext: text }),
    redirect: 'manual',
  });
  expect(r.status).toBe(303);
}

/**
 * A game as an older version wrote it (openings without a nonce), played to Ada's win by two simple
 * panels: Ada plays a land, taps, casts a creature when she can and attacks; Bram never blocks.
 */
function oldGameToAWin(secret: Record<Ruler, string>): { author: string; text: string }[] {
  const NAME: Record<Ruler, string> = { A: 'Ada', B: 'Bram' };
  const posts: ThreadPost[] = [];
  let n = 0;
  const nonce = () => (0xfeed000000000000n + BigInt(++n)).toString(16);
  const add = (r: Ruler, lines: string[]) => posts.push({ number: posts.length + 1, author: NAME[r], text: lines.join('\n') });
  const fold = (r: Ruler, lines: string[]) =>
    foldParlorThread([...posts, { number: posts.length + 1, author: NAME[r], text: lines.join('\n') }], { me: { name: NAME[r], secret: secret[r] } });
  add('A', [commitLine(secret.A, nonce())]);
  add('B', [commitLine(secret.B, nonce())]);
  add('A', [recordLine({ opening: null })]);
  add('B', [recordLine({ opening: null })]);
  const endOf = (r: Ruler, lines: string[]) => {
    const g = fold(r, lines);
    lines.push(endLine(g, r, secret[r], canonical(g.table.hand[r]).slice(0, Math.max(0, g.table.hand[r].length - 7)), nonce()));
  };
  for (let turn = 0; turn < 40; turn++) {
    const lines = [recordLine({ turn: true })];
    let g = fold('A', lines);
    const drawn = nextDraw(g, 'A', secret.A, drawSize(g, 'A'));
    const lands = g.table.hand.A.filter((c) => readParlorCard(c)!.type === 'land').length;
    lines.push(drawLine(g, 'A', secret.A, drawn.find((c) => readParlorCard(c)!.type === (lands ? 'creature' : 'land')) ?? drawn[0]!));
    const act = (pick: (acts: ReturnType<typeof mainActions>) => Tried[]) => {
      for (;;) {
        g = fold('A', lines);
        const ok = pick(mainActions(g.table, 'A')).find((x) => !x.refusal);
        if (!ok) return;
        lines.push(recordLine({ event: ok.line }));
      }
    };
    act((x) => x.lands.slice(0, 1));
    act((x) => x.taps);
    act((x) => x.casts.filter((c) => 'cast' in c.line && readParlorCard(c.line.cast)!.type === 'creature'));
    const attack = attackers(fold('A', lines).table, 'A');
    if (attack.length) {
      lines.push(recordLine({ event: { attack } }));
      add('A', lines.splice(0));
      add('B', [recordLine({ event: { block: [] } })]);
      lines.push(recordLine({ event: { damage: {} } }));
      if (fold('A', lines).state.winner) {
        add('A', lines);
        break;
      }
    }
    endOf('A', lines);
    add('A', lines);
    const ben = [recordLine({ turn: true })];
    const h = fold('B', ben);
    ben.push(drawLine(h, 'B', secret.B, nextDraw(h, 'B', secret.B, drawSize(h, 'B'))[0]!));
    endOf('B', ben);
    add('B', ben);
  }
  expect(foldParlorThread(posts).result).toMatchObject({ winner: 'A', status: 'pending' });
  return posts;
}

/** A whole simple turn from the Table: begin, keep the first card drawn, play a land if one is there, end (recycling down to 7). */
async function playTurn(b: Browser, who: string) {
  const o = await open(b, who);
  const { panel } = o;
  await panel.getByRole('button', { name: 'Begin my turn' }).click();
  // The draw is a fan to pick from: the keyboard's way, the first card focused and Enter.
  await panel.getByTestId('parlor-draw').getByRole('option').first().press('Enter');
  const land = panel.getByTestId('parlor-actions').getByRole('button', { name: /^land: / });
  if (await land.count()) await land.first().click();
  const end = panel.getByTestId('parlor-actions').locator('fieldset').last();
  const cards = end.getByRole('option');
  if (await cards.count()) {
    await cards.first().click();
    await expect.poll(() => cards.first().getAttribute('aria-selected')).toBe('true');
  }
  await end.getByRole('button', { name: 'End my turn' }).click();
  await expect.poll(() => panel.getByTestId('parlor-lines').innerText()).toMatch(/· end · recycle seal: [0-9a-f]{32} · nonce: [0-9a-f]{16}/);
  await post(o);
  await o.page.close();
}

describe('Parlor Magic', () => {
  it('two rulers play turns with hidden hands; a draw typed by hand is caught when its ruler reveals', async () => {
    for (const [b, who] of [
      [ada, 'Ada'],
      [bram, 'Bram'],
    ] as const) {
      const o = await open(b, who);
      await expect.poll(() => o.panel.getByLabel(/You are/).inputValue()).toBe(who);
      await post(o, 'Insert my commitment');
      await o.page.close();
    }
    // Bram committed second: his opening waits for a nonce Ada posts after his commitment (her opening's).
    const early = await open(bram, 'Bram');
    await expect.poll(() => early.panel.getByTestId('parlor-wait').innerText()).toMatch(/Your opening seven waits for Ada’s post/);
    expect(await early.panel.getByRole('button', { name: 'Draw my opening seven' }).count()).toBe(0);
    await early.panel.close();
    await early.page.close();
    for (const [b, who] of [
      [ada, 'Ada'],
      [bram, 'Bram'],
    ] as const) {
      const o = await open(b, who);
      await o.panel.getByRole('button', { name: 'Draw my opening seven' }).click();
      await expect.poll(() => o.panel.getByTestId('parlor-lines').innerText()).toMatch(/· opening seven · nonce: [0-9a-f]{16}$/);
      await post(o);
      await o.page.close();
    }
    // Each sees their own seven cards, and only the count of the other's.
    const seen = await open(ada, 'Ada');
    await expect.poll(() => handOf(seen.panel)).toHaveLength(7);
    expect(await seen.panel.getByTestId('parlor-domain-B').getByRole('img', { name: 'Bram’s hand: 7 hidden cards' }).count()).toBe(1);
    expect(await seen.panel.getByTestId('parlor-domain-B').getByTestId('parlor-hand').count()).toBe(0);
    await seen.panel.close();
    await seen.page.close();

    await playTurn(ada, 'Ada');
    await playTurn(bram, 'Bram');
    await playTurn(ada, 'Ada');

    // Bram types a draw by hand, naming the cards he would like: while his secret is his own, it passes.
    const b = await open(bram, 'Bram');
    const before = await b.page.locator('[data-spark-scribe=table]').count();
    await b.page.locator('#messagetext').fill('Spark Scribe · Parlor Magic · turn\nSpark Scribe · Parlor Magic · draw: KS, QS · keep: KS');
    await send(b.page);
    await b.panel.close();
    await expect.poll(() => b.page.locator('[data-spark-scribe=table]').count()).toBe(before + 1);
    const forged = Number(await b.page.locator('[data-spark-scribe=table]').last().getAttribute('data-post'));
    const a1 = await open(ada, 'Ada');
    await expect.poll(() => verdicts(a1.page)).toContain(`${forged}:follows`);
    await a1.panel.close();
    await a1.page.close();

    // Bram reveals his secret (his panel writes it with every choice his seals hold): the typed draw is now a mismatch.
    const r = await open(bram, 'Bram');
    await r.panel.getByRole('button', { name: /Reveal my secret/ }).click();
    // Before the game's end a click alone reveals nothing: the word is typed first.
    await r.panel.getByLabel('Type “reveal” to reveal your secret').fill('reveal');
    await r.panel.getByRole('button', { name: 'Add the reveal to my post' }).click();
    await post(r);
    const a2 = await open(ada, 'Ada');
    await expect.poll(() => verdicts(a2.page)).toContain(`${forged}:mismatch`);
    const others = (await verdicts(a2.page)).filter((v) => !v.startsWith(`${forged}:`));
    expect(
      others.every((v) => v.endsWith(':follows')),
      others.join(' '),
    ).toBe(true);
    // Ada's Table now shows Bram's hand card by card.
    await expect.poll(() => a2.panel.getByTestId('parlor-checks').innerText()).toMatch(/not the ones the secret picks/);
    await a2.panel.close();
    await a2.page.close();
    // Two browsers, about twenty page loads and posts: 40–60 s on a 2-core machine, more when it is busy.
  }, 180_000);

  it('a second game in the thread commits a fresh secret: game 1’s reveal tells nothing of game 2’s hand', async () => {
    // Bram revealed game 1's secret: it is public now.
    const before = await open(ada, 'Ada');
    const html = await before.page.content();
    const revealed = /reveal · secret: &quot;([0-9a-f]+)&quot;|reveal · secret: "([0-9a-f]+)"/.exec(html);
    const secret1 = revealed![1] ?? revealed![2]!;
    await before.panel.close();
    await before.page.close();

    // Bram starts a new game from his panel and commits; then Ada does.
    const b = await open(bram, 'Bram');
    await b.panel.getByRole('button', { name: 'Start a new game in this thread' }).click();
    await post(b, 'Insert my commitment');
    await b.page.close();
    const a = await open(ada, 'Ada');
    await post(a, 'Insert my commitment');
    await a.page.close();
    const o = await open(bram, 'Bram');
    await o.panel.getByRole('button', { name: 'Draw my opening seven' }).click();
    await post(o);
    await o.page.close();

    const g = await open(bram, 'Bram');
    const commits = [...(await g.page.content()).matchAll(/commitment: ([0-9a-f]{64}) · nonce: ([0-9a-f]{16})/g)];
    expect(commits).toHaveLength(4);
    const [, , bram2, ada2] = commits;
    expect(bram2![1]).not.toBe(parlorCommit(secret1));
    // What game 1's secret would deal Bram in game 2 (his opening uses Ada's game 2 commitment nonce) is not his hand.
    await expect.poll(() => handOf(g.panel)).toHaveLength(7);
    const codes = await handOf(g.panel);
    // Codes as the deck spells them, so that the comparison below can fail.
    expect(codes.every((c) => CANONICAL_DECK.includes(c))).toBe(true);
    const hand = codes.join(' ');
    const guess = picksFrom(secret1, ada2![2]!, 1, CANONICAL_DECK, [], 7);
    expect(hand).not.toBe(guess.join(' '));
    // Every commitment in the thread differs from every other.
    expect(new Set(commits.map((m) => m[1])).size).toBe(4);
    await g.panel.close();
    await g.page.close();
  }, 120_000);

  it('a game written by an older version: read as dealt then; won, pending the reveal; final once the winner reveals', async () => {
    // Ada's secret as the older version kept it: one per thread, in the thread's stored table (version 2).
    const SECRET = { A: 'ada-old-version-secret', B: 'bram-old-version-secret' };
    await ada.worker.evaluate(
      async ([secret]) => {
        const t = (await chrome.storage.local.get('tables')).tables ?? { version: 1, tables: {} };
        t.versions = { ...(t.versions ?? {}), parlor: 2 };
        t.tables['rpol.net/51829/51'] = { game: 'parlor', secret, nonces: {}, updatedAt: 1 };
        await chrome.storage.local.set({ tables: t });
      },
      [SECRET.A],
    );
    for (const p of oldGameToAWin(SECRET)) await postAs(p.author, p.text);

    const a = await open(ada, 'Ada');
    const result = a.panel.getByTestId('parlor-result');
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 20_000 }).toBe('pending');
    await expect.poll(() => result.innerText()).toMatch(/Ada has won, pending the reveal/);
    await expect.poll(() => a.panel.getByTestId('parlor-old-rule').innerText()).toMatch(/older nonce rule/);
    await expect
      .poll(() => a.panel.getByTestId('parlor-unrevealed').allInnerTexts())
      .toEqual([
        'Ada has not revealed their secret: their side of the game is unverified.',
        'Bram has not revealed their secret: their side of the game is unverified.',
      ]);
    // Her old secret moved to the secrets' own key, with the commitment it made; her hand is hers.
    await expect.poll(async () => (await handOf(a.panel)).length).toBeGreaterThan(0);
    await a.panel.getByRole('button', { name: /Reveal my secret/ }).click();
    await post(a);
    const f = await open(ada, 'Ada');
    await expect.poll(() => f.panel.getByTestId('parlor-result').getAttribute('data-status')).toBe('final');
    await expect.poll(() => f.panel.getByTestId('parlor-result').innerText()).toMatch(/Ada has won\. Final/);
    const stored = (await privateArea(ada, 'parlorSecrets')) as { secrets: Record<string, { secret: string }> };
    expect(stored.secrets[parlorCommit(SECRET.A)]?.secret).toBe(SECRET.A);
    // Where no content script can read it: storage.local (the content scripts' page-start copy is there) holds no secret.
    const local = JSON.stringify(await ada.worker.evaluate(() => chrome.storage.local.get(null)));
    expect(local).not.toContain(SECRET.A);
    // Bram's opening, drawn with a nonce he had seen before committing, carries the caution on the page.
    await expect.poll(() => f.page.locator('[data-spark-scribe=table][data-verdict=rules]').count()).toBeGreaterThan(0);
    await f.panel.close();
    await f.page.close();
  }, 180_000);

  it('the calculator: K♥+5♦ against Q♦+2♥ outranks, +2 Power, and posts the result', async () => {
    const { page, panel } = await open(ada, 'Ada', 'calc');
    await panel.getByLabel('Card (empty: a Domain Defense)').first().fill('K♥');
    await panel.getByLabel('Echs on it').first().fill('5D');
    await panel.getByLabel('Card (empty: a Domain Defense)').nth(1).fill('Queen of Diamonds');
    await panel.getByLabel('Echs on it').nth(1).fill('2♥');
    const result = panel.getByTestId('parlor-result');
    await expect.poll(() => result.locator('[data-outranks]').getAttribute('data-outranks')).toBe('true');
    await expect.poll(() => panel.getByTestId('parlor-bonus').innerText()).toMatch(/Power \+2, Toughness \+1/);
    // Trump ♥: both have a ♥ count, so neither can be outranked; her ♥2 trumps his ♥1.
    await panel.getByLabel(/Trump/).selectOption('H');
    await expect.poll(() => result.locator('[data-outranks]').getAttribute('data-outranks')).toBe('false');
    await expect.poll(() => result.innerText()).toMatch(/Q♦\+2♥ trumps K♥\+5♦/);
    await panel.getByLabel('Echs on it').first().fill('9D');
    await expect.poll(() => panel.getByRole('alert').innerText()).toMatch(/not an Ech/);
    await panel.close();
    await page.close();
  });
});
