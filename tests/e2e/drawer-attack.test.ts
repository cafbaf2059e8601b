// The drawer only its user opens: a page script watches the DOM while the user opens the drawer,
// takes whatever it can read, and frames the panel page with it (the drawer closed; after the
// tab went to another site; with a made-up token; in the drawer's own frame, reloaded). The
// panel never renders nor acts; the user's own drawer still works and inserts. Chromium
// (Playwright) and Firefox (puppeteer over WebDriver BiDi).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame as PwFrame, Page as PwPage } from 'playwright-core';
import type { Page as PpPage } from 'puppeteer-core';
import { launchFirefox } from '../../scripts/firefox.mjs';
import { DUEL, inside, IS_SETTLED, launchWithExtension, openRpol, REVEAL_ALL, type Browser } from './helpers';

/** In the page, before the drawer opens: everything the page could read about it, kept in `window.loot`. */
const WATCH = () => {
  const loot: string[] = [];
  (window as unknown as { loot: string[] }).loot = loot;
  const take = (v: unknown) => typeof v === 'string' && v && loot.push(v);
  const read = (el: Element) => {
    for (const a of Array.from(el.attributes)) take(a.value);
    if (el instanceof HTMLIFrameElement) {
      take(el.src);
      take(el.name);
      try {
        take(el.contentWindow?.location.href);
      } catch {
        /* cross-origin: unreadable */
      }
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      take(r.oldValue);
      if (r.target instanceof Element) read(r.target);
      for (const n of Array.from(r.addedNodes)) if (n instanceof Element) [n, ...Array.from(n.querySelectorAll('*'))].forEach(read);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true });
  addEventListener('message', (e) => take(JSON.stringify(e.data)));
  (window as unknown as { lootNow(): string[] }).lootNow = () => {
    for (const el of Array.from(document.querySelectorAll('iframe'))) read(el);
    for (const e of performance.getEntriesByType('resource')) take(e.name);
    return loot.filter((x) => /extension:\/\//.test(x));
  };
};

/** In the page: frame `src` (named `name`, invisible as an attacker would make it). */
const FRAME = ([src, name]: [string, string]) => {
  const f = document.createElement('iframe');
  f.name = name;
  f.style.cssText = 'position:fixed;top:0;left:0;width:400px;height:400px;opacity:0.01';
  f.src = src;
  document.body.appendChild(f);
};

/** What the attacker gets: every address it read, and made-up ones (no token, a token it invented, and a stolen one if any). */
function attackAddresses(base: string, loot: string[]): string[] {
  const made = [`${base}/sidepanel.html?embedded=1`, `${base}/sidepanel.html?embedded=1#t=${'ab12'.repeat(8)}`, `${base}/sidepanel.html?tab=reply`];
  return [...new Set([...loot.filter((x) => x.includes('sidepanel.html')), ...made])];
}

/**
 * In the page: every 5 ms, into every frame on it (the drawer's as soon as it appears), the drawer's
 * own message with made-up nonces: all zeros, `fresh` random ones of the right shape, and random
 * garbage. `window.flooded` counts the ticks.
 */
const FLOOD = (fresh: number) => {
  const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (x) => x.toString(16).padStart(2, '0')).join('');
  const w = window as unknown as { flooded: number };
  w.flooded = 0;
  setInterval(() => {
    w.flooded++;
    for (const f of Array.from(document.querySelectorAll('iframe'))) {
      const made = Array.from({ length: fresh }, () => hex(16));
      for (const nonce of ['0'.repeat(32), ...made, hex(5), String(Math.random()), '0'.repeat(64)])
        f.contentWindow?.postMessage({ sparkScribeDrawer: nonce }, '*');
    }
  }, 5);
};

const REFUSED = /opens only from its own button/;

describe('Chromium: a page cannot run the drawer’s panel', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  /** Each frame the attacker made (by name): it shows no panel (refused, or not loaded at all). */
  async function expectRefused(page: PwPage, names: string[]) {
    await page.waitForTimeout(1500);
    for (const name of names) {
      const f = page.frames().find((x: PwFrame) => x.name() === name);
      if (!f?.url().includes('sidepanel.html')) continue; // blocked: never loaded
      await expect
        .poll(
          () =>
            f
              .locator('body')
              .innerText()
              .catch(() => ''),
          { timeout: 10_000 },
        )
        .toMatch(REFUSED);
      expect(await f.locator('[role=tablist]').count()).toBe(0);
      expect(await f.getByRole('button', { name: 'Insert into reply' }).count()).toBe(0);
    }
  }

  it('reads nothing usable while the drawer is open, and what it frames with it never renders nor acts', async () => {
    const page = await openRpol(b, DUEL);
    await page.evaluate(WATCH);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const drawer = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    const loot = await page.evaluate(() => (window as unknown as { lootNow(): string[] }).lootNow());
    // Nothing the page can read names the extension's address, let alone a token.
    expect(loot).toEqual([]);
    const base = `chrome-extension://${b.extensionId}`;
    const addresses = attackAddresses(base, loot);
    // While the drawer is open: frames of its own.
    const open = addresses.map((_, i) => `open${i}`);
    for (const [i, a] of addresses.entries()) await page.evaluate(FRAME, [a, open[i]!] as [string, string]);
    await expectRefused(page, open);
    // The user closes the drawer; the page frames again.
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    await expect.poll(() => page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(0);
    const closed = addresses.map((_, i) => `closed${i}`);
    for (const [i, a] of addresses.entries()) await page.evaluate(FRAME, [a, closed[i]!] as [string, string]);
    await expectRefused(page, closed);
    expect(await page.locator('#messagetext').inputValue()).toBe('');
    await page.close();
  });

  it('the drawer’s own frame sent to the panel page again by the page shows no panel', async () => {
    const page = await openRpol(b, DUEL);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const drawer = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    // The page points the drawer's frame at the panel page again: a new document in the registered frame.
    await page.evaluate((u) => {
      const f = document.querySelector<HTMLIFrameElement>('iframe[data-spark-scribe=drawer-frame]')!;
      f.name = 'renamed';
      f.src = u;
    }, `chrome-extension://${b.extensionId}/sidepanel.html?embedded=1&tab=reply`);
    await expectRefused(page, ['renamed']);
    await page.close();
  });

  it('after the tab goes to another site, nothing framed there with what the page took renders', async () => {
    const page = await openRpol(b, DUEL);
    await page.evaluate(WATCH);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const drawer = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    const loot = await page.evaluate(() => (window as unknown as { lootNow(): string[] }).lootNow());
    // Left open: the tab moves on, and the next site frames whatever was taken.
    await page.goto('http://elsewhere.example/');
    const addresses = attackAddresses(`chrome-extension://${b.extensionId}`, loot);
    const names = addresses.map((_, i) => `away${i}`);
    for (const [i, a] of addresses.entries()) await page.evaluate(FRAME, [a, names[i]!] as [string, string]);
    await expectRefused(page, names);
    await page.close();
  });

  it.each([
    ['one fresh nonce', 1],
    ['50 fresh nonces (10 a millisecond)', 50],
  ])('a page flooding the drawer’s frame with made-up nonces (every 5 ms, %s) does not keep the user’s drawer from opening', async (_, fresh) => {
    const page = await openRpol(b, DUEL);
    await page.evaluate(FLOOD, fresh);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const drawer = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    // The usual wait for an open drawer: the flood delays nothing.
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    await expect(drawer.locator('[role=tablist]').count()).resolves.toBe(1);
    // The flood was on the whole time, and is still.
    const ticks = await page.evaluate(() => (window as unknown as { flooded: number }).flooded);
    expect(ticks).toBeGreaterThan(10);
    await expect.poll(() => page.evaluate(() => (window as unknown as { flooded: number }).flooded)).toBeGreaterThan(ticks);
    await drawer.getByRole('tab', { name: /Reply/ }).click();
    await expect.poll(() => drawer.getByLabel('Card').count()).toBe(1);
    await page.close();
  });

  it('a synthetic Escape from the page does not close the drawer; the user’s drawer inserts into the reply box', async () => {
    const page = await openRpol(b, DUEL);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const drawer = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    await page.evaluate(() => {
      for (const t of [document, document.body, window]) t.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await page.waitForTimeout(300);
    expect(await page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(1);
    await drawer.getByRole('tab', { name: /Reply/ }).click();
    await drawer.getByLabel('Card').fill('Counterspell');
    await drawer.getByLabel('Rarity').selectOption('Uncommon');
    await drawer.getByLabel('Memory').fill('6');
    await drawer.getByRole('button', { name: 'Add to reply' }).click();
    await drawer.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => drawer.getByRole('status').innerText()).toBe('Inserted into the reply box.');
    expect(await page.locator('#messagetext').inputValue()).toMatch(/Draw declaration:<\/b> Counterspell \(Uncommon\)/);
    await page.close();
  });
});

describe('Chromium: the drawer in a page, kept from third-party storage', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  it('its draft is saved all the same: kept when the drawer is closed and opened again', async () => {
    const page = await openRpol(b, DUEL);
    const button = () => inside(page, '[data-spark-scribe=drawer]').click('button');
    await button();
    const drawer = page.frameLocator('iframe[data-spark-scribe=drawer-frame]');
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    // This browser keeps the drawer's frame (an extension page in a forum's page) from IndexedDB and Web Locks.
    const frame = page.frames().find((f) => f.url().includes('sidepanel.html'))!;
    expect(await frame.evaluate(() => navigator.locks.request('probe', async () => 'held').catch((e: Error) => e.name))).toBe('SecurityError');
    await drawer.getByRole('tab', { name: /Reply/ }).click();
    await drawer.getByLabel('Card').fill('Counterspell');
    await drawer.getByLabel('Memory').fill('6');
    await drawer.getByRole('button', { name: 'Add to reply' }).click();
    await expect
      .poll(() =>
        drawer
          .getByRole('status')
          .innerText()
          .catch(() => ''),
      )
      .not.toMatch(/Not saved/);
    await page.waitForTimeout(1000);
    expect(
      await drawer
        .getByRole('status')
        .innerText()
        .catch(() => ''),
    ).not.toMatch(/Not saved/);
    await button();
    await expect.poll(() => page.locator('iframe[data-spark-scribe=drawer-frame]').count()).toBe(0);
    await button();
    await drawer.getByRole('tab', { name: /Reply/ }).click();
    await expect.poll(() => drawer.getByLabel(/Reply \(saved as a draft/).inputValue(), { timeout: 10_000 }).toMatch(/Counterspell/);
    await page.close();
  });
});

describe('Chromium: a drawer the page hides or covers puts nothing into the reply box', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => b?.close());

  const FRAME = 'iframe[data-spark-scribe=drawer-frame]';
  it.each([
    ['the frame made transparent', `${FRAME}{opacity:0 !important}`, ''],
    ['the whole page all but transparent', 'html{opacity:0.02 !important}', ''],
    ['the frame filtered all but away', `${FRAME}{filter:opacity(0.01) !important}`, ''],
    [
      'a decoy drawn over the drawer, letting clicks through',
      '#decoy{position:fixed;inset:0;z-index:2147483647;background:#fff;pointer-events:none}',
      '<div id="decoy">Click to win</div>',
    ],
  ])('%s: Insert is refused while it lasts, and works once the drawer is drawn plainly', async (_, css, decoy) => {
    const page = await openRpol(b, DUEL);
    await inside(page, '[data-spark-scribe=drawer]').click('button');
    const drawer = page.frameLocator(FRAME);
    await expect.poll(() => drawer.locator('[data-testid=roll-list] li').count(), { timeout: 10_000 }).toBe(22);
    await drawer.getByRole('tab', { name: /Reply/ }).click();
    await drawer.locator('[data-field=card]').fill('Counterspell');
    await drawer.locator('[data-field=memory]').fill('6');
    await drawer.getByRole('button', { name: 'Add to reply' }).click();
    // The page hides or covers the drawer, and lures the click.
    await page.evaluate(
      ([c, d]) => {
        const style = document.createElement('style');
        style.id = 'attack';
        style.textContent = c;
        document.head.append(style);
        if (d) document.body.append(Object.assign(document.createElement('div'), { id: 'decoy', textContent: d }));
      },
      [css, decoy] as [string, string],
    );
    await page.waitForTimeout(400);
    await drawer.getByRole('button', { name: 'Insert into reply' }).click({ force: true });
    await expect.poll(() => drawer.getByRole('status').first().innerText(), { timeout: 10_000 }).toMatch(/hides or covers the drawer/);
    expect(await page.locator('#messagetext').inputValue()).toBe('');
    // Drawn plainly again: the user's Insert works.
    await page.evaluate(() => {
      document.getElementById('attack')?.remove();
      document.getElementById('decoy')?.remove();
    });
    await drawer.getByRole('button', { name: 'Insert into reply' }).click();
    await expect.poll(() => page.locator('#messagetext').inputValue()).toMatch(/Counterspell/);
    await page.close();
  });
});

describe('Firefox: a page cannot run the drawer’s panel', () => {
  type Firefox = Awaited<ReturnType<typeof launchFirefox>>;
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 90_000);
  afterAll(async () => ff?.close());

  let opened = 0;
  async function openThread(): Promise<PpPage> {
    const page = await ff.browser.newPage();
    await page.goto(ff.url(`${DUEL}&visit=ffa${++opened}-${Date.now()}`));
    await page.waitForSelector('[data-spark-scribe=drawer]', { timeout: 20_000 });
    await page.waitForFunction(IS_SETTLED, { timeout: 20_000 });
    await page.evaluate(REVEAL_ALL);
    return page;
  }
  async function openDrawer(page: PpPage) {
    await page.$eval('[data-spark-scribe=drawer] >>> button', (x) => (x as HTMLElement).click());
    const handle = await page.waitForSelector('iframe[data-spark-scribe=drawer-frame]');
    const count = async () => {
      const f = await handle!.contentFrame();
      return f ? f.evaluate(() => document.querySelectorAll('[data-testid=roll-list] li').length).catch(() => -1) : -1;
    };
    await expect.poll(count, { timeout: 15_000 }).toBe(22);
    return (await handle!.contentFrame())!;
  }
  /** Each frame the attacker made (by name): loaded, it says it is refused and shows no tabs. */
  async function expectRefused(page: PpPage, names: string[]) {
    await new Promise((ok) => setTimeout(ok, 1500));
    for (const name of names) {
      const handle = await page.$(`iframe[name="${name}"]`);
      const f = await handle?.contentFrame();
      if (!f) continue;
      const read = () => f.evaluate(() => `${document.querySelectorAll('[role=tablist]').length}|${document.body?.innerText ?? ''}`).catch(() => '');
      // Cross-origin from the page, the frame is read by the driver: a refusal, or not loaded at all (about:blank, an error page).
      await expect.poll(read, { timeout: 10_000 }).not.toMatch(/^$/);
      const got = await read();
      expect(got.startsWith('0|')).toBe(true);
      if (f.url().includes('sidepanel.html')) await expect.poll(read, { timeout: 10_000 }).toMatch(REFUSED);
    }
  }

  it('reads nothing usable; with the drawer open, closed, and after another site, its frames never render', async () => {
    const page = await openThread();
    await page.evaluate(WATCH);
    await openDrawer(page);
    const loot = await page.evaluate(() => (window as unknown as { lootNow(): string[] }).lootNow());
    // No moz-extension:// address (the per-install UUID), no token.
    expect(loot).toEqual([]);
    const addresses = attackAddresses(ff.extensionUrl('').replace(/\/$/, ''), loot);
    const open = addresses.map((_, i) => `open${i}`);
    for (const [i, a] of addresses.entries()) await page.evaluate(FRAME, [a, open[i]!] as [string, string]);
    await expectRefused(page, open);
    await page.$eval('[data-spark-scribe=drawer] >>> button', (x) => (x as HTMLElement).click());
    await expect.poll(() => page.$$('iframe[data-spark-scribe=drawer-frame]').then((x) => x.length)).toBe(0);
    const closed = addresses.map((_, i) => `closed${i}`);
    for (const [i, a] of addresses.entries()) await page.evaluate(FRAME, [a, closed[i]!] as [string, string]);
    await expectRefused(page, closed);
    expect(await page.$eval('#messagetext', (x) => (x as HTMLTextAreaElement).value)).toBe('');
    // Open again, then leave for another site with the drawer open.
    await openDrawer(page);
    await page.goto('http://elsewhere.example/');
    const away = addresses.map((_, i) => `away${i}`);
    for (const [i, a] of addresses.entries()) await page.evaluate(FRAME, [a, away[i]!] as [string, string]);
    await expectRefused(page, away);
    await page.close();
  });

  it('a page flooding the drawer’s frame with made-up nonces (50 fresh ones every 5 ms) does not keep the user’s drawer from opening', async () => {
    const page = await openThread();
    await page.evaluate(FLOOD, 50);
    const frame = await openDrawer(page);
    expect(await frame.evaluate(() => document.querySelectorAll('[role=tablist]').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { flooded: number }).flooded)).toBeGreaterThan(10);
    await page.close();
  });

  it('a synthetic Escape does not close the drawer; the user’s drawer inserts into the reply box', async () => {
    const page = await openThread();
    const frame = await openDrawer(page);
    await page.evaluate(() => {
      for (const t of [document, document.body, window]) t.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await new Promise((ok) => setTimeout(ok, 300));
    expect((await page.$$('iframe[data-spark-scribe=drawer-frame]')).length).toBe(1);
    const reply = await frame.$$eval('[role=tab]', (tabs) => tabs.findIndex((t) => /Reply/.test(t.textContent ?? '')));
    expect(reply).toBeGreaterThanOrEqual(0);
    await frame.$$eval('[role=tab]', (tabs, i) => (tabs[i as number] as HTMLElement).click(), reply);
    await frame.waitForSelector('[data-field=card]', { timeout: 10_000 });
    await frame.type('[data-field=card]', 'Counterspell');
    await frame.type('[data-field=memory]', '6');
    const button = (name: string) =>
      frame.$$eval('button', (all, n) => (all.find((x) => x.textContent?.trim() === n) as HTMLElement | undefined)?.click(), name);
    await button('Add to reply');
    await button('Insert into reply');
    await expect
      .poll(() => page.$eval('#messagetext', (x) => (x as HTMLTextAreaElement).value), { timeout: 10_000 })
      .toMatch(/Draw declaration:<\/b> Counterspell/);
    await page.close();
  });
});
