/** The fields of each reply builder, by kind: numbers the sheet and the duel hold are already filled in. */
import { COLOURS, SOURCE_ATTRIBUTES, type Colour } from '../../lib/spark/attributes';
import { RARITIES } from '../../lib/spark/draw';
import { attributeName, colourName, rarityName, t } from '../locale';
import { inPlay, type CharacterSheet } from '../../lib/spark/sheet';

type Form = Record<string, string>;

export function BuilderFields({
  kind,
  form,
  setForm,
  sheet,
  lastLogRoll,
  setStatus,
}: {
  kind: string;
  form: Form;
  setForm: (next: Form) => void;
  /** The bound sheet, for the defaults a field shows. */
  sheet: CharacterSheet | null;
  lastLogRoll: () => Promise<string | null>;
  setStatus: (s: string) => void;
}) {
  const set = (k: string) => (e: Event) => setForm({ [k]: (e.target as HTMLInputElement).value });
  const field = (k: string, label: string, props: Record<string, unknown> = {}) => (
    <label class="field small">
      {label}
      <input value={form[k] ?? ''} onInput={set(k)} {...props} data-field={k} />
    </label>
  );
  /** A choice among game terms: the value stays the term the builders read, the option shows it in the UI's language. */
  const choice = (k: string, label: string, values: readonly string[], name: (v: string) => string) => (
    <label class="field small">
      {label}
      <select value={form[k]} onChange={set(k)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {name(v)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      {kind === 'draw' && (
        <div class="row">
          {field('card', t('rt.card'), { placeholder: 'Disenchant' })}
          {choice('rarity', t('rt.rarity'), RARITIES, (r) => rarityName(r))}
          {field('memory', t('rt.memory'), { type: 'number', min: 1, max: 100, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {kind === 'channel' && (
        <div class="row">
          {choice('colour', t('rt.colour'), COLOURS, (c) => colourName(c))}
          {field('attribute', t('rt.diceColour'), {
            type: 'number',
            min: 0,
            max: 100,
            style: 'width:70px',
            value: form.attribute ?? (sheet ? String(inPlay(sheet, (form.colour as Colour) || 'Red')) : ''),
          })}
          {field('trades', t('rt.trades'), { type: 'number', min: 0, max: 33, style: 'width:70px' })}
          {field('carried', t('rt.carried'), { type: 'number', min: 0, max: 5, style: 'width:70px' })}
          {field('modifier', t('rt.otherModifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('lands', t('rt.lands'), { type: 'number', min: 0, style: 'width:70px' })}
        </div>
      )}
      {kind === 'speed' && (
        <div class="row">
          {field('focus', t('rt.focus'), { type: 'number', min: 0, max: 100, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('opponent', t('rt.oppSuccesses'), { type: 'number', min: 0, style: 'width:90px', placeholder: t('rt.unknown') })}
        </div>
      )}
      {kind === 'damage' && (
        <div class="row">
          {field('power', t('rt.power'), { type: 'number', min: 0, max: 100, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('toughness', t('rt.targetToughness'), { type: 'number', min: 0, style: 'width:90px', placeholder: t('rt.unknown') })}
          {field('targetModifier', t('rt.itsModifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {kind === 'toughness' && (
        <div class="row">
          {field('toughness', t('rt.currentToughness'), { type: 'number', min: 0, style: 'width:90px' })}
          {field('damage', t('rt.damage'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('life', t('rt.lifeNow'), { type: 'number', style: 'width:70px' })}
        </div>
      )}
      {kind === 'ad-hoc' && (
        <div class="row">
          {choice('source', t('rt.source'), SOURCE_ATTRIBUTES, (a) => attributeName(a))}
          {choice('spark', t('rt.spark'), COLOURS, (c) => colourName(c))}
          {field('difficulty', t('rt.gmDifficulty'), { type: 'number', min: 0, style: 'width:90px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {kind === 'recovery' && (
        <div class="row">
          {field('toughness', t('rt.toughness'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('difficulty', t('rt.difficulty'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {(kind === 'summary' || kind === 'after-toughness') && (
        <div>
          <label class="field small">
            {t('rt.logLine')}
            <textarea
              class="mono"
              rows={3}
              value={form.logLine ?? ''}
              onInput={set('logLine')}
              placeholder="17:54, Mon 05 Oct: Tavi Quell rolled … – [roll=…]"
            />
          </label>
          <button
            type="button"
            class="btn small"
            onClick={() =>
              void lastLogRoll().then((l) => {
                if (l) setForm({ logLine: l });
                else setStatus(t('rt.noPicked'));
              })
            }
          >
            {t('rt.usePicked')}
          </button>
        </div>
      )}
      {kind === 'after-toughness' && (
        <div class="row">
          {field('damage', t('rt.damage'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('faces', t('rt.orFaces'), { placeholder: '1 7 6 1' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('life', t('rt.lifeNow'), { type: 'number', style: 'width:70px' })}
        </div>
      )}
    </>
  );
}
