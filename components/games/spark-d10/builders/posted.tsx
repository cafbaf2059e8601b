/** The builders from what is already rolled or bound: a roll's summary, damage after a Toughness roll, the sheet. */
import { damageAfterToughness, rollSummary, sheetPost } from '../../../../lib/games/spark-d10/replies';
import { parseSheetText } from '../../../../lib/spark/sheet';
import { t } from '../../../locale';
import { Field, type FieldsProps, lifeOf, MODIFIER, num, recordOf, type ReplyBuilder, rollMod, small } from './builder';

/** A roll's line pasted from the forum's roller, or the one picked on its dice log page. */
function LogLine({ form, setForm, lastLogRoll, setStatus }: FieldsProps) {
  return (
    <div>
      <label class="field small">
        {t('rt.logLine')}
        <textarea
          class="mono"
          rows={3}
          value={form.logLine ?? ''}
          onInput={(e) => setForm({ logLine: (e.target as HTMLTextAreaElement).value })}
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
  );
}

export const SUMMARY: ReplyBuilder = {
  kind: 'summary',
  label: 'rt.kind.summary',
  defaults: () => ({}),
  Fields: LogLine,
  build: (f, { readRollLine, locale }) => {
    const rec = recordOf(f.logLine ?? '', readRollLine);
    return rec ? { doc: rollSummary(rec, locale) } : { error: t('rt.err.logLine') };
  },
};

/** The faces of a Toughness roll: the pasted line's, else those typed. */
const facesOf = (typed: string | undefined): number[] =>
  (typed ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

export const AFTER_TOUGHNESS: ReplyBuilder = {
  kind: 'after-toughness',
  label: 'rt.kind.after-toughness',
  defaults: ({ sheet, me }) => ({ modifier: String(rollMod(sheet, 'resistance')), life: lifeOf(me) }),
  Fields: (p: FieldsProps) => (
    <>
      <LogLine {...p} />
      <div class="row">
        <Field {...p} name="damage" label={t('rt.damage')} input={small(0)} />
        <Field {...p} name="faces" label={t('rt.orFaces')} input={{ placeholder: '1 7 6 1' }} />
        <Field {...p} name="modifier" label={t('rt.modifier')} input={MODIFIER} />
        <Field {...p} name="life" label={t('rt.lifeNow')} input={{ type: 'number', style: 'width:70px' }} />
      </div>
    </>
  ),
  build: (f, { readRollLine, locale }) => {
    const damage = num(f.damage, -1);
    if (damage < 0) return { error: t('reply.err.damage') };
    const rec = f.logLine?.trim() ? recordOf(f.logLine, readRollLine) : null;
    const faces = rec?.faces ?? facesOf(f.faces);
    if (faces.some((x) => !Number.isInteger(x) || x < 1 || x > 10)) return { error: t('rt.err.faces') };
    const life = f.life?.trim() ? num(f.life, 0) : null;
    return { doc: damageAfterToughness(damage, faces, num(f.modifier, 0), life, rec?.rollId ?? null, locale) };
  },
};

export const SHEET: ReplyBuilder = {
  kind: 'sheet',
  label: 'rt.kind.sheet',
  defaults: () => ({}),
  Fields: () => null,
  build: (_f, { boundSheet }) => (boundSheet ? { doc: sheetPost(parseSheetText(boundSheet).sheet) } : { error: t('rt.err.bindFirst') }),
};
