// Nothing a user wrote is lost or carried into the wrong thread; every failed save says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUEL, launchWithExtension, openRpol, storageGet, type Browser } from './helpers';

const TURN = '/display.cgi?gi=51829&ti=43&show=all';
let b: Browser;
beforeAll(async () => {
  b = await launchWithExtension();
});
afterAll(async () => b?.close());

async function panelFor(tabId: number, tab = 'reply') {
  const panel = await b.context.newPage();
  await panel.goto(b.extensionUrl(`sidepanel.html?tabId=${tabId}&tab=${tab}`));
  await expect.poll(() => panel.getByTestId('draft').isDisabled()).toBe(false);
  return panel;
}

describe('drafts', () => {
  it('the reply box is bound to its thread: following the tab to another thread clears it, and coming back restores it', async () => {
    const page = await openRpol(b, DUEL);
    const panel = await panelFor((await b.tabIdOf(page.marker))!);
    await panel.getByTestId('draft').fill('For the duel thread only.');
    await expect.poll(async () => JSON.stringify(await storageGet(b, 'draft:rpol.net/51829/40'))).toContain('For the duel thread only.');
    await page.goto(b.url(`${TURN}&${page.marker}`));
    await expect.poll(() => panel.getByTestId('draft').inputValue()).toBe('');
    // A keystroke here saves to this thread, never to the other one.
    await panel.getByTestId('draft').fill('Turn thread.');
    await expect.poll(async () => JSON.stringify(await storageGet(b, 'draft:rpol.net/51829/43'))).toContain('Turn thread.');
    expect(JSON.stringify(await storageGet(b, 'draft:rpol.net/51829/40'))).toContain('For the duel thread only.');
    await page.goto(b.url(`${DUEL}&${page.marker}`));
    await expect.poll(() => panel.getByTestId('draft').inputValue()).toBe('For the duel thread only.');
    await panel.close();
    await page.close();
  });

  it('a draft from a newer version is kept aside, reported and exported, never overwritten; the other drafts stay', async () => {
    const future = { version: 9, draft: { text: 'written by Spark Scribe 9', shape: 'new' } };
    await b.worker.evaluate(
      async (f) =>
        chrome.storage.local.set({
          'draft:rpol.net/51829/43': f,
          'draft:rpol.net/51829/41': { version: 1, draft: { text: 'Other thread', form: {}, updatedAt: 1 } },
        }),
      future,
    );
    const page = await openRpol(b, TURN);
    const panel = await panelFor((await b.tabIdOf(page.marker))!);
    await expect.poll(() => panel.getByRole('status').last().innerText()).toMatch(/kept aside, untouched: it was saved by a newer Spark Scribe/);
    await panel.getByTestId('draft').fill('Typed over it');
    await expect.poll(() => panel.getByRole('status').last().innerText()).toMatch(/Not saved: .*kept aside.*Your text is still here/);
    expect(await panel.getByTestId('draft').inputValue()).toBe('Typed over it');
    expect(await storageGet(b, 'draft:rpol.net/51829/43')).toEqual(future);
    expect(await storageGet(b, 'draft:rpol.net/51829/41')).toMatchObject({ draft: { text: 'Other thread' } });
    // The export carries it as it was stored.
    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    const [download] = await Promise.all([options.waitForEvent('download'), options.getByRole('button', { name: 'Export settings and data' }).click()]);
    const { readFileSync } = await import('node:fs');
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.setAside['draft:rpol.net/51829/43']).toEqual(future);
    expect(exported.drafts.threads['rpol.net/51829/41']).toMatchObject({ text: 'Other thread' });
    await options.close();
    await b.worker.evaluate(async () => chrome.storage.local.remove(['draft:rpol.net/51829/43', 'draft:rpol.net/51829/41']));
    await panel.close();
    await page.close();
  });

  it('two panels on one thread: a change in one is offered in the other, not silently overwritten', async () => {
    const page = await openRpol(b, TURN);
    const tabId = (await b.tabIdOf(page.marker))!;
    const one = await panelFor(tabId);
    const two = await panelFor(tabId);
    await one.getByTestId('draft').fill('Written in panel one.');
    await expect.poll(() => two.getByTestId('draft-elsewhere').innerText()).toMatch(/changed in another tab or window/);
    await two.waitForTimeout(300); // let the offer settle (panel one may save once more)
    await two.getByRole('button', { name: 'Use that version' }).click();
    await expect.poll(() => two.getByTestId('draft').inputValue()).toBe('Written in panel one.');
    await one.close();
    await two.close();
    await page.close();
  });

  it('over the limit: a message, nothing saved, the text stays in the box', async () => {
    const page = await openRpol(b, TURN);
    const panel = await panelFor((await b.tabIdOf(page.marker))!);
    await panel.getByTestId('draft').fill('short');
    await expect.poll(async () => JSON.stringify(await storageGet(b, 'draft:rpol.net/51829/43'))).toContain('short');
    const long = 'x'.repeat(61_000);
    await panel.getByTestId('draft').fill(long);
    await expect.poll(() => panel.getByRole('status').last().innerText()).toMatch(/Not saved: The reply is 61,000 characters; a draft keeps at most 60,000/);
    expect((await panel.getByTestId('draft').inputValue()).length).toBe(61_000);
    expect(JSON.stringify(await storageGet(b, 'draft:rpol.net/51829/43'))).toContain('short');
    await panel.close();
    await page.close();
  });
});

describe('settings', () => {
  it('settings from a newer version are never overwritten; the page says so', async () => {
    const newer = { version: 99, theme: 'dark', somethingNew: true };
    await b.worker.evaluate(async (s) => chrome.storage.local.set({ settings: s }), newer);
    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/saved by a newer Spark Scribe \(version 99\)/);
    await options.getByLabel('dark').click();
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/^Not saved: .*newer Spark Scribe/);
    // What the page shows is what is stored: the change is undone on the page too.
    expect(await options.getByLabel('dark').isChecked()).toBe(false);
    expect(await storageGet(b, 'settings')).toEqual(newer);
    await b.worker.evaluate(async () => chrome.storage.local.remove('settings'));
    await options.close();
  });
});

describe('failed saves say so', () => {
  it('at the storage quota, a draft that cannot be saved says why and stays in the box', async () => {
    const page = await openRpol(b, TURN);
    const panel = await panelFor((await b.tabIdOf(page.marker))!);
    // Fill the extension's storage to its quota (10 MB in Chrome) with something else.
    const filled = await b.worker.evaluate(async () => {
      let n = 0;
      for (const size of [1_000_000, 100_000, 10_000]) {
        const chunk = 'x'.repeat(size);
        for (let k = 0; k < 40; k++, n++) {
          try {
            await chrome.storage.local.set({ [`ballast${n}`]: chunk });
          } catch {
            break;
          }
        }
      }
      return n;
    });
    expect(filled).toBeGreaterThan(9);
    await panel.getByTestId('draft').fill('y'.repeat(50_000));
    await expect.poll(() => panel.getByRole('status').last().innerText()).toMatch(/^Not saved: .*quota.*Your text is still here/i);
    expect((await panel.getByTestId('draft').inputValue()).length).toBe(50_000);
    await b.worker.evaluate(async (n) => chrome.storage.local.remove(Array.from({ length: n + 3 }, (_, i) => `ballast${i}`)), filled);
    await panel.close();
    await page.close();
  });

  it('a backup too large to import: a clear message, nothing changes, the page shows what is stored', async () => {
    const { writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${tmpdir()}/spark-scribe-huge-${Date.now()}.json`;
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'spark-scribe-backup',
        version: 1,
        settings: { version: 1, theme: 'dark' },
        drafts: { version: 1, threads: { a: { text: 'z'.repeat(14_500_000), updatedAt: 1 } } },
      }),
    );
    const options = await b.context.newPage();
    await options.goto(b.extensionUrl('options.html'));
    await options.getByTestId('import').setInputFiles(file);
    await expect.poll(() => options.getByTestId('status').innerText()).toMatch(/Import failed, nothing changed: The file is too large/);
    expect(await options.getByLabel('dark').isChecked()).toBe(false);
    expect(await b.worker.evaluate(async () => (await chrome.storage.local.get('settings')).settings)).toBeUndefined();
    await options.close();
  });
});
