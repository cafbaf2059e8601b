// Parlor's secrets from the drawer: its panel is a frame in the forum's page, which Chromium here
// (third-party storage blocked, as for a user who blocks third-party cookies) refuses the extension
// origin's IndexedDB. The drawer keeps its secret through the background all the same: a
// commitment is offered, Insert marks the secret posted and puts the line into the reply box, and
// the one private store holds the secret the line commits to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { parlorCommit } from '../../lib/games/parlor/hidden';
import { firefoxForBlock, openFirefoxDrawer } from './firefox-helpers';
import { type Browser, inside, launchWithExtension, openRpol, privateArea } from './helpers';

const THREAD = '/display.cgi?gi=51829&ti=51&show=all&viewer=Ada';
const REPLY = '#messagetext';
const COMMITTED = /commitment: ([0-9a-f]{64})/;

/** Can this frame open the extension origin's database? */
const databaseOpens = () =>
  new Promise<boolean>((resolve) => {
    const open = indexedDB.open('spark-scribe-probe', 1);
    open.onsuccess = () => resolve(true);
    open.onerror = () => resolve(false);
  });

type Secrets = { secrets: Record<string, { secret: string; thread: string; posted?: number }> } | undefined;

describe('the private store from the drawer (Chromium)', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  async function drawerOf(page: Page): Promise<Frame> {
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    await expect.poll(() => page.frames().some((f) => f.url().includes('sidepanel.html')), { timeout: 15_000 }).toBe(true);
    const drawer = page.frames().find((f) => f.url().includes('sidepanel.html'))!;
    await drawer.waitForSelector('[role=tab]', { timeout: 15_000 });
    return drawer;
  }

  it('a Parlor secret made in the drawer is kept, and the commitment inserted is to it', async () => {
    const page = await openRpol(b, THREAD);
    const drawer = await drawerOf(page);
    // The browser refuses this frame the database the drawer used to keep its secrets in.
    expect(await drawer.evaluate(databaseOpens)).toBe(false);
    await drawer.getByTestId('game-choice').selectOption('parlor');
    await drawer.locator('#tab-table').click();
    const insert = drawer.getByRole('button', { name: 'Insert my commitment' });
    await expect.poll(() => insert.count(), { timeout: 15_000 }).toBe(1);
    expect(await drawer.getByText(/could not be saved/).count()).toBe(0);
    await insert.click();
    await expect.poll(() => page.locator(REPLY).inputValue(), { timeout: 10_000 }).toMatch(COMMITTED);
    const commitment = COMMITTED.exec(await page.locator(REPLY).inputValue())![1];
    // Kept under its commitment (a fresh secret then waits beside it, for a commitment not yet made).
    const kept = ((await privateArea(b, 'parlorSecrets')) as Secrets)?.secrets ?? {};
    expect(kept[commitment!]?.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(parlorCommit(kept[commitment!]!.secret)).toBe(commitment);
    expect(kept[commitment!]?.thread).toMatch(/51829\/51$/);
    await page.close();
  });
});

describe('the private store from the drawer (Firefox)', () => {
  const firefox = firefoxForBlock();

  it('a Parlor secret made in the drawer is kept and marked posted: Insert puts its commitment into the reply box', async () => {
    const ff = firefox.now;
    const page = await ff.browser.newPage();
    await page.goto(ff.url(THREAD));
    await page.waitForSelector('[data-spark-scribe=drawer]', { timeout: 20_000 });
    const f = await openFirefoxDrawer(page);
    await f.select('[data-testid=game-choice]', 'parlor');
    // The game's tabs come once the choice is kept (puppeteer's click does not wait for them).
    await f.waitForSelector('#tab-table', { timeout: 15_000 });
    await f.click('#tab-table');
    const insert = async () => {
      for (const x of await f.$$('button')) if ((await x.evaluate((e) => e.textContent?.trim())) === 'Insert my commitment') return x;
      return null;
    };
    await expect.poll(async () => !!(await insert()), { timeout: 15_000 }).toBe(true);
    expect(await f.evaluate(() => /could not be saved/.test(document.body.innerText))).toBe(false);
    // The insert waits for the secret to be marked posted in the private store: it lands only if the store took it.
    await (await insert())!.click();
    await expect.poll(() => page.$eval(REPLY, (x) => (x as HTMLTextAreaElement).value), { timeout: 10_000 }).toMatch(COMMITTED);
    await page.close();
  });
});
