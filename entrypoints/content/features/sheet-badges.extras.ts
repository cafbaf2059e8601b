/** The sheet badges' half in the extras: a sheet audited and badged, on a thread or on a character page. */
import { auditSheet, characterPage, type SheetAt } from '../sheets';
import { styled } from '../styled';

export const half = {
  /** A thread's sheet audited: its view into the summary, its badge to `put`. */
  auditSheet: (ctx: Parameters<typeof auditSheet>[0], s: SheetAt, author: string, put: (job: () => void) => void): void =>
    auditSheet(ctx, s, author, put, styled),
  /** A character page: its sheet found, kept for the game's threads, audited and badged. */
  characterPage: (ctx: Parameters<typeof characterPage>[0]): void => characterPage(ctx, styled),
};
