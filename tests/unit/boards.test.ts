// The boards beside RPOL (phpBB, Gamers' Plane, XenForo, vBulletin 3 and 4), read from our own
// fixture pages (tests/fixtures/board-pages.mjs): each roll's verdict and successes, what each
// forum's posts say, and the verdict words in both languages.
import { describe, expect, it } from 'vitest';
import type { Forum } from '../../lib/forums/forum';
import { GAMERS_PLANE } from '../../lib/forums/gamersplane';
import { PHPBB, readDicebox } from '../../lib/forums/phpbb';
import { recogniseBoard } from '../../lib/forums/registry';
import { VBULLETIN } from '../../lib/forums/vbulletin';
import { XENFORO } from '../../lib/forums/xenforo';
import { judgeServerRoll, judgeTypedRoll } from '../../lib/trust/verdict';
import { ThreadScanner } from '../../lib/thread';
import type { ForumPost } from '../../lib/reading/records';
import { gamersPlaneThread, HOSTILE_NAME, phpbbThread, vbulletinThread, xenforoThread } from '../fixtures/board-pages.mjs';
import { gamersPlanePageHtml, phpbbPageHtml, userIdOf, vbulletinPageHtml, xenforoPageHtml } from '../fixtures/board-markup.mjs';
import { loadPage } from '../helpers/dom';
import { editorNamed } from '../../lib/forums/poster';

interface Expected {
  post: number;
  trust: string;
  successes: number | null;
  cautions?: boolean;
  edited?: boolean;
}

function read(forum: Forum, html: string, url: string) {
  const doc = loadPage(html, url);
  const clock = forum.clock(doc);
  const scanner = new ThreadScanner(forum.reading as never, clock);
  const posts: ForumPost[] = [];
  const scans = Array.from(doc.querySelectorAll(forum.posts.selector)).flatMap((el) => {
    const body = forum.reading.bodyOf(el);
    const post = body ? forum.reading.readPost(el, clock, body) : null;
    if (!post) return [];
    posts.push(post);
    return [scanner.scanPost(post as never)];
  });
  return { doc, posts, rolls: scans.flatMap((s) => s.rolls), failures: scans.filter((s) => s.failure) };
}

const CASES: [string, Forum, { html: string; expected: Expected[] }, string][] = [
  ['phpBB (forum.mafiascum.net)', PHPBB as Forum, phpbbThread(), 'https://forum.mafiascum.net/viewtopic.php?t=5101'],
  ['Gamers’ Plane', GAMERS_PLANE as Forum, gamersPlaneThread(), 'https://gamersplane.com/forums/thread/9001/'],
  ['XenForo 2', XENFORO as Forum, xenforoThread(), 'http://xf.example/threads/the-duel.77/'],
  ['vBulletin 3', VBULLETIN as Forum, vbulletinThread({ version: 3 }), 'http://vb.example/showthread.php?t=640'],
  ['vBulletin 4', VBULLETIN as Forum, vbulletinThread({ version: 4 }), 'http://vb.example/showthread.php?t=640'],
];

describe.each(CASES)('%s: a thread of Spark d10 rolls', (_name, forum, page, url) => {
  const { doc, posts, rolls, failures } = read(forum, page.html, url);

  it('is a thread page, its software recognised from its markup', () => {
    expect(forum.detect(doc, url, 'en').kind).toBe('thread');
    if (forum.recognise) expect(recogniseBoard(doc)?.id).toBe(forum.id);
    expect(failures).toEqual([]);
  });

  it('reads each roll with the verdict the forum can support, and the right successes', () => {
    expect(rolls.map((r) => ({ post: r.postNumber, trust: r.verdict.trust, successes: r.reading.successes }))).toEqual(
      page.expected.map((e) => ({ post: e.post, trust: e.trust, successes: e.successes })),
    );
  });

  it('turns no honest roll red and verifies no forgery', () => {
    for (const r of rolls) {
      expect(r.verdict.trust).not.toBe('mismatch');
      if (r.record.source === 'typed') expect(r.verdict.trust).not.toBe('verified');
    }
  });

  it('reads the hostile name as text, and the edited post as edited', () => {
    expect(posts.some((p) => p.author === HOSTILE_NAME.replace(/\s+/g, ' ').trim())).toBe(true);
    const edited = page.expected.find((e) => e.cautions || e.edited);
    if (edited) expect(posts.find((p) => p.number === edited.post)?.edit).not.toBeNull();
    for (const e of page.expected.filter((x) => x.cautions)) {
      expect(rolls.find((r) => r.postNumber === e.post)?.verdict.cautions.join(' ')).toMatch(/added after the post/);
    }
  });

  it('numbers posts as the forum links them, digits only', () => {
    for (const p of posts) expect(String(p.number)).toMatch(/^\d+$/);
  });

  it('finds its reply box', () => {
    expect(forum.replyBox(doc).textarea).not.toBeNull();
  });
});

/** What each board names as a post's editor (the fixtures' notes), and whether it gives the edit's time to machines. */
const EDITS: Record<string, { by: (author: string) => string | null; time: boolean }> = {
  'phpBB (forum.mafiascum.net)': { by: (a) => a, time: false },
  'Gamers’ Plane': { by: () => null, time: false },
  'XenForo 2': { by: () => null, time: true },
  'vBulletin 3': { by: (a) => a, time: false },
  'vBulletin 4': { by: (a) => a, time: false },
};

describe.each(CASES)('%s: who posted and who edited, from the post’s header alone', (name, forum, page, url) => {
  const { posts } = read(forum, page.html, url);
  const given = (page as unknown as { posts: { id: number; author: string; edited?: number | null }[] }).posts;

  it('each post’s user id is its poster’s, the same in every post of one user', () => {
    expect(posts.map((p) => p.authorId)).toEqual(given.map((p) => String(userIdOf(p.author))));
  });

  it('the edited post’s editor where the board names one, and its time where the board gives it to machines', () => {
    const edited = given.filter((p) => p.edited);
    expect(edited.length).toBeGreaterThan(0);
    for (const e of edited) {
      const post = posts.find((p) => p.number === e.id)!;
      expect(post.edit).toMatchObject({ by: EDITS[name]!.by(e.author), time: EDITS[name]!.time ? e.edited : null });
    }
  });

  it('never takes an id from a link in the message: a header without one reads as no identity', () => {
    // The header's link names no user (a guest, a deleted account); the message links to user 777 in the board's own form.
    const links =
      '<a href="member.php?u=777" class="bigusername username">Ada</a> <a class="username" href="./memberlist.php?mode=viewprofile&amp;u=777">Ada</a> <a href="/user/777/" class="username">Ada</a> <span class="message-user"><a class="username" data-user-id="777">@Ada</a></span>';
    const hostile = given.map((p) => ({ ...p, userId: 'x', body: `${links} ${(p as { body?: string }).body ?? ''}` }));
    const page2 = {
      'phpBB (forum.mafiascum.net)': () => phpbbPageHtml({ forumId: 12, topicId: 5101, title: 't', posts: hostile }),
      'Gamers’ Plane': () => gamersPlanePageHtml({ threadId: 9001, title: 't', posts: hostile }),
      'XenForo 2': () => xenforoPageHtml({ threadId: 77, forumId: 8, title: 't', posts: hostile }),
      'vBulletin 3': () => vbulletinPageHtml({ version: 3, threadId: 640, forumId: 21, title: 't', posts: hostile }),
      'vBulletin 4': () => vbulletinPageHtml({ version: 4, threadId: 640, forumId: 21, title: 't', posts: hostile }),
    }[name]!();
    // The header's own link loses what marks it (its class, its id attribute): the first such link left is the message's.
    const html = page2
      .replaceAll('u=x" class="username"', 'u=x" class="guest"')
      .replaceAll('class="bigusername" href="member.php?u=x"', 'class="guest" href="member.php?u=x"')
      .replaceAll('class="username offline popupctrl"', 'class="offline"')
      .replaceAll('href="/user/x/" class="username"', 'href="/user/x/" class="guest"')
      .replaceAll(' data-user-id="x"', '');
    expect(html).toContain('777');
    const read2 = read(forum, html, url);
    expect(read2.posts.length).toBe(given.length);
    expect(read2.posts.map((p) => p.authorId)).toEqual(given.map(() => null));
  });
});

describe('the editor an edit note names', () => {
  it.each([
    // The shapes of other-forums §7.1 (phpBB), §7.2 (vBulletin 3), and XenForo's note for an edit by someone else.
    ['Last edited by Jakob on Sun May 26, 2019 5:35 pm, edited 2 times in total.', ' on ', 'Jakob'],
    ['Last edited by Shirohige; 2016-02-01 at 03:31.', ';', 'Shirohige'],
    ['Last edited by a moderator: Nov 21, 2010', ':', 'a moderator'],
    ['Last edited: Nov 21, 2010', ':', null],
    ['Edited by Ada on Monday', ' on ', null],
    [`Last edited by ${'x'.repeat(5000)} on Monday`, ' on ', null],
    ['Last edited by ; 2016', ';', null],
  ] as const)('%s', (note, end, by) => {
    expect(editorNamed(note, end)).toBe(by);
  });
});

describe('phpBB: the dice box', () => {
  const box = (html: string) => readDicebox(loadPage(`<div id="x">${html}</div>`).getElementById('x')!.firstElementChild!);

  it('reads a fresh box and a STATIC one', () => {
    const fresh = box(
      '<div class="dicebox"><div class="dicetop"><emph>Original Roll String:</emph> 5d10</div><div class="diceroll"><emph>5 10-Sided Dice:</emph> (7, 3, 9, 6, 1) = 26</div></div>',
    );
    expect(fresh).toMatchObject({ count: 5, sides: 10, faces: [7, 3, 9, 6, 1], fixed: false });
    const fixed = box(
      '<div class="dicebox"><div class="dicetop"><emph>Original Roll String:</emph> 2d6+1 <fixed>(STATIC)</fixed></div><div class="diceroll"><emph>2 6-Sided Dice:</emph> (4, 2)+1 = 7</div></div>',
    );
    expect(fixed).toMatchObject({ count: 2, sides: 6, operator: '+', operand: 1, faces: [4, 2], fixed: true });
  });

  it('does not read a box without the server’s own elements, or whose lines disagree', () => {
    expect(
      box('<div class="dicebox"><div class="dicetop">Original Roll String: 5d10</div><div class="diceroll">5 10-Sided Dice: (7, 3, 9, 6, 1) = 26</div></div>'),
    ).toBeNull();
    expect(
      box(
        '<div class="dicebox"><div class="dicetop"><emph>Original Roll String:</emph> 5d10</div><div class="diceroll"><emph>4 10-Sided Dice:</emph> (7, 3, 9, 6) = 25</div></div>',
      ),
    ).toBeNull();
    expect(
      box(
        '<div class="dicebox"><div class="dicetop"><emph>Original Roll String:</emph> 5d10</div><div class="diceroll"><emph>5 10-Sided Dice:</emph> (7, 3, 9) = 19</div></div>',
      ),
    ).toBeNull();
  });

  it('takes a box’s reason from the line above it', () => {
    const { rolls } = read(PHPBB as Forum, phpbbThread().html, 'https://forum.mafiascum.net/viewtopic.php?t=5101');
    expect(rolls[0]!.record.reason).toBe('Ad-hoc: Power + Focus');
    expect(rolls[0]!.reading.kind).toBe('ad-hoc');
  });
});

describe('Gamers’ Plane: faces from each die, never the shown total', () => {
  const { rolls } = read(GAMERS_PLANE as Forum, gamersPlaneThread().html, 'https://gamersplane.com/forums/thread/9001/');
  const at = (post: number) => rolls.find((r) => r.postNumber === post)!;

  it('reads the faces when the game’s options rewrote the total', () => {
    expect(at(2010).record.faces).toEqual([7, 3, 9, 6, 1]);
    expect(at(2010).record.results).toEqual([26]);
  });

  it('leaves dropped dice out of the pool', () => {
    expect(at(2009).record.faces).toEqual([9, 8, 7, 6, 5]);
    expect(at(2009).record.specs[0]!.count).toBe(5);
  });

  it('reads a hidden roll as unchecked, with its reason in words', () => {
    expect(at(2008).verdict.reasons.join(' ')).toMatch(/hidden roll/i);
  });

  it('never reads a rerolled ace as an impossible face', () => {
    expect(at(2011).record.exploding).toBe(true);
    expect(at(2011).verdict.trust).toBe('total-only');
  });

  it('a roll block inside the message is not the server’s', () => {
    const page = gamersPlaneThread().html.replace(
      'I press the attack.',
      'I press the attack.<div class="rolls"><div class="rollInfo"><div class="roll"><p class="rollString">Forged - (5d10)</p><p class="rollResults">(<span class="rollValues" data-rollstring="5d10"><i data-rv="10">10</i><i data-rv="10">10</i><i data-rv="10">10</i><i data-rv="10">10</i><i data-rv="10">10</i></span>)</p></div></div></div>',
    );
    const forged = read(GAMERS_PLANE as Forum, page, 'https://gamersplane.com/forums/thread/9001/').rolls.filter((r) => r.postNumber === 2002);
    expect(forged.map((r) => r.verdict.trust)).toEqual(['verified']);
    expect(forged[0]!.record.faces).toEqual([7, 3, 9, 6, 1]);
  });
});

describe('the verdicts in both languages', () => {
  const base = {
    rollerName: 'Ada',
    postAuthor: 'Ada',
    rollTime: null,
    postTime: null,
    postEditTime: null,
    facesKnown: true,
    reusedFrom: null,
    reusedInSamePost: false,
    inQuote: false,
    pastedResults: null,
    serverResults: '26',
    claimProblem: null,
    secret: false,
    fudged: null,
    formatTime: String,
  };
  it.each(['en', 'it'] as const)('%s', (l) => {
    const unchecked = judgeTypedRoll({ rollTagAsText: false, imitation: null, claimProblem: null, unchecked: true }, l);
    expect(unchecked.trust).toBe('unchecked');
    expect(unchecked.reasons[0]).toMatch(l === 'en' ? /not known to Spark Scribe/ : /non sono noti a Spark Scribe/);
    expect(judgeServerRoll({ ...base, verifiedBecause: 'trust.serverGp' }, l).reasons[0]).toMatch(/Gamers’ Plane/);
    expect(judgeServerRoll({ ...base, verifiedBecause: 'trust.serverDicebox' }, l).reasons[0]).toMatch(/Mafiascum/);
    expect(judgeServerRoll({ ...base, replayed: true }, l).trust).toBe('typed');
    expect(judgeServerRoll({ ...base, unchecked: 'trust.hiddenDice' }, l)).toMatchObject({ trust: 'unchecked' });
    expect(judgeServerRoll({ ...base, mayBeAddedByEdit: true }, l).cautions.length).toBe(1);
  });
});

describe('a game’s state post on a board', () => {
  it('When Sparks Fly on phpBB: the host’s post, written in BBCode and shown as the board shows it, is read back and follows', async () => {
    const { statePost } = await import('../../lib/games/sparks-fly/board');
    const { checkStatePosts } = await import('../../lib/games/sparks-fly/thread');
    const { replaySparksFly } = await import('../../lib/games/sparks-fly/engine');
    const { PHPBB_WRITER } = await import('../../lib/forums/phpbb/writer');
    const { phpbbPageHtml, phpbbRender } = await import('../fixtures/board-markup.mjs');
    const log = {
      firstBidder: 'A' as const,
      sparks: 120,
      events: [{ bid: 'A' as const, amount: 3 }, { bid: 'B' as const, amount: 4 }, { fold: 'A' as const }],
    };
    const bbcode = PHPBB_WRITER.write(statePost(replaySparksFly(log).match, log));
    expect(bbcode).toContain('[code]');
    const html = phpbbPageHtml({
      forumId: 12,
      topicId: 5300,
      title: 'When Sparks Fly',
      posts: [{ id: 7001, author: 'The DMO', time: 1_790_000_000, body: phpbbRender(bbcode) }],
    });
    const tableText = (page: string) => {
      const doc = loadPage(page, 'https://forum.mafiascum.net/viewtopic.php?t=5300');
      const clock = PHPBB.clock(doc);
      const el = doc.querySelector(PHPBB.posts.selector)!;
      const body = PHPBB.reading.bodyOf(el)!;
      return new ThreadScanner(PHPBB.reading as never, clock).scanPost(PHPBB.reading.readPost(el, clock, body) as never).tableText!;
    };
    expect(checkStatePosts([{ number: 7001, text: tableText(html) }])[0]).toMatchObject({ post: 7001, verdict: 'follows' });
    // The board changed by hand after the log: a mismatch.
    expect(html).toContain('B 116 Sparks');
    expect(checkStatePosts([{ number: 7001, text: tableText(html.replace('B 116 Sparks', 'B 126 Sparks')) }])[0]).toMatchObject({ verdict: 'mismatch' });
  });
});
