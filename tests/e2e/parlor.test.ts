// Parlor Magic in real Chromium: two rulers, each in a browser profile of their own, commit,
// reveal and deal through the thread; a forged word is flagged; the calculator posts its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parlorDeal } from '../../lib';
import { dealSeed } from '../../lib/games/parlor/table';
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

async function open(b: Browser, who: string, tab = 'deal') {
  const page = await openRpol(b, `${THREAD}&viewer=${who}`);
  const panel = await openPanelFor(b, (await b.tabIdOf(page.marker))!, tab);
  return { page, panel };
}

/** Insert from the panel, post through the page's own form, and wait for the thread to be read again. */
async function post(page: Awaited<ReturnType<typeof open>>['page'], panel: Awaited<ReturnType<typeof open>>['panel'], button: string) {
  await panel.getByRole('button', { name: button }).click();
  await expect.poll(() => panel.getByRole('status').first().innerText()).toMatch(/Inserted/);
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Post Message' }).click()]);
  await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
  await settled(page);
  await revealAll(page);
  await panel.close();
}

const verdicts = (page: Awaited<ReturnType<typeof open>>['page']) =>
  page.$$eval('[data-spark-scribe=table]', (els) => els.map((e) => `${e.getAttribute('data-post')}:${e.getAttribute('data-verdict')}`));

describe('Parlor Magic', () => {
  it('commit, reveal (a forged word flagged), and the opening seven, checked from both profiles', async () => {
    let a = await open(ada, 'Ada');
    await expect.poll(() => a.panel.getByLabel(/You are/).inputValue()).toBe('Ada');
    await a.panel.getByLabel(/Your secret word/).fill('amber falcon');
    await post(a.page, a.panel, 'Insert my commitment');

    let b = await open(bram, 'Bram');
    // Before Bram commits, Ada's word can't be revealed: her panel says so (checked below); Bram commits.
    await b.panel.getByLabel(/Your secret word/).fill('quiet river');
    await post(b.page, b.panel, 'Insert my commitment');

    // Bram tries a word that is not the one he committed to, typed by hand into the reply.
    b = await open(bram, 'Bram');
    await b.page.locator('#messagetext').fill('Spark Scribe · Parlor Magic · word: "a better word"');
    await Promise.all([b.page.waitForNavigation(), b.page.getByRole('button', { name: 'Post Message' }).click()]);
    await b.page.waitForSelector('[data-spark-scribe=table][data-post="4"]', { state: 'attached' });
    expect(await b.page.locator('[data-spark-scribe=table][data-post="4"]').getAttribute('data-verdict')).toBe('mismatch');
    await b.panel.close();

    a = await open(ada, 'Ada');
    await post(a.page, a.panel, 'Insert my word');
    b = await open(bram, 'Bram');
    await post(b.page, b.panel, 'Insert my word');

    a = await open(ada, 'Ada');
    const seed = dealSeed('51829/51', ['amber falcon', 'quiet river']);
    await expect.poll(() => a.panel.getByTestId('parlor-seed').innerText()).toBe(`Seed: ${seed}`);
    await post(a.page, a.panel, 'Insert my opening seven');

    // Bram's profile reads the whole thread: every record but the forged word follows.
    const check = await open(bram, 'Bram');
    await expect.poll(() => verdicts(check.page)).toEqual(['2:follows', '3:follows', '4:mismatch', '5:follows', '6:follows', '7:follows']);
    // An independent derivation here (Node, the library) gives the same seven cards, in order.
    const expected = parlorDeal(`${seed}/1`).slice(0, 7).join(', ');
    expect(await check.page.locator('body').innerText()).toContain(`opening seven: ${expected}`);
    // Bram's panel shows his own opening seven next.
    await expect.poll(() => check.panel.getByTestId('parlor-opening').innerText()).toContain('Your opening seven');
    await check.panel.close();
    await check.page.close();
  });

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
