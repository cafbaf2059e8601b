/** The turn tracker of a duel: whose turn, its steps, undo, and at the end step what is due (mana burn applied from here). */
import { useState } from 'preact/hooks';
import type { Correction, DuelTable } from '../../../lib/games/spark-d10/stored';
import { DUEL_STEPS, endStepDue, nextStep } from '../../../lib/games/spark-d10/table';
import type { DuelistView } from '../../../lib/games/spark-d10/view';
import type { Key } from '../../../lib/i18n';
import { manaBurn } from '../../../lib/spark/duel';
import type { GameRules } from '../../../lib/spark/settings';
import { t, uiLocale } from '../../locale';

export function DuelTurn({
  table,
  order,
  active,
  rules,
  change,
  undo,
  canUndo,
}: {
  table: DuelTable;
  /** The duelists in turn order. */
  order: string[];
  active: DuelistView | null;
  rules: GameRules | null;
  change: (patch: Partial<DuelTable>) => void;
  undo: () => void;
  canUndo: boolean;
}) {
  const [unused, setUnused] = useState('');
  const _burnMana = (c: Correction) => change({ corrections: [...table.corrections, c] });
  return (
    <div class="card small" data-testid="turn" data-step={table.turn.step}>
      <div class="row">
        <b>{t('duel.turn', { n: table.turn.number })}</b>
        <label class="row">
          {t('duel.whose')}
          <select
            aria-label={t('duel.whoseTurn')}
            value={table.turn.active ?? order[0] ?? ''}
            onChange={(e) => change({ turn: { ...table.turn, active: (e.target as HTMLSelectElement).value } })}
          >
            {order.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          class="btn small primary"
          onClick={() => change({ turn: nextStep({ ...table.turn, active: table.turn.active ?? order[0] ?? null }, order) })}
        >
          {t('duel.nextStep')}
        </button>
        <button type="button" class="btn small" disabled={!canUndo} onClick={undo}>
          {t('duel.undo')}
        </button>
      </div>
      <ol class="steps" aria-label={t('duel.steps')}>
        {DUEL_STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i === table.turn.step ? 'step' : undefined}
            class={i === table.turn.step ? 'current' : i < table.turn.step ? 'done' : ''}
          >
            <button type="button" class="linkish" onClick={() => change({ turn: { ...table.turn, step: i } })}>
              {t(`step.${i}` as Key)}
            </button>
          </li>
        ))}
      </ol>
      {table.turn.step === 8 && active && rules && (
        <div data-testid="end-step">
          <b>{t('duel.endDue', { name: active.name })}</b>
          <ul>
            {endStepDue(active, rules, unused.trim() ? Math.trunc(Number(unused)) : null, uiLocale()).map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
          <div class="row">
            <label class="row">
              {t('duel.unusedMana')}
              <input type="number" min={0} value={unused} onInput={(e) => setUnused((e.target as HTMLInputElement).value)} style="width:60px" />
            </label>
            <button
              type="button"
              class="btn small"
              disabled={!unused.trim() || Number(unused) <= 0 || active.life === null}
              onClick={() => {
                const burn = manaBurn(Math.trunc(Number(unused)), rules);
                change({
                  corrections: [
                    ...table.corrections,
                    { duelist: active.name, field: 'life', value: active.life! - burn, note: t('duel.manaBurnNote', { count: Math.trunc(Number(unused)) }) },
                  ],
                });
                setUnused('');
              }}
            >
              {t('duel.applyBurn')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
