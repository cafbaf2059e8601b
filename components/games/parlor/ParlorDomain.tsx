/**
 * One ruler's side of Parlor's table drawn as cards: the piles with their counts, the Domain
 * Defense, the lands, creatures and Echs in play (tapped turned, summoning sickness marked, Echs
 * under their card), and the hand as a fan (card backs for a hand this device may not see).
 */
import type { ComponentChildren } from 'preact';
import { SUIT_SYMBOL, type Suit } from '../../../lib/games/parlor/cards';
import { card, cardOf, type FieldCard, type ParlorTable as Table, type Ruler, trumpSuit } from '../../../lib/games/parlor/model';
import { t } from '../../locale';
import { CardRow, type CardView, HandFan, Pile } from './cards';

/** A caption a sighted reader sees above cards that a screen reader hears by their own name. */
export function Captioned({ caption, children, testid }: { caption: string; children: ComponentChildren; testid?: string }) {
  return (
    <div class="pc-captioned" data-testid={testid}>
      <p class="small muted pc-caption" aria-hidden="true">
        {caption}
      </p>
      {children}
    </div>
  );
}

const viewOf = (f: FieldCard): CardView => ({
  code: cardOf(f.id),
  tapped: f.tapped,
  sick: f.sick,
  skipsUntap: f.skipsUntap,
  damage: f.damage,
  echs: f.echs.map(cardOf),
});

const ROWS = [
  ['land', 'pm.ui.row.lands'],
  ['creature', 'pm.ui.row.creatures'],
  ['enchantment', 'pm.ui.row.echs'],
] as const;

/** The ruler's cards in play: Domain Defense, lands, creatures, Echs (a row only when it has cards). */
function Field({ table, r, name }: { table: Table; r: Ruler; name: string }) {
  const field = table.field.filter((f) => f.controller === r);
  const rows = ROWS.map(([kind, key]) => ({ key, cards: field.filter((f) => (card(cardOf(f.id))?.type ?? 'enchantment') === kind).map(viewOf) }));
  const defense = table.defense[r].map((id) => ({ code: cardOf(id) }));
  if (!field.length && !defense.length) return <CardRow label={t('pm.ui.field', { name })} cards={[]} />;
  return (
    <div class="pc-field">
      {defense.length > 0 && (
        <Captioned caption={t('pm.ui.defense', { name })}>
          <CardRow label={t('pm.ui.defense', { name })} cards={defense} />
        </Captioned>
      )}
      {rows.map(({ key, cards }) =>
        cards.length ? (
          <Captioned key={key} caption={t(key, { name })}>
            <CardRow label={t(key, { name })} cards={cards} />
          </Captioned>
        ) : null,
      )}
    </div>
  );
}

/** One ruler's domain: Life, pool, piles, the cards in play and the hand. */
export function Domain({ table, r, name, mine }: { table: Table; r: Ruler; name: string; mine: boolean }) {
  const pool = (Object.entries(table.pool[r]) as [Suit, number][]).map(([s, n]) => `${SUIT_SYMBOL[s]}${n}`);
  const hand = table.hand[r];
  const handLabel = mine ? t('pm.ui.hand') : t('pm.ui.handOf', { name });
  return (
    <div class="card" data-testid={`parlor-domain-${r}`} data-life={table.life[r]}>
      <b>
        {r} · {name}
      </b>{' '}
      {t('pm.ui.life', { life: table.life[r] })}
      {pool.length > 0 && ` · ${t('pm.ui.pool', { pool: pool.join(' ') })}`}
      <div class="pc-piles">
        <Pile kind="draw" count={table.piles[r].length} />
        <Pile kind="recycle" count={table.recycle[r].length} />
        <Pile kind="discard" count={table.discard[r].length} top={table.discard[r].at(-1) ?? null} />
      </div>
      <Field table={table} r={r} name={name} />
      <Captioned caption={t('pm.ui.handCaption', { label: handLabel, count: hand.length })} testid={mine ? 'parlor-hand' : undefined}>
        {hand.length > 0 && <HandFan cards={hand} label={handLabel} />}
      </Captioned>
    </div>
  );
}

/** The Trumps stack (the last card on top) and the trump suit it makes. */
export function TrumpsStack({ table }: { table: Table }) {
  const suit = trumpSuit(table);
  return (
    <div data-testid="parlor-trumps">
      {table.trumps.length ? (
        <Captioned caption={t('pm.ui.trumps')}>
          <CardRow label={t('pm.ui.trumps')} cards={table.trumps.map((id) => ({ code: cardOf(id) }))} />
        </Captioned>
      ) : (
        <CardRow label={t('pm.ui.trumps')} cards={[]} />
      )}
      <p class="small">{t('pm.ui.trump', { trump: suit ? SUIT_SYMBOL[suit] : '—' })}</p>
    </div>
  );
}
