// @vitest-environment happy-dom
// The request for a thread's other page (entrypoints/content/features/thread-pages.extras.ts's
// askPage), against a fake network: only on the page's own origin (an address elsewhere is never
// asked for, a redirect elsewhere is refused), the reader's own session (same-origin credentials),
// and each answer that is not a page said as what it is (an HTTP error, 429 with its wait, an
// answer too large, no answer).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askPage } from '../../entrypoints/content/features/thread-pages.extras';

const PAGE = 'https://rpol.net/display.cgi?gi=51829&ti=60&msgpage=3';
const signal = new AbortController().signal;

interface Answer {
  status?: number;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
}
function network(answer: Answer | Error) {
  const calls: [string, RequestInit | undefined][] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      url: answer.url ?? url,
      headers: new Headers(answer.headers ?? {}),
      text: async () => answer.body ?? '<html></html>',
    } as unknown as Response;
  });
  return calls;
}

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(PAGE);
});
afterEach(() => vi.unstubAllGlobals());

describe('asking for another page of the thread', () => {
  it('asks on the page’s own origin, with the reader’s own session, and hands the page over', async () => {
    const calls = network({ body: '<p>page 1</p>' });
    expect(await askPage('https://rpol.net/display.cgi?gi=51829&ti=60&msgpage=1', signal)).toEqual({ fetched: '<p>page 1</p>' });
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('never asks another origin (another host, another scheme or port, javascript:)', async () => {
    const calls = network({});
    for (const url of [
      'https://evil.example/display.cgi?msgpage=1',
      'http://rpol.net/display.cgi?msgpage=1',
      'https://rpol.net:8443/display.cgi?msgpage=1',
      'https://rpol.net.evil.example/display.cgi',
      'javascript:alert(1)',
      '//evil.example/x',
    ])
      expect(await askPage(url, signal), url).toEqual({ why: 'origin' });
    expect(calls).toEqual([]);
  });

  it('refuses a page that redirected elsewhere', async () => {
    network({ url: 'https://login.evil.example/' });
    expect(await askPage('https://rpol.net/display.cgi?msgpage=1', signal)).toEqual({ why: 'origin' });
  });

  it('says an HTTP error, a 429 with the wait it asks for, an answer too large, no answer', async () => {
    network({ status: 500 });
    expect(await askPage('https://rpol.net/p1', signal)).toEqual({ why: 'status', status: 500 });
    network({ status: 429, headers: { 'Retry-After': '120' } });
    const before = Date.now();
    const busy = await askPage('https://rpol.net/p1', signal);
    expect(busy).toMatchObject({ why: 'busy', status: 429 });
    expect((busy as { wait: number }).wait).toBeGreaterThanOrEqual(before + 120_000);
    network({ headers: { 'Content-Length': String(50_000_000) } });
    expect(await askPage('https://rpol.net/p1', signal)).toEqual({ why: 'unreadable' });
    network(new TypeError('Failed to fetch'));
    expect(await askPage('https://rpol.net/p1', signal)).toEqual({ why: 'network' });
  });
});
