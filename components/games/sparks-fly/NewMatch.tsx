/** A new match of When Sparks Fly: its sparks, who bids first, the players and the seed, or the match a posted log carries. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Player } from '../../../lib/games/sparks-fly/engine';
import type { LogWithNames } from '../../../lib/games/sparks-fly/log-text';
import { t } from '../../locale';

export function NewMatch({
  tableKey,
  lastPosted,
  start,
  rules,
}: {
  tableKey: string;
  /** The last state post of the thread whose log can be read. */
  lastPosted: { post: number; events: number; log: LogWithNames | null } | undefined;
  start: (log: LogWithNames) => void;
  rules: ComponentChildren;
}) {
  const [setup, setSetup] = useState({ sparks: '120', firstBidder: 'A' as Player, seed: '', A: '', B: '' });
  const text = (e: Event) => (e.target as HTMLInputElement).value;
  return (
    <section aria-label={t('sf.section')}>
      <h2 class="small">{t('sf.newMatch')}</h2>
      {lastPosted && (
        <p class="card small">
          {t('sf.carriesLog', { post: lastPosted.post, count: lastPosted.events })}{' '}
          <button type="button" class="btn small primary" onClick={() => start(lastPosted.log!)}>
            {t('sf.continue', { post: lastPosted.post })}
          </button>
        </p>
      )}
      <div class="row">
        <label class="field small">
          {t('sf.sparksEach')}
          <select value={setup.sparks} onChange={(e) => setSetup({ ...setup, sparks: text(e) })}>
            <option value="120">{t('sf.sparks120')}</option>
            <option value="100">{t('sf.sparks100')}</option>
          </select>
        </label>
        <label class="field small">
          {t('sf.bidsFirst')}
          <select value={setup.firstBidder} onChange={(e) => setSetup({ ...setup, firstBidder: text(e) as Player })}>
            <option value="A">A</option>
            <option value="B">B</option>
          </select>
        </label>
      </div>
      <div class="row">
        <label class="field small">
          {t('sf.playerA')}
          <input value={setup.A} maxLength={60} onInput={(e) => setSetup({ ...setup, A: text(e) })} />
        </label>
        <label class="field small">
          {t('sf.playerB')}
          <input value={setup.B} maxLength={60} onInput={(e) => setSetup({ ...setup, B: text(e) })} />
        </label>
      </div>
      <label class="field small">
        {t('sf.seed')}
        <input value={setup.seed} maxLength={120} placeholder={tableKey} onInput={(e) => setSetup({ ...setup, seed: text(e).replace(/"/g, '') })} />
      </label>
      <button
        type="button"
        class="btn primary"
        onClick={() =>
          start({
            sparks: Number(setup.sparks),
            firstBidder: setup.firstBidder,
            seed: setup.seed.trim() || tableKey,
            names: { ...(setup.A.trim() ? { A: setup.A.trim() } : {}), ...(setup.B.trim() ? { B: setup.B.trim() } : {}) },
            events: [],
          })
        }
      >
        {t('sf.start')}
      </button>
      {rules}
    </section>
  );
}
