/** RPOL thread pages, the current div layout (forum-formats §1.3). */
import { hasLineBreak } from '../../chars';
import type { ForumEdit, ForumPost, PageClock } from '../../reading/records';
import { type RpolBody, readBody } from './body';
import { parseGmtOffset, parsePageClock, parsePostHeaderDate, parseRpolDateTime } from './dates';

export interface RpolEdit extends ForumEdit {
  by: 'GM' | 'player';
  /** "last edited", "last updated", "had punctuation tweaked" … */
  verb: string;
}

export interface RpolPost extends ForumPost {
  /**
   * Character id (`ci`) from the header's links (the name's, the portrait's, the Rolls link's);
   * null where the header has none: a one-off identity, and a character whose post shows no
   * description, portrait or links (ch-1's first posts by the GM's "Brand Alfunsh").
   */
  characterId: string | null;
  /** The viewer's own character. */
  you: boolean;
  postCount: number | null;
  bio: string[];
  /** Where `time` came from: the Rolls link's exact timestamp, or the header's minute. */
  timeSource: 'rolls-link' | 'header' | null;
  edit: RpolEdit | null;
  /** Private lines in the body (`[Private to GM: …]`), as text. */
  privateLines: string[];
}

export type { PageClock };

export function readPageClock(doc: Document): PageClock {
  const el = doc.querySelector('div.time');
  const text = el?.textContent ?? '';
  const clock = parsePageClock(text);
  return { now: clock?.epoch ?? null, offset: clock?.offset ?? parseGmtOffset(text) ?? 0 };
}

const PARAMS: Record<string, RegExp> = {};
const param = (href: string, name: string) => (PARAMS[name] ??= new RegExp(`[?&;]${name}=([^&#]*)`)).exec(href)?.[1] ?? null;

function ownText(el: Element | null): string {
  if (!el) return '';
  let s = '';
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) s += ` ${c.nodeValue ?? ''}`;
  return s;
}

const EDIT = /^This message (.{1,60}?) by the (GM|player) at (\d{1,2}:\d{2}, [^.]{3,40})\.?$/;

export function parseEditFooter(text: string, clock: PageClock, postTime: number | null): RpolEdit | null {
  const m = EDIT.exec(text.replace(/\s+/g, ' ').trim());
  if (!m) return null;
  const reference = clock.now ?? (postTime !== null ? postTime + 365 * 86400 : null);
  const parsed = parseRpolDateTime(m[3]!, clock.offset, reference);
  return { text, by: m[2] as 'GM' | 'player', verb: m[1]!, time: parsed?.epoch ?? null };
}

/** The parts of a post's header, in one query over the header alone (the body is not walked). */
const HEADER_PARTS = '.messageauthor, a[href], .characterdetails, .characterbio, .authoringdetails';

/** A post's number: its anchor, its body's id, or "msg #N" in its header; null when none. */
export function postNumber(message: Element, body: Element | null): number | null {
  let number = NaN;
  const anchor = message.firstElementChild;
  if (anchor && anchor.tagName === 'A' && anchor.id) number = Number(anchor.id);
  if ((!Number.isInteger(number) || number <= 0) && body) number = Number(/^msg(\d+)$/.exec(body.id)?.[1]);
  if (!Number.isInteger(number) || number <= 0) number = Number(/msg #(\d+)/.exec(message.getElementsByClassName('messageheader')[0]?.textContent ?? '')?.[1]);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** Read one `div.message`. Null when it has no body or number (not a post). `knownBody` saves a lookup. */
export function readPost(message: Element, clock: PageClock, knownBody?: Element): RpolPost | null {
  const body = knownBody ?? message.getElementsByClassName('messagebody')[0] ?? null;
  const details = message.getElementsByClassName('messagedetails')[0];
  let authorEl: Element | null = null;
  let detailsEl: Element | null = null;
  let authoring: Element | null = null;
  let rollsHref: string | null = null;
  let ciHref: string | null = null;
  const bio: string[] = [];
  const parts = details ? details.querySelectorAll(HEADER_PARTS) : [];
  for (let i = 0; i < parts.length; i++) {
    const el = parts[i]!;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href') ?? '';
      if (!rollsHref && href.includes('action=rolls')) rollsHref = href;
      else if (!ciHref && href.includes('ci=') && (href.includes('viewdescription') || (authorEl?.contains(el) ?? false))) ciHref = href;
      continue;
    }
    const cls = el.className;
    if (cls.includes('messageauthor')) authorEl ??= el;
    else if (cls.includes('characterdetails')) detailsEl ??= el;
    else if (cls.includes('characterbio')) bio.push((el.textContent ?? '').trim());
    else if (cls.includes('authoringdetails')) authoring ??= el;
  }
  // The author's span may sit outside .messagedetails in other layouts.
  authorEl ??= message.getElementsByClassName('messageauthor')[0] ?? null;
  if (!body) return null;
  const number = postNumber(message, body);
  if (number === null) return null;

  const author = (authorEl?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const characterId = param(ciHref ?? '', 'ci') ?? (rollsHref ? param(rollsHref, 'ci') : null);
  const detailsText = detailsEl?.textContent?.trim() ?? '';
  const roleMatch = /^(.*?),\s*(\d+)\s+posts?$/.exec(detailsText);

  let time: number | null = null;
  let timeSource: RpolPost['timeSource'] = null;
  const stamp = Number(param(rollsHref ?? '', 'timestamp'));
  if (Number.isInteger(stamp) && stamp > 0) {
    time = stamp;
    timeSource = 'rolls-link';
  } else {
    const fromHeader = parsePostHeaderDate(ownText(authoring), clock.offset);
    if (fromHeader !== null) {
      time = fromHeader;
      timeSource = 'header';
    }
  }
  const footer = body.getElementsByClassName('systemmessage')[0];
  const privateEls = body.getElementsByClassName('private');
  const privateLines: string[] = [];
  for (let i = 0; i < privateEls.length; i++) if (privateEls[i]!.tagName === 'SPAN') privateLines.push((privateEls[i]!.textContent ?? '').trim());
  const edit = footer ? parseEditFooter(footer.textContent ?? '', clock, time) : null;

  return {
    element: message,
    body,
    number,
    author,
    characterId,
    // The character id is the forum identity: a one-off identity's header carries none (null).
    authorId: characterId,
    you: authorEl?.classList.contains('you') ?? false,
    role: roleMatch ? roleMatch[1]! : detailsText || null,
    postCount: roleMatch ? Number(roleMatch[2]) : null,
    bio,
    time,
    timeSource,
    edit,
    privateLines,
  };
}

/** All posts of a thread page, in page order. */
export function readPosts(root: Document | Element, clock: PageClock): RpolPost[] {
  const out: RpolPost[] = [];
  for (const m of Array.from(root.querySelectorAll('div.message'))) {
    const p = readPost(m, clock);
    if (p) out.push(p);
  }
  return out;
}

export interface ThreadInfo {
  gameId: string | null;
  threadId: string | null;
  title: string | null;
  /** The viewer's current character, from "Name, welcome to Game". */
  viewer: string | null;
  game: string | null;
  showingAll: boolean;
}

export function readThreadInfo(doc: Document, url: string): ThreadInfo {
  const h2 = doc.querySelector('h2')?.textContent?.trim() ?? '';
  // "Name, welcome to Game": the first such comma (a pattern around it would retry from every comma).
  const w = hasLineBreak(h2) ? null : /,\s*welcome to /.exec(h2);
  const welcome = w ? [h2, h2.slice(0, w.index), h2.slice(w.index + w[0].length)] : null;
  const h1 = doc.querySelector('.threadheader h1')?.textContent?.trim() ?? null;
  return {
    gameId: param(url, 'gi'),
    threadId: param(url, 'ti'),
    title: h1 ? h1.replace(/\.$/, '') : null,
    viewer: welcome?.[1]?.trim() || null,
    game: welcome?.[2]?.trim() || null,
    showingAll: /showing entire thread/i.test(doc.querySelector('.topthreadnav')?.textContent ?? ''),
  };
}

export type BodyText = RpolBody;
export { readBody };
