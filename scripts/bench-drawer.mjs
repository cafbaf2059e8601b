#!/usr/bin/env node
// What a user waits for after the page is drawn (part of npm run bench, issue 43): in Chromium with
// the built extension, real clicks (the debugging protocol's mouse), at 1× and at 4× CPU (DevTools'
// throttling of the page's and the extension's renderers). Each wait runs from the click's event
// time to the frame after the awaited thing is in the document (a requestAnimationFrame, then a
// task): the moment it can be seen.
//
// Rows: the drawer opened (the first time on a page, and again), each tab of each game clicked
// (Spark d10's duel, When Sparks Fly's match, Parlor Magic's game), Insert into reply (text in the
// page's reply box), and the panel's first answer on a long thread (the page's fold of it: the
// 1,000-post campaign, and Parlor Magic's whole thread). Beside the opening, the floor: an empty
// document of the extension's origin loaded into the same frame (what any panel page costs there),
// and where an opening's time goes: the panel's own moments (spark-scribe:panel-*).
//
//   node scripts/bench-drawer.mjs [--rounds 5] [--rates 1,4] [--extension DIR]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PAGED_PARLOR_POSTS } from '../tests/fixtures/paged-parlor.data.mjs';
import { postHtml, rubbToHtml, threadPageHtml } from '../tests/fixtures/rpol-markup.mjs';
import { launchWithExtension } from './browser.mjs';
import { findChromium } from './chromium.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ROUNDS = Number(arg('rounds', '5'));
const RATES = arg('rates', '1,4').split(',').map(Number);
const DIR = resolve(arg('extension', '.output/chrome-mv3'));
if (!findChromium().path || !existsSync(DIR)) {
  console.log('Drawer benchmarks skipped: no Chromium or no build.');
  process.exit(0);
}
const PAGES = {
  duel: '/display.cgi?gi=51829&ti=40&show=all',
  match: '/display.cgi?gi=51829&ti=50&show=all',
  parlor: '/display.cgi?gi=51829&ti=61&show=all',
  long: '/display.cgi?gi=51829&ti=41&show=all&posts=1000',
  parlor300: '/display.cgi?gi=51829&ti=68&show=all',
};

/**
 * Parlor Magic at 300 posts: the sample game's 75 posts four times over, one thread (four games,
 * each from its own opening: the panel's table folds the thread and shows the last). Made here.
 */
function parlor300() {
  const cast = { 'The DMO': { ci: 520001, role: 'GM' }, Ada: { ci: 520002 }, Bram: { ci: 520003 } };
  const t0 = Date.UTC(2026, 9, 1) / 1000;
  const posts = Array.from({ length: 4 }, () => PAGED_PARLOR_POSTS)
    .flat()
    .map((p, i) =>
      postHtml({
        gi: 51829,
        ti: 68,
        n: i + 1,
        author: p.author,
        ci: cast[p.author].ci,
        role: cast[p.author].role ?? 'player',
        postCount: i + 1,
        time: t0 + i * 1200,
        body: rubbToHtml(p.text),
      }),
    );
  return threadPageHtml({
    gi: 51829,
    ti: 68,
    game: 'Parlor Magic',
    title: 'Parlor Magic: four games',
    viewer: 'The DMO',
    now: t0 + posts.length * 1200 + 86400,
    posts,
    showAll: true,
    characters: Object.entries(cast).map(([name, c]) => ({ name, ci: c.ci })),
    nav: null,
  });
}

const sorted = (xs) => xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
const stats = (xs) => {
  const s = sorted(xs);
  return s.length ? { min: s[0], median: s[Math.floor((s.length - 1) / 2)], max: s.at(-1), n: s.length } : null;
};
const show = (st) => (st ? `${st.min.toFixed(0)} / **${st.median.toFixed(0)}** / ${st.max.toFixed(0)}` : '—');

/** In a document: the time (ms since the epoch, high resolution) of the frame after `ready()` first holds. */
const DRAWN_WHEN = `(ready) => new Promise((ok) => {
  const at = () => performance.timeOrigin + performance.now();
  const look = () => (ready() ? requestAnimationFrame(() => setTimeout(() => ok(at()))) : requestAnimationFrame(look));
  look();
})`;
const drawnWhen = (target, ready) => target.evaluate(`(${DRAWN_WHEN})(${ready})`);
/** In a document: the time of the next trusted `type` event (its timeStamp). */
const nextEvent = (target, type, selector = null) =>
  target.evaluate(
    ([type, selector]) =>
      void (window.__benchEvent = new Promise((ok) =>
        (selector ? document.querySelector(selector) : window).addEventListener(type, (e) => ok(performance.timeOrigin + e.timeStamp), {
          capture: true,
          once: true,
        }),
      )),
    [type, selector],
  );
const eventTime = (target) => target.evaluate(() => window.__benchEvent);
/**
 * In the page: the time of the reply box's next `input` event and of the frame after it, asked
 * for from the event itself (asked from here once the event is seen, the request would come a
 * protocol trip late, and could miss the very frame that shows the text).
 */
const nextTyped = (page) =>
  page.evaluate(
    () =>
      void (window.__benchTyped = new Promise((ok) =>
        document.querySelector('#messagetext').addEventListener(
          'input',
          (e) => {
            const typed = performance.timeOrigin + e.timeStamp;
            requestAnimationFrame(() => setTimeout(() => ok({ typed, drawn: performance.timeOrigin + performance.now() })));
          },
          { capture: true, once: true },
        ),
      )),
  );
const typedTimes = (page) => page.evaluate(() => window.__benchTyped);
/**
 * A real click (the debugging protocol's mouse, at the element's centre, in the page's
 * coordinates): Playwright's own click runs its hit-target listeners in the panel inside the very
 * task being timed, which no user's click has.
 */
async function mouseClick(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
/**
 * The Reply tab's draft box, usable: there, enabled (it is disabled until the thread's draft is
 * read) and seen (the tab is kept drawn, unseen, while another is open).
 */
const DRAFT_USABLE = `() => {
  const box = document.querySelector('#panel-reply textarea');
  return box && !box.disabled && box.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true });
}`;

const b = await launchWithExtension({ extensionDir: DIR });
const PARLOR_300 = parlor300();
await b.context.route('http://rpol.net/display.cgi?gi=51829&ti=68*', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: PARLOR_300 }));
// The install's own work (its welcome page) done before the pages are opened.
await new Promise((ok) => setTimeout(ok, 2000));
const throttle = async (target, rate) => {
  const cdp = await b.context.newCDPSession(target);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
};
// The extension's renderer (the drawer's frame runs there): throttled through a page of its own.
const extPage = b.context.pages().find((p) => p.url().startsWith('chrome-extension://')) ?? (await b.context.newPage());
if (!extPage.url().startsWith('chrome-extension://')) await extPage.goto(b.extensionUrl('welcome.html'));

const rows = new Map();
const put = (name, rate, value) => {
  const key = `${name}\u0000${rate}`;
  if (!rows.has(key)) rows.set(key, { name, rate, values: [] });
  rows.get(key).values.push(value);
};

async function open(kind, rate) {
  const page = await b.context.newPage();
  await page.goto(b.url(`${PAGES[kind]}&bench=${Date.now()}`));
  await page.waitForFunction(() => performance.getEntriesByName('spark-scribe:settled').length > 0, undefined, { timeout: 30_000 });
  await page.bringToFront();
  await throttle(page, rate);
  await throttle(extPage, rate);
  return page;
}

/** Click the drawer's button (a real click at its place); the panel's frame, once it shows tabs; the click's time. */
async function openDrawer(page) {
  const box = await page.evaluate(() => {
    const r = document.querySelector('[data-spark-scribe=drawer]').getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.evaluate(() => {
    window.__inserted = new Promise((ok) =>
      new MutationObserver((_, o) => {
        if (document.querySelector('iframe[data-spark-scribe=drawer-frame]')) ok(performance.timeOrigin + performance.now(), o.disconnect());
      }).observe(document.body, { childList: true }),
    );
  });
  await nextEvent(page, 'click');
  await page.mouse.click(box.x, box.y);
  const clicked = await eventTime(page);
  const frame = await new Promise((ok) => {
    const look = () => {
      const f = page.frames().find((x) => x.url().includes('sidepanel.html'));
      return f ? ok(f) : setTimeout(look, 2);
    };
    look();
  });
  const shown = await panelMark(frame, 'panel-drawn');
  const inserted = await page.evaluate(() => window.__inserted);
  return { frame, clicked, shown, inserted };
}

/**
 * The moment the panel marked (absolute), asked through a bare protocol session: Playwright's own
 * evaluate first puts its script into the frame, on the very thread that is loading the panel
 * (17 ms at 1× in a trace, before the panel's script had run), which no user's opening pays.
 * `panel-drawn` is the frame after the one that first lays out the panel with its tabs.
 */
async function panelMark(frame, name) {
  const cdp = await b.context.newCDPSession(frame);
  const expression = `(() => { const m = performance.getEntriesByName('spark-scribe:${name}')[0]; return m ? performance.timeOrigin + m.startTime : 0; })()`;
  try {
    for (let i = 0; i < 3000; i++) {
      const at = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result?.value;
      if (at) return at;
      await new Promise((ok) => setTimeout(ok, 10));
    }
    return Number.NaN;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

const MOMENTS = ['panel-start', 'panel-claimed', 'panel-settings', 'panel-drawn', 'panel-summary'];
/** The panel's moments (absolute); `asked`: when its document was asked for (its navigation's start). */
const moments = (frame) =>
  frame.evaluate(
    (names) => ({
      asked: performance.timeOrigin,
      ...Object.fromEntries(names.map((n) => [n, performance.timeOrigin + (performance.getEntriesByName(`spark-scribe:${n}`)[0]?.startTime ?? Number.NaN)])),
    }),
    MOMENTS,
  );
/** The page's answer shown in the panel (its game's strip then final). */
const answered = (frame) => frame.waitForFunction(() => performance.getEntriesByName('spark-scribe:panel-summary').length > 0, undefined, { timeout: 60_000 });

/** The floor: an empty document of the extension's origin loaded into the drawer's frame, from the request to its first paint. */
async function floor(page, frame) {
  const asked = await frame.evaluate(() => {
    const t = performance.timeOrigin + performance.now();
    location.replace('/icon/16.png');
    return t;
  });
  for (let i = 0; i < 500; i++) {
    const f = page.frames().find((x) => x.url().endsWith('/icon/16.png'));
    // Through a bare protocol session, as the panel's own moments are read (panelMark).
    const cdp = f && (await b.context.newCDPSession(f).catch(() => null));
    const drawn =
      cdp &&
      (await cdp.send('Runtime.evaluate', { expression: `(${DRAWN_WHEN})(() => document.body)`, awaitPromise: true, returnByValue: true }).then(
        (r) => r.result?.value,
        () => null,
      ));
    await cdp?.detach().catch(() => {});
    if (drawn) return drawn - asked;
    await new Promise((ok) => setTimeout(ok, 5));
  }
  return Number.NaN;
}

async function closeDrawer(page) {
  await page.evaluate(() => {
    const r = document.querySelector('[data-spark-scribe=drawer]').getBoundingClientRect();
    window.__closeAt = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  const at = await page.evaluate(() => window.__closeAt);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction(() => !document.querySelector('iframe[data-spark-scribe=drawer-frame]'));
}

/** Click each tab of the strip; the wait until its body is drawn (the Reply tab: its draft box). */
async function tabs(page, frame, game, rate) {
  const ids = await frame.evaluate(() => [...document.querySelectorAll('[role=tab]')].map((t) => t.id.replace(/^tab-/, '')));
  if (game === 'Spark d10 duel') await tabFloor(page, frame, ids[0], rate);
  for (const id of [...ids.slice(1), ids[0]]) {
    await nextEvent(frame, 'click');
    await mouseClick(page, frame.locator(`#tab-${id}`));
    const clicked = await eventTime(frame);
    const ready = id === 'reply' ? DRAFT_USABLE : `() => document.querySelector('#panel-${id}')?.childElementCount`;
    put(`${game}: ${id} tab → drawn${id === 'reply' ? ' (draft box usable)' : ''}`, rate, (await drawnWhen(frame, ready)) - clicked);
  }
}

/** A tab switch's floor: a click on the tab already open (nothing to draw: the click's own way to the frame after it). */
async function tabFloor(page, frame, id, rate) {
  for (let n = 0; n < 2; n++) {
    await nextEvent(frame, 'click');
    await mouseClick(page, frame.locator(`#tab-${id}`));
    const clicked = await eventTime(frame);
    put('floor (a tab): a click on the tab already open → the frame after', rate, (await drawnWhen(frame, '() => true')) - clicked);
  }
}

async function insert(page, frame, rate) {
  await frame.locator('#tab-reply').click();
  await frame.locator('[data-field=card]').fill('Counterspell');
  await frame.locator('[data-field=memory]').fill('6');
  await frame.getByRole('button', { name: 'Add to reply' }).click();
  for (let n = 0; n < 3; n++) {
    await nextEvent(frame, 'click');
    await nextTyped(page);
    await mouseClick(page, frame.getByRole('button', { name: 'Insert into reply' }));
    const clicked = await eventTime(frame);
    const { typed, drawn } = await typedTimes(page);
    const which = n ? 'again' : 'first on the page';
    put(`Insert into reply → text in the reply box (${which})`, rate, Math.max(typed, drawn) - clicked);
    put(`  of which (${which}): click → the text set in the page's box (panel → page)`, rate, typed - clicked);
    put(`  of which (${which}): text set → the frame that shows it (the page's layout and paint)`, rate, Math.max(typed, drawn) - typed);
  }
}

/**
 * Insert's floors. The route's: a message from the panel's frame to its page's content script and
 * back, each end doing nothing (`tabs.sendMessage`, answered by no one): Insert's own one way
 * (panel → page, straight to the document since e147f28) and its answer. The page's: its own script
 * doing to its box what Insert does (focus, the text, an input event) on a fresh page, to the frame
 * that shows it.
 */
async function insertFloors(page, frame, rate) {
  const cdp = await b.context.newCDPSession(frame);
  const expression = `(async () => {
    const tab = await chrome.tabs.getCurrent();
    const t0 = performance.now();
    await chrome.tabs.sendMessage(tab.id, { type: 'bench-nothing' }, { frameId: 0 }).catch(() => null);
    return performance.now() - t0;
  })()`;
  for (let n = 0; n < 3; n++) {
    const r = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    put('floor (Insert): a message panel → page → panel, nothing done at either end', rate, r.result?.value ?? Number.NaN);
  }
  await cdp.detach().catch(() => {});
  const fresh = await open('duel', rate);
  const text = await page.evaluate(() => document.querySelector('#messagetext').value);
  const shown = await fresh.evaluate((text) => {
    const t0 = performance.now();
    const box = document.querySelector('#messagetext');
    box.focus();
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    // The frame after (as DRAWN_WHEN: a requestAnimationFrame, then a task).
    return new Promise((ok) => requestAnimationFrame(() => setTimeout(() => ok(performance.now() - t0))));
  }, text);
  put("floor (Insert, first): the page's own script does the same to its box → the frame that shows it", rate, shown);
  // Again, as after a click in the drawer: the box has lost focus, and is in view.
  for (let n = 0; n < 2; n++) {
    await fresh.evaluate(() => {
      document.querySelector('#messagetext').blur();
      return new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 50)));
    });
    const again = await fresh.evaluate((text) => {
      const t0 = performance.now();
      const box = document.querySelector('#messagetext');
      box.focus();
      box.value += `\n\n${text}`;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      return new Promise((ok) => requestAnimationFrame(() => setTimeout(() => ok(performance.now() - t0))));
    }, text);
    put("floor (Insert, again): the page's own script does the same to its box → the frame that shows it", rate, again);
  }
  await fresh.close();
  await page.bringToFront();
}

/** The game a page's panel was set to is kept for the whole RPOL game (all these pages share one): forgotten after it, so the next page guesses its own. */
const forgetChoice = () =>
  b.worker.evaluate(async () => {
    const { tables } = await chrome.storage.local.get('tables');
    if (tables?.games && Object.keys(tables.games).length) await chrome.storage.local.set({ tables: { ...tables, games: {} } });
  });

async function round(rate) {
  // The duel: open (first, with the trace and the floor), every tab, Insert, open again.
  let page = await open('duel', rate);
  const first = await openDrawer(page);
  put('click → drawer tabs drawn, first open on the page', rate, first.shown - first.clicked);
  const m = await moments(first.frame);
  put('  of which: click → frame in the page (the extras, the frame made)', rate, first.inserted - first.clicked);
  put('  of which: frame in → panel page asked for (below 0: asked in the click’s own task)', rate, m.asked - first.inserted);
  put('  of which: panel page asked for → its script runs (load, parse)', rate, m['panel-start'] - m.asked);
  put('  of which: panel script → drawer claimed', rate, m['panel-claimed'] - m['panel-start']);
  put('  of which: claimed → settings read, tabs drawn', rate, first.shown - m['panel-claimed']);
  await answered(first.frame);
  await tabs(page, first.frame, 'Spark d10 duel', rate);
  await insert(page, first.frame, rate);
  await insertFloors(page, first.frame, rate);
  await closeDrawer(page);
  const again = await openDrawer(page);
  put('click → drawer tabs drawn, reopened', rate, again.shown - again.clicked);
  put('floor: an empty extension document in the same frame', rate, await floor(page, again.frame));
  await page.close();
  // When Sparks Fly and Parlor Magic: their tabs.
  for (const [kind, game] of [
    ['match', 'When Sparks Fly match'],
    ['parlor', 'Parlor Magic'],
  ]) {
    page = await open(kind, rate);
    const d = await openDrawer(page);
    await answered(d.frame);
    // The live match thread starts with no posts to guess its game from: chosen, as a reader would.
    if (kind === 'match') {
      await d.frame.locator('[data-testid=game-choice]').selectOption('sparks-fly');
      await d.frame.waitForSelector('#tab-match');
    }
    if (kind === 'parlor') put('Parlor Magic, 75 posts: click → the page’s answer shown', rate, (await moments(d.frame))['panel-summary'] - d.clicked);
    await tabs(page, d.frame, game, rate);
    await page.close();
    await forgetChoice();
  }
  // Parlor Magic at 300 posts: the page's answer, then the table (the panel's fold).
  page = await open('parlor300', rate);
  const p300 = await openDrawer(page);
  await answered(p300.frame);
  put('Parlor Magic, 300 posts: click → the page’s answer shown', rate, (await moments(p300.frame))['panel-summary'] - p300.clicked);
  // Where the page does not say its game (four games in one thread), chosen, as a reader would.
  if (!(await p300.frame.locator('#tab-table').count())) {
    await p300.frame.locator('[data-testid=game-choice]').selectOption('parlor');
    await p300.frame.waitForSelector('#tab-table');
  }
  await nextEvent(p300.frame, 'click');
  await mouseClick(page, p300.frame.locator('#tab-table'));
  const tableClicked = await eventTime(p300.frame);
  put(
    'Parlor Magic, 300 posts: table tab → drawn (the panel’s fold)',
    rate,
    (await drawnWhen(p300.frame, `() => document.querySelector('#panel-table [data-testid=parlor-table]')`)) - tableClicked,
  );
  await page.close();
  await forgetChoice();
  // The long campaign: the page's answer (its fold) shown in the panel.
  page = await open('long', rate);
  const d = await openDrawer(page);
  await answered(d.frame);
  put('1,000-post duel: click → the page’s answer shown', rate, (await moments(d.frame))['panel-summary'] - d.clicked);
  await page.close();
}

/**
 * Where a wait's time goes: the interaction traced (every process), its top-level tasks' thread
 * time summed by process (the page's renderer, the extension's: the drawer's panel and the
 * background, the browser) and, in the renderers,
 * by kind (script, style and layout, paint). Busy time may overlap across processes; the rest of
 * the wait is messages between them and waiting for frames.
 */
const KINDS = {
  script: /^(FunctionCall|EvaluateScript|v8\.compile|v8\.run|TimerFire|FireAnimationFrame|EventDispatch|v8\.callFunction|RunMicrotasks)$/,
  layout: /^(UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation|HitTest)$/,
  paint: /^(Paint|PrePaint|Layerize|Commit|PaintImage|UpdateLayer|CompositeLayers)$/,
};
async function traced(page, action) {
  const cdp = await b.context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'v8', '__metadata', 'disabled-by-default-devtools.timeline'] },
  });
  const wall = await action();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const frames = started?.args?.data?.frames ?? [];
  const pagePid = frames.find((f) => !f.parent && !/^chrome-extension:/.test(f.url))?.processId;
  const procs = new Map(events.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => [e.pid, e.args.name]));
  const threads = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  // The extension's process holds the drawer's panel (its main thread) and the background (its service worker).
  const role = (e) => {
    if (e.pid === pagePid) return 'page';
    const proc = procs.get(e.pid);
    const thread = threads.get(`${e.pid}:${e.tid}`);
    if (proc === 'Extension Renderer') return thread === 'CrRendererMain' ? 'panel' : thread === 'ServiceWorker thread' ? 'background' : null;
    return proc === 'Browser' ? 'browser' : null;
  };
  const sums = {};
  const add = (k, ms) => void (sums[k] = (sums[k] ?? 0) + ms);
  for (const e of events) {
    const r = e.ph === 'X' ? role(e) : null;
    if (!r) continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') add(`${r} busy`, ms);
    if (r === 'browser' || r === 'background') continue;
    for (const [kind, re] of Object.entries(KINDS)) if (re.test(e.name)) add(`${r} ${kind}`, ms);
  }
  return { wall, sums };
}
const TRACE_COLUMNS = [
  'page busy',
  'page script',
  'page layout',
  'page paint',
  'panel busy',
  'panel script',
  'panel layout',
  'panel paint',
  'background busy',
  'browser busy',
];
const traces = [];

/** One traced pass at `rate`: the duel's first open, its Duel and Reply tabs, an Insert, a reopen. */
async function tracedRound(rate) {
  const page = await open('duel', rate);
  const keep = (name, t) => traces.push({ name: `${name}, ${rate}×`, ...t });
  let d = null;
  const opening = async () => {
    d = await openDrawer(page);
    return d.shown - d.clicked;
  };
  keep('click → drawer tabs drawn, first open', await traced(page, opening));
  await answered(d.frame);
  for (const id of ['duel', 'reply']) {
    keep(
      `${id} tab → drawn`,
      await traced(page, async () => {
        await nextEvent(d.frame, 'click');
        await mouseClick(page, d.frame.locator(`#tab-${id}`));
        const clicked = await eventTime(d.frame);
        const ready = id === 'reply' ? DRAFT_USABLE : `() => document.querySelector('#panel-${id}')?.childElementCount`;
        return (await drawnWhen(d.frame, ready)) - clicked;
      }),
    );
  }
  await d.frame.locator('[data-field=card]').fill('Counterspell');
  await d.frame.locator('[data-field=memory]').fill('6');
  await d.frame.getByRole('button', { name: 'Add to reply' }).click();
  keep(
    'Insert into reply → text in the box (first)',
    await traced(page, async () => {
      await nextEvent(d.frame, 'click');
      await nextTyped(page);
      await mouseClick(page, d.frame.getByRole('button', { name: 'Insert into reply' }));
      const clicked = await eventTime(d.frame);
      const { drawn } = await typedTimes(page);
      return drawn - clicked;
    }),
  );
  await closeDrawer(page);
  keep('click → drawer tabs drawn, reopened', await traced(page, opening));
  await page.close();
}

// Interleaved: each round at every rate, so that the machine's load falls on all alike.
for (let r = 0; r < ROUNDS; r++) for (const rate of RATES) await round(rate);
// Then one traced pass per rate (tracing slows what it watches: these times are not the table's).
for (const rate of RATES) await tracedRound(rate);
await b.close();

const names = [...new Set([...rows.values()].map((x) => x.name))];
console.log(`\n### What a user waits for (ms, min / **median** / max of ${ROUNDS} rounds)\n`);
console.log(`| wait | ${RATES.map((r) => `${r}×`).join(' | ')} |`);
console.log(`|---|${RATES.map(() => '---').join('|')}|`);
for (const name of names) console.log(`| ${name} | ${RATES.map((r) => show(stats(rows.get(`${name}\u0000${r}`)?.values ?? []))).join(' | ')} |`);
console.log(`\n### Where the time goes (one traced pass per rate; thread time of top-level tasks, ms)\n`);
console.log(`| wait | traced wait | ${TRACE_COLUMNS.join(' | ')} |`);
console.log(`|---|---|${TRACE_COLUMNS.map(() => '---').join('|')}|`);
for (const t of traces) console.log(`| ${t.name} | ${t.wall.toFixed(0)} | ${TRACE_COLUMNS.map((c) => (t.sums[c] ?? 0).toFixed(0)).join(' | ')} |`);
