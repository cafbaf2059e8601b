// @vitest-environment happy-dom
// The panel without a browser: the games' views as registered, the panel composing them, and the
// small hooks that hold its state (a thread's table, the reply's draft, the planner's scratch).
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_TABS, GAME_VIEWS, viewOf } from '../../components/games/registry';
import { PanelContext, type PanelContextValue } from '../../components/panel/context';
import { Panel } from '../../components/panel/Panel';
import type { PanelSource } from '../../components/panel/source';
import { type DraftStore, useDraft } from '../../components/panel/use-draft';
import { useScratch } from '../../components/panel/use-scratch';
import { useThreadTable } from '../../components/panel/use-thread-table';
import { GAMES } from '../../lib/games/registry';
import type { Draft, Scratch } from '../../lib/settings/schema';
import { DEFAULT_SETTINGS } from '../../lib/settings/defaults';
import type { GameTable } from '../../lib/settings/tables';
import type { PageSummary } from '../../lib/view';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Let promises settle and effects run. */
const settle = async (ms = 0) => {
  for (let i = 0; i < 5; i++) await act(() => sleep(ms));
};

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const SUMMARY = {
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
  duel: null,
} as unknown as PageSummary;

function fakeSource(overrides: Partial<PanelSource> = {}): PanelSource & { tables: Map<string, GameTable | null> } {
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

const tabLabels = () => [...root.querySelectorAll('[role=tab]')].map((b) => b.textContent);

describe('the games’ views', () => {
  it('one view per game, in the game registry’s order', () => {
    expect(GAME_VIEWS.map((v) => v.game)).toEqual(GAMES.map((g) => g.id));
    for (const g of GAMES) expect(viewOf(g.id).game).toBe(g.id);
  });
  it('the strip’s order: the thread first, each game’s own tabs, the reply last; each tab once', () => {
    expect(ALL_TABS.map((t) => t.id)).toEqual(['thread', 'duel', 'sheets', 'planner', 'match', 'table', 'calc', 'reply']);
  });
});

describe('the panel composes what the game registers', () => {
  it('shows the guessed game’s tabs, and another game’s when chosen (on its first tab when the open one is not its)', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const source = fakeSource();
    render(h(Panel, { source, initialTab: 'duel' }), root);
    await settle();
    expect(tabLabels()).toEqual(['Rolls', 'Duel', 'Sheets', 'XP planner', 'Reply']);
    const choice = root.querySelector('[data-testid=game-choice]') as HTMLSelectElement;
    choice.value = GAMES[1].id;
    await act(() => void choice.dispatchEvent(new Event('change')));
    await settle();
    expect(tabLabels()).toEqual(['Rolls', 'Match', 'Reply']);
    expect(root.querySelector('[aria-selected=true]')?.id).toBe('tab-match');
    expect(root.querySelector('[role=tabpanel]')?.id).toBe('panel-match');
    vi.unstubAllGlobals();
  });
  it('off a forum’s page, a tab kept per thread asks for the thread', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const source = fakeSource({ summary: async () => null });
    render(h(Panel, { source, initialTab: 'match' }), root);
    await settle(800); // the panel asks a page that does not answer again for 3 s
    expect(root.querySelector('[role=tabpanel]')?.textContent).toContain('Open the thread where the match is played');
    vi.unstubAllGlobals();
  });
});

/** Renders `probe` inside a panel context made of `value`. */
function inPanel(value: Partial<PanelContextValue>, probe: () => null) {
  render(h(PanelContext.Provider, { value: value as PanelContextValue }, h(probe, null)), root);
}

describe('useThreadTable', () => {
  const game = GAMES[0].id;
  const table = { game, corrections: [], turn: { number: 2, active: null, step: 0 }, planeswalkers: [], sides: { A: null, B: null }, undo: [], updatedAt: 1 };

  it('reads the thread’s table of its game, and saves each change', async () => {
    const source = fakeSource();
    source.tables.set('k', table as GameTable);
    let seen: unknown = 'unread';
    let change: (t: never) => void = () => {};
    inPanel({ source, threadKey: 'k', setSaveProblem: () => {} }, () => {
      [seen, change] = useThreadTable(game);
      return null;
    });
    await settle();
    expect(seen).toEqual(table);
    const next = { ...table, turn: { number: 3, active: null, step: 1 } };
    await act(() => change(next as never));
    await settle();
    expect(seen).toEqual(next);
    expect(source.tables.get('k')).toEqual(next);
  });
  it('another game’s table is none of its own', async () => {
    const source = fakeSource();
    source.tables.set('k', { ...table, game: GAMES[1].id } as unknown as GameTable);
    let seen: unknown = 'unread';
    inPanel({ source, threadKey: 'k', setSaveProblem: () => {} }, () => {
      [seen] = useThreadTable(game);
      return null;
    });
    await settle();
    expect(seen).toBeNull();
  });
  it('a failed save is said, and the change stays shown', async () => {
    const source = fakeSource({ saveTable: async () => Promise.reject(new Error('quota')) });
    const problems: string[] = [];
    let seen: unknown;
    let change: (t: never) => void = () => {};
    inPanel({ source, threadKey: 'k', setSaveProblem: (p) => void problems.push(p) }, () => {
      [seen, change] = useThreadTable(game);
      return null;
    });
    await settle();
    await act(() => change(table as never));
    await settle();
    expect(seen).toEqual(table);
    expect(problems.at(-1)).toMatch(/quota/);
  });
});

describe('useDraft', () => {
  type State = ReturnType<typeof useDraft>;
  function store(initial: Record<string, Draft> = {}, fail = false) {
    const saved = new Map(Object.entries(initial));
    const listeners = new Map<string, (d: Draft) => void>();
    const s: DraftStore & { saved: typeof saved; listeners: typeof listeners } = {
      saved,
      listeners,
      loadDraft: async (k) => saved.get(k) ?? null,
      saveDraft: async (k, d) => {
        if (fail) throw new Error('disk full');
        saved.set(k, d);
      },
      onDraftChanged: (k, cb) => {
        listeners.set(k, cb);
        return () => listeners.delete(k);
      },
    };
    return s;
  }
  function mount(key: string | null, s: DraftStore, incoming: string | null = null, taken = () => {}) {
    const out: { now: State } = { now: undefined as unknown as State };
    const Probe = ({ k, inc }: { k: string | null; inc: string | null }) => {
      out.now = useDraft(k, s, ['draw', 'channel'], inc, taken, 5);
      return null;
    };
    render(h(Probe, { k: key, inc: incoming }), root);
    return { out, rerender: (k: string | null, inc: string | null = null) => render(h(Probe, { k, inc }), root) };
  }

  it('loads the thread’s draft, saves what is typed, and a thread switch never carries text across', async () => {
    const s = store({ a: { text: 'draft of a', form: { kind: 'channel' }, updatedAt: 1 } });
    const { out, rerender } = mount('a', s);
    await settle();
    expect(out.now.text).toBe('draft of a');
    expect(out.now.kind).toBe('channel');
    expect(out.now.ready).toBe(true);
    await act(() => out.now.setText('typed'));
    await settle(10);
    expect(s.saved.get('a')?.text).toBe('typed');
    rerender('b');
    await settle(10);
    expect(out.now.text).toBe('');
    expect(s.saved.get('a')?.text).toBe('typed');
  });
  it('a text sent from elsewhere is added once, after the saved draft', async () => {
    const s = store({ a: { text: 'mine', form: {}, updatedAt: 1 } });
    const taken = vi.fn();
    const { out } = mount('a', s, 'from a badge', taken);
    await settle();
    expect(out.now.text).toBe('mine\n\nfrom a badge');
    expect(taken).toHaveBeenCalledTimes(1);
  });
  it('a failed save is said', async () => {
    const s = store({}, true);
    const { out } = mount('a', s);
    await settle();
    await act(() => out.now.setText('typed'));
    await settle(10);
    expect(out.now.status).toMatch(/disk full/);
  });
  it('a change made in another window is offered, not written over', async () => {
    const s = store({ a: { text: 'here', form: {}, updatedAt: 1 } });
    const { out } = mount('a', s);
    await settle();
    await act(() => s.listeners.get('a')?.({ text: 'there', form: {}, updatedAt: Date.now() + 1000 }));
    expect(out.now.elsewhere?.text).toBe('there');
    expect(out.now.text).toBe('here');
    await act(() => out.now.resolve('theirs'));
    expect(out.now.text).toBe('there');
    expect(out.now.elsewhere).toBeNull();
  });
});

describe('useScratch', () => {
  it('reads what was typed, and saves each change after a pause', async () => {
    const saves: Scratch[] = [];
    const load = async (): Promise<Scratch> => ({ version: 1, pastedSheet: 'old', plannerText: '', plan: [] });
    let state: ReturnType<typeof useScratch> | undefined;
    const Probe = () => {
      state = useScratch(load, async (s) => void saves.push(s), 5);
      return null;
    };
    render(h(Probe, null), root);
    await settle();
    expect(state?.value?.pastedSheet).toBe('old');
    await act(() => state!.update({ pastedSheet: 'n' }));
    await act(() => state!.update({ pastedSheet: 'ne' }));
    await act(() => state!.update({ pastedSheet: 'new' }));
    await settle(10);
    expect(saves.map((s) => s.pastedSheet)).toEqual(['new']);
  });
});
