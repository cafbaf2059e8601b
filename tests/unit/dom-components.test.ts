// The in-page components build DOM from text only: hostile strings stay text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builder } from '../../components/dom';
import { rollDetail } from '../../components/roll-detail';
import { findingsList, sheetBadge } from '../../components/sheet-badge';
import { auditSheetText } from '../../lib';
import type { RollView } from '../../lib/view';
import { loadPage } from '../helpers/dom';

const doc = loadPage('<!doctype html><body></body>');

const view: RollView = {
  id: '1-0',
  post: 1,
  author: '<b>A</b>',
  source: 'server',
  roller: '<img src=x onerror=alert(1)>',
  reason: 'Draw: <script>x</script> (Rare)',
  kind: 'draw',
  dice: 4,
  specs: ['4d10'],
  results: [20],
  faces: [9, 1, 6, 4],
  d10: true,
  modifier: 0,
  successes: 2,
  difficulty: 4,
  outcome: 'failed: +1 to channeling',
  drawResult: 'failed',
  rule: 'Draw Rare: difficulty 4',
  notes: ['<i>note</i>'],
  trust: 'verified',
  trustLabel: 'verified',
  reasons: ['<u>why</u>'],
  cautions: [],
  rules: [],
  lands: null,
  rollId: null,
  time: null,
};

describe('DOM components', () => {
  it('strings are text, never markup', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        const { h } = builder(doc);
        const el = h('div', { title: t }, t, h('span', null, t));
        expect(el.querySelectorAll('*').length).toBe(1);
        expect(el.textContent).toBe(t + t);
      }),
    );
  });

  it('a roll detail shows hostile names and reasons as text, with faces, chart and what-if', () => {
    const pop = rollDetail(doc, view, () => {});
    expect(pop.querySelectorAll('img, script, i, u').length).toBe(0);
    expect(pop.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(pop.textContent).toContain('Draw: <script>x</script> (Rare)');
    expect(pop.querySelectorAll('.die.hit').length).toBe(2);
    expect(pop.querySelector('svg.chart')?.getAttribute('aria-label')).toMatch(/to reach 4/);
    (pop.querySelector('button[aria-label="Raise the modifier"]') as HTMLButtonElement).click();
    (pop.querySelector('button[aria-label="Raise the modifier"]') as HTMLButtonElement).click();
    expect(pop.querySelector('output')?.textContent).toBe('+2');
    expect(pop.querySelectorAll('.die.hit').length).toBe(3); // 4+2 = 6 now succeeds
  });

  it('a sheet badge opens its audit', () => {
    const a = auditSheetText('Name: <svg onload=x>\nPower: 3\nToughness: 1\nBlue: 1\nMemory: 6\nTotal Earned XP: 5');
    const v = {
      id: 's',
      post: 1,
      author: '',
      text: '',
      spentXp: a.spentXp,
      earnedXp: a.earnedXp,
      unspentXp: a.unspentXp,
      complete: a.complete,
      findings: a.findings,
      spending: a.spending,
      problemCount: a.findings.filter((f) => f.severity !== 'info').length,
    };
    const badge = sheetBadge(doc, v);
    // Spent: Power 3 (6) + Toughness 1 (1) + Blue 1 (1) + Memory 6 (6) = 14; earned 5.
    expect(badge.textContent).toContain('-9 unspent');
    (badge.querySelector('button') as HTMLButtonElement).click();
    expect(badge.querySelector('[role=dialog]')?.textContent).toMatch(/overspent by 9/);
    expect(findingsList(doc, v).querySelectorAll('li').length).toBe(a.findings.length);
  });
});

describe('a roll badge’s detail, made by the extras', () => {
  it('opens when it comes, says why in its place when it cannot, and a late one after a close is dropped', async () => {
    const g = globalThis as unknown as { document?: Document };
    const had = g.document;
    g.document = doc;
    try {
      const { mountRollBadge } = await import('../../entrypoints/content/roll-badge');
      const { rootOf } = await import('../../entrypoints/content/mount');
      let settle: { ok: (el: HTMLElement) => void; no: (e: Error) => void } | null = null;
      let prepared = 0;
      const maker = {
        make: (d: Document) =>
          new Promise<HTMLElement>((ok, no) => {
            settle = { ok: () => ok(Object.assign(d.createElement('div'), { role: 'dialog', tabIndex: -1, textContent: 'the detail' })), no };
          }),
        prepare: () => void prepared++,
      };
      const { host } = mountRollBadge('roll', view, 'light', {}, [], maker);
      doc.body.appendChild(host);
      const inner = rootOf(host)!;
      const button = inner.querySelector('button')!;
      const slot = () => (button.parentElement!.lastChild as HTMLElement).textContent;
      const Ev = (doc.defaultView as unknown as { Event: typeof Event }).Event;
      button.dispatchEvent(new Ev('focus'));
      button.dispatchEvent(new Ev('pointerenter'));
      expect(prepared).toBe(2);
      button.click();
      expect(button.getAttribute('aria-expanded')).toBe('true');
      settle!.no(new Error('Spark Scribe was updated'));
      await new Promise((r) => setTimeout(r, 0));
      expect(slot()).toBe('⚠ Spark Scribe was updated');
      // Closed, then opened: the first answer to come after a close is not shown.
      button.click();
      button.click();
      const second = settle!;
      button.click();
      second.ok(doc.createElement('div'));
      await new Promise((r) => setTimeout(r, 0));
      expect(slot()).toBe('');
      button.click();
      settle!.ok(doc.createElement('div'));
      await new Promise((r) => setTimeout(r, 0));
      expect(slot()).toBe('the detail');
      host.remove();
    } finally {
      g.document = had;
    }
  });
});
