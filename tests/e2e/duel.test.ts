// The duel turn in real Chromium: every badge's attributes, and the duel view's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeAttributes, inside, launchWithExtension, openRpol, until, type Browser } from './helpers';

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
    const pick = (a: Record<string, string>) => [
      a['data-post'],
      a['data-kind'],
      a['data-trust'],
      a['data-successes'],
      a['data-rules'],
      a['data-cautions'],
      a['data-lands'] ?? null,
    ];
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
    // A rules finding is shown as such on the badge, and described in words (its title: the accessible description).
    const label = await inside(page, '[data-spark-scribe=roll][data-post="12"]').attr('button.badge', 'title');
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
    await expect.poll(() => panel.getByTestId('initiative').innerText()).toMatch(/Mira Vale: 2 successes, faces 17[\s\S]*Osk Tarrow: 2 successes, faces 14/);
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
    // Clear the mark: one duel again.
    await panel.getByRole('button', { name: /Clear marks/ }).click();
    await expect.poll(() => panel.locator('[data-duelist="Osk Tarrow"]').getAttribute('data-life')).toBe('3');
    await panel.close();
    await page.close();
  });
});

describe('the duel table', () => {
  it('runs a turn: steps, a correction that contradicts a verified roll, the End step, planeswalker cards, the state post, undo', async () => {
    const page = await openRpol(b, TURN);
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=duel`));
    await panel.waitForSelector('[data-duelist="Osk Tarrow"]');
    // Correct Osk's Life by hand: it contradicts the verified Toughness roll of post 14.
    const osk = panel.locator('[data-duelist="Osk Tarrow"]');
    await osk.getByText('Correct a value').click();
    await osk.getByLabel('New value').fill('5');
    await osk.getByLabel('Why (optional)').fill('healing potion');
    await osk.getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => osk.getAttribute('data-life')).toBe('5');
    await expect
      .poll(() => panel.getByTestId('corrections').innerText())
      .toMatch(/Life set to 5 by hand \(healing potion\): this contradicts the verified roll in post #14, which gives 3/);
    // The steps: Osk's turn, on to the End step: what is due.
    await panel.getByLabel('Whose turn').selectOption('Osk Tarrow');
    await panel.getByRole('button', { name: 'End' }).click();
    await expect.poll(() => panel.getByTestId('turn').getAttribute('data-step')).toBe('8');
    const end = panel.getByTestId('end-step');
    await expect.poll(() => end.innerText()).toMatch(/Discard down to Memory 6[\s\S]*Toughness stays at 0: the wear from rolled 1s lasts the duel/);
    await end.getByLabel('Unused mana').fill('2');
    await end.getByRole('button', { name: 'Apply mana burn' }).click();
    await expect.poll(() => osk.getAttribute('data-life')).toBe('3');
    // Next step after End: the next duelist in initiative order, at Untap, turn 2.
    await panel.getByRole('button', { name: 'Next step' }).click();
    await expect.poll(() => panel.getByTestId('turn').innerText()).toMatch(/Turn 2/);
    expect(await panel.getByLabel('Whose turn').inputValue()).toBe('Mira Vale');
    expect(await panel.getByTestId('turn').getAttribute('data-step')).toBe('2');
    // A planeswalker card enters for Mira (A); activating it outside the main phase is refused, in words, in both languages.
    const pw = panel.getByTestId('planeswalkers');
    await pw.getByText('A planeswalker enters').click();
    await pw.getByLabel('Card name').fill('Chandra Nalaar');
    await pw.getByLabel('Subtype').fill('Chandra');
    await pw.getByLabel('Printed loyalty').fill('6');
    await pw.getByRole('button', { name: 'Enters' }).click();
    await expect.poll(() => pw.locator('[data-loyalty]').getAttribute('data-loyalty')).toBe('6');
    await pw.getByLabel('Ability cost').fill('1');
    await pw.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => pw.getByTestId('pw-refused').innerText()).toMatch(/sorcery speed[\s\S]*Si gioca solo quando si potrebbe giocare una stregoneria/);
    await panel.getByRole('button', { name: 'Main' }).click();
    await pw.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => pw.locator('[data-loyalty]').getAttribute('data-loyalty')).toBe('7');
    // The state post, in RPOL's table markup.
    await panel.getByRole('button', { name: 'Insert into reply' }).click();
    const posted = await page.locator('#messagetext').inputValue();
    expect(posted).toMatch(/^<b>Duel state<\/b> — turn 2, Mira Vale: Main\n<table><tr><th>Duelist<\/th>/);
    expect(posted).toContain('<tr><td>Osk Tarrow</td><td>3/8</td><td>0/3 (worn 3)</td><td>Blue 2/4</td><td>—</td><td><Red>staggered</Red></td></tr>');
    expect(posted).toMatch(/Planeswalker cards: Chandra Nalaar \(A\) 7/);
    // Saved per thread, and undo takes back the last change.
    await expect
      .poll(async () => JSON.stringify(await b.worker.evaluate(async () => (await chrome.storage.local.get('tables')).tables)))
      .toContain('healing potion');
    await panel.getByRole('button', { name: 'Undo the last change' }).click();
    await expect.poll(() => pw.locator('[data-loyalty]').getAttribute('data-loyalty')).toBe('6');
    await panel.reload();
    await expect.poll(() => panel.locator('[data-duelist="Osk Tarrow"]').getAttribute('data-life')).toBe('3');
    await panel.close();
    await page.close();
  });

  it('the verdict chips filter the list', async () => {
    const page = await openRpol(b, '/display.cgi?gi=51829&ti=40&show=all');
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=thread`));
    const list = panel.getByTestId('roll-list');
    await expect.poll(() => list.locator('li').count()).toBe(22);
    await panel.locator('[data-chip=typed]').click();
    await expect.poll(() => list.locator('li').count()).toBe(4);
    expect(await panel.locator('[data-chip=typed]').getAttribute('aria-pressed')).toBe('true');
    await panel.locator('[data-chip=typed]').click();
    await expect.poll(() => list.locator('li').count()).toBe(22);
    await panel.close();
    await page.close();
  });
});

describe('replies built from the sheet and the duel', () => {
  it('with Osk’s sheet bound, each builder is filled in from it and the duel; a badge sends its summary to the reply', async () => {
    const { OSK_SHEET } = await import('../fixtures/spark-pages.mjs');
    await b.worker.evaluate(async (text) => chrome.storage.local.set({ boundSheet: { version: 1, text, gameId: '51829', boundAt: Date.now() } }), OSK_SHEET);
    const page = await openRpol(b, TURN);
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=reply`));
    const build = panel.getByLabel('What to build');
    await build.selectOption('speed');
    await expect.poll(() => panel.locator('[data-field=focus]').inputValue()).toBe('2');
    expect(await panel.locator('[data-field=modifier]').inputValue()).toBe('1');
    await expect.poll(() => panel.locator('[aria-live=polite]').innerText()).toMatch(/Roll 2d10; tick Record each die; reason: Speed \(\+1\)/);
    await build.selectOption('channel');
    await expect.poll(() => panel.locator('[data-field=attribute]').inputValue()).toBe('4');
    expect(await panel.locator('[data-field=lands]').inputValue()).toBe('2');
    await panel.locator('[data-field=trades]').fill('1');
    await expect.poll(() => panel.getByTestId('odds').innerText()).toMatch(/expected lands 1\.\d\d \(room for 2\)/);
    await build.selectOption('toughness');
    await expect.poll(() => panel.locator('[data-field=toughness]').inputValue()).toBe('0');
    await panel.locator('[data-field=damage]').fill('2');
    await expect.poll(() => panel.locator('[aria-live=polite]').innerText()).toMatch(/At Toughness 0 there is no roll/);
    await build.selectOption('damage');
    await expect.poll(() => panel.locator('[data-field=power]').inputValue()).toBe('1');
    expect(await panel.locator('[data-field=toughness]').inputValue()).toBe('2'); // Mira's current Toughness
    // From a badge in the thread: its summary into this thread's reply.
    const badge = inside(page, '[data-spark-scribe=roll][data-post="9"]');
    await badge.click('button.badge');
    await until(() => badge.count('[role=dialog]'));
    await badge.clickButton('Put in my reply');
    await expect
      .poll(() => panel.getByTestId('draft').inputValue())
      .toMatch(/<b>Channel: Blue<\/b> <small>\(Osk Tarrow, post #9\)<\/small>\nFaces 5 \(\+1 per die\) → 2 Islands/);
    // One click: Shift+click on a badge puts its roll in the reply straight away.
    await inside(page, '[data-spark-scribe=roll][data-post="7"]').click('button.badge', { shift: true });
    await expect.poll(() => panel.getByTestId('draft').inputValue()).toMatch(/<b>Channel: Red<\/b> <small>\(Mira Vale, post #7\)<\/small>/);
    await b.worker.evaluate(async () => chrome.storage.local.remove('boundSheet'));
    await panel.close();
    await page.close();
  });
});
