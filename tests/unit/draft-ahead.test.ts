// @vitest-environment happy-dom
// The thread's draft read ahead while the panel is idle (issue 43): a Reply tab opened later is
// usable in its first render, and what it shows is never older than what was left in it.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { draftAhead, readAhead } from '../../components/panel/draft-ahead';
import { type DraftStore, useDraft } from '../../components/panel/use-draft';
import type { Draft } from '../../lib/settings/schema';
import { settle, testRoot } from './panel-fake';

const root = testRoot();

/** A store as the browser's: every listener told of every write, its own included; reads counted. */
function store(initial: Record<string, Draft> = {}) {
  const saved = new Map(Object.entries(initial));
  const listeners = new Set<{ k: string; cb: (d: Draft) => void }>();
  const s: DraftStore & { saved: typeof saved; reads: number; tell: (k: string, d: Draft) => void } = {
    saved,
    reads: 0,
    loadDraft: async (k) => {
      s.reads++;
      return saved.get(k) ?? null;
    },
    saveDraft: async (k, d) => {
      saved.set(k, d);
      s.tell(k, d);
    },
    onDraftChanged: (k, cb) => {
      const l = { k, cb };
      listeners.add(l);
      return () => listeners.delete(l);
    },
    tell: (k, d) => {
      for (const l of listeners) if (l.k === k) l.cb(d);
    },
  };
  return s;
}

type State = ReturnType<typeof useDraft>;
/** The Reply tab's draft, mounted (the tab opened) or not (another tab open); each render seen. */
function tab(s: DraftStore, key: string) {
  const renders: { text: string; ready: boolean }[] = [];
  const out: { now: State } = { now: undefined as unknown as State };
  const Probe = () => {
    out.now = useDraft(key, s, ['draw', 'channel'], null, () => {}, 5);
    renders.push({ text: out.now.text, ready: out.now.ready });
    return null;
  };
  return { out, renders, open: () => render(h(Probe, {}), root), close: () => render(null, root) };
}

describe('the draft read ahead', () => {
  it('a Reply tab opened after it is usable in its first render, with the draft and its builder, and reads nothing again', async () => {
    const s = store({ a: { text: 'draft of a', form: { kind: 'channel', 'channel.x': '2' }, updatedAt: 1 } });
    readAhead(s, 'a');
    readAhead(s, 'a');
    await settle();
    expect(s.reads).toBe(1);
    expect(draftAhead(s, 'a')?.text).toBe('draft of a');
    const t = tab(s, 'a');
    t.open();
    expect(t.renders[0]).toEqual({ text: 'draft of a', ready: true });
    expect(t.out.now.kind).toBe('channel');
    expect(t.out.now.all).toEqual({ 'channel.x': '2' });
    await settle(10);
    expect(s.reads).toBe(1);
    // Opening it wrote nothing: nothing was typed.
    expect(s.saved.get('a')?.updatedAt).toBe(1);
  });

  it('a thread with no draft: the box is usable at once, empty, and nothing is written', async () => {
    const s = store();
    readAhead(s, 'b');
    await settle();
    const t = tab(s, 'b');
    t.open();
    expect(t.renders[0]).toEqual({ text: '', ready: true });
    await settle(10);
    expect(s.saved.has('b')).toBe(false);
  });

  it('not back yet: the tab reads it itself, disabled until then', async () => {
    const s = store({ a: { text: 'here', form: {}, updatedAt: 1 } });
    const t = tab(s, 'a');
    t.open();
    expect(t.renders[0]).toEqual({ text: '', ready: false });
    await settle();
    expect(t.out.now.text).toBe('here');
    expect(t.out.now.ready).toBe(true);
  });

  it('the tab left and opened again before its save: what was typed, and its own save is no change from elsewhere', async () => {
    const s = store({ a: { text: 'here', form: {}, updatedAt: 1 } });
    // A slow disk: the write lands well after the tab was opened again.
    const save = s.saveDraft;
    s.saveDraft = async (k, d) => {
      await new Promise((r) => setTimeout(r, 30));
      return save(k, d);
    };
    readAhead(s, 'a');
    await settle();
    const t = tab(s, 'a');
    t.open();
    await act(() => t.out.now.setText('here, and more'));
    t.close();
    const again = tab(s, 'a');
    again.open();
    expect(again.renders[0]).toEqual({ text: 'here, and more', ready: true });
    await settle(60);
    expect(s.saved.get('a')?.text).toBe('here, and more');
    expect(again.out.now.elsewhere).toBeNull();
  });

  it('a change made in another window while the tab was closed: the tab opens on it', async () => {
    const s = store({ a: { text: 'here', form: {}, updatedAt: 1 } });
    readAhead(s, 'a');
    await settle();
    s.tell('a', { text: 'there', form: {}, updatedAt: 2 });
    const t = tab(s, 'a');
    t.open();
    expect(t.renders[0]?.text).toBe('there');
  });

  for (const [when, settled] of [
    ['while the tab is open', true],
    ['between the tab’s first render and its listening', false],
  ] as const) {
    it(`a change made in another window ${when} is offered, as without the read ahead`, async () => {
      const s = store({ a: { text: 'here', form: {}, updatedAt: 1 } });
      readAhead(s, 'a');
      await settle();
      const t = tab(s, 'a');
      t.open();
      if (settled) await settle();
      await act(() => s.tell('a', { text: 'there', form: {}, updatedAt: Date.now() + 1000 }));
      await settle();
      expect(t.out.now.elsewhere?.text).toBe('there');
      expect(t.out.now.text).toBe('here');
    });
  }

  it('a draft that cannot be read is not kept: the tab reads it and says why', async () => {
    const s = store();
    s.loadDraft = async () => {
      throw new Error('kept aside');
    };
    readAhead(s, 'a');
    await settle();
    expect(draftAhead(s, 'a')).toBeUndefined();
    const t = tab(s, 'a');
    t.open();
    await settle();
    expect(t.out.now.status).toMatch(/kept aside/);
  });
});
