// The reader's extras (entrypoints/shared/extras.ts): the background puts them only into the
// frame that asks on a page it reads (a forum's own site, a board the user added), and the reader asks once, and again after a failure. Against WXT's fake browser.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { extrasHandlers } from '../../entrypoints/background/handlers/extras';
import { answerBackground } from '../../entrypoints/background/handlers/handler';
import type { Extras } from '../../entrypoints/content/features';
import { EXTRAS_KEY } from '../../entrypoints/shared/extras';
import { boardAt } from '../../lib/forums/added';
import { forumOfHost } from '../../lib/forums/registry';

beforeEach(() => {
  fakeBrowser.reset();
  delete (globalThis as Record<string, unknown>)[EXTRAS_KEY];
});

const answerExtrasRequests = (...a: Parameters<typeof extrasHandlers>) => answerBackground(extrasHandlers(...a));
const ask = (sender: object) => fakeBrowser.runtime.onMessage.trigger({ type: 'load-extras' }, sender).then((all) => all.find((r) => r !== undefined));

describe('the extras', () => {
  it('the background puts them into the asking frame of a page it reads only, and says why when it cannot', async () => {
    const calls: [number, number][] = [];
    let fail = false;
    const boards = [{ origin: 'https://board.example', forum: 'phpbb', name: '' }];
    answerExtrasRequests(
      async (tab, frame) => {
        if (fail) throw new Error('Cannot access contents of the page');
        calls.push([tab, frame]);
      },
      (u) => !!forumOfHost(u.hostname) || !!boardAt(boards, u),
    );
    expect(await ask({ tab: { id: 7 }, frameId: 3, url: 'https://www.rpol.net/display.cgi?gi=1&ti=2' })).toEqual({ ok: true });
    expect(await ask({ tab: { id: 8 }, url: 'http://rpol.net/usermodules/profile.cgi' })).toEqual({ ok: true });
    expect(await ask({ tab: { id: 10 }, url: 'https://gamersplane.com/forums/thread/9/' })).toEqual({ ok: true });
    expect(await ask({ tab: { id: 11 }, url: 'https://board.example/viewtopic.php?t=5' })).toEqual({ ok: true });
    expect(calls).toEqual([
      [7, 3],
      [8, 0],
      [10, 0],
      [11, 0],
    ]);
    // Not a page it reads (another site, one of our own pages, a host that only starts like a forum's, a board over another scheme), or no tab: refused.
    for (const sender of [
      { tab: { id: 9 }, url: 'https://example.com/x' },
      { tab: { id: 9 }, url: 'chrome-extension://abc/sidepanel.html' },
      { tab: { id: 9 }, url: 'https://rpol.net.evil.test/' },
      { tab: { id: 9 }, url: 'http://board.example/viewtopic.php' },
      { tab: { id: 9 }, url: 'https://board.example.evil.test/' },
      { url: 'https://rpol.net/display.cgi' },
    ]) {
      expect(await ask(sender), JSON.stringify(sender)).toMatchObject({ ok: false, error: 'not a page Spark Scribe reads' });
    }
    expect(calls).toHaveLength(4);
    fail = true;
    expect(await ask({ tab: { id: 7 }, frameId: 0, url: 'https://rpol.net/display.cgi' })).toEqual({ ok: false, error: 'Cannot access contents of the page' });
    // Other messages are not ours to answer.
    expect((await fakeBrowser.runtime.onMessage.trigger({ type: 'settings' }, {})).filter((r) => r !== undefined)).toEqual([]);
  });

  it('the reader asks once, sets them up in its language, and asks again after a failure', async () => {
    const { loadExtras } = await import('../../entrypoints/content/extras');
    const { registerCatalog, CATALOGS } = await import('../../lib/i18n');
    const { setLocale } = await import('../../components/locale');
    let asked = 0;
    let refuse = true;
    const setups: string[] = [];
    const extras = { setup: (l: string) => setups.push(l) } as unknown as Extras;
    fakeBrowser.runtime.onMessage.addListener(((m: { type?: string }) => {
      if (m.type !== 'load-extras') return undefined;
      asked++;
      if (refuse) return Promise.resolve({ ok: false, error: 'the extension was updated' });
      (globalThis as Record<string, unknown>)[EXTRAS_KEY] = extras;
      return Promise.resolve({ ok: true });
    }) as never);
    await expect(loadExtras()).rejects.toThrow(/could not load this part into the page \(the extension was updated\)/);
    refuse = false;
    if (CATALOGS.en) registerCatalog('en', CATALOGS.en);
    setLocale('it');
    const [a, b] = await Promise.all([loadExtras(), loadExtras()]);
    expect(a).toBe(extras);
    expect(b).toBe(extras);
    expect(await loadExtras()).toBe(extras);
    expect(asked).toBe(2);
    expect(setups).toEqual(['it']);
    setLocale('en');
  });
});
