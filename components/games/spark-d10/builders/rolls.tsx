/** The builders of rolls on an attribute or a colour: a draw, Channeling, an ad-hoc roll. */
import { type Attribute, COLOURS, type Colour, SOURCE_ATTRIBUTES } from '../../../../lib/spark/attributes';
import { RARITIES, type Rarity } from '../../../../lib/spark/draw';
import { attributeName, colourName, rarityName, t } from '../../../locale';
import { Choice, declared, Field, type FieldsProps, inPlayOn, MODIFIER, num, type ReplyBuilder, rollMod, small } from './builder';

export const DRAW: ReplyBuilder = {
  kind: 'draw',
  label: 'rt.kind.draw',
  defaults: ({ sheet }) => ({ rarity: 'Common', memory: String(inPlayOn(sheet, 'Memory') ?? ''), modifier: String(rollMod(sheet, 'draw')) }),
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Field {...p} name="card" label={t('rt.card')} input={{ placeholder: 'Disenchant' }} />
      <Choice {...p} name="rarity" label={t('rt.rarity')} values={RARITIES} show={rarityName} />
      <Field {...p} name="memory" label={t('rt.memory')} input={small(1, 100)} />
      <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
    </div>
  ),
  build: (f, { locale }) =>
    declared({ kind: 'draw', card: f.card ?? '', rarity: (f.rarity as Rarity) || 'Common', memory: num(f.memory, NaN), modifier: num(f.modifier, 0) }, locale),
};

export const CHANNEL: ReplyBuilder = {
  kind: 'channel',
  label: 'rt.kind.channel',
  defaults: ({ sheet, me }) => {
    const colour = (sheet?.affinity.colours[0] ?? COLOURS.find((c) => (inPlayOn(sheet, c) ?? 0) > 0) ?? 'Red') as Colour;
    return {
      colour,
      trades: '0',
      carried: String(me?.pendingPlus ?? 0),
      modifier: String(rollMod(sheet, 'channeling')),
      lands: String(me?.lands.find((l) => l.colour === colour)?.count ?? 0),
    };
  },
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Choice {...p} name="colour" label={t('rt.colour')} values={COLOURS} show={colourName} />
      <Field
        {...p}
        name="attribute"
        label={t('rt.diceColour')}
        input={{ ...small(0, 100), value: p.form.attribute ?? (p.sheet ? String(inPlayOn(p.sheet, (p.form.colour as Colour) || 'Red')) : '') }}
      />
      <Field {...p} name="trades" label={t('rt.trades')} input={small(0, 33)} />
      <Field {...p} name="carried" label={t('rt.carried')} input={small(0, 5)} />
      <Field {...p} name="modifier" label={t('rt.otherModifier')} input={MODIFIER} />
      <Field {...p} name="lands" label={t('rt.lands')} input={small(0)} />
    </div>
  ),
  build: (f, { known, locale }) => {
    const colour = (f.colour as Colour) || 'Red';
    const attribute = num(f.attribute, inPlayOn(known.sheet, colour) ?? NaN);
    if (!Number.isFinite(attribute)) return { error: t('rt.err.dice', { colour: colourName(colour) }) };
    return declared(
      { kind: 'channel', colour, attribute, trades: num(f.trades, 0), carried: num(f.carried, 0), modifier: num(f.modifier, 0), landsInPlay: num(f.lands, 0) },
      locale,
    );
  },
};

export const AD_HOC: ReplyBuilder = {
  kind: 'ad-hoc',
  label: 'rt.kind.ad-hoc',
  defaults: ({ sheet }) => ({ source: 'Memory', spark: sheet?.affinity.colours[0] ?? 'Red', difficulty: '2', modifier: '0' }),
  Fields: (p: FieldsProps) => (
    <div class="row">
      <Choice {...p} name="source" label={t('rt.source')} values={SOURCE_ATTRIBUTES} show={attributeName} />
      <Choice {...p} name="spark" label={t('rt.spark')} values={COLOURS} show={colourName} />
      <Field {...p} name="difficulty" label={t('rt.gmDifficulty')} input={small(0, undefined, 90)} />
      <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
    </div>
  ),
  build: (f, { known, locale }) => {
    const source = f.source || 'Memory';
    const spark = f.spark || 'Red';
    const sourceValue = inPlayOn(known.sheet, source as Attribute);
    const sparkValue = inPlayOn(known.sheet, spark as Attribute);
    if (sourceValue === null || sparkValue === null) return { error: t('rt.err.bind') };
    return declared({ kind: 'ad-hoc', source, sourceValue, spark, sparkValue, modifier: num(f.modifier, 0), difficulty: num(f.difficulty, 0) }, locale);
  },
};
