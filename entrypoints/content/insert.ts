import { formatNumber, t } from '../../components/locale';
import type { Done as InsertResult } from '../shared/protocol';
import type { PageContext } from './page-context';

/** Put `text` into the forum's reply box at the cursor (replacing a selection), as if typed. */
export function insertIntoReply(ctx: Pick<PageContext, 'doc' | 'forum'>, text: string): InsertResult {
  const { textarea, editor } = ctx.forum.replyBox(ctx.doc);
  if (editor?.isConnected && editor.getClientRects().length) return typeIntoEditor(editor, text);
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

/**
 * A rich editor (XenForo's) keeps its own model of the text: it is typed into as a user would,
 * at its cursor, so the editor (and the board, which reads BBCode typed there) sees every line.
 */
function typeIntoEditor(editor: HTMLElement, text: string): InsertResult {
  editor.focus();
  const typed = editor.ownerDocument.execCommand('insertText', false, text);
  if (!typed) editor.append(editor.ownerDocument.createTextNode(text));
  editor.dispatchEvent(new Event('input', { bubbles: true }));
  return { ok: true };
}
