/** Parlor Magic's calculator in the panel: costs, counts, ranks, combat and court abilities, with a post of the result. */
import { useMemo, useState } from 'preact/hooks';
import { cardLabel, readParlorCard, SUIT_SYMBOL, type Suit } from '../../../lib/games/parlor/cards';
import { parlorCounts, parlorRulings, type ParlorEntity } from '../../../lib/games/parlor/ranks';
import { PostPreview } from '../../panel/PostPreview';
import { compareEntities, comparisonPost, entityLabel } from '../../../lib/games/parlor/calculator';
import { PostButtons } from '../../panel/PostButtons';
import { tl, type Key, type Locale } from '../../../lib/i18n';
import { t, uiLocale } from '../../locale';
import { usePanel } from '../../panel/context';
import { Card, CardRow } from './cards';
import { errorText } from '../../../lib/errors';

// ---- the calculator ----

function entityOf(card: string, echs: string): { entity: ParlorEntity; error: string | null } {
  const list = echs.split(/[,\s]+/).filter(Boolean);
  const entity: ParlorEntity = { ...(card.trim() ? { card: card.trim() } : {}), echs: list };
  try {
    parlorCounts(entity);
    return { entity, error: null };
  } catch (e) {
    return { entity, error: errorText(e).replace(/^parlor(Card)?: /, '') };
  }
}

const labelOf = entityLabel;
const countsText = (e: ParlorEntity) => {
  const c = parlorCounts(e);
  const parts = (Object.entries(c) as [Suit, number][]).map(([s, v]) => `${SUIT_SYMBOL[s]}${v}`);
  return parts.length ? parts.join(' ') : t('pa.noCount');
};

function costText(card: string | undefined): string {
  if (!card) return t('pa.costDD');
  const c = readParlorCard(card)!;
  const kind =
    c.type === 'creature' ? t('pa.creature', { power: c.power ?? '?', toughness: c.toughness ?? '?' }) : c.type === 'land' ? t('pa.land') : t('pa.ech');
  const cost = c.type === 'land' ? t('pa.costsNothing') : t('pa.costSuit', { n: c.cost.suit, suit: suitName(c.suit), generic: c.cost.generic });
  return t('pa.costs', { card: cardLabel(c), kind, cost });
}

const suitName = (s: Suit, l?: Locale) => (l ? tl(l, `suit.${s}` as Key) : t(`suit.${s}` as Key));

type Typed = { card: string; echs: string };

/** The entity as cards: the card with its Echs under it, or a Domain Defense's Echs; nothing while it is not readable. */
function EntityCards({ entity }: { entity: ParlorEntity }) {
  if (entity.card) return <Card code={entity.card} echs={entity.echs ?? []} />;
  return <CardRow label={t('pa.costDD')} cards={(entity.echs ?? []).map((code) => ({ code }))} />;
}

/** One side of the comparison: the card and its Echs as typed, drawn beside the inputs. */
function CalcSide({ label, v, set, read }: { label: string; v: Typed; set: (x: Typed) => void; read: ReturnType<typeof entityOf> }) {
  return (
    <fieldset class="card">
      <legend>{label}</legend>
      <div class="pc-entity">
        <div class="row">
          <label class="field small">
            {t('pa.cardField')}
            <input
              value={v.card}
              maxLength={20}
              placeholder="K♥ or KH"
              onInput={(e) => set({ ...v, card: (e.target as HTMLInputElement).value })}
              style="width:110px"
            />
          </label>
          <label class="field small">
            {t('pa.echs')}
            <input
              value={v.echs}
              maxLength={60}
              placeholder="5D, 2H"
              onInput={(e) => set({ ...v, echs: (e.target as HTMLInputElement).value })}
              style="width:140px"
            />
          </label>
        </div>
        {!read.error && <EntityCards entity={read.entity} />}
      </div>
    </fieldset>
  );
}

export function ParlorCalcTab() {
  const { postLocale, writer, io } = usePanel();
  const [a, setA] = useState({ card: 'KH', echs: '5D' });
  const [b, setB] = useState({ card: 'QD', echs: '2H' });
  const [trump, setTrump] = useState<'' | Suit>('');
  const [petals, setPetals] = useState('0');
  const [status, setStatus] = useState('');
  const A = entityOf(a.card, a.echs);
  const B = entityOf(b.card, b.echs);
  const error = A.error ?? B.error;
  const tr = trump || null;
  const result = useMemo(() => (error ? null : compareEntities(A.entity, B.entity, tr, Number(petals) || 0, uiLocale())), [a, b, trump, petals, error]);

  const doc = result ? comparisonPost(A.entity, B.entity, tr, Number(petals) || 0, postLocale) : null;
  const post = doc ? writer.write(doc) : '';

  return (
    <section aria-label={t('pa.calc')} data-testid="parlor-calc">
      <h2 class="small">{t('pa.calcHeading')}</h2>
      <CalcSide label={t('pa.first')} v={a} set={setA} read={A} />
      <CalcSide label={t('pa.second')} v={b} set={setB} read={B} />
      <div class="row">
        <label class="field small">
          {t('pa.trump')}
          <select value={trump} onChange={(e) => setTrump((e.target as HTMLSelectElement).value as '' | Suit)}>
            <option value="">{t('pa.noTrumps')}</option>
            {(['H', 'D', 'S', 'C'] as const).map((s) => (
              <option key={s} value={s}>
                {SUIT_SYMBOL[s]} {suitName(s)}
              </option>
            ))}
          </select>
        </label>
        <label class="field small">
          {t('pa.petals')}
          <input type="number" min={0} max={20} value={petals} onInput={(e) => setPetals((e.target as HTMLInputElement).value)} style="width:70px" />
        </label>
      </div>
      {error && (
        <p class="alert small" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div class="card" data-testid="parlor-result">
          <p class="small">
            {t('pa.counts', { cost: costText(A.entity.card), counts: countsText(A.entity) })}
            <br />
            {t('pa.counts', { cost: costText(B.entity.card), counts: countsText(B.entity) })}
          </p>
          <p data-outranks={String(result.ab.outranks)} data-trumps={String(result.ab.trumps)}>
            {result.ab.reason}
          </p>
          <p>{result.ba.reason}</p>
          {(result.ab.bonus.power > 0 || result.ba.bonus.power > 0) && (
            <p data-testid="parlor-bonus">
              {result.ab.bonus.power
                ? t('pa.combat', { name: labelOf(A.entity, uiLocale()), power: result.ab.bonus.power })
                : t('pa.combat', { name: labelOf(B.entity, uiLocale()), power: result.ba.bonus.power })}
            </p>
          )}
          <ul class="small">
            {[...result.aAbilities, ...result.bAbilities].map((x, i) => (
              <li key={i}>{t('pa.abilityUi', { ability: x.ability, result: t(x.works ? 'pa.works' : 'pa.fails'), reason: x.reason })}</li>
            ))}
          </ul>
          <PostButtons {...io} setStatus={setStatus} text={post} />
          <div class="small" role="status">
            {status}
          </div>
          {doc && <PostPreview doc={doc} writer={writer} />}
        </div>
      )}
      <details class="small">
        <summary>{t('pa.rulings')}</summary>
        <ul>
          {parlorRulings(uiLocale()).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
