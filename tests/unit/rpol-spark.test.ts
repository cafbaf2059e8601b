// Readers on our own Spark d10 pages in RPOL's markup (tests/fixtures/spark-pages.mjs).
import { describe, expect, it } from 'vitest';
import { detectRpolPage, findSheetOnCharacterPage, readDiceLog, readPageClock, readPosts, readReplyForm, watchPosts } from '../../lib/forums/rpol';
import { ThreadScanner } from '../../lib/thread';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { SPARK_SHEETS } from '../../lib/games/spark-d10/sheet-test';
import { OWN_UI_ATTRIBUTE } from '../../lib/forums/rpol/body';
import { auditSheetText } from '../../lib';
import { findRerolls } from '../../lib/trust/fishing';
import { bigThread, characterPage, diceLog, duelThread, hostileThread, oldLayoutThread } from '../fixtures/spark-pages.mjs';
import { loadPage } from '../helpers/dom';
import { esc, postHtml, serverRollHtml, threadPageHtml } from '../fixtures/rpol-markup.mjs';

function scan(page: { html: string; url: string }) {
  const doc = loadPage(page.html, page.url);
  const clock = readPageClock(doc);
  const posts = readPosts(doc, clock);
  const scanner = new ThreadScanner(RPOL_READING, clock);
  return { doc, posts, scans: posts.map((p) => scanner.scanPost(p)) };
}

describe('the 25-post duel thread', () => {
  const page = duelThread();
  const { doc, posts, scans } = scan(page);
  const rolls = scans.flatMap((s) => s.rolls);

  it('reads 25 posts', () => {
    expect(detectRpolPage(doc, page.url).kind).toBe('thread');
    expect(posts.map((p) => p.number)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(posts.every((p) => p.timeSource === 'rolls-link')).toBe(true);
  });

  it('finds exactly the rolls the page holds, in order', () => {
    expect(rolls.map((r) => r.postNumber)).toEqual(page.rolls.map((r: { post: number }) => r.post));
  });

  it.each(page.rolls.map((e: { post: number }, i: number) => [e.post, i, e]))('post #%i: record, reading and verdict', (_post, i, e) => {
    const r = rolls[i as number]!;
    const want = e as unknown as { source: string; trust: string; kind: string; successes: number | null; outcome: string; because?: RegExp; caution?: RegExp };
    expect(r.record.source).toBe(want.source);
    expect(r.verdict.trust).toBe(want.trust);
    expect(r.reading.kind).toBe(want.kind);
    expect(r.reading.successes).toBe(want.successes);
    expect(r.reading.outcome).toBe(want.outcome);
    if (want.because) expect(r.verdict.reasons.join(' ')).toMatch(want.because);
    if (want.caution) expect(r.verdict.cautions.join(' ')).toMatch(want.caution);
    expect(r.verdict.reasons.length).toBeGreaterThan(0);
  });

  it('no forgery is ever verified', () => {
    for (const n of [9, 12, 13, 14]) {
      for (const r of rolls.filter((x) => x.postNumber === n)) expect(r.verdict.trust, `post ${n}`).toBe('typed');
    }
    for (const r of rolls) if (r.record.source !== 'server') expect(r.verdict.trust).toBe('typed');
  });

  it('finds the two sheets and audits them; prose about Power and Life is not a sheet', () => {
    const sheets = scans.flatMap((s) => s.sheets);
    expect(sheets.map((s) => s.postNumber)).toEqual(page.sheets.map((s) => (s as unknown as { post: number }).post));
    sheets.forEach((s, i) => {
      const want = page.sheets[i] as { spent: number; unspent: number; findings: number };
      expect(auditSheetText(s.text).spentXp).toBe(want.spent);
      expect(auditSheetText(s.text).unspentXp).toBe(want.unspent);
      expect(auditSheetText(s.text).findings.filter((f) => f.severity !== 'info')).toHaveLength(want.findings);
    });
    expect(sheets[0]!.element.tagName).toBe('TT');
    expect(scans[0]!.sheets).toEqual([]);
  });

  it('reads the reply form', () => {
    const form = readReplyForm(doc);
    expect(form.textarea).not.toBeNull();
    expect(form.characters.map((c) => c.name)).toEqual(['The Planeswalker', 'Tavi Quell', 'Korrin Vask', 'Ashra Venn']);
  });
});

describe('the 1,000-post show=all page', () => {
  it('reads every post once and finds every roll', () => {
    const page = bigThread(1000);
    const { posts, scans } = scan(page);
    expect(posts).toHaveLength(1000);
    const rolls = scans.flatMap((s) => s.rolls);
    expect(rolls.filter((r) => r.record.source === 'server')).toHaveLength(page.servers);
    expect(rolls.filter((r) => r.record.source === 'typed')).toHaveLength(page.typed);
    expect(rolls.filter((r) => r.verdict.trust === 'mismatch')).toHaveLength(0);
  });
});

describe('the dice log as evidence', () => {
  const page = diceLog();
  const lines = readDiceLog(loadPage(page.html, page.url));

  it('reads every line with its roll id, newest first', () => {
    expect(detectRpolPage(loadPage(page.html, page.url), page.url).kind).toBe('dice-log');
    expect(lines).toHaveLength(page.lines.length);
    expect(lines.map((l) => l.record.time)).toEqual(page.lines.map((l: { time: number }) => l.time));
    expect(lines.find((l) => l.record.secret)?.record.rollerName).toBe('Ashra Venn');
    expect(lines.find((l) => l.record.fudged)?.record.rollerName).toBe('The Planeswalker');
    expect(lines.every((l) => l.element?.tagName === 'P')).toBe(true);
  });

  it('flags the same character rolling the same reason again within the window', () => {
    const records = lines.map((l) => l.record);
    const rerolls = findRerolls(records, 60);
    // The log is newest first: the third attempt comes first.
    expect(rerolls.map((r) => [records[r.index]!.reason, r.attempt])).toEqual(
      page.expect.rerolls.map((e: { reason: string; attempt: number }) => [e.reason, e.attempt]).reverse(),
    );
    // Tavi's Shivan Dragon draw is another character; Tavi's Speed a day later is outside the window.
    expect(findRerolls(records, 7).length).toBe(2);
    expect(findRerolls(records, 6).length).toBe(1);
    expect(findRerolls(records, 4).length).toBe(0);
  });
});

describe('other pages', () => {
  it('a character page: the sheet is found and audited', () => {
    const page = characterPage();
    const doc = loadPage(page.html, page.url);
    expect(detectRpolPage(doc, page.url).kind).toBe('character');
    const sheet = findSheetOnCharacterPage(doc, SPARK_SHEETS)!;
    expect(sheet.element.tagName).toBe('TT');
    expect(auditSheetText(sheet.text).spentXp).toBe(70);
  });

  it('the old table layout is detected and not annotated', () => {
    const page = oldLayoutThread();
    const doc = loadPage(page.html, page.url);
    const d = detectRpolPage(doc, page.url);
    expect(d.kind).toBe('old-layout');
    expect(d.reason).toMatch(/older table layout/);
    expect(readPosts(doc, readPageClock(doc))).toEqual([]);
  });

  it('a hostile page reads names and reasons as text', () => {
    const { scans } = scan(hostileThread());
    const r = scans[0]!.rolls[0]!;
    expect(r.record.rollerName).toBe('<img src=x onerror="window.__pwned=1">Mal');
    expect(r.record.reason).toContain('<script>');
    expect(r.verdict.trust).toBe('mismatch'); // claims 3 successes; the dice show 1
    expect(scans[1]!.sheets[0]!.sheet.name).toBe('<svg onload="window.__pwned=5">');
  });
});

describe('incremental scanning', () => {
  it('hands each post over once, new posts when added, and ignores our own nodes', async () => {
    const page = duelThread();
    const doc = loadPage(page.html, page.url);
    const batches: number[] = [];
    const watcher = watchPosts(doc, (m) => batches.push(m.length));
    expect(batches).toEqual([25]);
    const first = doc.querySelector('div.message')!;
    const clone = first.cloneNode(true) as Element;
    first.parentElement!.appendChild(clone);
    const ours = doc.createElement('span');
    ours.setAttribute(OWN_UI_ATTRIBUTE, 'badge');
    ours.appendChild(doc.createElement('div')).className = 'message';
    first.querySelector('.messagebody')!.appendChild(ours);
    first.querySelector('.messagebody')!.appendChild(doc.createElement('img'));
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([25, 1]);
    watcher.stop();
  });
});

describe('scanMessage (the content script’s path)', () => {
  it('skips prose-only posts before reading their header, and finds the same rolls as scanPost', () => {
    const page = duelThread();
    const doc = loadPage(page.html, page.url);
    const clock = readPageClock(doc);
    const viaMessages = new ThreadScanner(RPOL_READING, clock);
    const scans = Array.from(doc.querySelectorAll('div.message')).map((m) => viaMessages.scanMessage(m));
    // The GM's opening post has no roll and no sheet, but sets the stakes ("Life: 20 each"): read for that alone.
    expect(scans[0]!.rolls).toEqual([]);
    expect(scans[0]!.duel.lifeEach).toBe(20);
    // A prose-only post is skipped before its header is read.
    const prose = doc.createElement('div');
    prose.className = 'message';
    prose.innerHTML = '<a id="99"></a><div class="messagebody" id="msg99">Just words, nothing to read.</div>';
    expect(viaMessages.scanMessage(prose)).toBeNull();
    const rolls = scans.flatMap((s) => s?.rolls ?? []);
    const direct = new ThreadScanner(RPOL_READING, clock);
    const expected = readPosts(doc, clock).flatMap((p) => direct.scanPost(p).rolls);
    expect(rolls.map((r) => [r.id, r.verdict.trust, r.reading.outcome])).toEqual(expected.map((r) => [r.id, r.verdict.trust, r.reading.outcome]));
    expect(scans.flatMap((s) => s?.sheets ?? []).map((s) => s.postNumber)).toEqual([18, 19]);
  });
});

describe('starting hand against the deck list posted earlier', () => {
  const sheet = (deck: string) =>
    `Name: Ashra Venn\nColour Affinity: Green\nPower: 1\nToughness: 1\nMemory: 6\nGreen: 2\nMax Deck Size: 20\nMax Uncommon Cards: 2\nMax Uncommon Copies: 1\nMax Rare Cards: 1\nMax Rare Copies: 1\nDeck:\n${deck}`;
  const DECK =
    '2x Llanowar Elves (Common)\n2x Giant Growth (Common)\n1x Naturalize (Uncommon)\n1x Wild Growth (Uncommon)\n1x Craw Wurm (Rare)\n2x Forest Bear (Common)\n1x Regrowth (Common)\n1x Verdant Force (Rare)';
  function page(faces: number[], dice = 11) {
    const time = Date.UTC(2026, 9, 5, 18) / 1000;
    const who = { name: 'Ashra Venn', ci: 510004 };
    const posts = [
      postHtml({ gi: 1, ti: 2, n: 1, author: who.name, ci: who.ci, time, body: `<tt>${esc(sheet(DECK)).replace(/\n/g, '<br>')}</tt>` }),
      postHtml({
        gi: 1,
        ti: 2,
        n: 2,
        author: who.name,
        ci: who.ci,
        time: time + 600,
        body: serverRollHtml({
          time: time + 500,
          name: who.name,
          results: [faces.reduce((a, b) => a + b, 0)],
          specs: [`${faces.length}d${dice}`],
          faces,
          reason: 'Starting Hand',
        }),
      }),
    ];
    return {
      html: threadPageHtml({ gi: 1, ti: 2, game: 'G', title: 'T', viewer: 'GM', now: time + 3600, posts }),
      url: 'https://rpol.net/display.cgi?gi=1&ti=2',
    };
  }
  it('maps positions to cards within the limits (Memory 6: 2 Uncommons, 1 Rare)', () => {
    const r = scan(page([1, 3, 5, 7, 8, 10])).scans[1]!.rolls[0]!;
    expect(r.reading.outcome).toBe('hand of 6: 1 Uncommon (max 2), 1 Rare (max 1)');
    expect(r.reading.notes.join(' ')).toContain(
      'Hand from the deck list in post #1: Llanowar Elves (Common), Giant Growth (Common), Naturalize (Uncommon), Craw Wurm (Rare), Forest Bear (Common), Regrowth (Common).',
    );
    expect(r.verdict.trust).toBe('verified');
  });
  it('flags a hand over the limits and a die that does not match the deck', () => {
    const atLimit = scan(page([5, 6, 7, 1, 2, 3])).scans[1]!.rolls[0]!;
    expect(atLimit.reading.outcome).toBe('hand of 6: 2 Uncommon (max 2), 1 Rare (max 1)');
    const over = scan(page([7, 11, 1, 2, 3, 4])).scans[1]!.rolls[0]!;
    expect(over.reading.outcome).toBe('hand breaks the limits: 2 Rares; at most 1 with Memory 6');
    expect(over.reading.notes.join(' ')).toContain('Verdant Force (Rare)');
    const wrongDie = scan(page([5, 6, 7, 1, 2, 3], 30)).scans[1]!.rolls[0]!;
    expect(wrongDie.reading.outcome).toBe('hand breaks the limits: rolled d30, but the deck list in post #1 has 11 cards');
  });
});
