// The duel turn in real Chromium: every badge's attributes, and the duel view's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeAttributes, launchWithExtension, openRpol, type Browser } from './helpers';

const TURN = '/display.cgi?gi=51829&ti=43&show=all';
let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

describe('a duel turn', () => {
  it('badges carry verdict, successes, rules findings, cautions and lands; none is red', async () => {
    const page = await openRpol(b, TURN);
    await page.waitForSelector('[data-spark-scribe=roll]', { state: 'attached' });
    const attrs = await badgeAttributes(page, 'roll');
    const pick = (a: Record<string, string>) => [a['data-post'], a['data-kind'], a['data-trust'], a['data-successes'], a['data-rules'], a['data-cautions'], a['data-lands'] ?? null];
    expect(attrs.map(pick)).toEqual([
      ['4', 'speed', 'verified', '2', '1', '0', null],
      ['5', 'speed', 'verified', '2', '0', '0', null],
      ['6', 'draw', 'verified', '1', '0', '0', null],
      ['7', 'channel', 'verified', '2', '0', '0', '2'],
      ['8', 'draw', 'verified', '2', '0', '0', null],
      ['9', 'channel', 'verified', '2', '0', '0', '2'],
      ['10', 'damage', 'verified', '2', '0', '0', null],
      ['11', 'toughness', 'verified', '1', '0', '1', null],
      ['12', 'channel', 'verified', '3', '2', '0', '1'],
      ['13', 'toughness', 'verified', '0', '0', '0', null],
      ['14', 'toughness', 'verified', '2', '2', '0', null],
      ['15', 'channel', 'verified', '3', '1', '0', '0'],
    ]);
    // A rules finding is shown as such, in words, on the badge.
    const label = await page.locator('[data-spark-scribe=roll][data-post="12"] button.badge').getAttribute('aria-label');
    expect(label).toMatch(/Breaks 2 rules: Channeling rolls the colour’s dice/);
    await page.close();
  });

  it('the duel view (tab=duel) shows each duelist’s Life and Toughness after the last post', async () => {
    const page = await openRpol(b, TURN);
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=duel`));
    const osk = panel.locator('[data-duelist="Osk Tarrow"]');
    await expect.poll(() => osk.getAttribute('data-life')).toBe('3');
    expect(await osk.getAttribute('data-toughness')).toBe('0');
    expect(await osk.getAttribute('data-staggered')).toBe('true');
    const mira = panel.locator('[data-duelist="Mira Vale"]');
    expect([await mira.getAttribute('data-life'), await mira.getAttribute('data-toughness')]).toEqual(['10', '2']);
    expect(await mira.locator('[data-colour=Red]').getAttribute('data-lands')).toBe('3');
    expect(await panel.getByTestId('initiative').innerText()).toMatch(/Mira Vale: 2 successes, faces 17[\s\S]*Osk Tarrow: 2 successes, faces 14/);
    // A value links to the roll that decided it: Osk's Life to post 14's roll.
    await osk.getByRole('button', { name: 'Life: go to the roll that decided it' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-roll-id'))).toBe('14-0');
    // A new duel marked at post 13: the state starts again there.
    await panel.getByText('A new duel in this thread').click();
    await panel.getByLabel('New duel from post').selectOption('13');
    await panel.getByRole('button', { name: 'Mark' }).click();
    await expect.poll(() => panel.getByTestId('duel-view').innerText()).toMatch(/This duel starts at post #13/);
    // From post 13 on, no sheet is in use: Osk's Life is not known, his Toughness is what his rolls show.
    expect(await panel.locator('[data-duelist="Osk Tarrow"]').getAttribute('data-life')).toBe('');
    expect(await panel.locator('[data-duelist="Osk Tarrow"]').getAttribute('data-toughness')).toBe('0');
    await panel.close();
    await page.close();
  });
});
