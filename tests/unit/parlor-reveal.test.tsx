// @vitest-environment happy-dom
// "Reveal my secret" before the game's end: a click alone (a lured one, on a drawer the page drew
// see-through) reveals nothing; only the word typed does. After the end, one click.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RevealButton } from '../../components/games/parlor/RevealConfirm';
import { setLocale } from '../../components/locale';
import { testRoot } from './panel-fake';

const root = testRoot();
afterEach(() => setLocale('en'));
const click = (el: Element | null | undefined) => act(() => void (el as HTMLElement).click());
const buttons = () => [...root.querySelectorAll('button')];
const type = (text: string) =>
  act(() => {
    const input = root.querySelector('input')!;
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('revealing a secret before the game ends', () => {
  it('any number of clicks, wherever they land, reveal nothing; the word typed does', async () => {
    const reveal = vi.fn();
    await act(() => render(<RevealButton ended={false} reveal={reveal} />, root));
    await click(buttons()[0]);
    expect(root.querySelector('[data-testid=reveal-confirm]')).not.toBeNull();
    // Lured clicks on every button the confirmation shows, over and over.
    for (let i = 0; i < 5; i++) for (const b of buttons().filter((x) => !x.textContent?.includes('Keep'))) await click(b);
    expect(reveal).not.toHaveBeenCalled();
    await type('revea');
    await click(buttons().find((b) => b.type === 'submit'));
    expect(reveal).not.toHaveBeenCalled();
    await type(' Reveal ');
    await click(buttons().find((b) => b.type === 'submit'));
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[data-testid=reveal-confirm]')).toBeNull();
  });

  it('in Italian the word is Italian', async () => {
    setLocale('it');
    const reveal = vi.fn();
    await act(() => render(<RevealButton ended={false} reveal={reveal} />, root));
    await click(buttons()[0]);
    expect(root.textContent).toMatch(/Scrivi “rivela”/);
    await type('rivela');
    await click(buttons().find((b) => b.type === 'submit'));
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('after the game’s end, one click adds the reveal', async () => {
    const reveal = vi.fn();
    await act(() => render(<RevealButton ended reveal={reveal} />, root));
    await click(buttons()[0]);
    expect(reveal).toHaveBeenCalledTimes(1);
  });
});
