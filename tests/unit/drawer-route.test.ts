// The claimed drawer's way to its page (entrypoints/shared/transport.ts, askOwnTab): straight to
// the document that registered it where its frame has the tabs API (Chrome: one hop, no
// background to wake), else through the background's relay (Firefox), which checks the sender.
// Never to the tab as a whole, nor to whatever document the tab shows later. And the digest of
// its opening, asked for again while the registration (sent beside the frame's load) is on its way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { askOwnTab, drawerNonceDigest } from '../../entrypoints/shared/transport';

const SESSION = 'b'.repeat(32);
const DOC = 'A'.repeat(32);

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('the drawer asks its own page', () => {
  it('told its page: straight to that document, the background not asked', async () => {
    const toTab = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ ok: true } as never);
    const toBackground = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const answer = await askOwnTab({ session: SESSION, page: { tab: 7, documentId: DOC } }, 'insert', { text: 'Hi', seen: true });
    expect(answer).toEqual({ ok: true });
    expect(toTab).toHaveBeenCalledTimes(1);
    expect(toTab.mock.calls[0]).toEqual([7, { text: 'Hi', seen: true, type: 'insert' }, { documentId: DOC }]);
    expect(toBackground).not.toHaveBeenCalled();
  });

  it('its answer is read by the request’s own check: another shape is no answer', async () => {
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ ok: 'yes', error: 7 } as never);
    expect(await askOwnTab({ session: SESSION, page: { tab: 7, documentId: DOC } }, 'insert', { text: 'Hi', seen: true })).toBeNull();
  });

  it('not told its page (or no tabs API in its frame): through the relay, with its session', async () => {
    const toBackground = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: true, answer: { ok: true } } as never);
    const toTab = vi.spyOn(fakeBrowser.tabs, 'sendMessage');
    expect(await askOwnTab({ session: SESSION }, 'insert', { text: 'Hi', seen: null })).toEqual({ ok: true });
    expect(toBackground.mock.calls[0]?.[0]).toEqual({ type: 'relay', session: SESSION, request: { text: 'Hi', seen: null, type: 'insert' } });
    const tabs = Object.getOwnPropertyDescriptor(fakeBrowser, 'tabs')!;
    Object.defineProperty(fakeBrowser, 'tabs', { value: undefined, configurable: true });
    try {
      expect(await askOwnTab({ session: SESSION, page: { tab: 7, documentId: DOC } }, 'insert', { text: 'Hi', seen: null })).toEqual({ ok: true });
    } finally {
      Object.defineProperty(fakeBrowser, 'tabs', tabs);
    }
    expect(toBackground).toHaveBeenCalledTimes(2);
    expect(toTab).not.toHaveBeenCalled();
  });

  it('a refused relay, or no page there, is no answer', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: false } as never);
    expect(await askOwnTab({ session: SESSION }, 'summary', {})).toBeNull();
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockRejectedValue(new Error('Could not establish connection'));
    expect(await askOwnTab({ session: SESSION, page: { tab: 7, documentId: DOC } }, 'summary', {})).toBeNull();
  });
});

describe('the drawer asks for its opening’s digest', () => {
  const DIGEST = 'c'.repeat(64);

  it('asked before the registration is there (it goes beside the frame’s load), it asks again', async () => {
    const hint = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockResolvedValueOnce({ ok: false } as never)
      .mockResolvedValueOnce({ ok: false } as never)
      .mockResolvedValue({ ok: true, digest: DIGEST } as never);
    expect(await drawerNonceDigest(4, 1)).toBe(DIGEST);
    expect(hint).toHaveBeenCalledTimes(3);
    expect(hint.mock.calls[0]?.[0]).toEqual({ type: 'drawer-hint' });
  });

  it('no opening after its tries (a frame the page made): refused, with no more asking', async () => {
    const hint = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: false } as never);
    expect(await drawerNonceDigest(4, 1)).toBeNull();
    expect(hint).toHaveBeenCalledTimes(4);
  });
});
