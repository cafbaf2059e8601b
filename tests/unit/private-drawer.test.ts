// The drawer's panel is a frame in a web page, which a browser may refuse the extension origin's
// IndexedDB (Chrome with third-party cookies blocked does): there the private area is the
// background's, asked through a message (entrypoints/shared/messages/private.ts) that only the
// extension's own pages are answered. Parlor's secrets made in the drawer land in the one store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { privateHandlers } from '../../entrypoints/background/handlers/private';
import { tellPrivateChanges } from '../../entrypoints/background/private-changes';
import { PRIVATE_CHANGED, privateArea } from '../../entrypoints/shared/messages/private';
import { PARLOR_SECRETS_KEY, readParlorSecrets, saveParlorSecret } from '../../entrypoints/shared/storage';
import { directArea, privateContext } from '../../entrypoints/shared/storage/private-area';
import type { Sender } from '../../entrypoints/shared/transport';
import { parlorCommit } from '../../lib/games/parlor/hidden';

const ORIGIN = 'chrome-extension://test-extension-id';
const PANEL: Sender = { url: `${ORIGIN}/sidepanel.html`, tab: { id: 4 }, frameId: 7 };
const PAGE: Sender = { url: 'https://rpol.net/display.cgi?gi=51829&ti=51', tab: { id: 4 }, frameId: 0 };
const THREAD = 'rpol.net/51829/51';

/** The background's answer, as a sender `from` would get it. */
function answerAs(from: Sender): void {
  const handle = privateHandlers(directArea, ORIGIN)[privateArea.type];
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    const ask = privateArea.ask(message);
    return ask ? handle(ask, from) : undefined;
  });
}

/** This context as the drawer's frame: a window whose top is another page's. */
function asDrawer(): void {
  (globalThis as { window?: unknown }).window = { top: {} };
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('the private area from the drawer', () => {
  it('a secret made in the drawer is kept in the background’s store, and read back there', async () => {
    answerAs(PANEL);
    asDrawer();
    await saveParlorSecret('drawn-in-the-drawer', THREAD);
    expect((await readParlorSecrets()).secrets[parlorCommit('drawn-in-the-drawer')]?.secret).toBe('drawn-in-the-drawer');
    delete (globalThis as { window?: unknown }).window;
    const kept = (await directArea.get(PARLOR_SECRETS_KEY))[PARLOR_SECRETS_KEY] as { secrets: Record<string, { secret: string }> };
    expect(kept.secrets[parlorCommit('drawn-in-the-drawer')]?.secret).toBe('drawn-in-the-drawer');
    // Nothing of it in storage.local, which every content script reads.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('drawn-in-the-drawer');
  });

  it('a content script asking the background for the private area gets nothing, and cannot write it', async () => {
    await directArea.set({ [PARLOR_SECRETS_KEY]: { version: 1, secrets: { x: { secret: 'held', thread: THREAD, createdAt: 1 } }, aside: {} } });
    const handle = privateHandlers(directArea, ORIGIN)[privateArea.type];
    for (const sender of [PAGE, {}, { url: `${ORIGIN}.evil.example/x` }, { url: 'moz-extension://other/sidepanel.html' }] as Sender[]) {
      expect(await handle({ op: 'get', keys: null }, sender)).toEqual({ ok: false });
      expect(await handle({ op: 'remove', keys: [PARLOR_SECRETS_KEY] }, sender)).toEqual({ ok: false });
      expect(await handle({ op: 'set', items: { [PARLOR_SECRETS_KEY]: null } }, sender)).toEqual({ ok: false });
    }
    expect(JSON.stringify(await directArea.get(null))).toContain('held');
  });

  it('a save the background refuses is said as not kept, in the game’s words', async () => {
    answerAs(PAGE);
    asDrawer();
    await expect(saveParlorSecret('never-kept', THREAD)).rejects.toThrow();
    delete (globalThis as { window?: unknown }).window;
    expect(JSON.stringify(await directArea.get(null))).not.toContain('never-kept');
  });

  it('requests of a wrong shape are left unanswered', () => {
    for (const m of [
      { op: 'get', keys: 'one' },
      { op: 'set', items: [] },
      { op: 'remove' },
      { op: 'clear' },
      { op: 'get', keys: Array(101).fill('k') },
      null,
    ]) {
      expect(privateArea.ask(m)).toBeNull();
    }
  });

  it('a change is told to the extension’s pages by its keys alone, never its value', async () => {
    const told: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((m: unknown) => void told.push(m));
    tellPrivateChanges();
    await privateContext.area.set({ [PARLOR_SECRETS_KEY]: { secret: 'not-in-the-word' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual([{ type: PRIVATE_CHANGED, keys: [PARLOR_SECRETS_KEY] }]);
  });
});
