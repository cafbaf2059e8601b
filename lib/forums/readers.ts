/**
 * Every forum's reader (its `Forum`), by id: for the extension's own documents that read a page of
 * any forum apart from a tab (the background's checks of followed threads, issue 41). A content
 * script imports only its own forum's; the registry (./registry.ts) keeps to sites and writers.
 */
import type { Forum } from './forum';
import { GAMERS_PLANE } from './gamersplane/forum';
import { PHPBB } from './phpbb/forum';
import type { ForumPost } from '../reading/records';
import { RPOL } from './rpol/forum';
import { VBULLETIN } from './vbulletin/forum';
import { XENFORO } from './xenforo/forum';

const READERS: readonly Forum<ForumPost, unknown>[] = [RPOL, GAMERS_PLANE, XENFORO, VBULLETIN, PHPBB] as unknown as Forum<ForumPost, unknown>[];

/** A forum's reader by its id; null when the id is not one of ours. */
export const readerById = (id: string): Forum<ForumPost, unknown> | null => READERS.find((f) => f.id === id) ?? null;
