/** The builders of a duel's rolls: Speed, Damage, Toughness, Recovery. */
import { t } from '../../../locale';
import { declared, Field, type FieldsProps, inPlayOn, lifeOf, MODIFIER, num, type ReplyBuilder, rollMod, small } from './builder';

export const SPEED: ReplyBuilder = {
  kind: 'speed',
  label: 'rt.kind.speed',
  defaults: ({ sheet, opponent }) => ({
    focus: String(inPlayOn(sheet, 'Focus') ?? ''),
    modifier: String(rollMod(sheet, 'speed')),
    opponent: opponent?.speed ? String(opponent.speed.successes) : '',
  }),
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Field {...p} name="focus" label={t('rt.focus')} input={small(0, 100)} />
      <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
      <Field {...p} name="opponent" label={t('rt.oppSuccesses')} input={{ ...small(0, undefined, 90), placeholder: t('rt.unknown') }} />
    </div>
  ),
  build: (f, { known, locale }) => {
    const focus = num(f.focus, NaN);
    if (!Number.isFinite(focus)) return { error: t('rt.err.focus') };
    const opponent = f.opponent?.trim() ? { name: known.opponent?.name ?? t('rt.opponent'), successes: num(f.opponent, 0) } : null;
    return declared({ kind: 'speed', focus, modifier: num(f.modifier, 0), opponent }, locale);
  },
};

export const DAMAGE: ReplyBuilder = {
  kind: 'damage',
  label: 'rt.kind.damage',
  defaults: ({ sheet, opponent }) => ({
    power: String(inPlayOn(sheet, 'Power') ?? ''),
    modifier: String(rollMod(sheet, 'damage')),
    toughness: opponent?.toughness !== null && opponent?.toughness !== undefined ? String(opponent.toughness) : '',
    targetModifier: '0',
  }),
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Field {...p} name="power" label={t('rt.power')} input={small(0, 100)} />
      <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
      <Field {...p} name="toughness" label={t('rt.targetToughness')} input={{ ...small(0, undefined, 90), placeholder: t('rt.unknown') }} />
      <Field {...p} name="targetModifier" label={t('rt.itsModifier')} input={MODIFIER} />
    </div>
  ),
  build: (f, { known, locale }) => {
    const power = num(f.power, NaN);
    if (!Number.isFinite(power)) return { error: t('rt.err.power') };
    const target = f.toughness?.trim()
      ? { name: known.opponent?.name ?? t('rt.target'), toughness: num(f.toughness, 0), modifier: num(f.targetModifier, 0) }
      : null;
    return declared({ kind: 'damage', power, modifier: num(f.modifier, 0), target }, locale);
  },
};

export const TOUGHNESS: ReplyBuilder = {
  kind: 'toughness',
  label: 'rt.kind.toughness',
  defaults: ({ sheet, me }) => ({
    toughness: String(me?.toughness ?? inPlayOn(sheet, 'Toughness') ?? ''),
    damage: '',
    modifier: String(rollMod(sheet, 'resistance')),
    life: lifeOf(me),
  }),
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Field {...p} name="toughness" label={t('rt.currentToughness')} input={small(0, undefined, 90)} />
      <Field {...p} name="damage" label={t('rt.damage')} input={small(0)} />
      <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
      <Field {...p} name="life" label={t('rt.lifeNow')} input={{ type: 'number', style: 'width:70px' }} />
    </div>
  ),
  build: (f, { locale }) => {
    const toughness = num(f.toughness, NaN);
    if (!Number.isFinite(toughness)) return { error: t('rt.err.toughness') };
    return declared(
      { kind: 'toughness', toughness, damage: num(f.damage, -1), modifier: num(f.modifier, 0), life: f.life?.trim() ? num(f.life, 0) : null },
      locale,
    );
  },
};

export const RECOVERY: ReplyBuilder = {
  kind: 'recovery',
  label: 'rt.kind.recovery',
  defaults: ({ sheet, me }) => ({
    toughness: String(me?.toughness ?? inPlayOn(sheet, 'Toughness') ?? ''),
    difficulty: '1',
    modifier: String(rollMod(sheet, 'recovery')),
  }),
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Field {...p} name="toughness" label={t('rt.toughness')} input={small(0)} />
      <Field {...p} name="difficulty" label={t('rt.difficulty')} input={small(0)} />
      <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
    </div>
  ),
  build: (f, { locale }) => {
    const toughness = num(f.toughness, NaN);
    if (!Number.isFinite(toughness)) return { error: t('rt.err.recovery') };
    return declared({ kind: 'recovery', toughness, modifier: num(f.modifier, 0), difficulty: num(f.difficulty, 0) }, locale);
  },
};
