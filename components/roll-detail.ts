/** A roll's detail (in-page): faces, successes, the rule, the verdict, the chance chart, a what-if modifier. */
import { chanceAtLeast, clampModifier, isSuccess, successDistribution } from '../lib/dice/pool';
import { signed } from '../lib/games/spark-d10/summary';
import { readSparkRoll } from '../lib/spark/reading';
import { kindLabel, trustLabel, type RollView } from '../lib/view';
import { formatPercent, t, uiLocale } from './locale';
import { successesText } from './badge-dom';
import { builder, type Child } from './dom';

export function facesView(doc: Document, faces: readonly number[], modifier: number): HTMLElement {
  const { h } = builder(doc);
  const m = clampModifier(modifier);
  return h(
    'div',
    { class: 'dice', role: 'list', 'aria-label': t('detail.faces') },
    faces.map((f) => {
      const hit = isSuccess(f, m);
      const withMod = m ? t('detail.withModifier', { value: f + m }) : '';
      const said = hit ? t('detail.success') : t('detail.noSuccess');
      return h(
        'span',
        {
          role: 'listitem',
          class: `die${hit ? ' hit' : ''}${f === 1 ? ' one' : ''}`,
          title: `${f}${m ? ` ${m > 0 ? '+' : '−'} ${Math.abs(m)} = ${f + m}` : ''}: ${said}`,
          'aria-label': `${f}${withMod}, ${said}`,
        },
        String(f),
        m ? h('small', null, String(f + m)) : null,
      );
    }),
  );
}

/** The exact distribution as bars: the difficulty marked, the rolled result outlined, the chance in words. */
export function distributionChart(doc: Document, dice: number, modifier: number, difficulty: number | null, result: number | null): HTMLElement | null {
  if (dice < 1 || dice > 200) return null;
  const { h, s } = builder(doc);
  const dist = successDistribution(dice, modifier);
  const chance = difficulty === null ? null : chanceAtLeast(dice, difficulty, modifier);
  const [width, height, top, bottom] = [320, 110, 14, 16];
  const max = Math.max(...dist);
  const bw = (width - 4) / dist.length;
  const mod = modifier ? t('detail.at', { modifier: signed(modifier) }) : '';
  const label =
    (chance !== null
      ? t('detail.chart.labelReach', { dice, mod, percent: formatPercent(chance, 1), difficulty: difficulty! })
      : t('detail.chart.label', { dice, mod })) + (result !== null ? t('detail.chart.rolled', { result }) : '');
  const bars: Child[] = dist.map((p, k) => {
    const bh = max ? ((height - top - bottom) * p) / max : 0;
    const pass = difficulty !== null && k >= difficulty;
    return s(
      'g',
      null,
      s(
        'rect',
        {
          class: `bar${pass ? ' pass' : ''}${k === result ? ' rolled' : ''}`,
          x: 2 + k * bw + 1,
          y: height - bottom - bh,
          width: Math.max(1, bw - 2),
          height: bh,
        },
        s('title', null, t('detail.chart.bar', { k, percent: formatPercent(p, 2) })),
      ),
      dist.length <= 21 || k % Math.ceil(dist.length / 20) === 0
        ? s('text', { x: 2 + k * bw + bw / 2, y: height - 4, 'text-anchor': 'middle' }, String(k))
        : null,
    );
  });
  const marker =
    difficulty !== null && difficulty <= dice
      ? s(
          'g',
          null,
          s('line', { class: 'diffline', x1: 2 + difficulty * bw, x2: 2 + difficulty * bw, y1: top - 4, y2: height - bottom }),
          s('text', { x: Math.min(width - 60, 4 + difficulty * bw), y: top - 4 }, t('detail.chart.needs', { difficulty })),
        )
      : null;
  return h(
    'figure',
    { style: 'margin:6px 0' },
    s('svg', { class: 'chart', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label }, bars, marker),
    h(
      'figcaption',
      { class: 'small muted' },
      chance !== null
        ? [h('b', null, formatPercent(chance, 1)), t('detail.chart.reach', { difficulty: difficulty!, dice, mod })]
        : t('detail.chart.plain', { dice, mod }),
    ),
  );
}

/** The detail popover. `onClose` is called on Escape or the close button. */
export interface DetailAction {
  label: string;
  /** Runs the action; resolves to a message shown beside the button. */
  run: () => Promise<string>;
}

/** The roll read again at another modifier (the what-if); the roll itself at its own. */
function whatIf(view: RollView, modifier: number): RollView {
  if (modifier === view.modifier || !view.d10) return view;
  const r = readSparkRoll(
    {
      specs: [{ count: view.dice, sides: 10, modifier: 0, raw: `${view.dice}d10` }],
      faces: view.faces,
      results: view.results,
      reason: view.reason,
      rerollOnes: false,
    },
    modifier,
    uiLocale(),
  );
  return { ...view, successes: r.successes, outcome: r.outcome, difficulty: r.difficulty };
}

/** The verdict: its word, its reasons and cautions. */
function verdictBox(doc: Document, view: RollView): HTMLElement {
  const { h } = builder(doc);
  return h(
    'div',
    { class: `verdict t-${view.trust}` },
    h('b', null, trustLabel(view.trust, uiLocale())),
    h(
      'ul',
      null,
      view.reasons.map((r) => h('li', null, r)),
      view.cautions.map((c) => h('li', null, `⚠ ${c}`)),
    ),
  );
}

/** An action's button, and where what it did is said. */
function actionRow(doc: Document, a: DetailAction): HTMLElement {
  const { h } = builder(doc);
  const said = h('span', { class: 'small', role: 'status' });
  return h(
    'div',
    { class: 'row', style: 'margin-top:6px' },
    h('button', { type: 'button', class: 'btn small', onClick: () => void a.run().then((m) => (said.textContent = m)) }, a.label),
    said,
  );
}

export function rollDetail(doc: Document, view: RollView, onClose: () => void, actions: readonly DetailAction[] = []): HTMLElement {
  const { h } = builder(doc);
  let modifier = view.modifier;
  const withDice = view.d10 && view.kind !== 'starting-hand' && view.dice > 0;
  // Parts that change with the what-if modifier; everything else is built once (focus stays put).
  const facesBox = h('div', null);
  const stat = h('div', { class: 'row', style: 'margin:4px 0' });
  const chartBox = h('div', null);
  const output = h('output', { class: 'stat', style: 'min-width:28px' });
  const range = h('input', {
    type: 'range',
    min: -5,
    max: 5,
    step: 1,
    value: modifier,
    'aria-label': t('detail.modifier'),
    onInput: (e) => setModifier(Number((e.target as HTMLInputElement).value)),
  });

  const update = () => {
    const w = whatIf(view, modifier);
    facesBox.replaceChildren(
      ...(view.faces && view.kind !== 'starting-hand' && view.d10 ? [facesView(doc, view.faces, modifier)] : []),
      ...(view.faces && view.kind === 'starting-hand' ? [h('div', { class: 'small' }, t('detail.positions', { positions: view.faces.join(', ') }))] : []),
    );
    stat.replaceChildren(
      ...[
        w.successes !== null ? h('span', { class: 'stat' }, successesText(w)) : null,
        h('span', null, w.outcome),
        w !== view ? h('span', { class: 'small muted' }, t('detail.whatIfAt', { modifier: signed(modifier), rolled: signed(view.modifier) })) : null,
      ].filter((x): x is HTMLElement => !!x),
    );
    if (withDice) {
      const chart = distributionChart(doc, view.dice, modifier, w.difficulty, w.successes);
      chartBox.replaceChildren(...(chart ? [chart] : []));
      output.textContent = signed(modifier);
      range.value = String(modifier);
    }
  };
  const setModifier = (m: number) => {
    modifier = Math.max(-5, Math.min(5, m));
    update();
  };

  const pop = h(
    'div',
    {
      class: 'pop',
      role: 'dialog',
      'aria-label': t('detail.label', { kind: kindLabel(view.kind, uiLocale()), roller: view.roller }),
      tabindex: -1,
      onKeydown: (e) => {
        if ((e as KeyboardEvent).key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      },
    },
    h('button', { type: 'button', class: 'close', 'aria-label': t('detail.close'), onClick: onClose }, '×'),
    h('h3', null, `${kindLabel(view.kind, uiLocale())} · `, h('span', { class: 'muted' }, view.roller)),
    h(
      'div',
      { class: 'small' },
      view.reason ? `“${view.reason}”` : h('span', { class: 'muted' }, t('detail.noReason')),
      h('span', { class: 'muted' }, ` · ${view.specs.join(', ')} · ${t('detail.rolled', { results: view.results.join(', ') })}`),
    ),
    facesBox,
    stat,
    h('div', { class: 'small muted' }, view.rule),
    verdictBox(doc, view),
    view.notes.map((n) => h('div', { class: 'small' }, `ℹ ${n}`)),
    withDice
      ? [
          chartBox,
          h(
            'div',
            { class: 'whatif' },
            h('span', { class: 'small' }, t('detail.whatIf')),
            h('button', { type: 'button', 'aria-label': t('detail.lower'), onClick: () => setModifier(modifier - 1) }, '−'),
            range,
            h('button', { type: 'button', 'aria-label': t('detail.raise'), onClick: () => setModifier(modifier + 1) }, '+'),
            output,
          ),
        ]
      : null,
    actions.map((a) => actionRow(doc, a)),
  );
  update();
  return pop;
}
