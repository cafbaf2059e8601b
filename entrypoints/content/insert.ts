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
  if (!typedInto(textarea, text, value)) {
    textarea.value = value;
    textarea.selectionStart = textarea.selectionEnd = start + text.length;
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }
  textarea.dispatchEvent(new Event('change', { bubbles: true }));
  return { ok: true };
}

/**
 * Typed by the browser's own editing, as a paste would be: one step of the box's undo (Ctrl+Z takes
 * the insert back and keeps what was typed before; a set value would empty that history), with the
 * browser's own input event. False, to set the value instead, when the box is not the one focused
 * (a page's script may move focus), the browser has no such command, or the text is not then what
 * was expected (a page's handler, or the box's maxlength).
 */
function typedInto(box: HTMLTextAreaElement, text: string, expected: string): boolean {
  const doc = box.ownerDocument;
  if (doc.activeElement !== box || typeof doc.execCommand !== 'function') return false;
  try {
    return doc.execCommand('insertText', false, text) && box.value === expected;
  } catch {
    return false;
  }
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
