/**
 * The forums Spark Scribe knows, listed once: each forum's folder's site and writer, by its id
 * (which also names its content script). Extension pages (the panel, Options, the background)
 * find a forum here; a content script imports only its own forum's reader.
 */
import { GAMERS_PLANE_SITE } from './gamersplane/site';
import { GAMERS_PLANE_WRITER } from './gamersplane/writer';
import type { ForumSite } from './forum';
import { PHPBB_SITE } from './phpbb/site';
import { PHPBB_WRITER } from './phpbb/writer';
import { RPOL_SITE } from './rpol/site';
import { RPOL_WRITER } from './rpol/writer';
import { VBULLETIN_SITE } from './vbulletin/site';
import { VBULLETIN_WRITER } from './vbulletin/writer';
import type { ForumWriter } from './writer';
import { XENFORO_SITE } from './xenforo/site';
import { XENFORO_WRITER } from './xenforo/writer';

export interface KnownForum extends ForumSite {
  writer: ForumWriter;
}

export const FORUMS: readonly KnownForum[] = [
  { ...RPOL_SITE, writer: RPOL_WRITER },
  { ...GAMERS_PLANE_SITE, writer: GAMERS_PLANE_WRITER },
  // Boards' software, the surest mark first: XenForo's `html#XF`, vBulletin's generator line, phpBB's post blocks.
  { ...XENFORO_SITE, writer: XENFORO_WRITER },
  { ...VBULLETIN_SITE, writer: VBULLETIN_WRITER },
  { ...PHPBB_SITE, writer: PHPBB_WRITER },
];

/** A forum by its id; null when the id is not one of ours. */
export const forumById = (id: string | null | undefined): KnownForum | null => FORUMS.find((f) => f.id === id) ?? null;

/** A forum's writer by its id (RPOL's when the id is not one of ours). */
export function writerFor(id: string | null | undefined): ForumWriter {
  return (forumById(id) ?? FORUMS[0]!).writer;
}

/** The forum whose own sites include this host (read from install); null for any other host. */
export const forumOfHost = (host: string): KnownForum | null => FORUMS.find((f) => f.isHost(host)) ?? null;

/** Software a board may run, recognised from a page of it (the first that recognises it); null when none does. */
export function recogniseBoard(doc: Document): KnownForum | null {
  for (const f of FORUMS) {
    try {
      if (f.recognise?.(doc)) return f;
    } catch {
      /* a page that throws is not recognised */
    }
  }
  return null;
}

/** Every site read from install (match patterns), for the manifest. */
export const BUILT_IN_MATCHES: readonly string[] = FORUMS.flatMap((f) => f.matches);
