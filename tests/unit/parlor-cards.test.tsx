// @vitest-environment happy-dom
// Parlor's cards as the Table tab and the Calculator draw them: what a screen reader says of each,
// in English and Italian; hidden cards stay hidden; the hand's fan is worked from the keyboard.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { Card, CardBack, CardRow, HandFan, Pile, cardDescription } from '../../components/games/parlor/cards';
import { setLocale } from '../../components/locale';
import { testRoot } from './panel-fake';

const root = testRoot();
afterEach(() => setLocale('en'));
const show = (el: preact.VNode) => act(() => render(el, root));
const labels = (sel = '[aria-label]') => [...root.querySelectorAll(sel)].map((e) => e.getAttribute('aria-label'));
const key = (el: Element, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('a card’s words', () => {
  it.each([
    [{ code: 'JH', tapped: true, echs: ['2C'] }, 'Jack of hearts, tapped, 1 Ech: 2 of clubs', 'Fante di cuori, tappata, 1 Ech: 2 di fiori'],
    [{ code: '10S' }, '10 of spades', '10 di picche'],
    [{ code: 'AD', sick: true }, 'Ace of diamonds, summoning sick', 'Asso di quadri, debolezza da evocazione'],
    [
      { code: 'KC', damage: 2, skipsUntap: true, echs: ['5D', 'QH'] },
      'King of clubs, skips its next untap, 2 damage, 2 Echs: 5 of diamonds, Queen of hearts',
      'Re di fiori, salta il prossimo stap, 2 danni, 2 Ech: 5 di quadri, Donna di cuori',
    ],
    [{ code: '?', tapped: true }, 'hidden card', 'carta coperta'],
    [{ code: 'ZZ' }, 'unreadable card “ZZ”', 'carta illeggibile «ZZ»'],
  ])('%j', (view, en, it) => {
    expect(cardDescription(view)).toBe(en);
    setLocale('it');
    expect(cardDescription(view)).toBe(it);
  });
});

describe('Card, CardBack, Pile, CardRow', () => {
  it('a card is one named image in the Tab order, red or black, turned when tapped, its Echs under it', () => {
    show(<Card code="JH" tapped sick echs={['2C']} />);
    const card = root.querySelector('[role=img]')!;
    expect(card.getAttribute('aria-label')).toBe('Jack of hearts, tapped, summoning sick, 1 Ech: 2 of clubs');
    expect(card.getAttribute('tabindex')).toBe('0');
    expect(card.getAttribute('data-tapped')).toBe('true');
    expect(root.querySelector('.pc')!.getAttribute('data-colour')).toBe('red');
    expect(root.querySelector('.pc-rank')!.textContent).toBe('J');
    expect(root.querySelector('.pc-suit')!.textContent).toBe('♥');
    expect(root.querySelector('.pc-sick')).not.toBeNull();
    expect(root.querySelector('.pc-ech')!.textContent).toBe('2♣');
    expect(root.querySelector('.pc-ech')!.getAttribute('data-colour')).toBe('black');
    // Everything drawn inside is hidden from a screen reader: the name says it once.
    expect([...card.children].map((c) => c.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
  });

  it('a card back shows nothing of the card', () => {
    show(<CardBack />);
    expect(labels()).toEqual(['hidden card']);
    expect(root.textContent).toBe('');
    expect(root.querySelector('.pc-back')).not.toBeNull();
  });

  it('piles say their count, and the discard its top card; in Italian too', () => {
    show(
      <div>
        <Pile kind="draw" count={33} />
        <Pile kind="discard" count={1} top="7H" />
        <Pile kind="recycle" count={0} />
      </div>,
    );
    expect(labels()).toEqual(['Draw pile: 33 cards', 'Discard: 1 card, on top: 7 of hearts', 'Recycle: 0 cards']);
    // The draw pile is face down: its name and count are all it shows, no rank or suit of any card.
    expect(root.querySelector('[data-pile=draw]')!.textContent).toBe('Draw33');
    setLocale('it');
    show(<Pile kind="draw" count={33} />);
    expect(labels()).toEqual(['Mazzo di pesca: 33 carte']);
    expect(root.querySelector('[data-pile=draw]')!.textContent).toBe('Mazzo33');
  });

  it('a row lists its cards, each reachable; an empty row says so', () => {
    show(<CardRow label="Ada’s creatures" cards={[{ code: 'QS', tapped: true }, { code: '3D' }]} />);
    expect(root.querySelector('ul')!.getAttribute('aria-label')).toBe('Ada’s creatures');
    expect(labels('li [role=img]')).toEqual(['Queen of spades, tapped', '3 of diamonds']);
    expect([...root.querySelectorAll('[tabindex="0"]')].length).toBe(2);
    show(<CardRow label="Bram’s lands" cards={[]} />);
    expect(root.textContent).toBe('Bram’s lands: no cards');
  });
});

describe('HandFan', () => {
  it('an opponent’s hidden hand is card backs, one stop, its count in words, no card named', () => {
    show(<HandFan cards={['?', '?', '?']} label="Bram’s hand" />);
    expect(labels()).toEqual(['Bram’s hand: 3 hidden cards']);
    expect(root.querySelectorAll('.pc-back').length).toBe(3);
    expect(root.querySelectorAll('[tabindex]').length).toBe(1);
  });

  it('a hand only shown: each card in the Tab order', () => {
    show(<HandFan cards={['AH', '10C']} label="Ada’s hand" />);
    expect(labels('li [role=img]')).toEqual(['Ace of hearts', '10 of clubs']);
  });

  it('a hand to pick from is a listbox: arrows, Home and End move, Enter and Space pick, a disabled card is not picked', () => {
    const picks: [string, number][] = [];
    show(<HandFan cards={['KH', '7S', '2D', 'JC']} label="Your hand" picked={[1]} disabled={[2]} onPick={(c, i) => picks.push([c, i])} />);
    const box = root.querySelector('[role=listbox]')!;
    expect(box.getAttribute('aria-label')).toBe('Your hand');
    const options = () => [...root.querySelectorAll('[role=option]')];
    expect(options().map((o) => o.getAttribute('aria-label'))).toEqual(['King of hearts', '7 of spades', '2 of diamonds', 'Jack of clubs']);
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false']);
    expect(options()[2]!.getAttribute('aria-disabled')).toBe('true');
    const tabStops = () => options().map((o) => o.getAttribute('tabindex'));
    expect(tabStops()).toEqual(['0', '-1', '-1', '-1']);
    (options()[0] as HTMLElement).focus();
    key(options()[0]!, 'ArrowRight');
    expect(tabStops()).toEqual(['-1', '0', '-1', '-1']);
    expect(document.activeElement).toBe(options()[1]);
    key(options()[1]!, 'Enter');
    key(options()[1]!, 'End');
    expect(document.activeElement).toBe(options()[3]);
    key(options()[3]!, 'ArrowRight');
    expect(tabStops()).toEqual(['-1', '-1', '-1', '0']);
    key(options()[3]!, 'ArrowLeft');
    key(options()[2]!, ' ');
    key(options()[2]!, 'Home');
    key(options()[0]!, 'Enter');
    expect(picks).toEqual([
      ['7S', 1],
      ['KH', 0],
    ]);
    act(() => (options()[3] as HTMLElement).click());
    expect(picks.at(-1)).toEqual(['JC', 3]);
  });

  it('the fan’s names follow the UI’s language', () => {
    setLocale('it');
    show(<HandFan cards={['QD']} label="La tua mano" onPick={() => {}} />);
    expect(labels('[role=option]')).toEqual(['Donna di quadri']);
  });
});
