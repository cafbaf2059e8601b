// @vitest-environment happy-dom
// The panel's line about the thread's other pages (components/panel/ThreadPagesLine.tsx): what was
// read, what is being read, why the reading stopped, in English and Italian; a status a screen
// reader hears as it changes; nothing when the page needs no other page.
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../components/locale';
import { ThreadPagesLine, threadPagesText } from '../../components/panel/ThreadPagesLine';
import type { ThreadPagesView } from '../../lib/view';

afterEach(() => setLocale('en'));

const base = { page: 3, count: 5 };
const CASES: [ThreadPagesView, RegExp, RegExp][] = [
  [{ state: 'reading', ...base, at: 2 }, /^Reading page 2 of 5/, /^Lettura della pagina 2 di 5/],
  [{ state: 'read', ...base, from: 1, to: 2 }, /^Read pages 1–2 of 5 before this one/, /^Lette le pagine 1–2 di 5 prima di questa/],
  [{ state: 'read', page: 2, count: 3, from: 1, to: 1 }, /^Read page 1 of 3 before this one/, /^Letta la pagina 1 di 3/],
  [{ state: 'read', page: 60, count: 60, from: 52, to: 59, start: 1290 }, /pages 52–59 of 60 .* post #1290/, /pagine 52–59 di 60 .* n\. 1290/],
  [{ state: 'read', page: 60, count: 60, start: 1480 }, /starts on this page \(post #1480\)/, /inizia in questa pagina/],
  [{ state: 'read', page: 100, count: 100, from: 60, to: 99, noStart: true }, /found no game’s start .* from page 60/, /senza trovarvi .* dalla pagina 60/],
  [
    { state: 'stopped', ...base, stop: { page: 2, why: 'status', status: 500 } },
    /^Stopped: page 2 answered 500; judging this page alone\.$/,
    /^Interrotto: la pagina 2 ha risposto 500; questa pagina è giudicata da sola\.$/,
  ],
  [{ state: 'stopped', ...base, stop: { page: 2, why: 'login' } }, /page 2 shows a login page; judging this page alone/, /pagina di accesso/],
  [{ state: 'stopped', ...base, stop: { page: 2, why: 'busy', status: 429 } }, /the forum asked to wait/, /il forum ha chiesto di attendere/],
  [{ state: 'stopped', ...base, stop: { page: 2, why: 'unreadable' } }, /not a page of this thread/, /non è una pagina di questo thread/],
  [{ state: 'stopped', ...base, stop: { page: 2, why: 'origin' } }, /on another site/, /su un altro sito/],
  [{ state: 'stopped', ...base, stop: { page: 2, why: 'network' } }, /did not answer/, /non ha risposto/],
];

describe('the panel’s line about the thread’s other pages', () => {
  it.each(CASES)('%o, in English and Italian', (view, en, it) => {
    setLocale('en');
    expect(threadPagesText(view)).toMatch(en);
    setLocale('it');
    expect(threadPagesText(view)).toMatch(it);
  });

  it('is a status (heard as it changes), an alert when stopped, and absent when nothing is read', () => {
    const root = document.createElement('div');
    render(<ThreadPagesLine thread={{ state: 'stopped', ...base, stop: { page: 2, why: 'status', status: 500 } }} />, root);
    const line = root.querySelector('[data-testid=thread-pages]')!;
    expect(line.getAttribute('role')).toBe('status');
    expect(line.getAttribute('aria-label')).toBe('The thread’s other pages');
    expect(line.className).toContain('alert');
    render(<ThreadPagesLine thread={null} />, root);
    expect(root.querySelector('[data-testid=thread-pages]')).toBeNull();
  });
});
