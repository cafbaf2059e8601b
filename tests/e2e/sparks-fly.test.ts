// When Sparks Fly in real Chromium: the DMO runs round 1 from the tracker and posts the board;
// a second profile, with nothing stored, rebuilds the match from the thread alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPair, openPanelFor, openRpol, storageGet, type Browser } from './helpers';

const MATCH = '/display.cgi?gi=51829&ti=50&show=all';
let pair: Awaited<ReturnType<typeof launchPair>>;
let dmo: Browser;
let reader: Browser;
beforeAll(async () => {
  pair = await launchPair();
  ({ first: dmo, second: reader } = pair);
});
afterAll(async () => pair?.close());

const panelFor = async (b: Browser, marker: string, tab = 'match') => openPanelFor(b, (await b.tabIdOf(marker))!, tab);

describe('When Sparks Fly', () => {
  it('the DMO runs round 1 (a refused move quotes its rule), and posts the board', async () => {
    const page = await openRpol(dmo, MATCH);
    const panel = await panelFor(dmo, page.marker);
    await panel.getByLabel('Player A').fill('Zara');
    await panel.getByLabel('Player B').fill('Quint');
    await panel.getByLabel(/Published seed/).fill('gauntlet-7');
    await panel.getByRole('button', { name: 'Start the match' }).click();
    await expect
      .poll(() => panel.getByTestId('sf-summary').innerText())
      .toBe('Round 1 · remove auction · A 120 Sparks (18 in hand, 0 in discard) · B 120 Sparks (18 in hand, 0 in discard)');

    await panel.getByLabel('A’s bid').fill('3');
    await panel.getByRole('button', { name: 'A raises' }).click();
    // A bid above B's Sparks is refused with the rule.
    await panel.getByLabel('B’s bid').fill('500');
    await panel.getByRole('button', { name: 'B raises' }).click();
    await expect.poll(() => panel.getByTestId('sf-refused').innerText()).toMatch(/A bid can’t exceed the bidder’s Sparks/);
    await panel.getByLabel('B’s bid').fill('5');
    await panel.getByRole('button', { name: 'B raises' }).click();
    await panel.getByRole('button', { name: /A folds/ }).click();
    await panel.getByLabel(/Card to remove/).selectOption('-5 Sparks to Self');
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();

    const playA = panel.getByTestId('sf-play-A');
    await playA.getByLabel('First card').selectOption('-3 Sparks to Self');
    await playA.getByLabel('Second card').selectOption('Invert Other Card Target');
    await playA.getByRole('button', { name: 'Enter A’s play' }).click();
    // A's play is hidden until B's is in, and the board cannot be posted meanwhile.
    await expect.poll(() => panel.getByTestId('sf-hidden-A').innerText()).toMatch(/hidden until B’s is in/);
    expect(await panel.getByRole('button', { name: 'Insert into reply' }).isDisabled()).toBe(true);
    const playB = panel.getByTestId('sf-play-B');
    await playB.getByLabel('First card').selectOption('Steal 1 Spark from Opponent');
    await playB.getByLabel('Second card').selectOption('Repeat Other Card');
    await playB.getByRole('button', { name: 'Enter B’s play' }).click();

    await expect
      .poll(() => panel.getByTestId('sf-summary').innerText())
      .toBe('Round 2 · add auction · A 118 Sparks (16 in hand, 2 in discard) · B 114 Sparks (15 in hand, 2 in discard)');
    expect(await panel.locator('[data-player=A]').getAttribute('data-sparks')).toBe('118');
    await expect.poll(() => panel.getByTestId('sf-offer').innerText()).toMatch(/Offered: .+ · .+ · .+/);
    // Undo and redo the last play: the state follows.
    await panel.getByRole('button', { name: 'Undo the last move' }).click();
    await expect.poll(() => panel.getByTestId('sf-hidden-A').count()).toBe(1);
    await playB.getByLabel('First card').selectOption('Steal 1 Spark from Opponent');
    await playB.getByLabel('Second card').selectOption('Repeat Other Card');
    await playB.getByRole('button', { name: 'Enter B’s play' }).click();
    await expect.poll(() => panel.getByTestId('sf-summary').innerText()).toMatch(/^Round 2/);
    // The match is saved per thread.
    await expect.poll(async () => JSON.stringify(await storageGet(dmo, 'tables'))).toContain('"play":"B"');

    await panel.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => panel.getByRole('status').innerText()).toMatch(/Inserted/);
    await panel.close();
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Post Message' }).click()]);
    await page.waitForSelector('[data-spark-scribe=table]', { state: 'attached', timeout: 15_000 });
    expect(await page.locator('[data-spark-scribe=table]').getAttribute('data-verdict')).toBe('follows');
    await page.close();
  });

  it('a second reader with nothing stored sees the post follow from its log and rebuilds the match', async () => {
    expect(await storageGet(reader, 'tables')).toBeUndefined();
    const page = await openRpol(reader, MATCH, '[data-spark-scribe=table]');
    const badge = page.locator('[data-spark-scribe=table]');
    expect(await badge.getAttribute('data-post')).toBe('2');
    expect(await badge.getAttribute('data-verdict')).toBe('follows');
    // The panel guesses the game from the thread and continues from the post.
    const panel = await panelFor(reader, page.marker, 'thread');
    await expect.poll(() => panel.getByTestId('game-choice').inputValue()).toBe('sparks-fly');
    await panel.getByRole('tab', { name: 'Match' }).click();
    await panel.getByRole('button', { name: 'Continue from post #2' }).click();
    await expect
      .poll(() => panel.getByTestId('sf-summary').innerText())
      .toBe('Round 2 · add auction · A 118 Sparks (16 in hand, 2 in discard) · B 114 Sparks (15 in hand, 2 in discard)');
    await expect.poll(() => panel.getByTestId('sf-thread-checks').innerText()).toMatch(/#2: The board follows from the log \(6 moves\)/);
    await panel.close();
    await page.close();
  });

  it('a live round: the clock counts down for the bidder, folds for them at zero (marked in the log), and the fold is undone', async () => {
    await dmo.worker.evaluate(async () => {
      const { tables } = await chrome.storage.local.get('tables');
      const t = tables ?? { version: 1, games: {}, tables: {} };
      t.tables['rpol.net/51829/50'] = { game: 'sparks-fly', log: { sparks: 120, firstBidder: 'A', seed: 'live-1', events: [] }, updatedAt: Date.now() };
      await chrome.storage.local.set({ tables: t });
    });
    const events = async () =>
      ((await storageGet(dmo, 'tables')) as { tables: Record<string, { log: { events: unknown[] } }> }).tables['rpol.net/51829/50']!.log.events;
    const page = await openRpol(dmo, MATCH);
    const panel = await panelFor(dmo, page.marker);
    const clock = panel.getByTestId('sf-clock');
    await clock.getByText('Clock lengths and sound').click();
    await clock.getByLabel('To raise or fold').fill('3');
    await clock.getByRole('checkbox', { name: /A sound at 5 seconds/ }).uncheck();
    await clock.getByRole('checkbox', { name: /Run the clocks/ }).check();
    await expect.poll(() => clock.getByRole('timer').innerText()).toMatch(/^0:0[1-3]$/);
    await expect.poll(() => clock.locator('[aria-live=polite]').textContent()).toMatch(/^A: 0:0\d to raise or fold\.$/);
    // At zero the tracker folds for A: the move is in the log, marked "by the clock", and the history says so.
    await expect.poll(events, { timeout: 10_000 }).toEqual([{ fold: 'A', clock: true }]);
    await panel.getByText(/^What happened/).click();
    await expect.poll(() => panel.getByTestId('sparks-fly').innerText()).toMatch(/A’s time ran out: applied by the clock/);
    await panel.getByRole('button', { name: 'Undo the last move' }).click();
    await expect.poll(events).toEqual([]);
    await panel.close();
    await page.close();
  });
});
