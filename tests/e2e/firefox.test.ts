// The same expectations in a real Firefox (Debian's firefox-esr, driven over WebDriver BiDi by
// puppeteer-core): badges and their attributes, a roll's detail by keyboard, the side panel page,
// Firefox's own sidebar, the options page, a setting reaching the content script, the drawer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { duelThread } from '../fixtures/spark-pages.mjs';
import { gamersPlaneThread, phpbbThread, vbulletinThread, xenforoThread } from '../fixtures/board-pages.mjs';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { DUEL, expectDuelBadges, IS_SETTLED, REVEAL_ALL } from './helpers';
import { inExtension, openExtensionPage } from './firefox-helpers';

type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
let ff: Firefox;
beforeAll(async () => {
  ff = await launchFirefox();
}, 90_000);
afterAll(async () => ff?.close());

let opened = 0;
async function openRpol(path: string): Promise<Page & { marker: string }> {
  const page = (await ff.browser.newPage()) as Page & { marker: string };
  page.marker = `visit=ff${++opened}-${Date.now()}`;
  await page.goto(ff.url(`${path}${path.includes('?') ? '&' : '?'}${page.marker}`));
  await page.waitForSelector('[data-spark-scribe=drawer]', { timeout: 20_000 });
  await page.waitForFunction(IS_SETTLED, { timeout: 20_000 });
  await page.evaluate(REVEAL_ALL);
  return page;
}

const extensionPage = (path: string) => openExtensionPage(ff, path);

async function tabIdOf(hub: Page, part: string): Promise<number | null> {
  return inExtension(hub, `return (await browser.tabs.query({})).find((t) => (t.url || '').includes(${JSON.stringify(part)}))?.id ?? null;`);
}

function badgeAttributes(page: Page, kind: string) {
  return page.$$eval(`[data-spark-scribe=${kind}]`, (els) =>
    els.map((e) =>
      Object.fromEntries(
        Array.from(e.attributes)
          .filter((a) => a.name.startsWith('data-'))
          .map((a) => [a.name, a.value]),
      ),
    ),
  );
}

describe('Firefox: the duel thread', () => {
  const expected = duelThread();

  it('puts a badge beside every roll and sheet, with the same attributes as in Chromium', async () => {
    const page = await openRpol(DUEL);
    expectDuelBadges(await badgeAttributes(page, 'roll'), await badgeAttributes(page, 'sheet'), expected, (got, want, what) => expect(got, what).toEqual(want));
    const label = await page.$eval('[data-spark-scribe=roll][data-trust=typed] >>> button', (b) => (b as HTMLElement).innerText);
    expect(label).toMatch(/typed, not verified/i);
    await page.close();
  });

  it('opens a roll’s detail by keyboard; Escape closes it and gives focus back', async () => {
    const page = await openRpol(DUEL);
    const host = '[data-spark-scribe=roll][data-post="5"]';
    await page.$eval(`${host} >>> button.badge`, (b) => (b as HTMLElement).focus());
    await page.keyboard.press('Enter');
    await expect.poll(() => page.$$(`${host} >>> [role=dialog]`).then((x) => x.length)).toBe(1);
    expect((await page.$$(`${host} >>> [role=dialog] .die`)).length).toBe(7);
    expect((await page.$$(`${host} >>> [role=dialog] .die.hit`)).length).toBe(4);
    const text = () => page.$eval(`${host} >>> [role=dialog]`, (d) => (d as HTMLElement).innerText);
    await expect.poll(text).toMatch(/difficulty 3/);
    await expect.poll(text).toMatch(/Made by RPOL’s dice roller/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.$$(`${host} >>> [role=dialog]`).then((x) => x.length)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-spark-scribe'))).toBe('roll');
    await page.close();
  });
});

describe('Firefox: the panel, the sidebar, options', () => {
  it('the side panel page shows the thread’s rolls for its tab', async () => {
    const page = await openRpol(DUEL);
    const hub = await extensionPage('options.html');
    const tabId = (await tabIdOf(hub, page.marker))!;
    expect(tabId).toBeGreaterThan(0);
    const panel = await extensionPage(`sidepanel.html?tabId=${tabId}&tab=thread`);
    await expect.poll(() => panel.$$('[data-testid=roll-list] li').then((x) => x.length), { timeout: 10_000 }).toBe(22);
    await panel.close();
    await hub.close();
    await page.close();
  });

  it('Firefox’s own sidebar opens from the welcome page’s button and reads the active thread', async () => {
    const page = await openRpol(DUEL);
    const welcome = await extensionPage('welcome.html');
    await welcome.click('[data-testid=open-sidebar]');
    await expect.poll(() => inExtension<number>(welcome, `return browser.extension.getViews({ type: 'sidebar' }).length;`), { timeout: 10_000 }).toBe(1);
    await welcome.close();
    await page.bringToFront();
    // The sidebar follows the active tab: the duel thread's 22 rolls.
    const hub = await extensionPage('options.html');
    await page.bringToFront();
    await expect
      .poll(
        () =>
          inExtension<number>(
            hub,
            `const v = browser.extension.getViews({ type: 'sidebar' })[0]; return v ? v.document.querySelectorAll('[data-testid=roll-list] li').length : -1;`,
          ),
        { timeout: 10_000 },
      )
      .toBe(22);
    await hub.close();
    await page.close();
  });

  it('a setting reaches the content script: roll badges off, none on the next load; the sheets stay', async () => {
    const options = await extensionPage('options.html');
    await options.waitForSelector('input[type=checkbox]');
    const toggle = async (on: boolean) =>
      options.evaluate((want) => {
        const box = [...document.querySelectorAll('label')]
          .find((l) => /Badges beside rolls in threads/.test(l.textContent ?? ''))
          ?.querySelector('input') as HTMLInputElement;
        if (box.checked !== want) box.click();
      }, on);
    await toggle(false);
    await expect
      .poll(() =>
        inExtension<{ annotations?: { rolls?: boolean } }>(options, `return (await browser.storage.local.get('settings')).settings;`).then(
          (s) => s?.annotations?.rolls,
        ),
      )
      .toBe(false);
    const page = await openRpol(DUEL);
    expect((await page.$$('[data-spark-scribe=roll]')).length).toBe(0);
    expect((await page.$$('[data-spark-scribe=sheet]')).length).toBe(2);
    await toggle(true);
    await expect
      .poll(() =>
        inExtension<{ annotations?: { rolls?: boolean } }>(options, `return (await browser.storage.local.get('settings')).settings;`).then(
          (s) => s?.annotations?.rolls,
        ),
      )
      .toBe(true);
    await options.close();
    await page.close();
  });
});

describe('Firefox: the in-page drawer', () => {
  it('opens the panel beside the thread reading this tab (relayed by the background); Escape closes it and gives focus back', async () => {
    const page = await openRpol(DUEL);
    await page.$eval('[data-spark-scribe=drawer] >>> button', (b) => (b as HTMLElement).click());
    const frameHandle = await page.waitForSelector('iframe[data-spark-scribe=drawer-frame]');
    const count = async () => {
      const f = await frameHandle!.contentFrame();
      return f ? f.evaluate(() => document.querySelectorAll('[data-testid=roll-list] li').length).catch(() => -1) : -1;
    };
    await expect.poll(count, { timeout: 15_000 }).toBe(22);
    // Escape inside the panel closes the drawer; focus returns to its button.
    const f = (await frameHandle!.contentFrame())!;
    await f.evaluate(() => document.querySelector<HTMLElement>('[role=tab]')?.focus());
    await page.keyboard.press('Escape');
    await expect.poll(() => page.$$('iframe[data-spark-scribe=drawer-frame]').then((x) => x.length)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-spark-scribe'))).toBe('drawer');
    await page.close();
  });
});

describe('Firefox: a thread read as it parses', () => {
  it('a slow 1,000-post page: the screen’s badges while it loads, and the same badges as the page sent at once', async () => {
    const BIG = '/display.cgi?gi=51829&ti=41&show=all';
    const atOnce = await openRpol(BIG);
    const whole = await badgeAttributes(atOnce, 'roll');
    await atOnce.close();

    const page = await ff.browser.newPage();
    await page.evaluateOnNewDocument(() => {
      const log: [number, string][] = [];
      (window as unknown as { badgeLog: [number, string][] }).badgeLog = log;
      new MutationObserver((ms) => {
        for (const m of ms)
          for (const n of Array.from(m.addedNodes))
            if (n instanceof Element && n.getAttribute('data-spark-scribe') === 'roll') log.push([Number(n.getAttribute('data-post')), document.readyState]);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(ff.url(`${BIG}&trickle=40&chunk=25&visit=ffslow-${Date.now()}`));
    await page.waitForFunction(IS_SETTLED, { timeout: 30_000 });
    const log = (await page.evaluate(() => (window as unknown as { badgeLog: [number, string][] }).badgeLog)) as [number, string][];
    await page.evaluate(REVEAL_ALL);
    expect(await badgeAttributes(page, 'roll')).toEqual(whole);
    const screen = log.filter(([p]) => p <= 12);
    expect(screen.length).toBeGreaterThan(0);
    expect(screen.every(([, state]) => state === 'loading')).toBe(true);
    await page.close();
  }, 120_000);
});

describe('Firefox: forums beside RPOL', () => {
  const rolls = async (page: Page) =>
    (await badgeAttributes(page, 'roll')).map((a) => ({
      post: Number(a['data-post']),
      trust: a['data-trust'],
      successes: a['data-successes'] ? Number(a['data-successes']) : null,
    }));
  const want = (expected: { post: number; trust: string; successes: number | null }[]) =>
    expected.map(({ post, trust, successes }) => ({ post, trust, successes }));

  async function openBoard(url: string, read = true): Promise<Page> {
    const page = await ff.browser.newPage();
    await page.goto(url);
    if (read) {
      await page.waitForFunction(IS_SETTLED, { timeout: 20_000 });
      await page.evaluate(REVEAL_ALL);
    }
    return page;
  }

  it('reads Gamers’ Plane and forum.mafiascum.net from install, each roll with the verdict its forum supports', async () => {
    const gp = await openBoard('http://gamersplane.com/forums/thread/9001/');
    expect(await rolls(gp)).toEqual(want(gamersPlaneThread().expected));
    await gp.close();
    const ms = await openBoard('http://forum.mafiascum.net/viewtopic.php?t=5101');
    expect(await rolls(ms)).toEqual(want(phpbbThread().expected));
    await ms.close();
  });

  it('a board is read after Add forum, and no longer after Remove (its open page loses its badges at once)', async () => {
    const before = await openBoard('http://board.example/viewtopic.php?t=5101', false);
    await new Promise((ok) => setTimeout(ok, 1500));
    expect((await before.$$('[data-spark-scribe]')).length).toBe(0);
    await before.close();

    const options = await extensionPage('options.html');
    await options.waitForSelector('[data-testid=forum-address]');
    await options.type('[data-testid=forum-address]', 'http://board.example/viewtopic.php?t=5101');
    await options.click('[data-testid=forums] button[type=submit]');
    await expect
      .poll(() => options.$eval('[data-testid=forums-status]', (e) => (e as HTMLElement).innerText), { timeout: 15_000 })
      .toMatch(/^Added .*\(phpBB\)/);
    expect(await inExtension(options, `return browser.permissions.contains({ origins: ['http://board.example/*'] });`)).toBe(true);
    // The browser was asked for that origin alone.
    expect(await inExtension(options, `return (await browser.permissions.getAll()).origins.filter((o) => !/rpol|gamersplane|mafiascum/.test(o));`)).toEqual([
      'http://board.example/*',
    ]);

    const page = await openBoard('http://board.example/viewtopic.php?t=5101');
    expect(await rolls(page)).toEqual(want(phpbbThread().expected));

    await options.click('[data-testid=boards] button[aria-label^="Remove"]');
    await expect.poll(() => options.$eval('[data-testid=forums-status]', (e) => (e as HTMLElement).innerText)).toMatch(/^Removed/);
    await expect.poll(() => page.$$('[data-spark-scribe=roll]').then((x) => x.length)).toBe(0);
    expect(await inExtension(options, `return browser.permissions.contains({ origins: ['http://board.example/*'] });`)).toBe(false);
    await page.reload();
    await new Promise((ok) => setTimeout(ok, 1500));
    expect((await page.$$('[data-spark-scribe]')).length).toBe(0);
    await page.close();
    await options.close();
  }, 60_000);

  it('an added XenForo or vBulletin board: every roll unchecked (its dice are not known), none red; a reply typed into XenForo’s rich editor', async () => {
    const options = await extensionPage('options.html');
    await options.waitForSelector('[data-testid=forum-address]');
    const add = async (address: string, software: string) => {
      await options.$eval('[data-testid=forum-address]', (e) => ((e as HTMLInputElement).value = ''));
      await options.type('[data-testid=forum-address]', address);
      await options.click('[data-testid=forums] button[type=submit]');
      await expect
        .poll(() => options.$eval('[data-testid=forums-status]', (e) => (e as HTMLElement).innerText), { timeout: 15_000 })
        .toMatch(new RegExp(`^Added .*\\(${software}\\)`));
    };
    await add('http://xf.example/threads/the-duel.77/', 'XenForo');
    await add('http://vb.example/showthread.php?t=640', 'vBulletin');

    const xf = await openBoard('http://xf.example/threads/the-duel.77/');
    expect(await rolls(xf)).toEqual(want(xenforoThread().expected));
    const label = await xf.$eval('[data-spark-scribe=roll] >>> button', (e) => (e as HTMLElement).getAttribute('aria-label') ?? (e as HTMLElement).innerText);
    expect(label).toMatch(/unchecked/i);
    const tabId = (await tabIdOf(options, 'xf.example'))!;
    const answer = await inExtension<{ ok: boolean }>(
      options,
      `return browser.tabs.sendMessage(${tabId}, { type: 'insert', text: '[b]Draw declaration:[/b] Counterspell' });`,
    );
    expect(answer).toEqual({ ok: true });
    expect(await xf.$eval('.fr-element', (e) => (e as HTMLElement).innerText.trim())).toBe('[b]Draw declaration:[/b] Counterspell');
    await xf.close();

    const vb = await openBoard('http://vb.example/showthread.php?t=640');
    expect(await rolls(vb)).toEqual(want(vbulletinThread().expected));
    await vb.close();
    for (let i = 0; i < 2; i++) await options.click('[data-testid=boards] button[aria-label^="Remove"]').then(() => new Promise((ok) => setTimeout(ok, 500)));
    await expect.poll(() => options.$$('[data-testid=boards] li').then((x) => x.length)).toBe(0);
    await options.close();
  }, 60_000);
});
