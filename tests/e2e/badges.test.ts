// What a user sees on RPOL pages: badges, their attributes, details by keyboard, hostile input.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelThread } from '../fixtures/spark-pages.mjs';
import { REAL_DIR } from '../helpers/dom';
import { badgeAttributes, expectDuelBadges, inside, until, DUEL, launchWithExtension, openRpol, revealAll, settled, type Browser } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

describe('the duel thread', () => {
  const expected = duelThread();

  it('puts a badge beside every roll, inside its post, with the right attributes', async () => {
    const page = await openRpol(b, DUEL);
    expectDuelBadges(await badgeAttributes(page, 'roll'), await badgeAttributes(page, 'sheet'), expected, (got, want, what) => expect(got, what).toEqual(want));
    // Each badge is inside the post it belongs to.
    const inPost = await page.$$eval('[data-spark-scribe=roll]', (els) => els.map((e) => e.closest('.messagebody')?.id));
    expect(inPost).toEqual(expected.rolls.map((r) => `msg${(r as unknown as { post: number }).post}`));
    // The badge shows its verdict as text, not only as colour.
    const label = (await inside(page, '[data-spark-scribe=roll][data-trust=typed]').text('button'))!;
    expect(label).toMatch(/typed, not verified/i);
    await page.close();
  });

  it('puts a badge beside each sheet', async () => {
    const page = await openRpol(b, DUEL);
    const sheets = await badgeAttributes(page, 'sheet');
    expect(sheets.map((s) => [s['data-post'], s['data-xp-spent'], s['data-xp-unspent'], s['data-findings']])).toEqual(
      expected.sheets.map((s) => [String((s as unknown as { post: number }).post), String(s.spent), String(s.unspent), String(s.findings)]),
    );
    await page.close();
  });

  it('opens the detail by keyboard: faces, rule, verdict, chart, what-if; Escape closes it', async () => {
    const page = await openRpol(b, DUEL);
    const badge = inside(page, '[data-spark-scribe=roll][data-post="5"]');
    await badge.focus('button.badge');
    await page.keyboard.press('Enter');
    await expect.poll(() => badge.count('[role=dialog]')).toBe(1);
    expect(await badge.count('[role=dialog] .die')).toBe(7);
    expect(await badge.count('[role=dialog] .die.hit')).toBe(4);
    const text = () => badge.text('[role=dialog]');
    await expect.poll(text).toMatch(/difficulty 3/);
    await expect.poll(text).toMatch(/Made by RPOL’s dice roller/);
    expect(await badge.attr('[role=dialog] svg.chart', 'aria-label')).toMatch(/to reach 3/);
    // What-if: −3 per die leaves only the 9 and 10.
    await badge.focus('[role=dialog] input[type=range]');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => badge.text('[role=dialog] .stat')).toBe('2 successes');
    await expect.poll(text).toMatch(/failed: \+1 to channeling/);
    await page.keyboard.press('Escape');
    await expect.poll(() => badge.count('[role=dialog]')).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-spark-scribe'))).toBe('roll');
    await page.close();
  });

  it('leaves the page’s own markup alone apart from its insertion points', async () => {
    const page = await b.context.newPage();
    await page.route('**/*', (r) => r.continue());
    await page.goto(b.url(DUEL));
    await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
    await settled(page);
    await revealAll(page);
    const stripped = await page.evaluate(() => {
      const clone = document.body.cloneNode(true) as HTMLElement;
      for (const e of clone.querySelectorAll('[data-spark-scribe]')) e.remove();
      return clone.querySelectorAll('div.message').length;
    });
    expect(stripped).toBe(25);
    await page.close();
  });
});

describe('other pages', () => {
  it('the Die Roller log: every line annotated, re-rolls flagged', async () => {
    const page = await openRpol(b, '/usermodules/diceroller.cgi?gi=51829');
    const lines = await badgeAttributes(page, 'log');
    expect(lines).toHaveLength(8);
    expect(lines.filter((l) => l['data-reroll']).map((l) => l['data-reroll'])).toEqual(['3', '2']);
    expect(lines.filter((l) => l['data-reroll']).map((l) => l['data-outcome'])).toEqual(['failed: +1 to channeling', 'failed: +1 to channeling']);
    expect(lines.every((l) => l['data-trust'] === 'verified')).toBe(true);
    await page.close();
  });

  it('a character page: the sheet badge', async () => {
    const page = await openRpol(b, '/usermodules/profile.cgi?gi=51829&ci=510002');
    expect(await badgeAttributes(page, 'sheet')).toEqual([expect.objectContaining({ 'data-xp-spent': '70', 'data-xp-unspent': '0', 'data-findings': '0' })]);
    await page.close();
  });

  it('the old table layout: nothing annotated, the drawer button says why', async () => {
    const page = await openRpol(b, '/display.cgi?gi=51829&ti=7');
    expect(await page.locator('[data-spark-scribe=roll]').count()).toBe(0);
    expect(await inside(page, '[data-spark-scribe=drawer]').attr('button', 'title')).toMatch(/older table layout/);
    await page.close();
  });

  it('a hostile post runs nothing and shows as text', async () => {
    const page = await b.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(b.url('/display.cgi?gi=51829&ti=42&show=all'));
    await page.waitForSelector('[data-spark-scribe=roll]', { state: 'attached' });
    const roll = inside(page, '[data-spark-scribe=roll]');
    await roll.click('button.badge');
    const dialog = await until(() => roll.text('[role=dialog]'));
    expect(dialog).toContain('<script>window.__pwned=2</script>');
    expect(dialog).toContain('<img src=x onerror="window.__pwned=1">Mal');
    await page.keyboard.press('Escape');
    const sheet = inside(page, '[data-spark-scribe=sheet]');
    await sheet.click('button.badge');
    expect(await until(() => sheet.text('[role=dialog]'))).toContain('<img src=y onerror="window.__pwned=6">');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // No element was made from the hostile text inside our UI.
    const made = await page.$$eval(
      '[data-spark-scribe]',
      (hosts) => hosts.flatMap((h) => Array.from(h.shadowRoot?.querySelectorAll('img, script, svg[onload], b[onmouseover]') ?? [])).length,
    );
    expect(made).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.skipIf(!existsSync(REAL_DIR))('a real RPOL thread (Urvan, ../shared): 5 server rolls and 1 typed, msg 4’s late roll a caution', async () => {
    const page = await openRpol(b, '/display.cgi?gi=80170&ti=17&show=all');
    const rolls = await badgeAttributes(page, 'roll');
    expect(rolls.map((r) => [r['data-post'], r['data-trust']])).toEqual([
      ['2', 'typed'],
      ['4', 'total-only'],
      ['4', 'total-only'], // made after the post was first written, but the 17:56 edit added it: a caution
      ['11', 'verified'],
      ['11', 'verified'],
      ['16', 'verified'],
    ]);
    await page.close();
  });
});

describe('the dice log as evidence from a thread (on by default, switchable off)', () => {
  it('flags the posted roll that the log shows as a re-roll of the same draw', async () => {
    await b.worker.evaluate(async () => chrome.storage.local.set({ settings: { version: 1, fetchDiceLog: false } }));
    const before = await badgeAttributes(await openRpol(b, DUEL), 'roll');
    expect(before.find((r) => r['data-post'] === '6')!['data-cautions']).toBe('0');
    await b.worker.evaluate(async () => chrome.storage.local.set({ settings: { version: 1, fetchDiceLog: true, rerollWindowMinutes: 30 } }));
    const page = await openRpol(b, DUEL);
    const post6 = page.locator('[data-spark-scribe=roll][data-post="6"]');
    await expect.poll(() => post6.getAttribute('data-cautions')).toBe('1');
    await inside(page, '[data-spark-scribe=roll][data-post="6"]').click('button.badge');
    expect(await until(() => inside(page, '[data-spark-scribe=roll][data-post="6"]').text('[role=dialog]'))).toMatch(
      /The dice log shows this as attempt 3 of the same roll \(first “Draw: Shivan Dragon \(Rare\)”\), \d+ min after the one before: a re-roll/,
    );
    // Only that roll is a re-roll. The others with a caution have their own: 11 edited after its roll, 17 added by an
    // edit, 15 and 22 a "+1" in the reason that the duel does not give (the player's declaration).
    const cautioned = (await badgeAttributes(page, 'roll')).filter((r) => r['data-cautions'] !== '0');
    expect(cautioned.map((r) => r['data-post'])).toEqual(['6', '11', '15', '17', '22']);
    await b.worker.evaluate(async () => chrome.storage.local.remove('settings'));
  });
});
