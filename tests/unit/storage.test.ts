// The storage glue (entrypoints/shared/storage.ts) against WXT's fake browser.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  addSeenRolls,
  readBoundSheet,
  readDraft,
  duelContextReader,
  settingsReader,
  readSettings,
  writeBoundSheet,
  writeDraft,
  writeDuelStarts,
  writePageSheet,
  writeSettings,
} from '../../entrypoints/shared/storage';
import { defaultSettings } from '../../lib/settings/schema';

beforeEach(() => fakeBrowser.reset());

describe('storage', () => {
  it('settings: defaults, a round trip, a migration written back, and junk refused', async () => {
    expect(await readSettings()).toEqual({ settings: defaultSettings(), problem: null });
    const s = { ...defaultSettings(), theme: 'dark' as const };
    await writeSettings(s);
    expect((await readSettings()).settings).toEqual(s);

    await fakeBrowser.storage.local.set({ settings: { theme: 'light' } });
    expect((await readSettings()).settings.theme).toBe('light');
    expect(await fakeBrowser.storage.local.get('settings')).toMatchObject({ settings: { version: 1, theme: 'light' } });

    await fakeBrowser.storage.local.set({ settings: { version: 1, theme: 'neon' } });
    const r = await readSettings();
    expect(r.settings).toEqual(defaultSettings());
    expect(r.problem).toMatch(/could not be read.*theme/);
    await expect(writeSettings({ ...defaultSettings(), rerollWindowMinutes: -1 })).rejects.toThrow();
  });

  it('drafts per thread', async () => {
    await writeDraft('rpol.net/51829/40', { text: 'Hello', form: { kind: 'draw', card: 'Shock' }, updatedAt: 5 });
    await writeDraft('rpol.net/51829/41', { text: 'Other', form: {}, updatedAt: 6 });
    expect(await readDraft('rpol.net/51829/40')).toEqual({ text: 'Hello', form: { kind: 'draw', card: 'Shock' }, updatedAt: 5 });
    expect((await readDraft('rpol.net/51829/41'))?.text).toBe('Other');
    expect(await readDraft('rpol.net/1/1')).toBeNull();
    await expect(writeDraft('k', { text: 'x'.repeat(70_000), form: {}, updatedAt: 1 })).rejects.toThrow();
  });

  it('the bound sheet', async () => {
    expect(await readBoundSheet()).toBeNull();
    await writeBoundSheet({ version: 1, text: 'Power: 3', gameId: '51829', boundAt: 1 });
    expect((await readBoundSheet())?.text).toBe('Power: 3');
    await fakeBrowser.storage.local.set({ boundSheet: { text: 42 } });
    expect(await readBoundSheet()).toBeNull();
    await writeBoundSheet(null);
    expect(await readBoundSheet()).toBeNull();
  });

  it('a thread page’s context (the background’s copy, read again after each change): its seen rolls, the bound sheet, the game’s page sheets, its duel starts; nothing of other threads', async () => {
    const readDuelContext = duelContextReader();
    expect(await readDuelContext('rpol.net/51829/40')).toEqual({ seenTips: [], bound: null, sheets: [], newDuelAt: [] });
    await addSeenRolls('rpol.net/51829/40', [
      ['abc', 3],
      ['def', 9],
    ]);
    await addSeenRolls('rpol.net/51829/41', [['zzz', 1]]);
    await writeBoundSheet({ version: 1, text: 'Power: 3', gameId: '51829', boundAt: 1 });
    await writePageSheet('51829', 'Osk', 'Name: Osk');
    await writePageSheet('999', 'Other', 'Name: Other');
    await writeDuelStarts('rpol.net/51829/40', [12, 4]);
    const c = await readDuelContext('rpol.net/51829/40');
    expect(c.seenTips).toEqual([
      ['abc', 3],
      ['def', 9],
    ]);
    expect(c.bound).toBe('Power: 3');
    expect(c.sheets).toEqual(['Name: Osk']);
    expect(c.newDuelAt).toEqual([4, 12]);
    // Junk where the seen rolls are kept: none, and the rest still read.
    await fakeBrowser.storage.local.set({ seenRolls: 'junk' });
    expect((await readDuelContext('rpol.net/51829/40')).seenTips).toEqual([]);
    expect((await readDuelContext('rpol.net/51829/40')).newDuelAt).toEqual([4, 12]);
  });

  it('the background’s settings: read once, read again after they change (here or through sync)', async () => {
    const read = settingsReader();
    expect((await read()).theme).toBe(defaultSettings().theme);
    await writeSettings({ ...defaultSettings(), theme: 'dark' });
    expect((await read()).theme).toBe('dark');
    // Written by anyone (another page of ours, a migration): the next answer has it.
    await fakeBrowser.storage.local.set({ seenRolls: {} });
    await fakeBrowser.storage.local.set({ settings: { version: 1, theme: 'light' } });
    expect((await read()).theme).toBe('light');
  });
});
