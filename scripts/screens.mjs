// Every screen Spark Scribe shows, as the width test (tests/e2e/widths.test.ts) and `npm run demo`
// open them: each game's panel tabs on a sample thread, found by their role and name, Options, the
// welcome page and the in-page drawer.
import { shadowOf, until } from './shadow.mjs';

export const THREADS = {
  duel: '/display.cgi?gi=51829&ti=40&show=all',
  turn: '/display.cgi?gi=51829&ti=43&show=all',
  match: '/display.cgi?gi=51829&ti=50&show=all',
  parlor: '/display.cgi?gi=51829&ti=51&show=all&viewer=Ada',
};

/** The panel's screens: the sample thread each is on, and its tab's name (English UI). */
export const PANEL_SCREENS = [
  { screen: 'rolls', thread: 'duel', tab: 'Rolls' },
  { screen: 'sheets', thread: 'duel', tab: 'Sheets' },
  { screen: 'planner', thread: 'duel', tab: 'XP planner' },
  { screen: 'reply', thread: 'duel', tab: 'Reply' },
  { screen: 'duel', thread: 'turn', tab: 'Duel' },
  { screen: 'match', thread: 'match', tab: 'Match' },
  { screen: 'table', thread: 'parlor', tab: 'Table' },
  { screen: 'calculator', thread: 'parlor', tab: 'Calculator' },
];

/** A Sparks Fly match in round 2, as the organiser's tracker keeps it. */
export const MATCH_LOG = {
  sparks: 120,
  firstBidder: 'A',
  seed: 'gauntlet-7',
  names: { A: 'Zara', B: 'Quint' },
  events: [
    { bid: 'A', amount: 3 },
    { bid: 'B', amount: 5 },
    { fold: 'A' },
    { remove: 'B', card: '-5 Sparks to Self' },
    { play: 'A', cards: ['-3 Sparks to Self', 'Invert Other Card Target'] },
    { play: 'B', cards: ['Steal 1 Spark from Opponent', 'Repeat Other Card'] },
    { offer: ['Discard Recovery', 'Copy Other Card', 'Ignore Other Card'] },
    { bid: 'B', amount: 4 },
    { bid: 'A', amount: 6 },
    { fold: 'B' },
    { add: 'A', card: 'Discard Recovery', to: 'A' },
  ],
};

/** Each Parlor ruler's secret on their own device (the demo plays both, one after the other). */
export const PARLOR_SECRETS = { Ada: 'demo-secret-ada-4e1f', Bram: 'demo-secret-bram-9c27' };

/** As `who` at the Parlor table: their secret on this device. */
export async function seedParlorRuler(worker, who) {
  await worker.evaluate(async (secret) => {
    const { tables } = await chrome.storage.local.get('tables');
    const t = tables ?? { version: 1, games: {}, tables: {} };
    t.tables['rpol.net/51829/51'] = { game: 'parlor', secret, nonces: {}, updatedAt: Date.now() };
    t.versions = { ...(t.versions ?? {}), parlor: 2 };
    await chrome.storage.local.set({ tables: t });
  }, PARLOR_SECRETS[who]);
}

/** The duel turn's table: mid-duel, a planeswalker card, a correction. */
export const DUEL_TURN_TABLE = {
  game: 'spark-d10',
  corrections: [{ duelist: 'Mira Vale', field: 'hand', value: 8, note: 'drew two' }],
  turn: { number: 2, active: 'Mira Vale', step: 6 },
  planeswalkers: [
    { enter: 'chandra#0', name: 'Chandra Nalaar', subtype: 'Chandra', controller: 'A', loyalty: 6 },
    { turn: 'A' },
    { phase: 'main' },
    { activate: 'chandra#0', by: 'A', cost: 1 },
  ],
  sides: { A: null, B: null },
  undo: [],
};

/** Store the duel turn's table (mid-duel, a planeswalker card, a correction), the match's log, and Ada's Parlor secret. */
export async function seedTables(worker) {
  await seedParlorRuler(worker, 'Ada');
  await worker.evaluate(
    async ({ log, turn }) => {
      const { tables } = await chrome.storage.local.get('tables');
      const t = tables ?? { version: 1, games: {}, tables: {} };
      t.tables['rpol.net/51829/50'] = { game: 'sparks-fly', log, updatedAt: Date.now() };
      t.tables['rpol.net/51829/43'] = { ...turn, updatedAt: Date.now() };
      await chrome.storage.local.set({ tables: t });
    },
    { log: MATCH_LOG, turn: DUEL_TURN_TABLE },
  );
}

/** Choose a panel tab by its role and name, and wait until its panel has read the page. */
export async function showTab(panel, name) {
  await panel.getByRole('tab', { name, exact: true }).click();
  await panel.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  await panel.getByRole('tabpanel').first().waitFor();
  await panel.waitForFunction(() => !document.body.innerText.includes('Reading the page…'));
}

/**
 * Open the drawer on a thread page and wait for the panel inside it; returns the panel's frame.
 * Clicked through the debugging protocol: the shipped build's shadow roots are closed.
 */
export async function openDrawer(page) {
  await page.waitForSelector('[data-spark-scribe=drawer]', { state: 'attached' });
  await shadowOf(page, '[data-spark-scribe=drawer]').click('button');
  const inner = () => page.frames().find((f) => f.url().includes('sidepanel.html'));
  await until(async () => inner(), 15_000);
  await inner().waitForSelector('[data-testid=roll-list] li', { timeout: 15_000 });
  return inner();
}
