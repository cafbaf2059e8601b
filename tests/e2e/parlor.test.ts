// Parlor Magic in real Chromium: two rulers, each in a browser profile of their own, play turns
// with hidden hands through the thread; each sees only their own hand; a draw typed by hand passes
// while hidden and is caught when its ruler reveals; the calculator posts its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPair, openPanelFor, openRpol, revealAll, settled, type Browser } from './helpers';

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

/** A whole simple turn from the Table: begin, keep the first card drawn, play a land if one is there, end (recycling down to 7). */
async function playTurn(b: Browser, who: string) {
  const o = await open(b, who);
  const { panel } = o;
  await panel.getByRole('button', { name: 'Begin my turn' }).click();
  await panel.getByTestId('parlor-draw').getByRole('button').first().click();
  const land = panel.getByTestId('parlor-actions').getByRole('button', { name: /^land: / });
  if (await land.count()) await land.first().click();
  const end = panel.getByTestId('parlor-actions').locator('fieldset').last();
  const boxes = end.getByRole('checkbox');
  if (await boxes.count()) await boxes.first().check();
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
    for (const [b, who] of [
      [ada, 'Ada'],
      [bram, 'Bram'],
    ] as const) {
      const o = await open(b, who);
      await o.panel.getByRole('button', { name: 'Draw my opening seven' }).click();
      await post(o);
      await o.page.close();
    }
    // Each sees their own seven cards, and only the count of the other's.
    const seen = await open(ada, 'Ada');
    await expect.poll(() => seen.panel.getByTestId('parlor-hand').innerText()).toMatch(/^Your hand: (\S+ ){6}\S+$/);
    expect(await seen.panel.getByTestId('parlor-domain-B').innerText()).toMatch(/hand 7/);
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

  it('the calculator: K♥+5♦ against Q♦+2♥ outranks, +2 Power, and posts the result', async () => {
    const { page, panel } = await open(ada, 'Ada', 'calc');
    await panel.getByLabel('Card (empty: a Domain Defense)').first().fill('K♥');
    await panel.getByLabel('Echs on it').first().fill('5D');
    await panel.getByLabel('Card (empty: a Domain Defense)').nth(1).fill('Queen of Diamonds');
    await panel.getByLabel('Echs on it').nth(1).fill('2♥');
    const result = panel.getByTestId('parlor-result');
    await expect.poll(() => result.locator('[data-outranks]').getAttribute('data-outranks')).toBe('true');
    expect(await panel.getByTestId('parlor-bonus').innerText()).toMatch(/Power \+2, Toughness \+1/);
    // Trump ♥: both have a ♥ count, so neither can be outranked; her ♥2 trumps his ♥1.
    await panel.getByLabel(/Trump/).selectOption('H');
    await expect.poll(() => result.locator('[data-outranks]').getAttribute('data-outranks')).toBe('false');
    expect(await result.innerText()).toMatch(/Q♦\+2♥ trumps K♥\+5♦/);
    await panel.getByLabel('Echs on it').first().fill('9D');
    await expect.poll(() => panel.getByRole('alert').innerText()).toMatch(/not an Ech/);
    await panel.close();
    await page.close();
  });
});
