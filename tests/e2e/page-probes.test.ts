// What a hostile page script tries against us, and what it gets: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeAttributes, DUEL, inside, launchWithExtension, openRpol, until, type Browser } from './helpers';

let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

describe('page scripts cannot steer the extension', () => {
  it('the content-script-started event, dispatched by the page, does not stop us; no message names us', async () => {
    const page = await openRpol(b, DUEL);
    const before = (await badgeAttributes(page, 'roll')).length;
    const heard = await page.evaluate(async (id) => {
      // What two lines of page script would try: the event WXT listens for, and a message with its name.
      for (const name of [`${id}:content:wxt:content-script-started`, 'wxt:content-script-started']) {
        document.dispatchEvent(new CustomEvent(name, { detail: { contentScriptName: 'content', messageId: 'page' } }));
        window.postMessage({ type: name, contentScriptName: 'content', messageId: 'page' }, '*');
      }
      return new Promise<string[]>((done) => {
        const got: string[] = [];
        addEventListener('message', (e) => got.push(JSON.stringify(e.data)));
        setTimeout(() => done(got), 300);
      });
    }, b.extensionId);
    expect(heard.filter((m) => !m.includes('"page"'))).toEqual([]);
    await page.waitForTimeout(300);
    // Still there and still answering the panel.
    expect((await badgeAttributes(page, 'roll')).length).toBe(before);
    const tabId = (await b.tabIdOf(page.marker))!;
    const panel = await b.context.newPage();
    await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=thread`));
    await expect.poll(() => panel.getByTestId('roll-list').locator('li').count()).toBe(22);
    await panel.close();
    await page.close();
  });

  it('a page that frames the panel gets no panel; marks carry no data', async () => {
    const page = await openRpol(b, DUEL);
    const tabId = (await b.tabIdOf(page.marker))!;
    await page.evaluate(
      ([id, tab]) => {
        const f = document.createElement('iframe');
        f.id = 'probe';
        f.src = `chrome-extension://${id}/sidepanel.html?tabId=${tab}&tab=reply`;
        document.body.appendChild(f);
      },
      [b.extensionId, tabId] as const,
    );
    await page.waitForTimeout(1500);
    const probe = page.frames().find((f) => f.url().includes('sidepanel.html'));
    if (probe) {
      // Loaded (not blocked): it refuses to run framed by a page.
      expect(await probe.locator('[role=tablist]').count()).toBe(0);
      await expect.poll(() => probe.locator('body').innerText()).toMatch(/opens only from its own button/);
    }
    // The same page framed without the drawer's token (here inside one of our own pages, so that it loads): refused.
    const host = await b.context.newPage();
    await host.goto(b.extensionUrl('options.html'));
    await host.evaluate(
      (src) => {
        const f = document.createElement('iframe');
        f.src = src;
        document.body.appendChild(f);
      },
      b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=reply`),
    );
    const framed = host.frameLocator('iframe');
    await expect.poll(() => framed.locator('body').innerText()).toMatch(/opens only from its own button/);
    expect(await framed.locator('[role=tablist]').count()).toBe(0);
    await host.close();
    const marks = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('spark-scribe'))
        .map((m) => (m as PerformanceMark).detail ?? null),
    );
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((d) => d === null)).toBe(true);
    await page.close();
  });
});

describe('verified means the server said so, and only that', () => {
  it('a roll reused on a later page of the thread is a mismatch (the thread remembers the rolls it showed)', async () => {
    const first = await openRpol(b, DUEL);
    await first.close();
    const page2 = await openRpol(b, '/display.cgi?gi=51829&ti=40&msgpage=2');
    const [roll] = await badgeAttributes(page2, 'roll');
    expect(roll).toMatchObject({ 'data-post': '26', 'data-trust': 'mismatch' });
    const badge = inside(page2, '[data-spark-scribe=roll][data-post="26"]');
    await badge.click('button.badge');
    expect(await until(() => badge.text('[role=dialog]'))).toMatch(/The same roll already appears in post #7/);
    await page2.close();
  });
});
