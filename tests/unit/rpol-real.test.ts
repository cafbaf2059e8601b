// Readers against real saved RPOL pages (another game's, Old School Essentials): RPOL's real markup.
import { describe, expect, it } from 'vitest';
import {
  detectRpolPage,
  findSheetsInBody,
  parseRollLine,
  readBody,
  readDiceLog,
  readPageClock,
  readPosts,
  readReplyForm,
  readThreadInfo,
} from '../../lib/forums/rpol';
import { ThreadScanner } from '../../lib/thread';
import { RPOL_READING } from '../../lib/forums/rpol/scan';
import { SPARK_SHEETS } from '../../lib/games/spark-d10/sheet-test';
import { hasRealPages, loadPage, realPage } from '../helpers/dom';

const THREAD_URL = 'https://rpol.net/display.cgi?gi=80170&ti=17&date=1&msgpage=&show=all';

function scanAll(name: string) {
  const doc = loadPage(realPage(name), THREAD_URL);
  const clock = readPageClock(doc);
  const posts = readPosts(doc, clock);
  const scanner = new ThreadScanner(RPOL_READING, clock);
  return { doc, clock, posts, scans: posts.map((p) => scanner.scanPost(p)) };
}

describe.skipIf(!hasRealPages)('real RPOL pages (../shared/fixtures/rpol-real)', () => {
  it('Urvan thread: 17 posts in order, authors, character ids, times and edit footers', () => {
    const { doc, clock, posts } = scanAll('thread-aside-urvan.html');
    expect(clock.offset).toBe(-300);
    expect(detectRpolPage(doc, THREAD_URL).kind).toBe('thread');
    expect(posts.map((p) => p.number)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    const p4 = posts[3]!;
    expect(p4).toMatchObject({
      author: 'Maximilian Yragerne',
      characterId: '396958',
      role: 'player',
      postCount: 32,
      bio: ['mystic theurge', 'of Arcantryl'],
      time: 1780613688,
      timeSource: 'rolls-link',
    });
    expect(p4.edit).toMatchObject({ by: 'player', verb: 'was last edited' });
    // 17:56, Thu 04 June 2026 at GMT-5
    expect(p4.edit!.time).toBe(Date.UTC(2026, 5, 4, 22, 56) / 1000);
    expect(posts[0]).toMatchObject({ author: 'Dungeon Master', you: true, role: 'GM' });
    expect(readThreadInfo(doc, THREAD_URL)).toMatchObject({
      gameId: '80170',
      threadId: '17',
      viewer: 'Dungeon Master',
      game: 'World of Issenda - Scarlet Horizons',
      showingAll: true,
    });
  });

  it('every Rolls-link timestamp agrees with the header date to the minute', () => {
    for (const file of ['thread-aside-urvan.html', 'thread-aside-rimbling.html', 'thread-ch1.html']) {
      const doc = loadPage(realPage(file), THREAD_URL);
      const clock = readPageClock(doc);
      for (const p of readPosts(doc, clock)) {
        const header = /(\w{3} \d{1,2} \w{3} \d{4})\s*at\s*(\d\d:\d\d)/.exec(p.element.querySelector('.authoringdetails')!.textContent!)!;
        expect(header, `${file} #${p.number}`).not.toBeNull();
        if (p.timeSource === 'rolls-link') {
          const minute = Math.floor(p.time! / 60) * 60;
          expect(new Date((minute - 300 * 60) * 1000).toUTCString()).toContain(header[2]);
        }
      }
    }
  });

  it('Urvan thread: 5 server rolls (msgs 4, 4, 11, 11, 16), the pasted line is not a second roll, msg 2 is typed', () => {
    const { scans } = scanAll('thread-aside-urvan.html');
    const rolls = scans.flatMap((s) => s.rolls);
    const server = rolls.filter((r) => r.record.source === 'server');
    expect(server.map((r) => r.postNumber)).toEqual([4, 4, 11, 11, 16]);
    expect(server[0]!.record).toMatchObject({
      rollerName: 'Maximilian Yragerne',
      results: [11],
      reason: 'Cast Sleep',
      faces: null,
      time: Date.UTC(2026, 5, 4, 22, 54) / 1000,
    });
    expect(server[0]!.record.specs).toEqual([{ count: 2, sides: 8, modifier: 0, raw: '2d8' }]);
    const typed = rolls.filter((r) => r.record.source === 'typed');
    expect(typed.map((r) => r.postNumber)).toEqual([2]);
    expect(typed[0]!.verdict.trust).toBe('typed');
    expect(typed[0]!.record).toMatchObject({ rollerName: 'Urvan Hall', results: [1], reason: 'Initiative' });
  });

  it('Urvan thread msg 4: its second roll (17:55) was made after the post was first written (17:54) and added by the 17:56 edit: a caution', () => {
    const { scans } = scanAll('thread-aside-urvan.html');
    const [first, second] = scans[3]!.rolls;
    expect(first!.verdict.trust).toBe('total-only');
    expect(first!.verdict.cautions.join(' ')).toMatch(/edited at 17:56/);
    // The 17:56 edit came after the 17:55 roll: the edit added it, a caution, not evidence against it.
    expect(second!.verdict.trust).not.toBe('mismatch');
    expect(second!.verdict.cautions.join(' ')).toMatch(
      /Rolled at 17:55, Thu 4 Jun 2026, after the post was first written \(17:54.*the edit at 17:56.* added it/,
    );
  });

  it('1-die rolls count as having their faces (a 1d20 total is its face): verified', () => {
    const { scans } = scanAll('thread-aside-urvan.html');
    const p11 = scans[10]!.rolls;
    expect(p11.map((r) => [r.verdict.trust, r.reading.kind, r.reading.outcome])).toEqual([
      ['verified', 'other', 'total 19'],
      ['verified', 'other', 'total 2'],
    ]);
  });

  it('Rimbling thread: server rolls in msgs 15 and 21, typed lines in 14, 19, 22, 26, 31, private lines, edit footers', () => {
    const { posts, scans } = scanAll('thread-aside-rimbling.html');
    expect(posts).toHaveLength(40);
    const rolls = scans.flatMap((s) => s.rolls);
    expect(rolls.filter((r) => r.record.source === 'server').map((r) => r.postNumber)).toEqual([15, 21, 21]);
    expect(rolls.filter((r) => r.record.source === 'typed').map((r) => r.postNumber)).toEqual([14, 14, 19, 22, 26, 31, 31]);
    const p14 = rolls.filter((r) => r.postNumber === 14);
    expect(p14[0]!.record).toMatchObject({ results: [14, 2, 8, 1, 7, 2], reason: 'Bite, Claw, Claw: Attack, then damage' });
    expect(p14[1]!.record.reason).toBe('turns imaginary damage and possible paralysis will last');
    expect(rolls.find((r) => r.postNumber === 22)!.record).toMatchObject({ rollerName: 'Dungeon Master', faces: [1], reason: '' });
    expect(rolls.filter((r) => r.postNumber === 31).map((r) => r.record.faces)).toEqual([null, [11, 2]]);
    for (const n of [14, 19, 26]) expect(readBody(posts[n - 1]!.body!).privates.length, `msg ${n}`).toBeGreaterThan(0);
    expect(posts.filter((p) => p.privateLines.length).map((p) => p.number)).toEqual([14, 19, 26]);
    expect(posts[13]!.privateLines[0]).toMatch(/^Private to GM: OOC: Wasn't sure/);
    expect(posts.filter((p) => p.edit).map((p) => p.number)).toEqual([1, 11, 14, 16]);
    expect(posts[0]!.edit!.verb).toBe('was last updated');
    expect(rolls.some((r) => r.record.source === 'typed' && r.verdict.trust !== 'typed')).toBe(false);
  });

  it('Ch 1: 61 posts, no server roll, 11 edit footers, quotes, one-off identities and a name with an apostrophe', () => {
    const { posts, scans } = scanAll('thread-ch1.html');
    expect(posts).toHaveLength(61);
    const rolls = scans.flatMap((s) => s.rolls);
    expect(rolls.filter((r) => r.record.source === 'server')).toHaveLength(0);
    expect(rolls.map((r) => [r.postNumber, r.record.reason])).toEqual([
      [42, 'Kaybar attack'],
      [42, 'Melbor attack'],
    ]);
    expect(posts.filter((p) => p.edit).length).toBe(11);
    expect(posts[11]!.edit!.verb).toBe('had punctuation tweaked');
    expect(posts.find((p) => p.author.startsWith('Morgan Canden'))).toMatchObject({ characterId: null, role: null });
    expect(posts.filter((p) => p.author === "'Slip' Harren").map((p) => p.number)).toEqual([18, 31]);
    for (const n of [19, 23]) expect(readBody(posts[n - 1]!.body!).quotes.length, `msg ${n}`).toBeGreaterThan(0);
  });

  it('Ch 1: the poster’s identity is the character id of the header’s links; a one-off identity, and a header with no link, have none', () => {
    const { posts } = scanAll('thread-ch1.html');
    const id = (n: number) => posts[n - 1]!.authorId;
    // msg 4: the name's link; 7 and 14: the Profile/Rolls links alone; 9: the portrait alone; 29: the GM's NPC, its own character.
    expect([4, 7, 9, 10, 14, 18, 29].map(id)).toEqual(['396648', '396686', '396652', '396047', '397493', '396461', '396047']);
    // msg 5 and 12: one-off identities (no post count, no link); 1 to 3: the GM's "Brand Alfunsh" and "The-Archon"
    // with a post count but no description, portrait or link yet: no identity either (msg 10 shows Brand Alfunsh's).
    expect([1, 2, 3, 5, 12, 22, 57].map(id)).toEqual([null, null, null, null, null, null, null]);
    expect(posts[4]).toMatchObject({ author: 'Morgan Canden, Innkeep - HP: 2', role: null, authorId: null });
    expect(posts[0]).toMatchObject({ author: 'Brand Alfunsh', role: 'GM', authorId: null });
  });

  it('every post of the three threads: its identity is the one character id its header links to, or none', () => {
    for (const file of ['thread-aside-urvan.html', 'thread-aside-rimbling.html', 'thread-ch1.html']) {
      const { posts } = scanAll(file);
      for (const p of posts) {
        const header = p.element.querySelector('.messagedetails')!.innerHTML;
        const ids = new Set(Array.from(header.matchAll(/[?&;]ci=(\d+)/g), (m) => m[1]));
        expect(ids.size, `${file} #${p.number}`).toBeLessThanOrEqual(1);
        expect(p.authorId, `${file} #${p.number}`).toBe(ids.size ? [...ids][0] : null);
      }
      // Every post whose header shows an id shows the same one for the same name, page-wide.
      const byName = new Map<string, Set<string>>();
      for (const p of posts) if (p.authorId) byName.set(p.author, (byName.get(p.author) ?? new Set()).add(p.authorId));
      for (const [name, ids] of byName) expect(ids.size, `${file}: ${name}`).toBe(1);
    }
  });

  it('the edit footer’s editor: RPOL names the role, GM or player', () => {
    const urvan = scanAll('thread-aside-urvan.html').posts;
    expect([urvan[3]!.edit?.by, urvan[4]!.edit?.by]).toEqual(['player', 'GM']);
    const ch1 = scanAll('thread-ch1.html').posts;
    expect(ch1.filter((p) => p.edit).map((p) => [p.number, p.edit!.by])).toEqual([
      [1, 'player'],
      [2, 'player'],
      [3, 'GM'],
      [5, 'GM'],
      [11, 'player'],
      [12, 'GM'],
      [19, 'GM'],
      [22, 'GM'],
      [33, 'GM'],
      [50, 'GM'],
      [53, 'GM'],
    ]);
  });

  it('no post of these games reads as a Spark d10 sheet', () => {
    for (const file of ['thread-aside-urvan.html', 'thread-aside-rimbling.html', 'thread-ch1.html']) {
      const { posts } = scanAll(file);
      for (const p of posts) expect(findSheetsInBody(p.body!, SPARK_SHEETS), `${file} #${p.number}`).toEqual([]);
    }
  });

  it('the reply form: textarea, subject and the GM’s characters', () => {
    const form = readReplyForm(loadPage(realPage('thread-aside-urvan.html'), THREAD_URL));
    expect(form.textarea?.id).toBe('messagetext');
    expect(form.subject?.value).toBe("Urvan's team searches the woods");
    expect(form.characters.find((c) => c.selected)).toMatchObject({ id: '396686', name: 'Dungeon Master' });
    expect(form.characters.length).toBe(15);
    expect(form.oneOff).not.toBeNull();
  });

  it('the dice log dump: 141 lines, each with its roll id, secret and fudged prefixes, several specs', () => {
    const lines = readDiceLog(loadPage(realPage('dice-log.html'), 'https://rpol.net/usermodules/diceroller.cgi?gi=80170'));
    expect(lines).toHaveLength(141);
    for (const l of lines) {
      const [epoch, , ci] = l.record.rollId!.split('.');
      expect(l.record.time).toBe(Number(epoch));
      expect(l.record.rollerId).toBe(ci);
    }
    expect(lines.filter((l) => l.record.secret).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.record.fudged).length).toBeGreaterThan(0);
    const multi = lines.find((l) => l.record.rollId === '1782247280.40694.396648')!.record;
    expect(multi).toMatchObject({ rollerName: 'Kelpie Lawfuller', results: [17, 8], reason: 'Sword attack (held action)' });
    expect(multi.specs.map((s) => s.raw)).toEqual(['d20+2', 'd8+2']);
    const stats = lines.find((l) => l.record.rollId === '1780166795.67528.396958')!.record;
    expect(stats.faces).toHaveLength(18);
  });

  it('every server roll in the two Aside threads is in the dice log (same name, results, dice, reason and minute)', () => {
    const log = readDiceLog(loadPage(realPage('dice-log.html'))).map((l) => l.record);
    let matched = 0;
    for (const file of ['thread-aside-urvan.html', 'thread-aside-rimbling.html']) {
      for (const r of scanAll(file)
        .scans.flatMap((s) => s.rolls)
        .filter((x) => x.record.source === 'server')) {
        const hit = log.find(
          (l) =>
            l.rollerName === r.record.rollerName &&
            l.results.join() === r.record.results.join() &&
            l.reason === r.record.reason &&
            Math.floor(l.time! / 60) * 60 === r.record.time,
        );
        expect(hit, `${file} #${r.postNumber} ${r.record.reason}`).toBeDefined();
        matched++;
      }
    }
    expect(matched).toBe(8);
  });

  it('each tooltip parses with the same grammar as the log', () => {
    expect(parseRollLine('22:36, Fri 05 June: Geoffroy Morin rolled 13 using 1d20.\u00a0 Throw axe to hit')).toMatchObject({
      rollerName: 'Geoffroy Morin',
      results: [13],
      reason: 'Throw axe to hit',
      timeText: '22:36, Fri 05 June',
    });
  });

  it('the Cast page is not a page Spark Scribe annotates', () => {
    expect(detectRpolPage(loadPage(realPage('cast.html')), 'https://rpol.net/gameinfo.php?action=cast&gi=80170').kind).toBe('unsupported');
  });
});
