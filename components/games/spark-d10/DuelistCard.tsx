/** One duelist of the duel: Life, Toughness, lands, the carried +1s, hand and focus, each linked to the roll that decided it; and its correction form. */
import type { DuelistView } from '../../../lib/games/spark-d10/view';
import type { Correction } from '../../../lib/games/spark-d10/stored';
import { landsLabel } from '../../../lib/games/spark-d10/table';
import type { Key } from '../../../lib/i18n';
import { useState } from 'preact/hooks';
import { t, uiLocale } from '../../locale';

const lifeState = (s: NonNullable<DuelistView['lifeState']>) => t(`duel.lifeState.${s}` as Key);

function Decided({ id, onJump, label }: { id: string | undefined; onJump: (id: string) => void; label: string }) {
  if (!id) return null;
  return (
    <button type="button" class="btn small" style="padding:0 6px" title={t('duel.decidedTitle')} onClick={() => onJump(id)}>
      <span aria-hidden="true">↗ </span>#{id.split('-')[0]}
      <span class="sr-only">{` — ${t('duel.decided', { label })}`}</span>
    </button>
  );
}

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <span class="meter" role="img" aria-label={t('duel.ofMax', { label, value, max })}>
      <span style={`width:${pct}%`} />
    </span>
  );
}

/** The fields a correction can set, with how they are typed. */
const CORRECTABLE: { field: Correction['field'] | 'lands'; kind: 'number' | 'boolean' }[] = [
  { field: 'life', kind: 'number' },
  { field: 'toughness', kind: 'number' },
  { field: 'staggered', kind: 'boolean' },
  { field: 'pendingPlus', kind: 'number' },
  { field: 'hand', kind: 'number' },
];

function CorrectForm({ d, onCorrect }: { d: DuelistView; onCorrect: (c: Correction) => void }) {
  const [field, setField] = useState<string>('life');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const fields = [
    ...CORRECTABLE.map((c) => [c.field, t(`duel.field.${c.field}` as Key)] as const),
    ...d.lands.map((l) => [`lands.${l.colour}`, landsLabel(l.colour, uiLocale())] as const),
  ];
  const boolean = field === 'staggered';
  return (
    <details class="small">
      <summary>{t('duel.correct')}</summary>
      <div class="row">
        <label class="field small">
          {t('duel.correct.value')}
          <select value={field} onChange={(e) => setField((e.target as HTMLSelectElement).value)}>
            {fields.map(([f, l]) => (
              <option key={f} value={f}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {boolean ? (
          <label class="field small">
            {t('duel.field.staggered')}
            <select value={value || 'true'} onChange={(e) => setValue((e.target as HTMLSelectElement).value)}>
              <option value="true">{t('duel.yes')}</option>
              <option value="false">{t('duel.no')}</option>
            </select>
          </label>
        ) : (
          <label class="field small">
            {t('duel.correct.new')}
            <input type="number" value={value} onInput={(e) => setValue((e.target as HTMLInputElement).value)} style="width:80px" />
          </label>
        )}
        <label class="field small">
          {t('duel.correct.why')}
          <input value={note} maxLength={300} onInput={(e) => setNote((e.target as HTMLInputElement).value)} placeholder={t('duel.correct.whyHint')} />
        </label>
        <button
          type="button"
          class="btn small"
          disabled={!boolean && (value.trim() === '' || !Number.isFinite(Number(value)))}
          onClick={() => {
            onCorrect({
              duelist: d.name,
              field: field as Correction['field'],
              value: boolean ? (value || 'true') === 'true' : Math.trunc(Number(value)),
              note: note.trim(),
            });
            setValue('');
            setNote('');
          }}
        >
          {t('duel.correct.set')}
        </button>
      </div>
    </details>
  );
}

export function DuelistCard({ d, onJump, onCorrect }: { d: DuelistView; onJump: (id: string) => void; onCorrect: (c: Correction) => void }) {
  return (
    <article key={d.name} class="card" data-duelist={d.name} data-life={d.life ?? ''} data-toughness={d.toughness ?? ''} data-staggered={String(d.staggered)}>
      <h2 style="margin:0 0 4px;font-size:14px">
        {d.name}{' '}
        {d.staggered && (
          <span class="badge t-rules" style="cursor:default">
            {t('duel.staggered')}
          </span>
        )}
      </h2>
      <div class="small muted">{d.sheet ? t('duel.sheet', { name: d.sheet }) : t('duel.noSheet')}</div>
      {d.cautions?.map((c, i) => (
        <div key={i} class="small" data-caution="">
          ⚠ {c}
        </div>
      ))}
      <dl class="duel-stats">
        <dt>{t('duel.field.life')}</dt>
        <dd>
          <b>{d.life ?? '—'}</b>
          {d.lifeStart !== null && t('duel.of', { max: d.lifeStart })}
          {d.life !== null && d.lifeStart !== null && <Bar value={d.life} max={d.lifeStart} label={t('duel.field.life')} />}
          {d.lifeState && d.lifeState !== 'fighting' && <span class="error"> {lifeState(d.lifeState)}</span>}
          <Decided id={d.decidedBy.life} onJump={onJump} label={t('duel.field.life')} />
        </dd>
        <dt>{t('duel.field.toughness')}</dt>
        <dd>
          <b>{d.toughness ?? '—'}</b>
          {d.toughnessBase !== null && t('duel.of', { max: d.toughnessBase })}
          {d.wear > 0 && t('duel.wornBy', { n: d.wear })}
          <Decided id={d.decidedBy.toughness} onJump={onJump} label={t('duel.field.toughness')} />
        </dd>
        {d.lands.map((l) => (
          <>
            <dt key={`${l.colour}-t`}>{landsLabel(l.colour, uiLocale())}</dt>
            <dd key={`${l.colour}-d`} data-colour={l.colour} data-lands={l.count}>
              {l.count}
              {l.cap !== null && ` / ${l.cap}`}
              {l.cap !== null && <Bar value={l.count} max={l.cap} label={landsLabel(l.colour, uiLocale())} />}
              <Decided id={d.decidedBy[`lands.${l.colour}`]} onJump={onJump} label={landsLabel(l.colour, uiLocale())} />
            </dd>
          </>
        ))}
        {d.manaReservoir !== null && (
          <>
            <dt>{t('duel.reservoir')}</dt>
            <dd>{d.manaReservoir}</dd>
          </>
        )}
        <dt>{t('duel.nextChanneling')}</dt>
        <dd>
          {d.pendingPlus ? t('duel.carried', { count: d.pendingPlus, n: d.pendingPlus }) : t('duel.noCarried')}
          <Decided id={d.decidedBy.pending} onJump={onJump} label={t('duel.carriedLabel')} />
        </dd>
        {(d.hand !== null || d.memory !== null) && (
          <>
            <dt>{t('duel.hand')}</dt>
            <dd>
              {d.hand ?? '?'} {d.memory !== null && t('duel.memory', { n: d.memory })}
              {d.hand !== null && d.memory !== null && d.hand > d.memory && <span class="error">{t('duel.discardAtEnd', { count: d.hand - d.memory })}</span>}
            </dd>
          </>
        )}
        {d.focus !== null && (
          <>
            <dt>{t('duel.focus')}</dt>
            <dd>{t('duel.focusLine', { n: d.focus })}</dd>
          </>
        )}
      </dl>
      <CorrectForm d={d} onCorrect={onCorrect} />
    </article>
  );
}
