import { formatNumber, t } from '../../components/locale';
import { MAX_POST_LENGTH, readReplyForm } from '../../lib/forums/rpol/reply';
import type { InsertResult } from '../shared/messages';

/** Put `text` into RPOL's reply box at the cursor (replacing a selection), as if typed. */
export function insertIntoReply(doc: Document, text: string): InsertResult {
  const { textarea } = readReplyForm(doc);
  if (!textarea) return { ok: false, error: t('cs.noBox') };
  const start = textarea.selectionStart ?? textarea.value.length;
  const end = textarea.selectionEnd ?? start;
  const value = textarea.value.slice(0, start) + text + textarea.value.slice(end);
  if (value.length > MAX_POST_LENGTH) return { ok: false, error: t('cs.tooLong', { length: formatNumber(value.length), max: formatNumber(MAX_POST_LENGTH) }) };
  textarea.focus();
  textarea.value = value;
  textarea.selectionStart = textarea.selectionEnd = start + text.length;
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
  textarea.dispatchEvent(new Event('change', { bubbles: true }));
  return { ok: true };
}
