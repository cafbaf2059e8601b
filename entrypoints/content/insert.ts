import { formatNumber, t } from '../../components/locale';
import type { InsertResult } from '../shared/messages';
import type { PageContext } from './page-context';

/** Put `text` into the forum's reply box at the cursor (replacing a selection), as if typed. */
export function insertIntoReply(ctx: Pick<PageContext, 'doc' | 'forum'>, text: string): InsertResult {
  const { textarea } = ctx.forum.replyBox(ctx.doc);
  if (!textarea) return { ok: false, error: t('cs.noBox') };
  const start = textarea.selectionStart ?? textarea.value.length;
  const end = textarea.selectionEnd ?? start;
  const value = textarea.value.slice(0, start) + text + textarea.value.slice(end);
  const max = ctx.forum.maxPostLength;
  if (max !== null && value.length > max) return { ok: false, error: t('cs.tooLong', { length: formatNumber(value.length), max: formatNumber(max) }) };
  textarea.focus();
  textarea.value = value;
  textarea.selectionStart = textarea.selectionEnd = start + text.length;
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
  textarea.dispatchEvent(new Event('change', { bubbles: true }));
  return { ok: true };
}
