/** The Parlor Magic table as a state post (forum-neutral): each ruler's Life, piles and cards in play, the Trumps stack, and the line every reader checks. */
import { type Locale, tl } from '../../i18n';
import { b, clip, line, type PostDoc, small } from '../../post/doc';
import { cardLabel, readParlorCard, SUIT_SYMBOL } from './cards';
import { cardOf, type Ruler, trumpSuit } from './model';
import { recordLine } from './records';
import type { ParlorGame } from './thread';

const label = (c: string) => {
  const card = readParlorCard(c);
  return card ? cardLabel(card) : c;
};

/** The state after post `after`: the table as the thread's game folds it. */
export function parlorStatePost(game: ParlorGame, after: number, l: Locale): PostDoc {
  const t = game.table;
  const row = (r: Ruler) => {
    const field = t.field
      .filter((f) => f.controller === r)
      .map((f) => `${label(cardOf(f.id))}${f.echs.length ? `+${f.echs.map((e) => label(cardOf(e))).join('+')}` : ''}${f.tapped ? ' ↷' : ''}`)
      .join(', ');
    return [
      [`${r} · ${clip(game.rulers[r]?.name ?? r, 40)}`],
      [String(t.life[r])],
      [String(t.hand[r].length)],
      [`${t.piles[r].length} / ${t.recycle[r].length} / ${t.discard[r].length}`],
      [field || '—'],
    ];
  };
  const trump = trumpSuit(t);
  return [
    line(b('Parlor Magic'), ` — ${tl(l, 'pp.after', { post: after })}`),
    {
      table: {
        head: [[tl(l, 'pp.ruler')], [tl(l, 'pp.life')], [tl(l, 'pp.hand')], [tl(l, 'pp.piles')], [tl(l, 'pp.inPlay')]],
        rows: [row('A'), row('B')],
      },
    },
    line(small(tl(l, 'pp.trumps', { stack: t.trumps.map((id) => label(cardOf(id))).join(' ') || '—', trump: trump ? SUIT_SYMBOL[trump] : '—' }))),
    { data: recordLine({ state: after, life: { ...t.life } }) },
  ];
}
