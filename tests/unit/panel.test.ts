// @vitest-environment happy-dom
// The panel without a browser: the games' views as registered, the panel composing them, and the
// small hooks that hold its state (a game's table, the reply's draft, the planner's scratch, the page's checks).
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { ALL_TABS, GAME_VIEWS, viewOf } from '../../components/games/registry';
import { PanelContext, type PanelContextValue } from '../../components/panel/context';
import { Panel } from '../../components/panel/Panel';
import type { PanelSource } from '../../components/panel/source';
import { type DraftStore, useDraft } from '../../components/panel/use-draft';
import { useScratch } from '../../components/panel/use-scratch';
import { type GameTableKeeping, useGameTable } from '../../components/panel/use-game-table';
import { usePageChecks } from '../../components/panel/use-page-checks';
import { SaveError } from '../../components/panel/SaveError';
import { GAMES } from '../../lib/games/registry';
import type { Draft, Scratch } from '../../lib/settings/schema';
import type { GameTable } from '../../lib/settings/tables';
import type { PageSummary } from '../../lib/view';
import { MATCH_TABLE } from '../../components/games/sparks-fly/match-table';
import type { SparksFlyTable } from '../../lib/settings/tables';
import { fakeSource, SUMMARY, settle, testRoot } from './panel-fake';

const root = testRoot();

const tabLabels = () => [...root.querySelectorAll('[role=tab]')].map((b) => b.textContent);

describe('the games’ views', () => {
  it('one view per game, in the game registry’s order', () => {
    expect(GAME_VIEWS.map((v) => v.game)).toEqual(GAMES.map((g) => g.id));
    for (const g of GAMES) expect(viewOf(g.id).game).toBe(g.id);
  });
  it('the strip’s order: the thread first, each game’s own tabs, the reply last; each tab once', () => {
    // Then the Turns view, every game's (issue 41).
    expect(ALL_TABS.map((t) => t.id)).toEqual(['thread', 'duel', 'sheets', 'planner', 'match', 'table', 'calc', 'reply', 'turns']);
  });
});

describe('the panel composes what the game registers', () => {
  it('shows the guessed game’s tabs, and another game’s when chosen (on its first tab when the open one is not its)', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const source = fakeSource();
    render(h(Panel, { source, initialTab: 'duel' }), root);
    await settle();
    expect(tabLabels()).toEqual(['Rolls', 'Duel', 'Sheets', 'XP planner', 'Reply', 'Turns']);
    const choice = root.querySelector('[data-testid=game-choice]') as HTMLSelectElement;
    choice.value = GAMES[1].id;
    await act(() => void choice.dispatchEvent(new Event('change')));
    await settle();
    expect(tabLabels()).toEqual(['Rolls', 'Match', 'Reply', 'Turns']);
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

describe('a tab kept drawn (the Reply tab, in the side panel and the drawer)', () => {
  const visible = () => [...root.querySelectorAll('[role=tabpanel]')].filter((p) => !p.classList.contains('unseen')).map((p) => p.id);
  it('is there, unseen and out of reach, while another tab is open; opening it keeps what was typed and moves nothing', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    let reads = 0;
    const source = fakeSource({
      loadDraft: async () => {
        reads++;
        return null;
      },
    });
    render(h(Panel, { source, initialTab: 'duel', keep: ['reply'] }), root);
    await settle();
    // Read once, ahead; the kept tab starts from it.
    expect(reads).toBe(1);
    const reply = root.querySelector('#panel-reply') as HTMLElement;
    expect(reply.classList.contains('unseen')).toBe(true);
    expect((reply as HTMLElement & { inert?: boolean }).inert).toBe(true);
    expect(visible()).toEqual(['panel-duel']);
    const box = reply.querySelector('textarea') as HTMLTextAreaElement;
    expect(box.disabled).toBe(false);
    box.value = 'typed while hidden';
    await act(() => void box.dispatchEvent(new Event('input')));
    await act(() => (root.querySelector('#tab-reply') as HTMLButtonElement).click());
    await settle();
    // The same box (nothing remade), shown, with its text; the Duel tab's body is gone.
    expect(root.querySelector('#panel-reply textarea')).toBe(box);
    expect(box.value).toBe('typed while hidden');
    expect(visible()).toEqual(['panel-reply']);
    expect((root.querySelector('#panel-reply') as HTMLElement & { inert?: boolean }).inert).toBeFalsy();
    expect(root.querySelector('#panel-duel')).toBeNull();
    // Another tab again: the Reply tab stays, unseen, after it.
    await act(() => (root.querySelector('#tab-sheets') as HTMLButtonElement).click());
    await settle();
    expect([...root.querySelectorAll('[role=tabpanel]')].map((p) => p.id)).toEqual(['panel-sheets', 'panel-reply']);
    expect(root.querySelector('#panel-reply textarea')).toBe(box);
    vi.unstubAllGlobals();
  });
  it('opened on the Reply tab, it is never remade when it becomes kept', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    render(h(Panel, { source: fakeSource(), initialTab: 'reply', keep: ['reply'] }), root);
    const first = root.querySelector('#panel-reply');
    await settle();
    expect(root.querySelector('#panel-reply')).toBe(first);
    expect(visible()).toEqual(['panel-reply']);
    vi.unstubAllGlobals();
  });
});

/** Renders `probe` inside a panel context made of `value`. */
function inPanel(value: Partial<PanelContextValue>, probe: () => null) {
  render(h(PanelContext.Provider, { value: value as PanelContextValue }, h(probe, null)), root);
}

describe('useGameTable', () => {
  const game = GAMES[0].id;
  const table = { game, corrections: [], turn: { number: 2, active: null, step: 0 }, planeswalkers: [], sides: { A: null, B: null }, undo: [], updatedAt: 1 };
  type Table = typeof table;
  /** A table that is plain data: the action is the next table. */
  const PLAIN: GameTableKeeping<GameTable | null, GameTable> = { game, empty: null, apply: (_t, next) => next, notSaved: 'panel.tableNotSaved' };
  /** A table folded from events: the action moves the turn on by its number (stamped when applied). */
  const TURNS: GameTableKeeping<Table, number> = {
    game,
    empty: { ...table, turn: { number: 1, active: null, step: 0 }, updatedAt: 0 },
    apply: (t, n) => ({ ...t, turn: { ...t.turn, number: t.turn.number + n }, updatedAt: Date.now() }),
    notSaved: 'panel.tableNotSaved',
  };
  type Kept<T, A> = ReturnType<typeof useGameTable<T & (GameTable | null), A>>;
  function mount<T extends GameTable | null, A>(source: PanelSource, keeping: GameTableKeeping<T, A>) {
    const out = { now: undefined as unknown as Kept<T, A> };
    inPanel({ source, threadKey: 'k' }, () => {
      out.now = useGameTable(keeping) as Kept<T, A>;
      return h(SaveError, { error: out.now.saveError }) as unknown as null;
    });
    return out;
  }
  /** A source whose writes are counted. */
  function counted(overrides: Partial<PanelSource> = {}) {
    const source = fakeSource(overrides);
    const writes: (GameTable | null)[] = [];
    const save = source.saveTable;
    source.saveTable = async (k, t) => {
      writes.push(t);
      return save(k, t);
    };
    return { source, writes };
  }

  it('reads the thread’s table of its game, and saves each change', async () => {
    const source = fakeSource();
    source.tables.set('k', table as GameTable);
    const kept = mount(source, PLAIN);
    await settle();
    expect(kept.now.state).toEqual(table);
    const next = { ...table, turn: { number: 3, active: null, step: 1 } };
    await act(() => void kept.now.dispatch(next as GameTable));
    await settle();
    expect(kept.now.state).toEqual(next);
    expect(source.tables.get('k')).toEqual(next);
  });
  it('another game’s table is none of its own', async () => {
    const source = fakeSource();
    source.tables.set('k', { ...table, game: GAMES[1].id } as unknown as GameTable);
    const kept = mount(source, PLAIN);
    await settle();
    expect(kept.now.state).toBeNull();
  });
  it('loads before it saves: an action taken before the stored table is back is applied to it, never written over it', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { source, writes } = counted();
    source.tables.set('k', table as GameTable);
    const load = source.loadTable;
    source.loadTable = async (k) => {
      await gate;
      return load(k);
    };
    const kept = mount(source, TURNS);
    await settle();
    await act(() => void kept.now.dispatch(1));
    await settle();
    expect(writes).toEqual([]);
    expect((source.tables.get('k') as Table).turn.number).toBe(2);
    release();
    await settle();
    // The stored turn 2, moved on by 1: not the empty table's turn 1 moved on.
    expect(kept.now.state.turn.number).toBe(3);
    expect(writes.map((w) => (w as Table).turn.number)).toEqual([3]);
  });
  it('writes only when the stored table would change (when it was saved is no change)', async () => {
    const { source, writes } = counted();
    source.tables.set('k', table as GameTable);
    const kept = mount(source, PLAIN);
    await settle();
    await act(() => void kept.now.dispatch({ ...table, updatedAt: 99 } as GameTable));
    await settle();
    expect(writes.length).toBe(0);
    const next = { ...table, turn: { number: 3, active: null, step: 0 } } as GameTable;
    await act(() => void kept.now.dispatch(next));
    await act(() => void kept.now.dispatch({ ...next, updatedAt: 5 } as GameTable));
    await settle();
    expect(writes).toEqual([next]);
  });
  it('undo brings back the table before the last step and saves it; what is not a step stays', async () => {
    const { source } = counted();
    source.tables.set('k', table as GameTable);
    // The step number is not undone (as a match's clock): undo keeps it as it is now.
    const keeping: GameTableKeeping<Table, number> = {
      ...TURNS,
      apply: (t, n) => (n ? TURNS.apply(t, n) : { ...t, turn: { ...t.turn, step: t.turn.step + 1 } }),
      step: (n) => n !== 0,
      restore: (earlier, now) => ({ ...earlier, turn: { ...earlier.turn, step: now.turn.step } }),
    };
    const kept = mount(source, keeping);
    await settle();
    expect(kept.now.canUndo).toBe(false);
    await act(() => void kept.now.dispatch(1));
    await act(() => void kept.now.dispatch(10));
    await act(() => void kept.now.dispatch(0));
    await settle();
    expect(kept.now.state.turn).toEqual({ number: 13, active: null, step: 1 });
    await act(() => kept.now.undo());
    await settle();
    expect(kept.now.state.turn).toEqual({ number: 3, active: null, step: 1 });
    expect((source.tables.get('k') as Table).turn).toEqual({ number: 3, active: null, step: 1 });
    await act(() => kept.now.undo());
    await settle();
    expect(kept.now.state.turn).toEqual({ number: 2, active: null, step: 1 });
    expect(kept.now.canUndo).toBe(false);
  });
  it('a game that keeps its undo in its table: undo outlasts the panel', async () => {
    const { source } = counted();
    source.tables.set('k', table as GameTable);
    const keeping: GameTableKeeping<Table, number> = {
      ...TURNS,
      history: {
        of: (t) => t.undo.map((turn) => ({ ...t, turn: turn as Table['turn'], undo: [] })),
        with: (t, earlier) => ({ ...t, undo: earlier.map((e) => e.turn) as never[] }),
      },
    };
    const first = mount(source, keeping);
    await settle();
    await act(() => void first.now.dispatch(1));
    await act(() => void first.now.dispatch(10));
    await settle();
    expect((source.tables.get('k') as Table).undo).toEqual([
      { number: 2, active: null, step: 0 },
      { number: 3, active: null, step: 0 },
    ]);
    // The panel closed and opened again: the steps it took are still there to undo.
    const again = mount(source, keeping);
    await settle();
    expect(again.now.canUndo).toBe(true);
    await act(() => again.now.undo());
    await settle();
    expect(again.now.state.turn.number).toBe(3);
    expect((source.tables.get('k') as Table).undo).toEqual([{ number: 2, active: null, step: 0 }]);
  });
  it('a match read from storage can be undone: its log is its history (the last 30 moves)', () => {
    const history = MATCH_TABLE.history!;
    const match = (n: number) =>
      ({ game: 'sparks-fly', log: { events: Array.from({ length: n }, (_, i) => ({ miss: i })) }, updatedAt: 1 }) as unknown as SparksFlyTable;
    expect(history.of(null)).toEqual([]);
    expect(history.of(match(3)).map((t) => t!.log.events.length)).toEqual([0, 1, 2]);
    const long = history.of(match(40));
    expect(long.map((t) => t!.log.events.length)).toEqual(Array.from({ length: 30 }, (_, i) => i + 10));
    expect(history.with(match(3), [])).toEqual(match(3));
  });
  it('a refused action changes nothing and is returned', async () => {
    const { source, writes } = counted();
    const refusal = { refused: true as const, rule: 'game.unreadable' as const, values: {} };
    const kept = mount(source, { ...TURNS, apply: (t, n) => (n < 0 ? refusal : TURNS.apply(t, n)) });
    await settle();
    let out: unknown;
    await act(() => void (out = kept.now.dispatch(-1)));
    await settle();
    expect(out).toBe(refusal);
    expect(writes).toEqual([]);
    expect(kept.now.canUndo).toBe(false);
  });
  it('a failed save is said, shown, and the change stays shown', async () => {
    const source = fakeSource({ saveTable: async () => Promise.reject(new Error('quota')) });
    const kept = mount(source, PLAIN);
    await settle();
    await act(() => void kept.now.dispatch(table as GameTable));
    await settle();
    expect(kept.now.state).toEqual(table);
    expect(kept.now.saveError).toMatch(/quota/);
    expect(root.querySelector('[data-testid=save-error]')?.textContent).toMatch(/The duel table was not saved: quota/);
  });
});

describe('usePageChecks', () => {
  const post = { post: 2, author: 'A', text: 'a log' };
  const check = { post: 2, game: GAMES[1].id, verdict: 'follows' as const, label: '', reasons: ['fine'] };
  it('gives the page’s verdicts for one game, asking the page again while it has table posts and no verdict yet', async () => {
    let summary = { ...SUMMARY, tablePosts: [post], tableChecks: [] } as PageSummary;
    let seen: unknown[] = [];
    const Probe = () => {
      seen = usePageChecks(GAMES[1].id, 5, 1);
      return null;
    };
    const refresh = vi.fn(() => {
      summary = { ...summary, tableChecks: [check, { ...check, game: GAMES[2].id }] };
      draw();
    });
    const draw = () => render(h(PanelContext.Provider, { value: { summary, refresh } as unknown as PanelContextValue }, h(Probe, null)), root);
    draw();
    await settle(5);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([check]);
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
    expect(out.now.saveError).toMatch(/^Not saved: disk full/);
  });
  it('a failed save is said until the next good one', async () => {
    const s = store();
    let fail = true;
    const save = s.saveDraft;
    s.saveDraft = async (k, d) => {
      if (fail) throw new Error('disk full');
      return save(k, d);
    };
    const { out } = mount('a', s);
    await settle();
    await act(() => out.now.setText('typed'));
    await settle(10);
    expect(out.now.saveError).toMatch(/disk full/);
    fail = false;
    await act(() => out.now.setText('typed again'));
    await settle(10);
    expect(s.saved.get('a')?.text).toBe('typed again');
    expect(out.now.saveError).toBe('');
    expect(out.now.status).toBe('');
  });
  it('this panel’s own save, told by the storage before the save has answered, is not a change from elsewhere', async () => {
    const s = store({ a: { text: 'here', form: {}, updatedAt: 1 } });
    // As in the drawer's frame: the storage's change event for the write comes before the write's answer.
    s.saveDraft = async (k, d) => {
      s.saved.set(k, d);
      s.listeners.get(k)?.(d);
      await new Promise((r) => setTimeout(r, 5));
    };
    const { out } = mount('a', s);
    await settle();
    await act(() => out.now.setText('here, and more'));
    await settle(20);
    expect(s.saved.get('a')?.text).toBe('here, and more');
    expect(out.now.elsewhere).toBeNull();
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
  it('a failed save is said until the next good one', async () => {
    let fail = true;
    const load = async (): Promise<Scratch> => ({ version: 1, pastedSheet: '', plannerText: '', plan: [] });
    let state: ReturnType<typeof useScratch> | undefined;
    const Probe = () => {
      state = useScratch(load, async () => (fail ? Promise.reject(new Error('quota')) : undefined), 5);
      return null;
    };
    render(h(Probe, null), root);
    await settle();
    await act(() => state!.update({ pastedSheet: 'x' }));
    await settle(10);
    expect(state?.saveError).toBe('Not saved: quota');
    fail = false;
    await act(() => state!.update({ pastedSheet: 'xy' }));
    await settle(10);
    expect(state?.saveError).toBe('');
  });
});
