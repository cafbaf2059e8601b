/** The comparisons every game makes of who posted and when a post was edited (lib/games/posters.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editOrder, identityMatch } from '../../lib/games/posters';

describe('identityMatch', () => {
  it.each([
    [null, 'u1', 'unbound'],
    ['', 'u1', 'unbound'],
    [undefined, undefined, 'unbound'],
    ['u1', 'u1', 'same'],
    ['u1', 'u2', 'other'],
    ['u1', null, 'none'],
    ['u1', '', 'none'],
    ['u1', undefined, 'none'],
  ] as const)('bound %j, shown %j: %s', (bound, shown, want) => {
    expect(identityMatch(bound, shown)).toBe(want);
  });
});

describe('editOrder', () => {
  it('no edit is null; an untimed edit or post is unknown', () => {
    expect(editOrder(null, { time: 5 }, 'before')).toBeNull();
    expect(editOrder(undefined, { time: 5 }, 'unknown')).toBeNull();
    expect(editOrder({ time: null }, { time: 5 }, 'before')).toBe('unknown');
    expect(editOrder({ time: 5 }, { time: null }, 'before')).toBe('unknown');
    expect(editOrder({ time: 5 }, {}, 'before')).toBe('unknown');
    expect(editOrder({ time: Number.NaN }, { time: 5 }, 'before')).toBe('unknown');
  });

  it('the same time is what the game rules', () => {
    expect(editOrder({ time: 60 }, { time: 60 }, 'before')).toBe('before');
    expect(editOrder({ time: 60 }, { time: 60 }, 'unknown')).toBe('unknown');
  });

  it('otherwise the times decide, whatever the tie rule', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom('before' as const, 'unknown' as const), (at, then, tie) => {
        const got = editOrder({ time: at }, { time: then }, tie);
        expect(got).toBe(at === then ? tie : at < then ? 'before' : 'after');
      }),
    );
  });
});
