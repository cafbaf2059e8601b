/**
 * A character sheet's audit and its badge: XP spent and unspent, and the audit's findings. Run in
 * the extras (loaded when a page has a sheet): on a thread, each sheet as its post comes near; on a
 * character page, its one sheet.
 */
import { sheetBadge } from '../../components/sheet-badge';
import { uiLocale } from '../../components/locale';
import { findSheetOnCharacterPage } from '../../lib/reading/sheets';
import { SPARK_SHEETS } from '../../lib/games/spark-d10/sheet-test';
import { type SheetView, sheetView } from '../../lib/view';
import { auditSheetText } from '../../lib/spark/audit';
import type { pageSheet } from '../shared/messages/duel';
import { checkDone } from '../shared/protocol';
import { send } from '../shared/transport';
import { createHost, shadowRootElement } from './mount';
import type { PageContext } from './page-context';

type SheetContext = Pick<PageContext, 'doc' | 'forum' | 'theme' | 'rules' | 'settings' | 'summary' | 'hosts' | 'info' | 'stopped' | 'badgeFailure'>;

export interface SheetAt {
  id: string;
  postNumber: number;
  text: string;
  element: Element;
}

function badgeSheet(ctx: SheetContext, view: SheetView, element: Element, styled: (el: HTMLElement) => HTMLElement): void {
  const { host, shadow } = createHost('sheet', {
    'data-post': view.post,
    'data-xp-spent': view.spentXp,
    'data-xp-unspent': view.unspentXp,
    'data-findings': view.problemCount,
    'data-sheet-id': view.id,
  });
  shadowRootElement(shadow, ctx.theme).appendChild(styled(sheetBadge(ctx.doc, view)));
  if (element.matches('.messagebody')) element.insertBefore(host, element.firstChild);
  else element.parentNode?.insertBefore(host, element);
  ctx.hosts.set(view.id, host);
}

/** A sheet's audit: its view goes into the summary, and its badge to `put`. Nothing is put in once the page is stopped. */
export function auditSheet(ctx: SheetContext, s: SheetAt, author: string, put: (job: () => void) => void, styled: (el: HTMLElement) => HTMLElement): void {
  if (ctx.stopped) return;
  const view = sheetView(s, auditSheetText(s.text, ctx.rules, uiLocale()), author);
  ctx.summary.sheets.push(view);
  if (ctx.settings.annotations.sheets) put(() => badgeSheet(ctx, view, s.element, styled));
}

/** A character page's sheet: kept for the game's threads, audited, badged. */
export function characterPage(ctx: SheetContext, styled: (el: HTMLElement) => HTMLElement): void {
  const found =
    ctx.forum.characterSheets && !ctx.stopped ? findSheetOnCharacterPage(ctx.doc, SPARK_SHEETS, ctx.forum.reading.markup, ctx.forum.characterSheets) : null;
  if (!found) return;
  // A sheet that could not be kept for the game's threads says so beside it (the storage's own words).
  if (ctx.info.gameId)
    void send<typeof pageSheet>('page-sheet', { gi: ctx.info.gameId, text: found.text }, checkDone).then(
      (r) => r && !r.ok && r.error && ctx.badgeFailure(0, r.error, found.element),
    );
  auditSheet(ctx, { id: 'sheet-0', postNumber: 0, text: found.text, element: found.element }, ctx.info.viewer ?? '', (job) => job(), styled);
}
