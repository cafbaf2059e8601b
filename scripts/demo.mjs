#!/usr/bin/env node
// npm run demo: build the extension, serve the bundled sample Spark d10 pages on 127.0.0.1, and
// open Chromium with Spark Scribe on them as if they were rpol.net.
// --headless (or no display): write the tour's screenshots to demo-out/ (or --out DIR), and every
// screen at 360 and 1,280 px, light and dark, to docs/screenshots/ (or --screens DIR); exit 0.
// --firefox: the same pages in Firefox (Debian's firefox-esr, or SPARK_SCRIBE_FIREFOX).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium } from './chromium.mjs';
import { TAVI_SHEET } from '../tests/fixtures/spark-pages.mjs';
import { DUEL_TURN_TABLE, MATCH_LOG } from './screens.mjs';
import { shadowOf, until } from './shadow.mjs';

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const out = resolve(outArg >= 0 ? args[outArg + 1] : 'demo-out');
const screensArg = args.indexOf('--screens');
const screensDir = resolve(screensArg >= 0 ? args[screensArg + 1] : 'docs/screenshots');
let headless = args.includes('--headless');
if (!headless && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && process.platform === 'linux') {
  console.log('No display here: running headless and writing screenshots instead.');
  headless = true;
}

if (args.includes('--firefox')) {
  const { runFirefoxDemo } = await import('./demo-firefox.mjs');
  process.exit(await runFirefoxDemo({ headless, out }));
}

const chromiumFound = findChromium();
if (!chromiumFound.path) {
  console.error(`Spark Scribe demo: ${chromiumFound.message}`);
  process.exit(1);
}
console.log(`Chromium: ${chromiumFound.message}`);

console.log('Building the extension (Chrome and Firefox)…');
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { launchWithExtension } = await import('./browser.mjs');
const b = await launchWithExtension({ headless, viewport: { width: 1280, height: 860 } });
const DUEL = '/display.cgi?gi=51829&ti=40&show=all';

if (!headless) {
  const page = await b.context.newPage();
  await page.goto(b.url(DUEL));
  const tabId = await b.tabIdOf('ti=40');
  const panel = await b.context.newPage();
  await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}`));
  await page.bringToFront();
  console.log(`Sample pages at ${b.url('/')} (served on 127.0.0.1:${b.port}). Close the browser to end the demo.`);
  await new Promise((done) => b.context.on('close', done));
  process.exit(0);
}

mkdirSync(out, { recursive: true });
const shots = [];
const shot = async (page, name, opts = {}) => {
  const path = resolve(out, `${name}.png`);
  await page.screenshot({ path, ...opts });
  shots.push(path);
};

// 1. The thread with badges.
const page = await b.context.newPage();
await page.goto(b.url(DUEL));
await page.waitForSelector('[data-spark-scribe=roll]');
await page.locator('#msg5').scrollIntoViewIfNeeded();
await page.evaluate(() => window.scrollBy(0, -120));
await shot(page, '1-thread-badges');

// 2. A roll's detail (opened from the keyboard).
await shadowOf(page, '[data-spark-scribe=roll][data-post="6"]').focus('button.badge');
await page.keyboard.press('Enter');
await until(() => shadowOf(page, '[data-spark-scribe=roll][data-post="6"]').count('[role=dialog]'));
await page.locator('#msg6').scrollIntoViewIfNeeded();
await page.evaluate(() => window.scrollBy(0, -40));
await shot(page, '2-roll-detail');
await page.keyboard.press('Escape');

// 3. Forgeries and mismatches.
await page.locator('#msg12').scrollIntoViewIfNeeded();
await page.evaluate(() => window.scrollBy(0, -60));
await shot(page, '3-forgeries-and-mismatches');

// 4. The GM's sheet audit on a sheet badge.
await shadowOf(page, '[data-spark-scribe=sheet][data-post="19"]').click('button.badge');
await page.locator('#msg19').scrollIntoViewIfNeeded();
await page.evaluate(() => window.scrollBy(0, -40));
await shot(page, '4-sheet-audit');
await page.keyboard.press('Escape');

// 5–7. The side panel: rolls, XP planner, reply builder.
const tabId = await b.tabIdOf('ti=40');
const panel = await b.context.newPage();
await panel.setViewportSize({ width: 420, height: 860 });
await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}`));
await panel.waitForSelector('[data-testid=roll-list] li');
await shot(panel, '5-side-panel-rolls');
await b.worker.evaluate(
  async (text) => chrome.storage.local.set({ boundSheet: { version: 1, text, gameId: '51829', boundAt: Date.now() } }),
  TAVI_SHEET.replace('Total Earned XP: 70', 'Total Earned XP: 82').replace('Unspent XP: 0', 'Unspent XP: 12'),
);
await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=planner`));
await panel.getByRole('button', { name: /Plan Power 3 to 4/ }).click();
await panel.getByRole('button', { name: /Plan Memory 7 to 8/ }).click();
await shot(panel, '6-xp-planner');
await panel.getByRole('button', { name: 'XP-spend post' }).click();
await panel.getByLabel('What to build').selectOption('draw');
await panel.getByLabel('Card').fill('Counterspell');
await panel.getByLabel('Rarity').selectOption('Uncommon');
await panel.getByLabel('Memory').fill('8');
await panel.getByRole('button', { name: 'Add to reply' }).click();
await shot(panel, '7-reply-builder', { fullPage: true });
await panel.getByRole('button', { name: 'Insert into reply' }).click();

// 8. Options.
const options = await b.context.newPage();
await options.goto(b.extensionUrl('options.html'));
await shot(options, '8-options');

// 9. Dark theme, on the Die Roller log with its re-rolls flagged.
await options.getByLabel('dark').check();
await new Promise((r) => setTimeout(r, 200));
const log = await b.context.newPage();
await log.goto(b.url('/usermodules/diceroller.cgi?gi=51829'));
await log.waitForSelector('[data-spark-scribe=log]');
await shadowOf(log, '[data-spark-scribe=log][data-reroll="3"]').click('button.badge');
await shot(log, '9-dice-log-dark');

// 10. When Sparks Fly: the organiser's tracker mid-match, and the posted board with its badge.
await options.getByLabel('light').check();
const MATCH = '/display.cgi?gi=51829&ti=50&show=all';
const matchPage = await b.context.newPage();
await matchPage.goto(b.url(MATCH));
await matchPage.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
// A live round: the play clock (5 minutes here) running for both players, 47 seconds in.
await b.worker.evaluate(
  async (log) =>
    chrome.storage.local.set({
      tables: {
        version: 1,
        games: {},
        tables: {
          'rpol.net/51829/50': {
            game: 'sparks-fly',
            log,
            clock: {
              settings: { on: true, decision: 20, play: 300, sound: false },
              run: { at: log.events.length, startedAt: Date.now() - 47_000, pausedAt: null, paused: 0 },
            },
            updatedAt: Date.now(),
          },
        },
      },
    }),
  MATCH_LOG,
);
const matchTab = await b.tabIdOf('ti=50');
const tracker = await b.context.newPage();
await tracker.setViewportSize({ width: 440, height: 1100 });
await tracker.goto(b.extensionUrl(`sidepanel.html?tabId=${matchTab}&tab=match`));
await tracker.waitForSelector('[data-testid=sf-board]');
const offer = await tracker.getByTestId('sf-summary').innerText();
if (!/Round 2/.test(offer)) throw new Error(`demo: the match did not load (${offer})`);
await shot(tracker, '10-sparks-fly-tracker');
await tracker.getByRole('button', { name: 'Insert into reply' }).click();
await Promise.all([matchPage.waitForNavigation(), matchPage.getByRole('button', { name: 'Post Message' }).click()]);
await matchPage.waitForSelector('[data-spark-scribe=table]', { state: 'attached' });
await matchPage.locator('[data-spark-scribe=table]').scrollIntoViewIfNeeded();
await matchPage.evaluate(() => window.scrollBy(0, -80));
await shot(matchPage, '11-sparks-fly-state-post');

// 14. The duel view mid-duel: the turn and its steps, each duelist's state, a planeswalker card, a correction.
const TURN = '/display.cgi?gi=51829&ti=43&show=all';
const turnPage = await b.context.newPage();
await turnPage.goto(b.url(TURN));
await turnPage.waitForSelector('[data-spark-scribe=roll]', { state: 'attached' });
await b.worker.evaluate(async (turn) => {
  const { tables } = await chrome.storage.local.get('tables');
  const t = tables ?? { version: 1, games: {}, tables: {} };
  t.tables['rpol.net/51829/43'] = { ...turn, updatedAt: Date.now() };
  await chrome.storage.local.set({ tables: t });
}, DUEL_TURN_TABLE);
const turnTab = await b.tabIdOf('ti=43');
const duelPanel = await b.context.newPage();
await duelPanel.setViewportSize({ width: 440, height: 1400 });
await duelPanel.goto(b.extensionUrl(`sidepanel.html?tabId=${turnTab}&tab=duel`));
await duelPanel.waitForSelector('[data-duelist="Osk Tarrow"]');
await shot(duelPanel, '14-duel-view');

// 12–13. Parlor Magic: Ada and Bram play with hidden hands (each ruler's secret set in turn, as
// if each were in a browser of their own), and the calculator.
const PARLOR = '/display.cgi?gi=51829&ti=51&show=all';
const parlor = await b.context.newPage();
const tablePanel = await b.context.newPage();
await tablePanel.setViewportSize({ width: 440, height: 1300 });
const SECRETS = { Ada: 'demo-secret-ada-4e1f', Bram: 'demo-secret-bram-9c27' };
/** As `who`: their secret on this device, the thread as they see it, the Table tab open. */
const actAs = async (who) => {
  await b.worker.evaluate(async (secret) => {
    const { tables } = await chrome.storage.local.get('tables');
    const t = tables ?? { version: 1, games: {}, tables: {} };
    t.tables['rpol.net/51829/51'] = { game: 'parlor', secret, nonces: {}, updatedAt: Date.now() };
    t.versions = { ...(t.versions ?? {}), parlor: 2 };
    await chrome.storage.local.set({ tables: t });
  }, SECRETS[who]);
  await parlor.goto(b.url(`${PARLOR}&viewer=${who}`));
  await parlor.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
  const tab = await b.tabIdOf('ti=51');
  await tablePanel.goto(b.extensionUrl(`sidepanel.html?tabId=${tab}&tab=table`));
  await tablePanel.waitForSelector('[data-testid=parlor-table]');
};
/** Insert what the Table wrote and post it. */
const postIt = async (button = 'Insert into reply') => {
  await tablePanel.getByRole('button', { name: button }).first().click();
  await tablePanel.waitForFunction(() => /Inserted/.test(document.querySelector('[role=status]')?.textContent ?? ''));
  await Promise.all([parlor.waitForNavigation(), parlor.getByRole('button', { name: 'Post Message' }).click()]);
};
const playTurn = async (who, end = true) => {
  await actAs(who);
  await tablePanel.getByRole('button', { name: 'Begin my turn' }).click();
  // The card kept: a card of the drawn fan (a button in older builds).
  await tablePanel.locator('[data-testid=parlor-draw] :is(button, [role=option])').first().click();
  const land = tablePanel.locator('[data-testid=parlor-actions] button', { hasText: /^land: / });
  if (await land.count()) await land.first().click();
  if (!end) return;
  const fieldset = tablePanel.locator('[data-testid=parlor-actions] fieldset').last();
  if (await fieldset.getByRole('checkbox').count()) await fieldset.getByRole('checkbox').first().check();
  else if (await fieldset.getByRole('option').count()) await fieldset.getByRole('option').first().click();
  await fieldset.getByRole('button', { name: 'End my turn' }).click();
  await postIt();
};
for (const who of ['Ada', 'Bram']) {
  await actAs(who);
  await postIt('Insert my commitment');
}
for (const who of ['Ada', 'Bram']) {
  await actAs(who);
  await tablePanel.getByRole('button', { name: 'Draw my opening seven' }).click();
  await postIt();
}
await playTurn('Ada');
await playTurn('Bram');
await playTurn('Ada', false);
await tablePanel.waitForSelector('[data-testid=parlor-hand]');
await shot(tablePanel, '12-parlor-table', { fullPage: true });
await tablePanel.goto(b.extensionUrl(`sidepanel.html?tabId=${await b.tabIdOf('ti=51')}&tab=calc`));
await tablePanel.waitForSelector('[data-testid=parlor-result]');
await shot(tablePanel, '13-parlor-calculator', { fullPage: true });

// 15. The Italian UI (Options → Language): a roll's detail and the duel's panel, in Italian.
const opts = await b.context.newPage();
await opts.goto(b.extensionUrl('options.html'));
await opts.getByTestId('language').selectOption('it');
await opts.waitForFunction(() => document.documentElement.lang === 'it');
const itPage = await b.context.newPage();
await itPage.goto(b.url(DUEL));
await itPage.waitForSelector('[data-spark-scribe=roll]');
await itPage.locator('[data-spark-scribe=roll][data-post="6"]').scrollIntoViewIfNeeded();
await shadowOf(itPage, '[data-spark-scribe=roll][data-post="6"]').click('button.badge');
await shot(itPage, '15-italian-roll-detail');
await opts.getByTestId('language').selectOption('auto');
// Closed once the change is saved (the options that follow are read in the browser's language).
for (let i = 0; i < 100; i++) {
  const saved = await b.worker.evaluate(async () => (await chrome.storage.local.get('settings')).settings?.language);
  if (saved === 'auto') break;
  await opts.waitForTimeout(100);
}
await opts.close();

// 17–19. Other forums: a phpBB topic on forum.mafiascum.net (Mafiascum's dice box), a Gamers' Plane
// thread (the server's rolls block), and Options' forums card at the panel's width.
const phpbb = await b.context.newPage();
await phpbb.goto('http://forum.mafiascum.net/viewtopic.php?t=5101');
await phpbb.waitForSelector('[data-spark-scribe=roll]');
await phpbb.locator('#p1002').scrollIntoViewIfNeeded();
await shot(phpbb, '17-forum-phpbb');
const gp = await b.context.newPage();
await gp.goto('http://gamersplane.com/forums/thread/9001/');
await gp.waitForSelector('[data-spark-scribe=roll]');
await gp.locator('div.postBlock[data-postid="2006"]').scrollIntoViewIfNeeded();
await shot(gp, '18-forum-gamers-plane');
const narrow = await b.context.newPage();
await narrow.setViewportSize({ width: 400, height: 760 });
await narrow.goto(b.extensionUrl('options.html'));
await narrow.getByLabel('Forum address').fill('forum.mafiascum.net/viewtopic.php?t=5101');
await narrow.getByRole('button', { name: 'Add forum' }).click();
await narrow.getByTestId('forums-status').filter({ hasText: 'Not added' }).waitFor();
await narrow.getByTestId('forums').scrollIntoViewIfNeeded();
await shot(narrow.getByTestId('forums'), '19-options-forums');

// Every screen at 360 and 1,280 px, light and dark (after the Parlor turns above: the table in play).
const { captureScreens } = await import('./demo-screens.mjs');
const screens = await captureScreens(b, {
  dir: screensDir,
  openThread: async (path) => {
    const p = await b.context.newPage();
    const marker = `screens=${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await p.goto(b.url(`${path}&${marker}`));
    await p.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
    return b.tabIdOf(marker);
  },
});

await b.close();
console.log(`Screenshots:\n${shots.map((s) => `  ${s}`).join('\n')}`);
console.log(`Every screen (${screens.length}) in ${screensDir}`);
process.exit(0);
