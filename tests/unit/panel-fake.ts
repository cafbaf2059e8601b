// A panel without a browser, for the tests that render it: the page's summary and a source that keeps what it is given.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach } from 'vitest';
import type { PanelSource } from '../../components/panel/source';
import { DEFAULT_SETTINGS } from '../../lib/settings/defaults';
import type { Scratch } from '../../lib/settings/schema';
import type { GameTable } from '../../lib/settings/tables';
import type { PageSummary } from '../../lib/view';

/** The element each test of the file renders into: in the document during a test, emptied and taken out after it. */
export function testRoot(): HTMLElement {
  const root = document.createElement('div');
  beforeEach(() => void document.body.append(root));
  afterEach(() => {
    render(null, root);
    root.remove();
  });
  return root;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Let promises settle and effects run. */
export const settle = async (ms = 0) => {
  for (let i = 0; i < 5; i++) await act(() => sleep(ms));
};

export const SUMMARY = {
  forum: 'rpol',
  kind: 'thread',
  notice: null,
  url: 'https://rpol.net/game.cgi?gi=7&ti=9',
  gameId: '7',
  threadId: '9',
  title: 'The duel',
  viewer: null,
  rolls: [],
  sheets: [],
  hasReplyForm: true,
  failures: [],
  tablePosts: [],
  tableChecks: [],
  duel: null,
} as unknown as PageSummary;

/** A panel's source: tables kept in `tables`, everything else empty unless overridden. */
export function fakeSource(overrides: Partial<PanelSource> = {}): PanelSource & { tables: Map<string, GameTable | null> } {
  const tables = new Map<string, GameTable | null>();
  const scratch: Scratch = { version: 1, pastedSheet: '', plannerText: '', plan: [] };
  return {
    tables,
    summary: async () => SUMMARY,
    jump: async () => {},
    insert: async () => ({ ok: true }),
    loadDraft: async () => null,
    saveDraft: async () => {},
    onDraftChanged: () => () => {},
    loadBound: async () => null,
    saveBound: async () => {},
    settings: async () => DEFAULT_SETTINGS,
    saveSettings: async () => {},
    loadScratch: async () => scratch,
    saveScratch: async () => {},
    lastLogRoll: async () => null,
    copy: async () => true,
    loadTable: async (k) => tables.get(k) ?? null,
    saveTable: async (k, t) => void tables.set(k, t),
    loadPrivate: async (store) => store.empty(),
    updatePrivate: async (store, change) => change(store.empty()),
    loadGameChoice: async () => null,
    saveGameChoice: async () => {},
    loadDuelStarts: async () => [],
    saveDuelStarts: async () => {},
    refold: async () => {},
    takeIncoming: async () => null,
    onIncoming: () => () => {},
    onPageChange: () => () => {},
    ...overrides,
  };
}
