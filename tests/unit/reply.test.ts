// @vitest-environment happy-dom
// The Reply tab as each game shows it: The Spark d10's builders above the shared reply box, the
// box alone for a game without builders; each builder one object; a forum's roller line read by
// its writer; the game's reading declared on it.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILDERS, builderOf, KINDS } from '../../components/games/spark-d10/builders';
import { recordOf } from '../../components/games/spark-d10/builders/builder';
import { Panel } from '../../components/panel/Panel';
import type { PanelSource } from '../../components/panel/source';
import { rollLineReader } from '../../lib/forums/roll-lines';
import { SPARK_D10 } from '../../lib/games/spark-d10/game';
import { GAMES } from '../../lib/games/registry';
import { EN as en } from '../../lib/i18n/en';
import type { Draft } from '../../lib/settings/schema';
import { ThreadScanner } from '../../lib/thread';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { fakeSource, settle } from './panel-fake';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
});

/** A panel's source answering what the Reply tab asks; drafts kept in `saved`. */
function source(game: string, saved: Draft[], inserted: string[]): PanelSource {
  return fakeSource({
    insert: async (text: string) => {
      inserted.push(text);
      return { ok: true as const };
    },
    loadDraft: async () => ({ text: 'Stored', form: { kind: 'speed', 'draw.card': 'Disenchant' }, updatedAt: 1 }),
    saveDraft: async (_k: string, d: Draft) => void saved.push(d),
    loadGameChoice: async () => game as never,
  });
}

const builderChoice = () => root.querySelector(`select[aria-label="${en['rt.what']}"]`) as HTMLSelectElement | null;
const draftBox = () => root.querySelector('[data-testid=draft]') as HTMLTextAreaElement | null;
const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;

describe('the Reply tab, by game', () => {
  it('The Spark d10: its builders, on the draft’s stored builder, above the shared box', async () => {
    render(h(Panel, { source: source(SPARK_D10.id, [], []), initialTab: 'reply' }), root);
    await settle();
    expect(builderChoice()?.value).toBe('speed');
    expect([...builderChoice()!.options].map((o) => o.value)).toEqual([...KINDS]);
    expect(draftBox()?.value).toBe('Stored');
    expect(root.querySelector('[aria-live=polite]')).not.toBeNull();
  });

  it.each(GAMES.filter((g) => g.id !== SPARK_D10.id).map((g) => [g.name, g.id]))('%s: the box alone, its draft kept, its text inserted', async (_name, id) => {
    const saved: Draft[] = [];
    const inserted: string[] = [];
    render(h(Panel, { source: source(id, saved, inserted), initialTab: 'reply' }), root);
    await settle();
    expect(root.querySelector('[role=tabpanel]')?.id).toBe('panel-reply');
    expect(builderChoice()).toBeNull();
    expect(root.querySelector('[aria-live=polite]')).toBeNull();
    expect(draftBox()?.value).toBe('Stored');
    await act(() => {
      draftBox()!.value = 'Well played.';
      draftBox()!.dispatchEvent(new Event('input'));
    });
    await settle(300);
    // The builders' fields stay as stored; no builder is chosen.
    expect(saved.at(-1)).toMatchObject({ text: 'Well played.', form: { kind: '', 'draw.card': 'Disenchant' } });
    await act(() => void button(en['post.insert'])!.click());
    await settle();
    expect(inserted).toEqual(['Well played.']);
    expect(root.querySelector('[role=status]')?.textContent).toBe(en['rt.inserted']);
  });
});

describe('the builders', () => {
  it('each one object, each kind once, each label its own', () => {
    expect(new Set(KINDS).size).toBe(BUILDERS.length);
    expect(new Set(BUILDERS.map((b) => b.label)).size).toBe(BUILDERS.length);
    for (const b of BUILDERS) expect(en[b.label], b.kind).toBeTruthy();
    expect(builderOf('no such kind')).toBe(BUILDERS[0]);
  });
});

describe('a copied roller line, read by the thread’s forum', () => {
  const line = '17:54, Mon 05 Oct: Tavi Quell rolled 24 using 6d10 with rolls of 2,9,5,4,1,3. Draw: Shivan Dragon (Rare) – [roll=1780166795.5.510003]';
  it('RPOL reads its Die Roller’s line; a board has no roller of its own', () => {
    expect(rollLineReader('rpol')?.(line)).toMatchObject({ source: 'log', rollId: '1780166795.5.510003', faces: [2, 9, 5, 4, 1, 3] });
    expect(rollLineReader('phpbb')).toBeUndefined();
    expect(recordOf(line, rollLineReader('phpbb'))?.rollId ?? null).toBeNull();
  });
  it('a pool and its faces, as any board shows them, on every forum', () => {
    expect(recordOf('4d10: 1 7 6 1', rollLineReader('phpbb'))?.faces).toEqual([1, 7, 6, 1]);
    expect(recordOf('4d10: 1 7 6 1', rollLineReader('rpol'))?.faces).toEqual([1, 7, 6, 1]);
  });
});

describe('the game’s reading', () => {
  it('The Spark d10 declares it, and the page’s scanner reads with it', () => {
    const reading = SPARK_D10.reading;
    const scanner = new ThreadScanner(RPOL_READING, { now: 0, year: 2024 } as never);
    expect(scanner.game).toBeInstanceOf(reading.Fold);
  });
});
