// @vitest-environment happy-dom
// Insert into the reply box: typed by the browser's own editing where it can (one step of the box's
// undo, the browser's own input event), else the value set; either way the text once, at the caret,
// in the reply box and nowhere else, whatever the page's scripts do around it.
import { describe, expect, it } from 'vitest';
import { insertIntoReply } from '../../entrypoints/content/insert';
import type { PageContext } from '../../entrypoints/content/page-context';
import { loadPage } from '../helpers/dom';

type Exec = (command: string, ui: boolean, text: string) => boolean;

function page(value: string, exec: Exec | null, max = 1000) {
  const doc = loadPage('<form><textarea id="reply"></textarea><input id="other"></form>');
  const box = doc.querySelector('textarea')!;
  box.value = value;
  box.selectionStart = box.selectionEnd = value.length;
  Object.defineProperty(doc, 'execCommand', { value: exec ?? undefined, configurable: true });
  const events: string[] = [];
  for (const type of ['input', 'change']) box.addEventListener(type, () => events.push(type));
  const forum = { replyBox: (d: Document) => ({ textarea: d.querySelector('textarea'), editor: null }), maxPostLength: max };
  const ctx = { doc, forum } as unknown as Pick<PageContext, 'doc' | 'forum'>;
  return { doc, box, events, insert: (text: string) => insertIntoReply(ctx, text) };
}

/** A browser's insertText: the text at the focused box's caret, and its own input event. */
const typing =
  (doc: () => Document): Exec =>
  (_c, _u, text) => {
    const box = doc().activeElement as HTMLTextAreaElement;
    const at = box.selectionStart;
    box.value = box.value.slice(0, at) + text + box.value.slice(box.selectionEnd);
    box.selectionStart = box.selectionEnd = at + text.length;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  };

describe('Insert into the reply box', () => {
  it('typed by the browser where it can: the text at the caret once, only the browser’s input event, then change', () => {
    let doc: Document | null = null;
    const p = page(
      'Typed first. ',
      typing(() => doc!),
    );
    doc = p.doc;
    expect(p.insert('Inserted.')).toEqual({ ok: true });
    expect(p.box.value).toBe('Typed first. Inserted.');
    expect(p.events).toEqual(['input', 'change']);
    expect(p.doc.activeElement).toBe(p.box);
  });

  it('no such command in the browser: the value set at the caret (a selection replaced), the caret after it', () => {
    const p = page('Hello world', null);
    p.box.selectionStart = 6;
    p.box.selectionEnd = 11;
    expect(p.insert('there')).toEqual({ ok: true });
    expect(p.box.value).toBe('Hello there');
    expect(p.box.selectionStart).toBe(11);
    expect(p.events).toEqual(['input', 'change']);
  });

  it('the command says it typed but a page’s handler kept the text out: the value is set, the text there once', () => {
    const p = page('Typed. ', () => true);
    expect(p.insert('Inserted.')).toEqual({ ok: true });
    expect(p.box.value).toBe('Typed. Inserted.');
  });

  it('the command throws: the value is set', () => {
    const p = page('Typed. ', () => {
      throw new Error('not supported');
    });
    expect(p.insert('Inserted.')).toEqual({ ok: true });
    expect(p.box.value).toBe('Typed. Inserted.');
  });

  it('a page’s script moves focus away from the box as it is focused: nothing typed into the other field, the text in the box', () => {
    let typed = 0;
    let doc: Document | null = null;
    const type = typing(() => doc!);
    const p = page('Typed. ', (c, u, t) => {
      typed++;
      return type(c, u, t);
    });
    doc = p.doc;
    const other = p.doc.querySelector<HTMLInputElement>('#other')!;
    p.box.addEventListener('focus', () => other.focus());
    expect(p.insert('Inserted.')).toEqual({ ok: true });
    expect(typed).toBe(0);
    expect(other.value).toBe('');
    expect(p.box.value).toBe('Typed. Inserted.');
  });

  it('over the forum’s longest post: refused, the box as it was, nothing typed', () => {
    let typed = 0;
    const p = page(
      'x'.repeat(95),
      () => {
        typed++;
        return true;
      },
      100,
    );
    const r = p.insert('0123456789');
    expect(r.ok).toBe(false);
    expect(p.box.value).toBe('x'.repeat(95));
    expect(typed).toBe(0);
    expect(p.events).toEqual([]);
  });
});
